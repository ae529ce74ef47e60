/**
 * The declared signature of a function and the small pattern language it is written in.
 *
 * A signature is one line of text, parsed once when the function is registered:
 *
 *     name<T:orderable, K:comparable, V>(arg, arg, last...):returnType
 *
 * - `<...>` declares the type variables (upper-case by convention) with optional constraints
 *   `comparable` and/or `orderable`; it may be left out when there are none.
 * - Argument and return types are type patterns: concrete types (`bigint`, `varchar`, `decimal(1,0)`,
 *   `interval day to second`, `timestamp(3) with time zone`), type variables (`T`), and the
 *   parametric constructors `array(P)`, `map(P,P)`, `row(P,...)` (fields may be named:
 *   `row(count bigint, sum T)`) and `function(P,...,R)` (a lambda taking the leading types and
 *   returning the last one).
 * - Numeric ("long") variables stand for the parameters of decimal, varchar, char, time and
 *   timestamp: `decimal(p,s)`, `varchar(x)`, `timestamp(p) with time zone`. Any lower-case word in a
 *   parameter position is one. Variables that appear only in the return type must be derived from
 *   the others by a calculator given at registration (e.g. decimal arithmetic).
 * - `...` after the last argument makes the function variadic: that argument repeats.
 *
 * An aggregate also declares the type of its intermediate (partial) state, a pattern over the same
 * variables (`intermediateType`): the planner types the symbols that carry partial states between
 * stages from it, and a test checks it against what each accumulator really produces.
 */
import { VivaceError } from '../common/vivace-error.js';
import { formatTypeSignature } from '../types/format-type.js';
import { makeType, type TypeArgument, UNBOUNDED_VARCHAR_LENGTH } from '../types/make-type.js';
import { arrayOf, functionType, mapOf, rowOf, type Type } from '../types/type.js';

export type FunctionKind = 'scalar' | 'aggregate' | 'window';

/** The types whose parameters are numbers, and which numeric variables may stand for. */
export type ParametricBase =
  | 'decimal'
  | 'varchar'
  | 'char'
  | 'time'
  | 'time with time zone'
  | 'timestamp'
  | 'timestamp with time zone';

/** A numeric parameter of a parametric type in a pattern: a literal or a long variable. */
export type LongTerm =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'variable'; readonly name: string };

export type TypePattern =
  | { readonly kind: 'concrete'; readonly type: Type }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'parametric'; readonly base: ParametricBase; readonly parameters: readonly LongTerm[] }
  | { readonly kind: 'array'; readonly element: TypePattern }
  | { readonly kind: 'map'; readonly key: TypePattern; readonly value: TypePattern }
  | {
      readonly kind: 'row';
      readonly fields: readonly TypePattern[];
      /** Field names (undefined for an anonymous field); absent when no field is named. */
      readonly names?: readonly (string | undefined)[];
    }
  | { readonly kind: 'function'; readonly arguments: readonly TypePattern[]; readonly returnType: TypePattern };

export interface TypeVariableConstraint {
  readonly name: string;
  readonly comparable: boolean;
  readonly orderable: boolean;
}

/** Values of the numeric variables, by name. Unbounded varchar is UNBOUNDED_LENGTH. */
export type LongVariables = Readonly<Record<string, number>>;

/** Computes a numeric variable of the return type from the bound ones. */
export type LongCalculator = (variables: LongVariables) => number;

/** What a catalog writes to declare one function signature. */
export interface FunctionDefinition {
  readonly kind: FunctionKind;
  /** `name<vars>(args):return`, see the module comment. */
  readonly signature: string;
  /** One line for SHOW FUNCTIONS. */
  readonly description: string;
  /** False for functions whose result may differ between calls with the same arguments (rand, uuid...). */
  readonly deterministic?: boolean;
  /** True when the function sees NULL arguments instead of returning NULL for them. */
  readonly calledOnNullInput?: boolean;
  /** Numeric variables of the return type, computed in declaration order from the bound ones. */
  readonly derive?: Readonly<Record<string, LongCalculator>>;
  /** Other names the same function answers to (`ceil` for `ceiling`). */
  readonly aliases?: readonly string[];
  /** For variadic functions: the fewest arguments a call may have (default: the declared count). */
  readonly minArguments?: number;
  /**
   * Aggregates (required for them): the type pattern of the partial state, over the signature's
   * variables, e.g. `row(count bigint, sum double)`; what PARTIAL outputs and FINAL reads.
   */
  readonly intermediateType?: string;
}

