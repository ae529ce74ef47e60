/**
 * Evaluates a parsed SQL/JSON path over a parsed JSON value, as Trino's JSON path language does:
 * every expression yields a sequence of items. In lax mode, member access, filters, arithmetic and
 * most methods first unnest arrays (one level), array accessors wrap non-arrays into singleton
 * arrays, and structural errors (a missing member, an index out of bounds) give empty sequences;
 * strict mode raises them. Predicates are three-valued (unknown on an error) and never raise.
 *
 * Numbers are JsonNumbers: integers stay exact (bigint arithmetic, truncating division), anything
 * else computes in double. Errors are PATH_EVALUATION_ERROR `path evaluation failed: ...`; the
 * functions decide what an error means through their ON ERROR clause.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import { javaBigDecimalText } from '../cast/json-casts.js';
import { formatDouble } from '../cast/number-text.js';
import type { ArithmeticOperator, JsonPath, PathExpression, PathPredicate, Subscript } from './json-path-ast.js';
import { type JsonNode, JsonNumber } from './json-tree.js';

export type Sequence = JsonNode[];

/** A PATH_EVALUATION_ERROR with Trino's prefix. */
export function pathError(message: string): VivaceError {
  return new VivaceError('PATH_EVALUATION_ERROR', `path evaluation failed: ${message}`);
}

function structuralError(message: string): VivaceError {
  return pathError(`structural error: ${message}`);
}

function itemTypeError(expected: string, item: JsonNode): VivaceError {
  return pathError(`invalid item type. Expected: ${expected}, actual: ${nodeTypeName(item)}`);
}

/** Jackson's node type names, which Trino's messages use. */
function nodeTypeName(item: JsonNode): string {
  if (item === null) return 'NULL';
  if (typeof item === 'boolean') return 'BOOLEAN';
  if (typeof item === 'string') return 'STRING';
  if (item instanceof JsonNumber) return 'NUMBER';
  return Array.isArray(item) ? 'ARRAY' : 'OBJECT';
}

/** The name `.type()` gives an item. */
function typeMethodName(item: JsonNode): string {
  if (item === null) return 'null';
  if (typeof item === 'boolean') return 'boolean';
  if (typeof item === 'string') return 'string';
  if (item instanceof JsonNumber) return 'number';
  return Array.isArray(item) ? 'array' : 'object';
}

function isObject(item: JsonNode): item is Map<string, JsonNode> {
  return item instanceof Map;
}

const MIN_BIGINT = -(1n << 63n);
const MAX_BIGINT = (1n << 63n) - 1n;
const MAX_DECIMAL_DIGITS = 38;

/**
 * An exact decimal item: a decimal literal of the path (`1.50`) or a decimal PASSING value, as
 * Trino's DECIMAL values. It prints as Java's BigDecimal does (`1.50`), and computes exactly with
 * integers and decimals; with a double it computes in double.
 */
export class DecimalNumber extends JsonNumber {
  constructor(
    readonly unscaled: bigint,
    readonly scale: number,
  ) {
    super(javaBigDecimalText(unscaled, scale), false);
  }

  /** Digits of the decimal type it belongs to: `1.50` is a decimal(3, 2), `0.05` a decimal(2, 2). */
  get precision(): number {
    return Math.max((this.unscaled < 0n ? -this.unscaled : this.unscaled).toString().length, this.scale, 1);
  }

  override canonical(): string {
    return this.text;
  }

  /** A decimal literal's text (`12.340`) as an exact decimal. */
  static parse(text: string): DecimalNumber {
    const [whole = '', fraction = ''] = text.split('.');
    return new DecimalNumber(BigInt(whole + fraction || '0'), fraction.length);
  }
}

type Numeric =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'decimal'; readonly unscaled: bigint; readonly scale: number }
  | { readonly kind: 'double'; readonly value: number };

function numeric(item: JsonNode): Numeric | undefined {
  if (item instanceof DecimalNumber) return { kind: 'decimal', unscaled: item.unscaled, scale: item.scale };
  if (!(item instanceof JsonNumber)) return undefined;
  if (item.isInteger) return { kind: 'integer', value: BigInt(item.text) };
  return { kind: 'double', value: item.toNumber() };
}

function asDouble(n: Numeric): number {
  if (n.kind === 'double') return n.value;
  if (n.kind === 'integer') return Number(n.value);
  return Number(javaBigDecimalText(n.unscaled, n.scale));
}

