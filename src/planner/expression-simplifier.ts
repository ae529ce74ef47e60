/**
 * Constant folding and simplification of row expressions, respecting SQL's three-valued logic:
 * - operator calls over constants are evaluated when exact (arithmetic on integers, decimals and
 *   floating point, comparisons, date ± interval); an operator with a NULL operand is NULL;
 * - casts of constants between numeric types (and varchar widening) are evaluated;
 * - AND/OR are flattened, TRUE/FALSE terms absorbed, repeated deterministic terms dropped;
 *   NOT NOT x is x and NOT of a comparison is the negated comparison;
 * - IF, CASE, COALESCE, IN, BETWEEN, IS NULL, IS DISTINCT FROM over constants are decided;
 * - calls of deterministic functions over constants of plain types (boolean, integers, double,
 *   real, varchar, date) are evaluated with the function's implementation, as Trino folds them
 *   when planning: a constant predicate such as `length(regexp_replace(rpad('x', 100001, 'y'),
 *   '', 'ab')) = 1` is computed once instead of for every row. The implementations apply the
 *   maximum value size (functions/implementations/value-limits.ts) here as at run time.
 * Non-deterministic calls and anything that raises an error are left for run time (where the
 * error is raised only if a row needs the value).
 */
import type { Constant } from '../analyzer/bound-tree.js';
import type { FunctionRegistry } from '../functions/function-registry.js';
import { scalarImplementations } from '../functions/implementations/index.js';
import { BOOLEAN, type Type, typeEquals } from '../types/type.js';
import {
  type ArithmeticOperator,
  compareValues,
  evaluateArithmetic,
  evaluateCast,
  evaluateNegation,
} from './constant-values.js';
import { constant, expressionKey, FALSE, isDeterministic, nullOf, specialForm, TRUE } from './expressions.js';
import { COMPARISON_OPERATORS, type ComparisonOperator, comparisonOf, operatorOf } from './planner-functions.js';
import type { CallExpression, RowExpression, SpecialFormExpression } from './row-expression.js';

const NEGATED: Readonly<Record<ComparisonOperator, ComparisonOperator>> = {
  '=': '<>',
  '<>': '=',
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
};

/** Types whose plan constants and engine values are the same JS values (bigint aside, see below). */
const FOLDABLE_KINDS: ReadonlySet<string> = new Set([
  'boolean',
  'tinyint',
  'smallint',
  'integer',
  'bigint',
  'double',
  'real',
  'varchar',
  'date',
]);

export class ExpressionSimplifier {
  /**
   * @param timeZone the session's zone, passed to folded calls as the engine would (the foldable
   *   types make no function depend on it; the query's start time is only read by the
   *   non-deterministic functions, which are never folded).
   */
  constructor(
    private readonly functions: FunctionRegistry,
    private readonly timeZone = 'UTC',
  ) {}

  simplify(e: RowExpression): RowExpression {
    switch (e.kind) {
      case 'Call': {
        const args = e.args.map((a) => this.simplify(a));
        const call: CallExpression = args.every((a, i) => a === e.args[i]) ? e : { ...e, args };
        return this.call(call) ?? call;
      }
      case 'Cast': {
        const value = this.simplify(e.value);
        if (typeEquals(value.type, e.type)) return value;
        if (value.kind === 'Constant') {
          if (value.value === null) return nullOf(e.type);
          const folded = evaluateCast(value.value, value.type, e.type);
          if (folded !== undefined) return constant(folded, e.type);
        }
        return value === e.value ? e : { ...e, value };
      }
      case 'SpecialForm': {
        const args = e.args.map((a) => this.simplify(a));
        const form: SpecialFormExpression = args.every((a, i) => a === e.args[i]) ? e : { ...e, args };
        return this.specialForm(form);
      }
      case 'Lambda': {
        const body = this.simplify(e.body);
        return body === e.body ? e : { ...e, body };
      }
      default:
        return e;
    }
  }

  private call(e: CallExpression): RowExpression | undefined {
    const operator = operatorOf(e);
    if (operator === undefined) return this.foldCall(e);
    if (!e.function.deterministic) return undefined;
    if (operator !== 'IS_DISTINCT_FROM' && e.args.some((a) => a.kind === 'Constant' && a.value === null)) {
      return nullOf(e.type);
    }
    if (!e.args.every((a) => a.kind === 'Constant')) return undefined;
    const [a, b] = e.args as Constant[];
    let value: unknown;
    switch (operator) {
      case 'ADD':
      case 'SUBTRACT':
      case 'MULTIPLY':
      case 'DIVIDE':
      case 'MODULUS':
        value = evaluateArithmetic(operator as ArithmeticOperator, a.value, a.type, b.value, b.type, e.type);
        break;
      case 'NEGATION':
        value = evaluateNegation(a.value, a.type);
        break;
      default: {
        const comparison = comparisonOf(e);
        if (comparison === undefined) return undefined;
        const order = compareValues(a.value, b.value, a.type);
        if (order === undefined) return undefined;
        value = compareResult(comparison, order);
      }
    }
    return value === undefined ? undefined : constant(value, e.type);
  }

