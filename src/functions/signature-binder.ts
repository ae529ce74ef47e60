/**
 * Binds a declared signature to the types of a call's arguments, the way Trino's SignatureBinder
 * does: type variables take the common super type of everything they meet (so `unknown`, the type
 * of NULL, only decides a variable when nothing else does), numeric variables take the parameters
 * of the actual types (after widening the actual to the pattern's base, e.g. integer to
 * decimal(10,0)), lambdas are typed once the types of their parameters are known, and the whole is
 * repeated until nothing changes. A binding succeeds when every argument then equals its bound
 * type (exact mode) or implicitly coerces to it (coercion mode).
 */
import { VivaceError } from '../common/vivace-error.js';
import { canCoerce, commonSuperType } from '../types/coercion.js';
import { formatTypeSignature } from '../types/format-type.js';
import { makeType } from '../types/make-type.js';
import {
  arrayOf,
  DEFAULT_TEMPORAL_PRECISION,
  functionType,
  isComparable,
  isOrderable,
  mapOf,
  rowOf,
  type Type,
  typeEquals,
  UNKNOWN,
} from '../types/type.js';
import {
  type FunctionSignature,
  type LongTerm,
  type ParametricBase,
  type TypePattern,
  type TypeVariableConstraint,
  UNBOUNDED_LENGTH,
} from './function-signature.js';

/**
 * A lambda argument as the analyzer sees it before the function is chosen: only its arity is
 * known, and its body can be typed once the parameter types are. `bodyType` may be called several
 * times (with the same or different parameter types) while candidates are tried; it must be free of
 * side effects, and may throw the body's own semantic errors.
 */
export interface LambdaArgument {
  readonly kind: 'lambda';
  readonly arity: number;
  bodyType(parameterTypes: readonly Type[]): Type;
}

export type ArgumentType = Type | LambdaArgument;

export function isLambdaArgument(argument: ArgumentType): argument is LambdaArgument {
  return argument.kind === 'lambda';
}

/** A signature with every variable bound for one call. */
export interface BoundSignature {
  readonly signature: FunctionSignature;
  /** One per actual argument (variadic ones repeated); lambda arguments get their function type. */
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  /** Aggregates: the declared intermediate (partial state) type, bound like the return type. */
  readonly intermediateType?: Type;
}

/** Types lambda bodies at most once per argument and parameter types within one resolution. */
export class LambdaTypeCache {
  private readonly cache = new Map<LambdaArgument, Map<string, Type>>();

  bodyType(lambda: LambdaArgument, parameterTypes: readonly Type[]): Type {
    let byParameters = this.cache.get(lambda);
    if (byParameters === undefined) {
      byParameters = new Map();
      this.cache.set(lambda, byParameters);
    }
    const key = parameterTypes.map(formatTypeSignature).join(';');
    let body = byParameters.get(key);
    if (body === undefined) {
      body = lambda.bodyType(parameterTypes);
      byParameters.set(key, body);
    }
    return body;
  }
}

/** What one unification step did to the bindings. */
type Status = 0 | 1 | 2;
const Status = { Unchanged: 0, Changed: 1, Failed: 2 } as const;

/** Bindings change only by widening, so a handful of rounds always settles a real signature. */
const MAX_ROUNDS = 8;

class Bindings {
  readonly types = new Map<string, Type>();
  readonly longs = new Map<string, number>();
}

/**
 * Binds `signature` to `args`; undefined when it does not apply. Throws only for errors that are not
 * about applicability: a lambda body's own error, or a derived decimal type out of range.
 */
