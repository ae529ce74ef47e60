/**
 * Equality, distinctness, ordering and hash keys of values, per SQL type, as Trino defines them:
 *
 * - `=` is three-valued: a NULL inside an array or row makes the comparison NULL unless another
 *   element already differs; NaN is not equal to itself; maps compare by key sets and values.
 * - IS DISTINCT FROM never returns NULL: NULL is not distinct from NULL and NaN not from NaN.
 * - Ordering (`<`, array_sort, min/max) is total for doubles (NaN above +Infinity), orders varchar by
 *   code point, compares arrays and rows element by element and refuses NULL elements inside them
 *   (NOT_SUPPORTED, Trino's message).
 * - `valueKey` maps a value to a JS primitive such that two values have the same key exactly when
 *   they are not distinct: the key of Set/Map based algorithms (array_distinct, map construction).
 * - A long decimal (precision > 15) may be a number or a BigInt (decimal-values.ts): its equality,
 *   key (the BigInt) and map lookup accept both forms; JS relational operators already mix them.
 *
 * The functions are built once per type object and cached in WeakMaps, so callers can ask for them
 * on every call at no cost.
 */
import { compareCodePoints } from '../../common/code-point-order.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { Type } from '../../types/type.js';
import { MAX_NUMBER_DECIMAL_PRECISION, narrowDecimal } from './decimal-values.js';

export type Equality = (a: unknown, b: unknown) => boolean | null;
export type Distinctness = (a: unknown, b: unknown) => boolean;
export type Comparator = (a: unknown, b: unknown) => number;
export type KeyFunction = (value: unknown) => unknown;

interface Instant {
  readonly millis: number;
  readonly picos?: number;
  readonly zone?: string;
}

const equalities = new WeakMap<Type, Equality>();
const distinctnesses = new WeakMap<Type, Distinctness>();
const comparators = new WeakMap<Type, Comparator>();
const keyFunctions = new WeakMap<Type, KeyFunction>();

/** Code point order (common/code-point-order.ts): the engine's varchar order. */
export const compareStrings = compareCodePoints;

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

/** Total order of doubles: NaN is the largest value and equal to itself; -0 equals 0. */
export function compareDoubles(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0;
  return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
}