/** An integer or decimal as an unscaled value at `scale` (at least its own). */
function unscaledAt(n: Numeric, scale: number): bigint {
  if (n.kind === 'integer') return n.value * 10n ** BigInt(scale);
  if (n.kind === 'decimal') return n.unscaled * 10n ** BigInt(scale - n.scale);
  throw pathError('not an exact number');
}

function scaleOf(n: Numeric): number {
  return n.kind === 'decimal' ? n.scale : 0;
}

function integerNode(value: bigint): JsonNumber {
  if (value < MIN_BIGINT || value > MAX_BIGINT) throw pathError('bigint value out of range');
  return new JsonNumber(value.toString(), true);
}

function decimalNode(unscaled: bigint, scale: number): DecimalNumber {
  if ((unscaled < 0n ? -unscaled : unscaled).toString().length > MAX_DECIMAL_DIGITS) {
    throw pathError('decimal value out of range');
  }
  return new DecimalNumber(unscaled, scale);
}

export function doubleNode(value: number): JsonNumber {
  return new JsonNumber(formatDouble(value), false);
}

/** `a / b` rounded half up (away from zero), as Trino divides decimals. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a % b;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < (b < 0n ? -b : b)) return quotient;
  return a < 0n === b < 0n ? quotient + 1n : quotient - 1n;
}

/** Exact arithmetic of integers and decimals (at least one decimal): Trino's decimal scales. */
function decimalArithmetic(operator: ArithmeticOperator, a: Numeric, b: Numeric): DecimalNumber {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  switch (operator) {
    case '+':
      return decimalNode(unscaledAt(a, scale) + unscaledAt(b, scale), scale);
    case '-':
      return decimalNode(unscaledAt(a, scale) - unscaledAt(b, scale), scale);
    case '*':
      return decimalNode(unscaledAt(a, scaleOf(a)) * unscaledAt(b, scaleOf(b)), scaleOf(a) + scaleOf(b));
    case '/': {
      const divisor = unscaledAt(b, scale);
      if (divisor === 0n) throw pathError('Division by zero');
      // a / b at `scale`: (a * 10^scale) / b, both at the common scale.
      return decimalNode(divideHalfUp(unscaledAt(a, scale) * 10n ** BigInt(scale), divisor), scale);
    }
    default: {
      const divisor = unscaledAt(b, scale);
      if (divisor === 0n) throw pathError('Division by zero');
      return decimalNode(unscaledAt(a, scale) % divisor, scale);
    }
  }
}

/** Compares two numbers: exactly unless one is a double. */
function compareNumbers(x: Numeric, y: Numeric): number | undefined {
  if (x.kind !== 'double' && y.kind !== 'double') {
    const scale = Math.max(scaleOf(x), scaleOf(y));
    const p = unscaledAt(x, scale);
    const q = unscaledAt(y, scale);
    return p < q ? -1 : p > q ? 1 : 0;
  }
  const p = asDouble(x);
  const q = asDouble(y);
  if (Number.isNaN(p) || Number.isNaN(q)) return undefined;
  return p < q ? -1 : p > q ? 1 : 0;
}

/** Unnests the arrays of a sequence by one level (lax mode's automatic unwrapping). */
function unwrapArrays(sequence: Sequence): Sequence {
  if (!sequence.some(Array.isArray)) return sequence;
  const out: Sequence = [];
  for (const item of sequence) {
    if (Array.isArray(item)) out.push(...item);
    else out.push(item);
  }
  return out;
}

type Truth = true | false | 'unknown';

interface Scope {
  /** `@`, inside a filter. */
  readonly current?: JsonNode;
  /** `last`, inside an array accessor's subscripts. */
  readonly last?: number;
}

/** Evaluates `path` with `input` as `$` and the named variables; throws PATH_EVALUATION_ERROR. */
export function evaluateJsonPath(
  path: JsonPath,
  input: JsonNode,
  variables: ReadonlyMap<string, Sequence> = new Map(),
): Sequence {
  return new PathEvaluator(path.mode === 'lax', input, variables).evaluate(path.root, {});
}

class PathEvaluator {
  /** keyvalue()'s `id`: a number per object it expands, unique within one evaluation. */
  private objectId = 0;

  constructor(
    private readonly lax: boolean,
    private readonly input: JsonNode,
    private readonly variables: ReadonlyMap<string, Sequence>,
  ) {}