export interface FunctionSignature {
  readonly name: string;
  readonly kind: FunctionKind;
  readonly typeVariables: readonly TypeVariableConstraint[];
  /** Numeric variables bound from the arguments. */
  readonly longVariables: readonly string[];
  readonly derivedVariables: readonly { readonly name: string; readonly calculate: LongCalculator }[];
  readonly argumentTypes: readonly TypePattern[];
  readonly returnType: TypePattern;
  /** Aggregates only: the partial state's type pattern (see FunctionDefinition.intermediateType). */
  readonly intermediateType?: TypePattern;
  readonly variadic: boolean;
  readonly minArguments: number;
  readonly deterministic: boolean;
  readonly calledOnNullInput: boolean;
  readonly description: string;
  /** True when the signature has type or numeric variables (Trino tries plain signatures first). */
  readonly generic: boolean;
  /** The declared signature printed compactly, e.g. `substr(varchar(x),bigint):varchar(x)`; unique per function. */
  readonly text: string;
}

/** Trino's length marker for the unbounded varchar, as bound to a varchar(x) variable. */
export const UNBOUNDED_LENGTH = UNBOUNDED_VARCHAR_LENGTH;

const PARAMETRIC_BASES: ReadonlySet<string> = new Set(['decimal', 'varchar', 'char', 'time', 'timestamp']);

/** Parses and validates a definition. Throws GENERIC_INTERNAL_ERROR for a malformed one: a catalog bug. */
export function defineSignature(definition: FunctionDefinition, name?: string): FunctionSignature {
  const parsed = new PatternParser(definition.signature).parseSignature();
  const signatureName = name ?? parsed.name;
  const typeVariables = parsed.typeVariables;
  const longVariables = new Set<string>();
  for (const pattern of parsed.argumentTypes) collectLongVariables(pattern, longVariables);
  const derived = Object.entries(definition.derive ?? {}).map(([variable, calculate]) => ({
    name: variable,
    calculate,
  }));
  const derivedNames = new Set(derived.map((d) => d.name));
  validate(definition.signature, parsed, longVariables, derivedNames);
  const intermediateType = parseIntermediateType(definition, parsed, longVariables, derivedNames);
  const minArguments = definition.minArguments ?? parsed.argumentTypes.length;
  const signature: Omit<FunctionSignature, 'text'> = {
    name: signatureName,
    kind: definition.kind,
    typeVariables,
    longVariables: [...longVariables],
    derivedVariables: derived,
    argumentTypes: parsed.argumentTypes,
    returnType: parsed.returnType,
    ...(intermediateType !== undefined ? { intermediateType } : {}),
    variadic: parsed.variadic,
    minArguments,
    deterministic: definition.deterministic ?? true,
    calledOnNullInput: definition.calledOnNullInput ?? false,
    description: definition.description,
    generic: typeVariables.length > 0 || longVariables.size > 0,
  };
  return { ...signature, text: formatDeclaredSignature(signature) };
}

/** `name(arg,arg):ret` with patterns as Trino prints type signatures (no spaces). */
export function formatDeclaredSignature(signature: Omit<FunctionSignature, 'text'>): string {
  const args = signature.argumentTypes.map(formatPattern);
  if (signature.variadic) args[args.length - 1] += '...';
  return `${signature.name}(${args.join(',')}):${formatPattern(signature.returnType)}`;
}

/**
 * The signature as Trino lists it among the expected ones of a FUNCTION_NOT_FOUND message:
 * `name(arg, arg) T:orderable, K` (constraints only when there are type variables).
 */
export function formatExpectedSignature(name: string, signature: FunctionSignature): string {
  const args = signature.argumentTypes.map(formatPattern).join(', ');
  const constraints = signature.typeVariables.map(formatConstraint).join(', ');
  return `${name}(${args}) ${constraints}`.trimEnd();
}

function formatConstraint(constraint: TypeVariableConstraint): string {
  return `${constraint.name}${constraint.comparable ? ':comparable' : ''}${constraint.orderable ? ':orderable' : ''}`;
}