export function bindSignature(
  signature: FunctionSignature,
  args: readonly ArgumentType[],
  allowCoercion: boolean,
  lambdas: LambdaTypeCache = new LambdaTypeCache(),
): BoundSignature | undefined {
  const patterns = expandArguments(signature, args.length);
  if (patterns === undefined) return undefined;
  const constraints = new Map<string, TypeVariableConstraint>(signature.typeVariables.map((v) => [v.name, v]));
  const bindings = new Bindings();
  const lambdaTypes: ({ readonly parameters: readonly Type[]; readonly body: Type } | undefined)[] = new Array(
    args.length,
  );

  let settled = false;
  for (let round = 0; round < MAX_ROUNDS && !settled; round++) {
    let changed = false;
    for (let i = 0; i < args.length; i++) {
      const argument = args[i];
      const pattern = patterns[i];
      let status: Status;
      if (isLambdaArgument(argument)) {
        if (pattern.kind !== 'function' || pattern.arguments.length !== argument.arity) return undefined;
        const parameters = instantiateAll(pattern.arguments, bindings);
        // Parameters still depending on an unbound variable: another argument may bind it later.
        if (parameters === undefined) continue;
        const body = lambdas.bodyType(argument, parameters);
        lambdaTypes[i] = { parameters, body };
        status = unify(pattern.returnType, body, bindings, constraints);
      } else {
        status = unify(pattern, argument, bindings, constraints);
      }
      if (status === Status.Failed) return undefined;
      if (status === Status.Changed) changed = true;
    }
    settled = !changed;
  }
  if (!settled) return undefined;

  const argumentTypes: Type[] = [];
  for (let i = 0; i < args.length; i++) {
    const argument = args[i];
    const pattern = patterns[i];
    if (isLambdaArgument(argument)) {
      const lambda = lambdaTypes[i];
      if (lambda === undefined || pattern.kind !== 'function') return undefined;
      const expectedReturn = instantiate(pattern.returnType, bindings);
      if (expectedReturn === undefined || !fits(lambda.body, expectedReturn, allowCoercion)) return undefined;
      argumentTypes.push(functionType(lambda.parameters, expectedReturn));
    } else {
      const formal = instantiate(pattern, bindings);
      if (formal === undefined || !fits(argument, formal, allowCoercion)) return undefined;
      argumentTypes.push(formal);
    }
  }

  for (const derived of signature.derivedVariables) {
    bindings.longs.set(derived.name, derived.calculate(Object.fromEntries(bindings.longs)));
  }
  const returnType = instantiate(signature.returnType, bindings);
  if (returnType === undefined) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Return type of ${signature.text} is not bound`);
  }
  if (signature.intermediateType === undefined) return { signature, argumentTypes, returnType };
  const intermediateType = instantiate(signature.intermediateType, bindings);
  if (intermediateType === undefined) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Intermediate type of ${signature.text} is not bound`);
  }
  return { signature, argumentTypes, returnType, intermediateType };
}

/**
 * One function is more specific than another when every call the first accepts could be passed on
 * to the second: the first's bound argument types bind the second's declared signature with
 * coercions.
 */
export function isMoreSpecificThan(left: BoundSignature, right: FunctionSignature): boolean {
  return bindSignature(right, left.argumentTypes, true) !== undefined;
}

/** The argument patterns for a call with `count` arguments, repeating a variadic last one. */
function expandArguments(signature: FunctionSignature, count: number): readonly TypePattern[] | undefined {
  const declared = signature.argumentTypes;
  if (!signature.variadic) return count === declared.length ? declared : undefined;
  if (count < signature.minArguments || count < declared.length - 1) return undefined;
  const patterns = declared.slice(0, -1);
  const repeated = declared[declared.length - 1];
  while (patterns.length < count) patterns.push(repeated);
  return patterns;
}

function fits(actual: Type, formal: Type, allowCoercion: boolean): boolean {
  return allowCoercion ? canCoerce(actual, formal) : typeEquals(actual, formal);
}

function merge(a: Status, b: Status): Status {
  if (a === Status.Failed || b === Status.Failed) return Status.Failed;
  return a === Status.Changed || b === Status.Changed ? Status.Changed : Status.Unchanged;
}