  evaluate(e: PathExpression, scope: Scope): Sequence {
    switch (e.kind) {
      case 'context':
        return [this.input];
      case 'current':
        if (scope.current === undefined) throw pathError('accessing the current item outside of a filter');
        return [scope.current];
      case 'last':
        if (scope.last === undefined) throw pathError('accessing the last array index with no enclosing array');
        return [integerNode(BigInt(scope.last))];
      case 'variable': {
        const value = this.variables.get(e.name);
        if (value === undefined) throw pathError(`no value passed for parameter ${e.name}`);
        return value;
      }
      case 'literal':
        switch (e.value.type) {
          case 'number':
            if (e.value.integer) return [new JsonNumber(e.value.text, true)];
            // `1.50` is a decimal, `1.5e0` a double, as in SQL.
            return [/[eE]/.test(e.value.text) ? doubleNode(Number(e.value.text)) : DecimalNumber.parse(e.value.text)];
          case 'string':
            return [e.value.value];
          case 'boolean':
            return [e.value.value];
          default:
            return [null];
        }
      case 'member':
        return this.member(this.evaluate(e.base, scope), e.key);
      case 'wildcardMember':
        return this.wildcardMember(this.evaluate(e.base, scope));
      case 'descendant': {
        const out: Sequence = [];
        for (const item of this.evaluate(e.base, scope)) descendants(item, e.key, out);
        return out;
      }
      case 'array':
        return this.arrayAccess(this.evaluate(e.base, scope), e.subscripts, scope);
      case 'wildcardArray': {
        const out: Sequence = [];
        for (const item of this.evaluate(e.base, scope)) {
          if (Array.isArray(item)) out.push(...item);
          else if (this.lax) out.push(item);
          else throw itemTypeError('ARRAY', item);
        }
        return out;
      }
      case 'filter': {
        let sequence = this.evaluate(e.base, scope);
        if (this.lax) sequence = unwrapArrays(sequence);
        return sequence.filter((item) => this.predicate(e.predicate, { ...scope, current: item }) === true);
      }
      case 'method':
        return this.method(e.method, this.evaluate(e.base, scope));
      case 'unary': {
        let sequence = this.evaluate(e.operand, scope);
        if (this.lax) sequence = unwrapArrays(sequence);
        return sequence.map((item) => {
          const n = numeric(item);
          if (n === undefined) throw itemTypeError('NUMBER', item);
          if (e.sign === '+') return item;
          if (n.kind === 'integer') return integerNode(-n.value);
          return n.kind === 'decimal' ? decimalNode(-n.unscaled, n.scale) : doubleNode(-n.value);
        });
      }
      case 'binary':
        return [this.arithmetic(e.operator, this.evaluate(e.left, scope), this.evaluate(e.right, scope))];
      default:
        throw pathError('unsupported path expression');
    }
  }

  private member(input: Sequence, key: string): Sequence {
    const sequence = this.lax ? unwrapArrays(input) : input;
    const out: Sequence = [];
    for (const item of sequence) {
      if (!isObject(item)) {
        if (this.lax) continue;
        throw itemTypeError('OBJECT', item);
      }
      const value = item.get(key);
      if (value !== undefined) out.push(value);
      else if (!this.lax) throw structuralError(`missing member '${key}' in JSON object`);
    }
    return out;
  }

  private wildcardMember(input: Sequence): Sequence {
    const sequence = this.lax ? unwrapArrays(input) : input;
    const out: Sequence = [];
    for (const item of sequence) {
      if (isObject(item)) out.push(...item.values());
      else if (!this.lax) throw itemTypeError('OBJECT', item);
    }
    return out;
  }

  private arrayAccess(input: Sequence, subscripts: readonly Subscript[], scope: Scope): Sequence {
    const out: Sequence = [];
    for (const item of input) {
      let array: JsonNode[];
      if (Array.isArray(item)) array = item;
      else if (this.lax) array = [item];
      else throw itemTypeError('ARRAY', item);
      const inner: Scope = { ...scope, last: array.length - 1 };
      for (const subscript of subscripts) {
        const from = this.subscriptValue(subscript.from, inner);
        const to = subscript.to === undefined ? from : this.subscriptValue(subscript.to, inner);
        if (!this.lax) {
          if (from > to) throw structuralError(`invalid array subscript range: [${from} to ${to}]`);
          if (from < 0 || to >= array.length) {
            const written = subscript.to === undefined ? `${from}` : `${from} to ${to}`;
            throw structuralError(`invalid array subscript: [${written}] for array of size ${array.length}`);
          }
        }
        for (let i = Math.max(from, 0); i <= Math.min(to, array.length - 1); i++) out.push(array[i] as JsonNode);
      }
    }
    return out;
  }