export function formatPattern(pattern: TypePattern): string {
  switch (pattern.kind) {
    case 'concrete':
      return formatTypeSignature(pattern.type);
    case 'variable':
      return pattern.name;
    case 'parametric': {
      const parameters = pattern.parameters.map((p) => (p.kind === 'number' ? String(p.value) : p.name)).join(',');
      if (pattern.base === 'time with time zone' || pattern.base === 'timestamp with time zone') {
        return `${pattern.base.slice(0, pattern.base.indexOf(' '))}(${parameters}) with time zone`;
      }
      return `${pattern.base}(${parameters})`;
    }
    case 'array':
      return `array(${formatPattern(pattern.element)})`;
    case 'map':
      return `map(${formatPattern(pattern.key)},${formatPattern(pattern.value)})`;
    case 'row': {
      const names = pattern.names;
      const fields = pattern.fields.map((f, i) => {
        const name = names?.[i];
        return name === undefined ? formatPattern(f) : `${name} ${formatPattern(f)}`;
      });
      return `row(${fields.join(',')})`;
    }
    case 'function':
      return `function(${[...pattern.arguments, pattern.returnType].map(formatPattern).join(',')})`;
  }
}

function collectLongVariables(pattern: TypePattern, into: Set<string>): void {
  forEachPart(pattern, (part) => {
    if (part.kind === 'parametric') {
      for (const p of part.parameters) if (p.kind === 'variable') into.add(p.name);
    }
  });
}

function collectTypeVariables(pattern: TypePattern, into: Set<string>): void {
  forEachPart(pattern, (part) => {
    if (part.kind === 'variable') into.add(part.name);
  });
}

function forEachPart(pattern: TypePattern, visit: (part: TypePattern) => void): void {
  visit(pattern);
  switch (pattern.kind) {
    case 'array':
      forEachPart(pattern.element, visit);
      break;
    case 'map':
      forEachPart(pattern.key, visit);
      forEachPart(pattern.value, visit);
      break;
    case 'row':
      for (const f of pattern.fields) forEachPart(f, visit);
      break;
    case 'function':
      for (const a of pattern.arguments) forEachPart(a, visit);
      forEachPart(pattern.returnType, visit);
      break;
    default:
      break;
  }
}

/** Every variable of the return type must be bound by an argument (or derived), else the binder cannot type a call. */
function validate(
  text: string,
  parsed: ParsedSignature,
  longVariables: ReadonlySet<string>,
  derived: ReadonlySet<string>,
): void {
  validateBound(text, parsed.returnType, parsed, longVariables, derived);
  for (const variable of derived) {
    if (longVariables.has(variable)) throw malformed(text, `derived variable ${variable} is also bound by an argument`);
  }
}

/** Every variable of `pattern` (a return or intermediate type) is bound by an argument or derived. */
function validateBound(
  text: string,
  pattern: TypePattern,
  parsed: ParsedSignature,
  longVariables: ReadonlySet<string>,
  derived: ReadonlySet<string>,
): void {
  const argumentTypeVariables = new Set<string>();
  for (const argument of parsed.argumentTypes) collectTypeVariables(argument, argumentTypeVariables);
  const typeVariables = new Set<string>();
  collectTypeVariables(pattern, typeVariables);
  for (const variable of typeVariables) {
    if (!argumentTypeVariables.has(variable))
      throw malformed(text, `type variable ${variable} is not bound by any argument`);
  }
  const patternLongVariables = new Set<string>();
  collectLongVariables(pattern, patternLongVariables);
  for (const variable of patternLongVariables) {
    if (!longVariables.has(variable) && !derived.has(variable)) {
      throw malformed(text, `numeric variable ${variable} is neither bound nor derived`);
    }
  }
}

/** An aggregate's declared intermediate type, parsed over its signature's variables; required for aggregates only. */
function parseIntermediateType(
  definition: FunctionDefinition,
  parsed: ParsedSignature,
  longVariables: ReadonlySet<string>,
  derived: ReadonlySet<string>,
): TypePattern | undefined {
  const text = definition.intermediateType;
  if (definition.kind !== 'aggregate') {
    if (text !== undefined) throw malformed(definition.signature, 'only aggregates have an intermediate type');
    return undefined;
  }
  if (text === undefined) throw malformed(definition.signature, 'an aggregate must declare its intermediate type');
  const pattern = new PatternParser(text).parseTypePattern(parsed.typeVariables);
  validateBound(`${definition.signature} (intermediate type ${text})`, pattern, parsed, longVariables, derived);
  return pattern;
}

