/**
 * Chooses among the signatures registered under one name, in Trino's order: signatures without
 * variables that match exactly, then generic ones that match exactly, then every signature with
 * implicit coercions, keeping the most specific ones. Exact matches must be unique; among coerced
 * matches, ties involving NULL arguments are broken as Trino breaks them (prefer candidates that
 * only cast the NULLs; then, when the survivors return the same type and return NULL on a NULL
 * argument anyway, any of them will do).
 */
import type { Type } from '../types/type.js';
import { typeEquals } from '../types/type.js';
import { ambiguousCall, functionNotRegistered, unexpectedParameters } from './function-errors.js';
import type { FunctionSignature } from './function-signature.js';
import {
  type ArgumentType,
  type BoundSignature,
  bindSignature,
  isLambdaArgument,
  isMoreSpecificThan,
  LambdaTypeCache,
} from './signature-binder.js';

/**
 * Resolves a call of `name` with `args` among `candidates`; throws FUNCTION_NOT_FOUND when nothing
 * applies (or nothing is registered) and AMBIGUOUS_FUNCTION_CALL when no single best match exists.
 */
export function resolveAmong(
  name: string,
  candidates: readonly FunctionSignature[],
  args: readonly ArgumentType[],
): BoundSignature {
  if (candidates.length === 0) throw functionNotRegistered(name);
  const match = tryResolveAmong(candidates, args);
  if (match === undefined) throw unexpectedParameters(name, args, candidates);
  return match;
}

/** As resolveAmong, but undefined when no candidate applies (ambiguity still throws). */
export function tryResolveAmong(
  candidates: readonly FunctionSignature[],
  args: readonly ArgumentType[],
): BoundSignature | undefined {
  const lambdas = new LambdaTypeCache();
  return (
    matchExactly(
      candidates.filter((c) => !c.generic),
      args,
      lambdas,
    ) ??
    matchExactly(
      candidates.filter((c) => c.generic),
      args,
      lambdas,
    ) ??
    matchWithCoercion(candidates, args, lambdas)
  );
}

function applicable(
  candidates: readonly FunctionSignature[],
  args: readonly ArgumentType[],
  allowCoercion: boolean,
  lambdas: LambdaTypeCache,
): BoundSignature[] {
  const bound: BoundSignature[] = [];
  for (const candidate of candidates) {
    const binding = bindSignature(candidate, args, allowCoercion, lambdas);
    if (binding !== undefined) bound.push(binding);
  }
  return bound;
}

function matchExactly(
  candidates: readonly FunctionSignature[],
  args: readonly ArgumentType[],
  lambdas: LambdaTypeCache,
): BoundSignature | undefined {
  const matches = applicable(candidates, args, false, lambdas);
  if (matches.length > 1) throw ambiguousCall(args, matches);
  return matches[0];
}

function matchWithCoercion(
  candidates: readonly FunctionSignature[],
  args: readonly ArgumentType[],
  lambdas: LambdaTypeCache,
): BoundSignature | undefined {
  const matches = applicable(candidates, args, true, lambdas);
  if (matches.length === 0) return undefined;
  const best = selectMostSpecific(matches, args);
  if (best.length > 1) throw ambiguousCall(args, best);
  return best[0];
}

function selectMostSpecific(matches: readonly BoundSignature[], args: readonly ArgumentType[]): BoundSignature[] {
  let best = minimalCandidates(matches);
  if (best.length <= 1) return best;
  // Lambdas have no type of their own to compare, and without NULLs there is nothing left to try.
  if (args.some(isLambdaArgument)) return best;
  const types = args as readonly Type[];
  if (!types.some((t) => t.kind === 'unknown')) return best;

  const onlyCastingNulls = matches.filter((m) =>
    m.argumentTypes.every((bound, i) => types[i].kind === 'unknown' || typeEquals(bound, types[i])),
  );
  if (onlyCastingNulls.length > 0) {
    best = onlyCastingNulls;
    if (best.length === 1) return best;
  }

  const first = best[0];
  const sameReturnType = best.every((m) => typeEquals(m.returnType, first.returnType));
  if (sameReturnType && best.every((m) => returnsNullOnNullArgument(m, types))) {
    // All of them compute NULL here; pick one deterministically, as Trino does (greatest text).
    return [best.reduce((a, b) => (describe(b) > describe(a) ? b : a))];
  }
  return best;
}

/** The candidates no other candidate is more specific than (Trino's representatives algorithm). */
function minimalCandidates(matches: readonly BoundSignature[]): BoundSignature[] {
  let representatives: BoundSignature[] = [];
  for (const current of matches) {
    const remaining = representatives.filter((r) => !isMoreSpecificThan(current, r.signature));
    if (remaining.length < representatives.length) {
      representatives = [...remaining, current];
      continue;
    }
    if (representatives.some((r) => isMoreSpecificThan(r, current.signature))) continue;
    representatives.push(current);
  }
  return representatives;
}

function returnsNullOnNullArgument(match: BoundSignature, types: readonly Type[]): boolean {
  // Aggregates and window functions skip NULL inputs by definition.
  if (match.signature.kind !== 'scalar') return true;
  return !match.signature.calledOnNullInput && types.some((t) => t.kind === 'unknown');
}

function describe(match: BoundSignature): string {
  return match.signature.text;
}