function compareInstants(a: Instant, b: Instant): number {
  if (a.millis !== b.millis) return a.millis < b.millis ? -1 : 1;
  const x = a.picos ?? 0;
  const y = b.picos ?? 0;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** time with time zone values compare as instants: the local time minus the zone offset. */
function timeWithZoneInstant(value: Instant): number {
  return value.millis - offsetMinutesOf(value.zone ?? '+00:00') * 60_000;
}

/** Minutes east of UTC of a `+HH:MM` offset (time with time zone always carries a fixed offset). */
export function offsetMinutesOf(zone: string): number {
  if (zone === 'UTC' || zone === 'Z') return 0;
  const sign = zone.charCodeAt(0) === 45 ? -1 : 1;
  const hours = Number(zone.slice(1, 3));
  const minutes = zone.length > 4 ? Number(zone.slice(4, 6)) : 0;
  return sign * (hours * 60 + minutes);
}

function cached<F>(cache: WeakMap<Type, F>, type: Type, build: (type: Type) => F): F {
  let fn = cache.get(type);
  if (fn === undefined) {
    fn = build(type);
    cache.set(type, fn);
  }
  return fn;
}

/** SQL `=` for two non-NULL values of `type` (NULL when nested NULLs leave it undecided). */
export function equalityOf(type: Type): Equality {
  return cached(equalities, type, buildEquality);
}

function buildEquality(type: Type): Equality {
  switch (type.kind) {
    case 'varbinary':
      return (a, b) => compareBytes(a as Uint8Array, b as Uint8Array) === 0;
    case 'timestamp with time zone':
      return (a, b) => compareInstants(a as Instant, b as Instant) === 0;
    case 'time with time zone':
      return (a, b) =>
        timeWithZoneInstant(a as Instant) === timeWithZoneInstant(b as Instant) &&
        ((a as Instant).picos ?? 0) === ((b as Instant).picos ?? 0);
    case 'timestamp':
      if (type.precision > 6) return (a, b) => compareInstants(a as Instant, b as Instant) === 0;
      return (a, b) => a === b;
    case 'decimal':
      if (isLongDecimal(type)) return (a, b) => decimalKey(a) === decimalKey(b);
      return (a, b) => a === b;
    case 'array': {
      const element = equalityOf(type.element);
      return (a, b) => {
        const x = a as unknown[];
        const y = b as unknown[];
        if (x.length !== y.length) return false;
        let unknown = false;
        for (let i = 0; i < x.length; i++) {
          const u = x[i];
          const v = y[i];
          if (u === null || v === null) {
            unknown = true;
            continue;
          }
          const equal = element(u, v);
          if (equal === false) return false;
          if (equal === null) unknown = true;
        }
        return unknown ? null : true;
      };
    }
    case 'row': {
      const fields = type.fields.map((f) => equalityOf(f.type));
      return (a, b) => {
        const x = a as unknown[];
        const y = b as unknown[];
        let unknown = false;
        for (let i = 0; i < fields.length; i++) {
          const u = x[i];
          const v = y[i];
          if (u === null || v === null) {
            unknown = true;
            continue;
          }
          const equal = fields[i](u, v);
          if (equal === false) return false;
          if (equal === null) unknown = true;
        }
        return unknown ? null : true;
      };
    }
    case 'map': {
      const find = mapLookupOf(type.key);
      const value = equalityOf(type.value);
      return (a, b) => {
        const x = a as Map<unknown, unknown>;
        const y = b as Map<unknown, unknown>;
        if (x.size !== y.size) return false;
        let unknown = false;
        for (const [k, u] of x) {
          const entry = find(y, k);
          if (entry === undefined) return false;
          const v = entry[1];
          if (u === null || v === null) {
            unknown = true;
            continue;
          }
          const equal = value(u, v);
          if (equal === false) return false;
          if (equal === null) unknown = true;
        }
        return unknown ? null : true;
      };
    }
    default:
      // numbers (NaN ≠ NaN as SQL wants; canonical bigint forms make === exact), strings, booleans.
      return (a, b) => a === b;
  }
}

/** IS DISTINCT FROM, NULLs included. */
export function distinctnessOf(type: Type): Distinctness {
  return cached(distinctnesses, type, buildDistinctness);
}

function buildDistinctness(type: Type): Distinctness {
  const key = keyOf(type);
  return (a, b) => {
    if (a === null || b === null) return a !== b;
    const x = key(a);
    const y = key(b);
    return !(x === y || (Number.isNaN(x) && Number.isNaN(y)));
  };
}

/** Ordering of two non-NULL values; NULL elements nested in arrays or rows are NOT_SUPPORTED. */
export function comparatorOf(type: Type): Comparator {
  return cached(comparators, type, buildComparator);
}

function buildComparator(type: Type): Comparator {
  switch (type.kind) {
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return (a, b) => compareStrings(a as string, b as string);
    case 'real':
    case 'double':
      return (a, b) => compareDoubles(a as number, b as number);
    case 'boolean':
      return (a, b) => (a === b ? 0 : a ? 1 : -1);
    case 'varbinary':
      return (a, b) => compareBytes(a as Uint8Array, b as Uint8Array);
    case 'timestamp with time zone':
      return (a, b) => compareInstants(a as Instant, b as Instant);
    case 'time with time zone':
      return (a, b) => {
        const x = timeWithZoneInstant(a as Instant);
        const y = timeWithZoneInstant(b as Instant);
        if (x !== y) return x < y ? -1 : 1;
        return ((a as Instant).picos ?? 0) - ((b as Instant).picos ?? 0);
      };
    case 'timestamp':
      if (type.precision > 6) return (a, b) => compareInstants(a as Instant, b as Instant);
      return compareNumbers;
    case 'array': {
      const element = comparatorOf(type.element);
      return (a, b) => {
        const x = a as unknown[];
        const y = b as unknown[];
        const n = Math.min(x.length, y.length);
        for (let i = 0; i < n; i++) {
          const u = x[i];
          const v = y[i];
          if (u === null || v === null) {
            throw new VivaceError('NOT_SUPPORTED', 'ARRAY comparison not supported for arrays with null elements');
          }
          const c = element(u, v);
          if (c !== 0) return c;
        }
        return x.length - y.length;
      };
    }
    case 'row': {
      const fields = type.fields.map((f) => comparatorOf(f.type));
      return (a, b) => {
        const x = a as unknown[];
        const y = b as unknown[];
        for (let i = 0; i < fields.length; i++) {
          const u = x[i];
          const v = y[i];
          if (u === null || v === null) {
            throw new VivaceError('NOT_SUPPORTED', 'ROW comparison not supported for fields with null elements');
          }
          const c = fields[i](u, v);
          if (c !== 0) return c;
        }
        return 0;
      };
    }
    default:
      return compareNumbers;
  }
}

/** Numbers and BigInts (bigint, long decimal) of either form: JS relational operators mix them exactly. */
function compareNumbers(a: unknown, b: unknown): number {
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function isLongDecimal(type: Type): boolean {
  return type.kind === 'decimal' && type.precision > MAX_NUMBER_DECIMAL_PRECISION;
}

/** A long decimal in one form: the BigInt (5 and 5n are one value, but not one Map key). */
function decimalKey(value: unknown): unknown {
  return typeof value === 'number' ? BigInt(value) : value;
}

/** Whether values of `type` are their own hash keys (JS Map/Set SameValueZero agrees with distinctness). */
export function isPrimitiveKeyed(type: Type): boolean {
  switch (type.kind) {
    case 'decimal':
      return !isLongDecimal(type);
    case 'varbinary':
    case 'time with time zone':
    case 'timestamp with time zone':
    case 'array':
    case 'map':
    case 'row':
      return false;
    case 'timestamp':
      return type.precision <= 6;
    default:
      return true;
  }
}

/** A primitive standing for the value: equal keys ⇔ not distinct (NaN keys are NaN, which Map treats as equal). */
export function keyOf(type: Type): KeyFunction {
  return cached(keyFunctions, type, buildKey);
}

const identity: KeyFunction = (v) => v;

function buildKey(type: Type): KeyFunction {
  if (isPrimitiveKeyed(type)) return identity;
  if (isLongDecimal(type)) return decimalKey;
  const text = structuralText(type);
  return (v) => text(v);
}

/** An unambiguous text of a non-NULL value, equal for values that are not distinct. */
function structuralText(type: Type): (v: unknown) => string {
  switch (type.kind) {
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return (v) => JSON.stringify(v);
    case 'real':
    case 'double':
      return (v) => ((v as number) === 0 ? '0' : String(v));
    case 'bigint':
    case 'decimal':
      return (v) => String(v);
    case 'varbinary':
      return (v) => `x${Buffer.from(v as Uint8Array).toString('hex')}`;
    case 'timestamp with time zone':
      return (v) => `${(v as Instant).millis}.${(v as Instant).picos ?? 0}`;
    case 'time with time zone':
      return (v) => `${timeWithZoneInstant(v as Instant)}.${(v as Instant).picos ?? 0}`;
    case 'timestamp':
      if (type.precision > 6) return (v) => `${(v as Instant).millis}.${(v as Instant).picos ?? 0}`;
      return (v) => String(v);
    case 'array': {
      const element = structuralText(type.element);
      return (v) => `[${(v as unknown[]).map((e) => (e === null ? 'null' : element(e))).join(',')}]`;
    }
    case 'row': {
      const fields = type.fields.map((f) => structuralText(f.type));
      return (v) => `(${(v as unknown[]).map((e, i) => (e === null ? 'null' : fields[i](e))).join(',')})`;
    }
    case 'map': {
      const key = structuralText(type.key);
      const value = structuralText(type.value);
      return (v) => {
        const entries: string[] = [];
        for (const [k, e] of v as Map<unknown, unknown>) entries.push(`${key(k)}:${e === null ? 'null' : value(e)}`);
        return `{${entries.sort().join(',')}}`;
      };
    }
    default:
      return (v) => String(v);
  }
}

export type MapLookup = (map: ReadonlyMap<unknown, unknown>, key: unknown) => readonly [unknown, unknown] | undefined;

const lookups = new WeakMap<Type, MapLookup>();

/** Finds the entry of a map whose key is not distinct from `key`: Map.get for primitive keys, a scan otherwise. */
export function mapLookupOf(keyType: Type): MapLookup {
  return cached(lookups, keyType, (t) => {
    if (isLongDecimal(t)) {
      // The map holds each key in one of the two forms: look for the other one on a miss.
      return (map, key) => {
        if (map.has(key)) return [key, map.get(key)];
        const other = typeof key === 'number' ? BigInt(key) : narrowDecimal(key as bigint);
        return other !== key && map.has(other) ? [other, map.get(other)] : undefined;
      };
    }
    if (isPrimitiveKeyed(t)) {
      return (map, key) => {
        const value = map.get(key);
        return value === undefined && !map.has(key) ? undefined : [key, value];
      };
    }
    const key = keyOf(t);
    return (map, wanted) => {
      const target = key(wanted);
      for (const entry of map) if (key(entry[0]) === target) return entry;
      return undefined;
    };
  });
}