  private subscriptValue(e: PathExpression, scope: Scope): number {
    let sequence = this.evaluate(e, scope);
    if (this.lax) sequence = unwrapArrays(sequence);
    const n = sequence.length === 1 ? numeric(sequence[0] as JsonNode) : undefined;
    if (n === undefined) throw pathError('array subscript must be a singleton numeric value');
    const value = n.kind === 'integer' ? Number(n.value) : Math.round(asDouble(n));
    if (!Number.isSafeInteger(value) || Math.abs(value) > 2 ** 31) throw pathError('array subscript out of range');
    return value;
  }

  private method(method: string, input: Sequence): Sequence {
    switch (method) {
      case 'type':
        return input.map(typeMethodName);
      case 'size':
        return input.map((item) => {
          if (Array.isArray(item)) return integerNode(BigInt(item.length));
          if (this.lax) return integerNode(1n);
          throw itemTypeError('ARRAY', item);
        });
      case 'keyvalue': {
        const out: Sequence = [];
        for (const item of this.lax ? unwrapArrays(input) : input) {
          if (!isObject(item)) throw itemTypeError('OBJECT', item);
          const id = integerNode(BigInt(this.objectId++));
          for (const [name, value] of item) {
            out.push(
              new Map<string, JsonNode>([
                ['name', name],
                ['value', value],
                ['id', id],
              ]),
            );
          }
        }
        return out;
      }
      case 'double':
        return (this.lax ? unwrapArrays(input) : input).map((item) => {
          const n = numeric(item);
          if (n !== undefined) return doubleNode(asDouble(n));
          if (typeof item === 'string') {
            const text = item.trim();
            const value = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(NaN|Infinity)$/.test(text)
              ? Number(text)
              : Number.NaN;
            if (Number.isNaN(value) && !text.endsWith('NaN')) throw pathError(`cannot cast '${item}' to DOUBLE`);
            return doubleNode(value);
          }
          throw itemTypeError('NUMBER or TEXT', item);
        });
      default: {
        const apply = NUMERIC_METHODS[method] as (x: number) => number;
        return (this.lax ? unwrapArrays(input) : input).map((item) => {
          const n = numeric(item);
          if (n === undefined) throw itemTypeError('NUMBER', item);
          if (n.kind === 'integer') return method === 'abs' && n.value < 0n ? integerNode(-n.value) : item;
          if (n.kind === 'double') return doubleNode(apply(n.value));
          if (method === 'abs') return n.unscaled < 0n ? decimalNode(-n.unscaled, n.scale) : item;
          // ceiling and floor of a decimal are decimals of scale 0, as Trino's.
          const unit = 10n ** BigInt(n.scale);
          let whole = n.unscaled / unit;
          const exact = whole * unit === n.unscaled;
          if (!exact && method === 'ceiling' && n.unscaled > 0n) whole += 1n;
          if (!exact && method === 'floor' && n.unscaled < 0n) whole -= 1n;
          return decimalNode(whole, 0);
        });
      }
    }
  }

  private arithmetic(operator: ArithmeticOperator, leftInput: Sequence, rightInput: Sequence): JsonNode {
    const left = this.lax ? unwrapArrays(leftInput) : leftInput;
    const right = this.lax ? unwrapArrays(rightInput) : rightInput;
    if (left.length !== 1 || right.length !== 1) {
      throw pathError('arithmetic binary expression requires singleton operands');
    }
    const a = numeric(left[0] as JsonNode);
    if (a === undefined) throw itemTypeError('NUMBER', left[0] as JsonNode);
    const b = numeric(right[0] as JsonNode);
    if (b === undefined) throw itemTypeError('NUMBER', right[0] as JsonNode);
    if (a.kind === 'integer' && b.kind === 'integer') {
      if ((operator === '/' || operator === '%') && b.value === 0n) throw pathError('Division by zero');
      return integerNode(INTEGER_OPERATIONS[operator](a.value, b.value));
    }
    if (a.kind !== 'double' && b.kind !== 'double') return decimalArithmetic(operator, a, b);
    return doubleNode(DOUBLE_OPERATIONS[operator](asDouble(a), asDouble(b)));
  }

  // Predicates --------------------------------------------------------------------------------

