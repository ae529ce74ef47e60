/**
 * The declared signature of a function and the small pattern language it is written in (whose
 * parser and pattern types are in signature-patterns.ts).
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
import { formatTypeSignature } from '../types/format-type.js';
import { UNBOUNDED_VARCHAR_LENGTH } from '../types/make-type.js';
import {
  type LongTerm,
  malformed,
  type ParametricBase,
  type ParsedSignature,
  PatternParser,
  type TypePattern,
  type TypeVariableConstraint,
} from './signature-patterns.js';

export type { LongTerm, ParametricBase, TypePattern, TypeVariableConstraint };

export type FunctionKind = 'scalar' | 'aggregate' | 'window';

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
  /**
   * Aggregates: false when the call cannot be split into PARTIAL and FINAL steps (its FINAL step
   * would need arguments other than the state: listagg's separator); such calls run SINGLE.
   */
  readonly decomposable?: boolean;
  /**
   * True for the functions behind special syntax (`$json_value`, ...): callable by the analyzer
   * but not listed by SHOW FUNCTIONS, as Trino's hidden functions.
   */
  readonly hidden?: boolean;
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
  /** Aggregates only: whether PARTIAL/FINAL splitting applies (FunctionDefinition.decomposable). */
  readonly decomposable: boolean;
  readonly variadic: boolean;
  readonly minArguments: number;
  readonly deterministic: boolean;
  readonly calledOnNullInput: boolean;
  readonly description: string;
  /** Not listed by SHOW FUNCTIONS (FunctionDefinition.hidden). */
  readonly hidden: boolean;
  /** True when the signature has type or numeric variables (Trino tries plain signatures first). */
  readonly generic: boolean;
  /** The declared signature printed compactly, e.g. `substr(varchar(x),bigint):varchar(x)`; unique per function. */
  readonly text: string;
}

/** Trino's length marker for the unbounded varchar, as bound to a varchar(x) variable. */
export const UNBOUNDED_LENGTH = UNBOUNDED_VARCHAR_LENGTH;

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
    decomposable: definition.decomposable ?? true,
    variadic: parsed.variadic,
    minArguments,
    deterministic: definition.deterministic ?? true,
    calledOnNullInput: definition.calledOnNullInput ?? false,
    hidden: definition.hidden ?? false,
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