function malformed(text: string, reason: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `Malformed function signature '${text}': ${reason}`);
}

interface ParsedSignature {
  readonly name: string;
  readonly typeVariables: readonly TypeVariableConstraint[];
  readonly argumentTypes: readonly TypePattern[];
  readonly returnType: TypePattern;
  readonly variadic: boolean;
}

/** Type names a second word may follow (`interval day to second`, `timestamp with time zone`): not field names. */
const MULTI_WORD_TYPES: ReadonlySet<string> = new Set(['interval', 'time', 'timestamp', 'double']);

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const LESS = 0x3c;
const GREATER = 0x3e;

/** A recursive-descent parser over char codes for the signature text. */
class PatternParser {
  private pos = 0;
  private typeVariableNames: ReadonlySet<string> = new Set();

  constructor(private readonly text: string) {}

  parseSignature(): ParsedSignature {
    const name = this.readWord();
    if (name === '') throw this.fail('a function name');
    const typeVariables: TypeVariableConstraint[] = [];
    if (this.accept(LESS)) {
      do {
        const variable = this.readWord();
        if (variable === '') throw this.fail('a type variable');
        let comparable = false;
        let orderable = false;
        while (this.accept(COLON)) {
          const constraint = this.readWord();
          if (constraint === 'comparable') comparable = true;
          else if (constraint === 'orderable') orderable = true;
          else throw this.fail('comparable or orderable');
        }
        typeVariables.push({ name: variable, comparable, orderable });
      } while (this.accept(COMMA));
      this.expect(GREATER);
    }
    this.typeVariableNames = new Set(typeVariables.map((v) => v.name));

    this.expect(OPEN_PAREN);
    const argumentTypes: TypePattern[] = [];
    let variadic = false;
    if (!this.accept(CLOSE_PAREN)) {
      do {
        if (variadic) throw this.fail('the variadic argument to be the last one');
        argumentTypes.push(this.parsePattern());
        variadic = this.acceptEllipsis();
      } while (this.accept(COMMA));
      this.expect(CLOSE_PAREN);
    }
    this.expect(COLON);
    const returnType = this.parsePattern();
    this.skipSpaces();
    if (this.pos < this.text.length) throw this.fail('the end');
    return { name, typeVariables, argumentTypes, returnType, variadic };
  }

  /** One type pattern making up the whole text, with the given type variables in scope. */
  parseTypePattern(typeVariables: readonly TypeVariableConstraint[]): TypePattern {
    this.typeVariableNames = new Set(typeVariables.map((v) => v.name));
    const pattern = this.parsePattern();
    this.skipSpaces();
    if (this.pos < this.text.length) throw this.fail('the end');
    return pattern;
  }

  private parsePattern(): TypePattern {
    const word = this.readWord();
    if (word === '') throw this.fail('a type');
    if (this.typeVariableNames.has(word)) return { kind: 'variable', name: word };
    switch (word) {
      case 'array': {
        this.expect(OPEN_PAREN);
        const element = this.parsePattern();
        this.expect(CLOSE_PAREN);
        return element.kind === 'concrete' ? concrete(arrayOf(element.type)) : { kind: 'array', element };
      }
      case 'map': {
        this.expect(OPEN_PAREN);
        const key = this.parsePattern();
        this.expect(COMMA);
        const value = this.parsePattern();
        this.expect(CLOSE_PAREN);
        return key.kind === 'concrete' && value.kind === 'concrete'
          ? concrete(mapOf(key.type, value.type))
          : { kind: 'map', key, value };
      }
      case 'row':
        return this.parseRow();
      case 'function': {
        const parts = this.parsePatternList();
        const types = concreteTypes(parts);
        if (types !== undefined) return concrete(functionType(types.slice(0, -1), types[types.length - 1]));
        return { kind: 'function', arguments: parts.slice(0, -1), returnType: parts[parts.length - 1] };
      }
      case 'interval':
        return concrete(this.makeType(`interval ${this.readWord()} ${this.readWord()} ${this.readWord()}`, []));
      case 'double':
        return concrete(this.makeType('double', []));
      default:
        if (PARAMETRIC_BASES.has(word)) return this.parseParametric(word);
        return concrete(this.makeType(word, []));
    }
  }