function unify(
  pattern: TypePattern,
  actual: Type,
  bindings: Bindings,
  constraints: ReadonlyMap<string, TypeVariableConstraint>,
): Status {
  switch (pattern.kind) {
    case 'concrete':
      // Checked against the actual type once everything is bound.
      return Status.Unchanged;
    case 'variable':
      return unifyVariable(pattern.name, actual, bindings, constraints.get(pattern.name));
    case 'parametric':
      return unifyParametric(pattern.base, pattern.parameters, actual, bindings);
    case 'array':
      if (actual.kind === 'unknown') return unify(pattern.element, UNKNOWN, bindings, constraints);
      if (actual.kind !== 'array') return Status.Failed;
      return unify(pattern.element, actual.element, bindings, constraints);
    case 'map':
      if (actual.kind === 'unknown') {
        return merge(
          unify(pattern.key, UNKNOWN, bindings, constraints),
          unify(pattern.value, UNKNOWN, bindings, constraints),
        );
      }
      if (actual.kind !== 'map') return Status.Failed;
      return merge(
        unify(pattern.key, actual.key, bindings, constraints),
        unify(pattern.value, actual.value, bindings, constraints),
      );
    case 'row': {
      if (actual.kind === 'unknown') {
        return pattern.fields.reduce<Status>(
          (s, f) => merge(s, unify(f, UNKNOWN, bindings, constraints)),
          Status.Unchanged,
        );
      }
      if (actual.kind !== 'row' || actual.fields.length !== pattern.fields.length) return Status.Failed;
      let status: Status = Status.Unchanged;
      for (let i = 0; i < pattern.fields.length; i++) {
        status = merge(status, unify(pattern.fields[i], actual.fields[i].type, bindings, constraints));
      }
      return status;
    }
    case 'function': {
      if (actual.kind !== 'function' || actual.arguments.length !== pattern.arguments.length) return Status.Failed;
      let status = unify(pattern.returnType, actual.returnType, bindings, constraints);
      for (let i = 0; i < pattern.arguments.length; i++) {
        status = merge(status, unify(pattern.arguments[i], actual.arguments[i], bindings, constraints));
      }
      return status;
    }
  }
}

function unifyVariable(
  name: string,
  actual: Type,
  bindings: Bindings,
  constraint: TypeVariableConstraint | undefined,
): Status {
  const current = bindings.types.get(name);
  const candidate = current === undefined ? actual : commonSuperType(current, actual);
  if (candidate === undefined || !satisfies(candidate, constraint)) return Status.Failed;
  if (current !== undefined && typeEquals(candidate, current)) return Status.Unchanged;
  bindings.types.set(name, candidate);
  return Status.Changed;
}

function satisfies(type: Type, constraint: TypeVariableConstraint | undefined): boolean {
  if (constraint === undefined) return true;
  if (constraint.comparable && !isComparable(type)) return false;
  return !constraint.orderable || isOrderable(type);
}

/**
 * decimal(p,s), varchar(x)...: the pattern stands for the type built from the bound variables (or,
 * for unbound ones, from the actual type widened to the pattern's base); the common super type of
 * that and the actual type must keep the base, and its parameters become the variables' values.
 */
function unifyParametric(
  base: ParametricBase,
  parameters: readonly LongTerm[],
  actual: Type,
  bindings: Bindings,
): Status {
  const widened = coerceToBase(actual, base);
  if (widened === undefined) return Status.Failed;
  const widenedValues = parametersOf(widened);
  const values = parameters.map((p, i) => {
    if (p.kind === 'number') return p.value;
    return bindings.longs.get(p.name) ?? widenedValues[i];
  });
  let current: Type;
  try {
    current = typeFromParameters(base, values);
  } catch {
    return Status.Failed;
  }
  const superType = commonSuperType(current, actual);
  if (superType === undefined || superType.kind !== base) return Status.Failed;
  const superValues = parametersOf(superType);
  let status: Status = Status.Unchanged;
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i];
    const value = superValues[i];
    if (parameter.kind === 'number') {
      if (parameter.value !== value) return Status.Failed;
    } else if (bindings.longs.get(parameter.name) !== value) {
      bindings.longs.set(parameter.name, value);
      status = Status.Changed;
    }
  }
  return status;
}