  predicate(p: PathPredicate, scope: Scope): Truth {
    switch (p.kind) {
      case 'and': {
        const left = this.predicate(p.left, scope);
        if (left === false) return false;
        const right = this.predicate(p.right, scope);
        if (right === false) return false;
        return left === true && right === true ? true : 'unknown';
      }
      case 'or': {
        const left = this.predicate(p.left, scope);
        if (left === true) return true;
        const right = this.predicate(p.right, scope);
        if (right === true) return true;
        return left === false && right === false ? false : 'unknown';
      }
      case 'not': {
        const value = this.predicate(p.predicate, scope);
        return value === 'unknown' ? 'unknown' : !value;
      }
      case 'isUnknown':
        return this.predicate(p.predicate, scope) === 'unknown';
      case 'exists': {
        const sequence = this.tryEvaluate(p.path, scope);
        return sequence === undefined ? 'unknown' : sequence.length > 0;
      }
      case 'comparison': {
        const left = this.tryEvaluate(p.left, scope, true);
        const right = this.tryEvaluate(p.right, scope, true);
        if (left === undefined || right === undefined) return 'unknown';
        return this.anyPair(left, right, (a, b) => compareItems(p.operator, a, b));
      }
      case 'startsWith': {
        const whole = this.tryEvaluate(p.whole, scope, true);
        const prefix = this.tryEvaluate(p.prefix, scope, true);
        if (whole === undefined || prefix === undefined) return 'unknown';
        const initial = prefix.length === 1 ? prefix[0] : undefined;
        if (typeof initial !== 'string') return 'unknown';
        return this.anyPair(whole, [initial], (a) => (typeof a === 'string' ? a.startsWith(initial) : 'unknown'));
      }
      case 'likeRegex': {
        const sequence = this.tryEvaluate(p.path, scope, true);
        if (sequence === undefined) return 'unknown';
        const regex = p.pattern;
        return this.anyPair(sequence, [null], (a) => (typeof a === 'string' ? regex.test(a) : 'unknown'));
      }
      default:
        return 'unknown';
    }
  }

  /** The sequence of a predicate's operand (unwrapped in lax mode), or undefined on an error. */
  private tryEvaluate(e: PathExpression, scope: Scope, unwrap = false): Sequence | undefined {
    try {
      const sequence = this.evaluate(e, scope);
      return unwrap && this.lax ? unwrapArrays(sequence) : sequence;
    } catch (error) {
      if (error instanceof VivaceError && error.errorName === 'PATH_EVALUATION_ERROR') return undefined;
      throw error;
    }
  }

  /**
   * True when some pair satisfies `test`. An error (unknown) makes the result unknown; in lax mode
   * whichever of a match and an error comes first decides, in strict mode any error does.
   */
  private anyPair(left: Sequence, right: Sequence, test: (a: JsonNode, b: JsonNode) => Truth): Truth {
    let found = false;
    let error = false;
    for (const a of left) {
      for (const b of right) {
        const result = test(a, b);
        if (result === 'unknown') {
          if (this.lax) return 'unknown';
          error = true;
        } else if (result) {
          if (this.lax) return true;
          found = true;
        }
      }
    }
    if (error) return 'unknown';
    return found;
  }
}

const NUMERIC_METHODS: Readonly<Record<string, (x: number) => number>> = {
  ceiling: Math.ceil,
  floor: Math.floor,
  abs: Math.abs,
};

const INTEGER_OPERATIONS: Readonly<Record<ArithmeticOperator, (a: bigint, b: bigint) => bigint>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

const DOUBLE_OPERATIONS: Readonly<Record<ArithmeticOperator, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

/** Preorder: an object's own `key` member first, then what its members and elements hold. */
function descendants(item: JsonNode, key: string, out: Sequence): void {
  if (isObject(item)) {
    const own = item.get(key);
    if (own !== undefined) out.push(own);
    for (const value of item.values()) descendants(value, key, out);
  } else if (Array.isArray(item)) {
    for (const element of item) descendants(element, key, out);
  }
}

/** A comparison of two items: JSON null equals only null; arrays, objects and mixed types are unknown. */
function compareItems(operator: string, a: JsonNode, b: JsonNode): Truth {
  if (a === null || b === null) {
    if (Array.isArray(a) || isObject(a as JsonNode) || Array.isArray(b) || isObject(b as JsonNode)) return false;
    return a === null && b === null && operator === '==';
  }
  let order: number;
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined) {
    const compared = compareNumbers(x, y);
    if (compared === undefined) return operator === '!=' || operator === '<>';
    order = compared;
  } else if (typeof a === 'string' && typeof b === 'string') {
    order = compareCodePoints(a, b);
  } else if (typeof a === 'boolean' && typeof b === 'boolean') {
    order = a === b ? 0 : a ? 1 : -1;
  } else {
    return 'unknown';
  }
  switch (operator) {
    case '==':
      return order === 0;
    case '!=':
    case '<>':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

/** Compares strings by code point, as Trino compares varchar. */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
