/**
 * Shorthands for the function tests: argument lists written as type text, lambdas whose body type
 * is a function of the parameter types, and resolutions printed as text for exact comparison.
 */
import type { ResolvedFunction } from '../../src/functions/function-registry.js';
import type { ArgumentType, LambdaArgument } from '../../src/functions/signature-binder.js';
import type { Type } from '../../src/types/type.js';
import { formatType, parseType } from '../../src/types/type-signature.js';

/** A lambda of `arity` parameters; `body` types the body from the parameter types. */
export function lambda(arity: number, body: (parameters: readonly Type[]) => Type): LambdaArgument {
  return { kind: 'lambda', arity, bodyType: body };
}

/** A lambda whose body has a fixed type. */
export function lambdaReturning(arity: number, bodyType: string): LambdaArgument {
  return lambda(arity, () => parseType(bodyType));
}

/** Arguments from type text; lambdas pass through. */
export function args(...items: readonly (string | LambdaArgument)[]): ArgumentType[] {
  return items.map((item) => (typeof item === 'string' ? parseType(item) : item));
}

/** `name(arg types) -> return type`, with display names, for one assertion per case. */
export function describeResolution(resolved: ResolvedFunction): string {
  return `${resolved.name}(${resolved.argumentTypes.map(formatType).join(', ')}) -> ${formatType(resolved.returnType)}`;
}