/** Smallest members of each base, used to find what another type widens to within that base. */
const PROBES: Readonly<Record<ParametricBase, Type>> = {
  decimal: makeType('decimal', [
    { kind: 'number', value: 1 },
    { kind: 'number', value: 0 },
  ]),
  varchar: makeType('varchar', [{ kind: 'number', value: 0 }]),
  char: makeType('char', [{ kind: 'number', value: 0 }]),
  time: makeType('time', [{ kind: 'number', value: 0 }]),
  'time with time zone': makeType('time with time zone', [{ kind: 'number', value: 0 }]),
  timestamp: makeType('timestamp', [{ kind: 'number', value: 0 }]),
  'timestamp with time zone': makeType('timestamp with time zone', [{ kind: 'number', value: 0 }]),
};

/**
 * The type of base `base` that `actual` implicitly converts to (Trino's coerceTypeBase): itself when
 * the base already matches; for NULL the base's smallest type (temporal types at their default
 * precision); otherwise the common super type with the base's smallest member, when `actual`
 * coerces to it (integer → decimal(10,0), char(5) → varchar(5), date → timestamp(0)).
 */
function coerceToBase(actual: Type, base: ParametricBase): Type | undefined {
  if (actual.kind === base) return actual;
  const probe = PROBES[base];
  if (actual.kind === 'unknown') {
    return probe.kind === 'decimal' || probe.kind === 'varchar' || probe.kind === 'char'
      ? probe
      : typeFromParameters(base, [DEFAULT_TEMPORAL_PRECISION.timestamp]);
  }
  const widened = commonSuperType(actual, probe);
  return widened !== undefined && widened.kind === base && canCoerce(actual, widened) ? widened : undefined;
}

function parametersOf(type: Type): readonly number[] {
  switch (type.kind) {
    case 'decimal':
      return [type.precision, type.scale];
    case 'varchar':
      return [type.length ?? UNBOUNDED_LENGTH];
    case 'char':
      return [type.length];
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return [type.precision];
    default:
      return [];
  }
}

/** Builds (and range-checks, with Trino's messages) a parametric type from its numeric parameters. */
function typeFromParameters(base: ParametricBase, values: readonly number[]): Type {
  return makeType(
    base,
    values.map((value) => ({ kind: 'number', value })),
  );
}

function instantiateAll(patterns: readonly TypePattern[], bindings: Bindings): Type[] | undefined {
  const types: Type[] = [];
  for (const pattern of patterns) {
    const type = instantiate(pattern, bindings);
    if (type === undefined) return undefined;
    types.push(type);
  }
  return types;
}

/** The pattern with its variables replaced by their values; undefined while one is unbound. */
function instantiate(pattern: TypePattern, bindings: Bindings): Type | undefined {
  switch (pattern.kind) {
    case 'concrete':
      return pattern.type;
    case 'variable':
      return bindings.types.get(pattern.name);
    case 'parametric': {
      const values: number[] = [];
      for (const p of pattern.parameters) {
        const value = p.kind === 'number' ? p.value : bindings.longs.get(p.name);
        if (value === undefined) return undefined;
        values.push(value);
      }
      return typeFromParameters(pattern.base, values);
    }
    case 'array': {
      const element = instantiate(pattern.element, bindings);
      return element === undefined ? undefined : arrayOf(element);
    }
    case 'map': {
      const key = instantiate(pattern.key, bindings);
      const value = instantiate(pattern.value, bindings);
      return key === undefined || value === undefined ? undefined : mapOf(key, value);
    }
    case 'row': {
      const fields = instantiateAll(pattern.fields, bindings);
      const names = pattern.names;
      if (fields === undefined) return undefined;
      return rowOf(fields.map((type, i) => (names?.[i] === undefined ? { type } : { name: names[i], type })));
    }
    case 'function': {
      const args = instantiateAll(pattern.arguments, bindings);
      const returnType = instantiate(pattern.returnType, bindings);
      return args === undefined || returnType === undefined ? undefined : functionType(args, returnType);
    }
  }
}