  /** A deterministic function call over constants of plain types, evaluated; undefined to leave it. */
  private foldCall(e: CallExpression): RowExpression | undefined {
    if (!e.function.deterministic || !FOLDABLE_KINDS.has(e.type.kind)) return undefined;
    if (!e.args.every((a) => a.kind === 'Constant' && FOLDABLE_KINDS.has(a.type.kind))) return undefined;
    const implementation = scalarImplementations().get(e.function.id);
    if (implementation === undefined) return undefined;
    const args = (e.args as Constant[]).map((a) => engineValue(a.value, a.type));
    if (implementation.nullHandling === 'RETURNS_NULL_ON_NULL' && args.includes(null)) return nullOf(e.type);
    let value: unknown;
    try {
      value = implementation.fn(...args, {
        argumentTypes: e.function.argumentTypes,
        returnType: e.type,
        session: { timeZone: this.timeZone, startTime: 0 },
      });
    } catch {
      return undefined;
    }
    const folded = planValue(value, e.type);
    return folded === undefined ? undefined : constant(folded, e.type);
  }

  private specialForm(e: SpecialFormExpression): RowExpression {
    const args = e.args;
    switch (e.form) {
      case 'AND':
        return this.logical(e, 'AND');
      case 'OR':
        return this.logical(e, 'OR');
      case 'NOT': {
        const arg = args[0];
        if (arg.kind === 'Constant') return arg.value === null ? nullOf(BOOLEAN) : constant(!arg.value, BOOLEAN);
        if (arg.kind === 'SpecialForm' && arg.form === 'NOT') return arg.args[0];
        const comparison = comparisonOf(arg);
        // NaN breaks `NOT (a < b)` = `a >= b` for floating point.
        const floating =
          arg.kind === 'Call' && arg.args.some((x) => x.type.kind === 'double' || x.type.kind === 'real');
        if (comparison !== undefined && arg.kind === 'Call' && !floating) {
          const fn = this.functions.resolveOperator(
            COMPARISON_OPERATORS[NEGATED[comparison]],
            arg.args.map((x) => x.type),
          );
          return { kind: 'Call', type: BOOLEAN, function: fn, args: arg.args };
        }
        return e;
      }
      case 'IS_NULL': {
        const arg = args[0];
        return arg.kind === 'Constant' ? constant(arg.value === null, BOOLEAN) : e;
      }
      case 'IS_DISTINCT_FROM': {
        const [a, b] = args;
        if (a?.kind !== 'Constant' || b?.kind !== 'Constant') return e;
        if (a.value === null || b.value === null) return constant((a.value === null) !== (b.value === null), BOOLEAN);
        const order = compareValues(a.value, b.value, a.type);
        return order === undefined ? e : constant(order !== 0, BOOLEAN);
      }
      case 'IF': {
        const [condition, then, otherwise] = args;
        if (condition?.kind !== 'Constant') return e;
        return condition.value === true ? then : otherwise;
      }
      case 'SWITCH':
        return this.switchForm(e);
      case 'COALESCE': {
        const kept: RowExpression[] = [];
        const seen = new Set<string>();
        for (const arg of args.flatMap((a) => (a.kind === 'SpecialForm' && a.form === 'COALESCE' ? a.args : [a]))) {
          if (arg.kind === 'Constant' && arg.value === null) continue;
          const key = expressionKey(arg);
          if (isDeterministic(arg) && seen.has(key)) continue;
          seen.add(key);
          kept.push(arg);
          if (arg.kind === 'Constant') break;
        }
        if (kept.length === 0) return nullOf(e.type);
        if (kept.length === 1) return kept[0];
        return kept.length === args.length && kept.every((k, i) => k === args[i]) ? e : { ...e, args: kept };
      }
      case 'IN':
        return this.inForm(e);
      case 'BETWEEN': {
        const [value, low, high] = args;
        if (value?.kind !== 'Constant' || low?.kind !== 'Constant' || high?.kind !== 'Constant') return e;
        const lowTest = compareNullable(value, low);
        const highTest = compareNullable(high, value);
        if (lowTest === undefined || highTest === undefined) return e;
        return constant(
          and3(lowTest === null ? null : lowTest >= 0, highTest === null ? null : highTest >= 0),
          BOOLEAN,
        );
      }
      case 'TRY':
        return args[0].kind === 'Constant' ? args[0] : e;
      default:
        return e;
    }
  }

