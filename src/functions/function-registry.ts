/**
 * The function registry: every function and operator signature by name, resolution of calls by
 * argument types (see function-resolver.ts for the rules), and the metadata SHOW FUNCTIONS lists.
 * `defaultFunctionRegistry()` holds the built-in Presto/Trino function set.
 *
 * Errors are thrown without a position; the analyzer rethrows them at the call (`withPosition`).
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Type } from '../types/type.js';
import { AGGREGATE_FUNCTIONS } from './aggregates.js';
import { operatorNotFound } from './function-errors.js';
import { resolveAmong, tryResolveAmong } from './function-resolver.js';
import {
  defineSignature,
  type FunctionDefinition,
  type FunctionKind,
  type FunctionSignature,
  formatPattern,
} from './function-signature.js';
import { type OperatorKind, operatorDefinitions } from './operators.js';
import { ARRAY_FUNCTIONS } from './scalar-array.js';
import { BINARY_FUNCTIONS } from './scalar-binary.js';
import { DATETIME_FUNCTIONS } from './scalar-datetime.js';
import { JSON_FUNCTIONS } from './scalar-json.js';
import { MAP_FUNCTIONS } from './scalar-map.js';
import { MATH_FUNCTIONS } from './scalar-math.js';
import { MISC_FUNCTIONS } from './scalar-misc.js';
import { STRING_FUNCTIONS } from './scalar-string.js';
import type { ArgumentType, BoundSignature } from './signature-binder.js';
import { WINDOW_FUNCTIONS } from './window-functions.js';

/** A call bound to one signature: what the analyzer records and the planner compiles. */
export interface ResolvedFunction {
  /** The function's canonical name (`ceiling` for a call of `ceil`), lowercase. */
  readonly name: string;
  readonly kind: FunctionKind;
  /** The declared signature, e.g. `substring(varchar(x),bigint):varchar(x)`. */
  readonly signature: string;
  /** The type each argument must be coerced to; a lambda argument gets its function type. */
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  /**
   * Aggregates only: the type of the partial state a PARTIAL aggregation outputs and a FINAL one
   * reads, as the signature declares it (the planner types the symbols between stages with it).
   */
  readonly intermediateType?: Type;
  /** Aggregates: false when a call must run in one SINGLE step (see FunctionDefinition.decomposable). */
  readonly decomposable?: false;
  readonly deterministic: boolean;
  /** Stable key of the implementation: the declared signature. */
  readonly id: string;
}

/** One row of SHOW FUNCTIONS. */
export interface FunctionMetadata {
  readonly name: string;
  readonly returnType: string;
  /** Comma-separated argument type patterns, e.g. `varchar(x), bigint`. */
  readonly argumentTypes: string;
  readonly functionType: FunctionKind;
  readonly deterministic: boolean;
  readonly description: string;
  readonly variadic: boolean;
  readonly id: string;
}

interface Registration {
  readonly signature: FunctionSignature;
  readonly canonicalName: string;
  readonly id: string;
}

export class FunctionRegistry {
  private readonly byName = new Map<string, Registration[]>();
  private readonly kinds = new Map<string, FunctionKind>();
  private readonly registrations = new Map<FunctionSignature, Registration>();
  private readonly ids = new Set<string>();
  private readonly operators = new Map<OperatorKind, FunctionSignature[]>();

  /** Adds a function (and its aliases). Throws GENERIC_INTERNAL_ERROR on a duplicate or a name of two kinds. */
  register(definition: FunctionDefinition): void {
    const canonical = defineSignature(definition);
    if (this.ids.has(canonical.text)) throw internal(`Function ${canonical.text} is already registered`);
    this.ids.add(canonical.text);
    for (const name of [canonical.name, ...(definition.aliases ?? [])]) {
      const signature = name === canonical.name ? canonical : defineSignature(definition, name);
      const kind = this.kinds.get(name);
      if (kind !== undefined && kind !== signature.kind) {
        throw internal(`Function ${name} cannot be both ${kind} and ${signature.kind}`);
      }
      this.kinds.set(name, signature.kind);
      const registration = { signature, canonicalName: canonical.name, id: canonical.text };
      this.registrations.set(signature, registration);
      const list = this.byName.get(name);
      if (list === undefined) this.byName.set(name, [registration]);
      else list.push(registration);
    }
  }

  registerAll(definitions: readonly FunctionDefinition[]): void {
    for (const definition of definitions) this.register(definition);
  }

  registerOperator(operator: OperatorKind, definition: FunctionDefinition): void {
    const signature = defineSignature(definition);
    if (this.ids.has(signature.text)) throw internal(`Operator ${signature.text} is already registered`);
    this.ids.add(signature.text);
    this.registrations.set(signature, { signature, canonicalName: signature.name, id: signature.text });
    const list = this.operators.get(operator);
    if (list === undefined) this.operators.set(operator, [signature]);
    else list.push(signature);
  }

