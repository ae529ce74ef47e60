/**
 * CAST as a factory: `castImplementation(from, to)` returns a function of (value, ctx) for every
 * pair `canCast` allows (src/types/cast-rules.ts), built once per pair and cached; the caller never
 * passes NULL. `tryCastImplementation` is TRY_CAST: NULL instead of INVALID_CAST_ARGUMENT and
 * NUMERIC_VALUE_OUT_OF_RANGE. Arrays, maps and rows cast element by element (a map whose keys
 * collide after the cast is an error, as in Trino).
 */
import { VivaceError } from '../../../common/vivace-error.js';
import { formatTypeSignature } from '../../../types/format-type.js';
import { type Type, typeEquals } from '../../../types/type.js';
import { invalidCast } from '../errors.js';
import type { CallContext } from '../implementation-types.js';
import { keyOf } from '../value-comparison.js';
import { castFromJson, castToJson } from './json-casts.js';
import { numericCast } from './numeric-casts.js';
import { temporalCast } from './temporal-casts.js';
import { uuidCast } from './uuid-casts.js';
import { type ContextCast, castFromVarchar, castToChar, castToVarchar } from './varchar-casts.js';

export type CastFunction = (value: unknown, ctx: CallContext) => unknown;

const CACHE_LIMIT = 4096;
const cache = new Map<string, CastFunction>();

/** The implementation of CAST(x AS to) for x of type `from`; GENERIC_INTERNAL_ERROR for a pair Trino has no cast for. */
export function castImplementation(from: Type, to: Type): CastFunction {
  const key = `${formatTypeSignature(from)}\u0000${formatTypeSignature(to)}`;
  let cast = cache.get(key);
  if (cast === undefined) {
    cast = buildCast(from, to);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, cast);
  }
  return cast;
}

/** TRY_CAST: NULL where CAST fails on the value. */
export function tryCastImplementation(from: Type, to: Type): CastFunction {
  const cast = castImplementation(from, to);
  return (value, ctx) => {
    try {
      return cast(value, ctx);
    } catch (e) {
      if (
        e instanceof VivaceError &&
        (e.errorName === 'INVALID_CAST_ARGUMENT' || e.errorName === 'NUMERIC_VALUE_OUT_OF_RANGE')
      ) {
        return null;
      }
      throw e;
    }
  };
}

const identity: CastFunction = (value) => value;

function buildCast(from: Type, to: Type): CastFunction {
  if (from.kind === 'unknown') return () => null;
  if (typeEquals(from, to)) return identity;
  if (to.kind === 'json') return castToJson(from);
  if (from.kind === 'json') return castFromJson(to);
  const uuid = uuidCast(from, to);
  if (uuid !== undefined) return uuid;
  const numeric = numericCast(from, to);
  if (numeric !== undefined) return (value) => numeric(value);
  if (to.kind === 'varchar') {
    const cast = castToVarchar(from, to);
    if (cast !== undefined) return cast;
  }
  if (to.kind === 'char') {
    const cast = castToChar(from, to);
    if (cast !== undefined) return cast;
  }
  if (from.kind === 'varchar') {
    const cast = castFromVarchar(to);
    if (cast !== undefined) return cast;
  }
  const temporal = temporalCast(from, to);
  if (temporal !== undefined) return temporal;
  if (from.kind === 'array' && to.kind === 'array') return arrayCast(castImplementation(from.element, to.element));
  if (from.kind === 'map' && to.kind === 'map') return mapCast(from, to);
  if (from.kind === 'row' && to.kind === 'row' && from.fields.length === to.fields.length) {
    const fields = from.fields.map((f, i) => castImplementation(f.type, to.fields[i].type));
    return (value, ctx) => (value as unknown[]).map((v, i) => (v === null ? null : fields[i](v, ctx)));
  }
  throw new VivaceError(
    'GENERIC_INTERNAL_ERROR',
    `No cast from ${formatTypeSignature(from)} to ${formatTypeSignature(to)}`,
  );
}

function arrayCast(element: CastFunction): ContextCast {
  return (value, ctx) => (value as unknown[]).map((v) => (v === null ? null : element(v, ctx)));
}

function mapCast(from: Extract<Type, { kind: 'map' }>, to: Extract<Type, { kind: 'map' }>): ContextCast {
  const keyCast = castImplementation(from.key, to.key);
  const valueCast = castImplementation(from.value, to.value);
  const keyIdentity = keyOf(to.key);
  return (value, ctx) => {
    const result = new Map<unknown, unknown>();
    const seen = new Set<unknown>();
    for (const [k, v] of value as Map<unknown, unknown>) {
      const key = keyCast(k, ctx);
      if (key === null) throw invalidCast('map key is null');
      const identityKey = keyIdentity(key);
      if (seen.has(identityKey)) throw invalidCast('Duplicate keys are not allowed');
      seen.add(identityKey);
      result.set(key, v === null ? null : valueCast(v, ctx));
    }
    return result;
  };
}