  /** `row(P, ...)` whose fields may be named: `row(count bigint, sum T)`. */
  private parseRow(): TypePattern {
    this.expect(OPEN_PAREN);
    const fields: TypePattern[] = [];
    const names: (string | undefined)[] = [];
    do {
      names.push(this.fieldName());
      fields.push(this.parsePattern());
    } while (this.accept(COMMA));
    this.expect(CLOSE_PAREN);
    const named = names.some((name) => name !== undefined);
    const types = concreteTypes(fields);
    if (types !== undefined) {
      return concrete(rowOf(types.map((type, i) => (names[i] === undefined ? { type } : { name: names[i], type }))));
    }
    return named ? { kind: 'row', fields, names } : { kind: 'row', fields };
  }

  /** The name of a row field when one precedes its type (a word followed by another word), else undefined. */
  private fieldName(): string | undefined {
    const mark = this.pos;
    const word = this.readWord();
    this.skipSpaces();
    const named =
      word !== '' &&
      !this.typeVariableNames.has(word) &&
      !MULTI_WORD_TYPES.has(word) &&
      isWordPart(this.text.charCodeAt(this.pos));
    if (named) return word;
    this.pos = mark;
    return undefined;
  }

  private parsePatternList(): TypePattern[] {
    this.expect(OPEN_PAREN);
    const patterns: TypePattern[] = [];
    do patterns.push(this.parsePattern());
    while (this.accept(COMMA));
    this.expect(CLOSE_PAREN);
    return patterns;
  }

  /** decimal(p,s), varchar(x), varchar, timestamp(p) with time zone ... */
  private parseParametric(word: string): TypePattern {
    const parameters: LongTerm[] = [];
    if (this.accept(OPEN_PAREN)) {
      do {
        this.skipSpaces();
        const c = this.text.charCodeAt(this.pos);
        if (c >= 0x30 && c <= 0x39) {
          const start = this.pos;
          while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
          parameters.push({ kind: 'number', value: Number(this.text.slice(start, this.pos)) });
        } else {
          const variable = this.readWord();
          if (variable === '') throw this.fail('a number or a numeric variable');
          parameters.push({ kind: 'variable', name: variable });
        }
      } while (this.accept(COMMA));
      this.expect(CLOSE_PAREN);
    }
    let base = word as ParametricBase;
    if (word === 'time' || word === 'timestamp') {
      const mark = this.pos;
      if (this.readWord() === 'with') {
        if (this.readWord() !== 'time' || this.readWord() !== 'zone') throw this.fail('with time zone');
        base = `${word} with time zone`;
      } else {
        this.pos = mark;
      }
    }
    if (parameters.every((p) => p.kind === 'number')) {
      const values: TypeArgument[] = parameters.map((p) => ({ kind: 'number', value: (p as { value: number }).value }));
      return concrete(this.makeType(base, values));
    }
    return { kind: 'parametric', base, parameters };
  }

  /** A concrete type; an unknown name (e.g. an undeclared type variable) makes the signature malformed. */
  private makeType(name: string, parameters: readonly TypeArgument[]): Type {
    try {
      return makeType(name, parameters);
    } catch (e) {
      throw malformed(this.text, e instanceof VivaceError ? e.rawMessage : String(e));
    }
  }

  private acceptEllipsis(): boolean {
    this.skipSpaces();
    if (this.text.startsWith('...', this.pos)) {
      this.pos += 3;
      return true;
    }
    if (this.text.charCodeAt(this.pos) === DOT) throw this.fail('...');
    return false;
  }

  private readWord(): string {
    this.skipSpaces();
    const start = this.pos;
    while (isWordPart(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private accept(c: number): boolean {
    this.skipSpaces();
    if (this.text.charCodeAt(this.pos) !== c) return false;
    this.pos++;
    return true;
  }

  private expect(c: number): void {
    if (!this.accept(c)) throw this.fail(`'${String.fromCharCode(c)}'`);
  }

  private skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === 0x20) this.pos++;
  }

  private fail(expected: string): VivaceError {
    return malformed(this.text, `expected ${expected} at offset ${this.pos}`);
  }
}

function concrete(type: Type): TypePattern {
  return { kind: 'concrete', type };
}

/** The types of the patterns when every one is concrete. */
function concreteTypes(patterns: readonly TypePattern[]): Type[] | undefined {
  const types: Type[] = [];
  for (const p of patterns) {
    if (p.kind !== 'concrete') return undefined;
    types.push(p.type);
  }
  return types;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordPart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24 || isDigit(c);
}