  /**
   * Binds a call to the best signature of `name` (case-insensitive). Throws FUNCTION_NOT_FOUND
   * (`Function 'foo' not registered`, or `Unexpected parameters (...) for function foo. Expected:
   * ...`) or AMBIGUOUS_FUNCTION_CALL; lambda bodies' own errors pass through.
   */
  resolveFunction(name: string, args: readonly ArgumentType[]): ResolvedFunction {
    const lowerName = name.toLowerCase();
    const candidates = (this.byName.get(lowerName) ?? []).map((r) => r.signature).filter((s) => !s.hidden);
    return this.toResolved(resolveAmong(lowerName, candidates, args));
  }

  /** Binds a call of a hidden function (one behind special syntax), which SQL cannot call by name. */
  resolveHiddenFunction(name: string, args: readonly ArgumentType[]): ResolvedFunction {
    const candidates = (this.byName.get(name) ?? []).map((r) => r.signature).filter((s) => s.hidden);
    return this.toResolved(resolveAmong(name, candidates, args));
  }

  /** Binds an operator; TYPE_MISMATCH with Trino's wording (`Cannot apply operator: varchar + integer`) when none applies. */
  resolveOperator(operator: OperatorKind, args: readonly Type[]): ResolvedFunction {
    const bound = tryResolveAmong(this.operators.get(operator) ?? [], args);
    if (bound === undefined) throw operatorNotFound(operator, args);
    return this.toResolved(bound);
  }

  exists(name: string): boolean {
    return this.kinds.has(name.toLowerCase());
  }

  kindOf(name: string): FunctionKind | undefined {
    return this.kinds.get(name.toLowerCase());
  }

  isAggregate(name: string): boolean {
    return this.kindOf(name) === 'aggregate';
  }

  /** True for window functions proper (row_number, rank, lag...); aggregates also work over windows. */
  isWindow(name: string): boolean {
    return this.kindOf(name) === 'window';
  }

  /** The signatures registered under `name` (aliases included). */
  signaturesOf(name: string): readonly FunctionSignature[] {
    return (this.byName.get(name.toLowerCase()) ?? []).map((r) => r.signature);
  }

  /**
   * Every function signature (operators excluded), one row per name and signature, sorted as SHOW
   * FUNCTIONS lists them; hidden functions only with `includeHidden`.
   */
  list(includeHidden = false): FunctionMetadata[] {
    const rows: FunctionMetadata[] = [];
    for (const [name, registrations] of this.byName) {
      for (const { signature, id } of registrations) {
        if (signature.hidden && !includeHidden) continue;
        rows.push({
          name,
          returnType: formatPattern(signature.returnType),
          argumentTypes: signature.argumentTypes.map(formatPattern).join(', '),
          functionType: signature.kind,
          deterministic: signature.deterministic,
          description: signature.description,
          variadic: signature.variadic,
          id,
        });
      }
    }
    return rows.sort(
      (a, b) =>
        compare(a.name, b.name) ||
        compare(a.argumentTypes, b.argumentTypes) ||
        compare(a.returnType, b.returnType) ||
        compare(a.id, b.id),
    );
  }

  private toResolved(bound: BoundSignature): ResolvedFunction {
    const registration = this.registrations.get(bound.signature);
    if (registration === undefined) throw internal(`Unregistered signature ${bound.signature.text}`);
    return {
      name: registration.canonicalName,
      kind: bound.signature.kind,
      signature: registration.id,
      argumentTypes: bound.argumentTypes,
      returnType: bound.returnType,
      ...(bound.intermediateType !== undefined ? { intermediateType: bound.intermediateType } : {}),
      ...(bound.signature.decomposable ? {} : { decomposable: false as const }),
      deterministic: bound.signature.deterministic,
      id: registration.id,
    };
  }
}

/** Every built-in function definition, by catalog. */
export const BUILTIN_FUNCTIONS: readonly FunctionDefinition[] = [
  ...MATH_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...BINARY_FUNCTIONS,
  ...DATETIME_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...MAP_FUNCTIONS,
  ...JSON_FUNCTIONS,
  ...MISC_FUNCTIONS,
  ...AGGREGATE_FUNCTIONS,
  ...WINDOW_FUNCTIONS,
];

/** A new registry holding the built-in functions and operators. */
export function createDefaultFunctionRegistry(): FunctionRegistry {
  const registry = new FunctionRegistry();
  registry.registerAll(BUILTIN_FUNCTIONS);
  for (const { operator, definition } of operatorDefinitions()) registry.registerOperator(operator, definition);
  return registry;
}

let shared: FunctionRegistry | undefined;

/** The built-in registry, built once. Callers must not register into it; use createDefaultFunctionRegistry for that. */
export function defaultFunctionRegistry(): FunctionRegistry {
  shared ??= createDefaultFunctionRegistry();
  return shared;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function internal(message: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', message);
}