  private logical(e: SpecialFormExpression, form: 'AND' | 'OR'): RowExpression {
    const absorbing = form === 'OR';
    const terms: RowExpression[] = [];
    const seen = new Set<string>();
    let sawNull = false;
    for (const arg of e.args.flatMap((a) => (a.kind === 'SpecialForm' && a.form === form ? a.args : [a]))) {
      if (arg.kind === 'Constant') {
        if (arg.value === null) sawNull = true;
        else if (arg.value === absorbing) return constant(absorbing, BOOLEAN);
        continue;
      }
      const key = expressionKey(arg);
      if (seen.has(key) && isDeterministic(arg)) continue;
      seen.add(key);
      terms.push(arg);
    }
    if (sawNull) terms.push(nullOf(BOOLEAN));
    if (terms.length === 0) return form === 'AND' ? TRUE : FALSE;
    if (terms.length === 1) return terms[0];
    if (form === 'OR') {
      const factored = factorCommonConjuncts(terms);
      if (factored) return this.simplify(factored);
    }
    return terms.length === e.args.length && terms.every((t, i) => t === e.args[i])
      ? e
      : specialForm(form, BOOLEAN, terms);
  }

  private switchForm(e: SpecialFormExpression): RowExpression {
    const args = e.args;
    const kept: RowExpression[] = [];
    for (let i = 0; i + 1 < args.length; i += 2) {
      const condition = args[i];
      if (condition.kind === 'Constant') {
        if (condition.value !== true) continue;
        // The first always-true branch ends the CASE.
        if (kept.length === 0) return args[i + 1];
        kept.push(args[i + 1]);
        return specialForm('SWITCH', e.type, kept);
      }
      kept.push(condition, args[i + 1]);
    }
    const otherwise = args[args.length - 1];
    if (kept.length === 0) return otherwise;
    kept.push(otherwise);
    return kept.length === args.length ? e : specialForm('SWITCH', e.type, kept);
  }

  private inForm(e: SpecialFormExpression): RowExpression {
    const [value, ...items] = e.args;
    if (value?.kind !== 'Constant') return e;
    if (value.value === null) return nullOf(BOOLEAN);
    let sawNull = false;
    for (const item of items) {
      if (item.kind !== 'Constant') return e;
      if (item.value === null) {
        sawNull = true;
        continue;
      }
      const order = compareValues(value.value, item.value, value.type);
      if (order === undefined) return e;
      if (order === 0) return TRUE;
    }
    return sawNull ? nullOf(BOOLEAN) : FALSE;
  }
}

/**
 * `(a AND b) OR (a AND c)` → `a AND (b OR c)`: conjuncts every disjunct shares are taken out
 * (TPC-H Q19's join key sits in each branch of an OR). Undefined when nothing is shared.
 */
function factorCommonConjuncts(disjuncts: readonly RowExpression[]): RowExpression | undefined {
  const lists = disjuncts.map((d) => (d.kind === 'SpecialForm' && d.form === 'AND' ? d.args : [d]));
  const keys = lists.map((list) => new Set(list.map(expressionKey)));
  const common = lists[0].filter((t) => isDeterministic(t) && keys.every((k) => k.has(expressionKey(t))));
  if (common.length === 0) return undefined;
  const commonKeys = new Set(common.map(expressionKey));
  const rests = lists.map((list) => list.filter((t) => !commonKeys.has(expressionKey(t))));
  // A disjunct that was only common conjuncts makes the remaining OR true.
  if (rests.some((r) => r.length === 0)) return specialForm('AND', BOOLEAN, common);
  const remaining = rests.map((r) => (r.length === 1 ? r[0] : specialForm('AND', BOOLEAN, r)));
  return specialForm('AND', BOOLEAN, [...common, specialForm('OR', BOOLEAN, remaining)]);
}

function compareResult(op: ComparisonOperator, order: number): boolean {
  switch (op) {
    case '=':
      return order === 0;
    case '<>':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

/** Order of two constants, null when either is NULL, undefined when not comparable here. */
function compareNullable(a: Constant, b: Constant): number | null | undefined {
  if (a.value === null || b.value === null) return null;
  return compareValues(a.value, b.value, a.type);
}

function and3(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) return false;
  if (a === null || b === null) return null;
  return true;
}

/** A plan constant as the engine computes on it: bigints beyond 2^53 are BigInts, not digit text. */
function engineValue(value: unknown, type: Type): unknown {
  if (type.kind === 'bigint' && typeof value === 'string') return BigInt(value);
  return value;
}

/** An engine value of `type` as a plan constant, or undefined when it is not the expected kind of value. */
function planValue(value: unknown, type: Type): unknown {
  if (value === null) return null;
  switch (type.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'varchar':
      return typeof value === 'string' ? value : undefined;
    case 'bigint':
      if (typeof value === 'bigint') {
        const safe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
        return safe ? Number(value) : value.toString();
      }
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    case 'real':
      return typeof value === 'number' ? Math.fround(value) : undefined;
    default:
      return typeof value === 'number' ? value : undefined;
  }
}
