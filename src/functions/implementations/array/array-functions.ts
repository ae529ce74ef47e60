/**
 * Array functions without lambdas: set operations (distinct elements by IS DISTINCT FROM, one NULL
 * kept), search (contains and arrays_overlap are NULL when a NULL leaves the answer open),
 * min/max (NULL when any element is NULL), histograms, element access, sorting (NULLs last),
 * slicing and joining, with Trino's argument errors.
 */
import type { ArrayType, Type } from '../../../types/type.js';
import { VARCHAR } from '../../../types/type.js';
import type { BigintValue } from '../bigint-values.js';
import { castImplementation } from '../cast/cast.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { comparatorOf, equalityOf, keyOf } from '../value-comparison.js';
import { checkResultLength } from '../value-limits.js';

function elementType(ctx: CallContext, argument = 0): Type {
  return (ctx.argumentTypes[argument] as ArrayType).element;
}

function distinct(values: readonly unknown[], type: Type): unknown[] {
  const key = keyOf(type);
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  for (const v of values) {
    const k = v === null ? NULL_KEY : key(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

/** Stands for NULL in key sets (no value's key is this object). */
const NULL_KEY = Symbol('null');

function keySet(values: readonly unknown[], type: Type): Set<unknown> {
  const key = keyOf(type);
  const set = new Set<unknown>();
  for (const v of values) set.add(v === null ? NULL_KEY : key(v));
  return set;
}

/** Whether `array` contains `value`: true, false, or NULL when only indeterminate comparisons remain. */
export function arrayContains(array: readonly unknown[], value: unknown, type: Type): boolean | null {
  const equal = equalityOf(type);
  let unknown = false;
  for (const element of array) {
    if (element === null) {
      unknown = true;
      continue;
    }
    const result = equal(element, value);
    if (result === true) return true;
    if (result === null) unknown = true;
  }
  return unknown ? null : false;
}

function position(array: readonly unknown[], value: unknown, type: Type, instance: number): number {
  const equal = equalityOf(type);
  if (instance > 0) {
    let found = 0;
    for (let i = 0; i < array.length; i++) {
      if (array[i] !== null && equal(array[i], value) === true && ++found === instance) return i + 1;
    }
  } else {
    let found = 0;
    for (let i = array.length - 1; i >= 0; i--) {
      if (array[i] !== null && equal(array[i], value) === true && ++found === -instance) return i + 1;
    }
  }
  return 0;
}

/** Sorts ascending by the type's order, NULLs last (stable). */
export function sortArray(array: readonly unknown[], type: Type): unknown[] {
  const compare = comparatorOf(type);
  return [...array].sort((a, b) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : compare(a, b)));
}

function extreme(array: readonly unknown[], type: Type, larger: boolean): unknown {
  if (array.length === 0) return null;
  const compare = comparatorOf(type);
  let best = array[0];
  for (const v of array) {
    if (v === null) return null;
    const c = compare(v, best);
    if (larger ? c > 0 : c < 0) best = v;
  }
  return best;
}

function elementAt(array: readonly unknown[], index: BigintValue): unknown {
  const i = Number(index);
  if (i === 0) throw invalidArgument('SQL array indices start at 1');
  if (Math.abs(i) > array.length) return null;
  return i > 0 ? array[i - 1] : array[array.length + i];
}

function slice(array: readonly unknown[], start: BigintValue, length: BigintValue): unknown[] {
  const from = Number(start);
  const count = Number(length);
  if (from === 0) throw invalidArgument('SQL array indices start at 1');
  if (count < 0) throw invalidArgument('length must be greater than or equal to 0');
  const begin = from > 0 ? from - 1 : array.length + from;
  if (begin < 0 || begin >= array.length) return [];
  return array.slice(begin, Math.min(array.length, begin + count));
}

function arrayJoin(
  array: readonly unknown[],
  delimiter: string,
  nullReplacement: string | undefined,
  ctx: CallContext,
) {
  const type = elementType(ctx);
  const toText = type.kind === 'varchar' ? undefined : castImplementation(type, VARCHAR);
  const parts: string[] = [];
  for (const v of array) {
    if (v === null) {
      if (nullReplacement !== undefined) parts.push(nullReplacement);
    } else {
      parts.push(toText === undefined ? (v as string) : (toText(v, ctx) as string));
    }
  }
  let length = parts.length > 0 ? delimiter.length * (parts.length - 1) : 0;
  for (const part of parts) length += part.length;
  checkResultLength(length, 'array_join');
  return parts.join(delimiter);
}

export function registerArrayFunctions(table: ImplementationTable): void {
  table.add('array_distinct(array(E)):array(E)', (a: unknown[], ctx: CallContext) => distinct(a, elementType(ctx)));
  table.add('array_intersect(array(E),array(E)):array(E)', (a: unknown[], b: unknown[], ctx: CallContext) => {
    const type = elementType(ctx);
    const key = keyOf(type);
    const right = keySet(b, type);
    return distinct(a, type).filter((v) => right.has(v === null ? NULL_KEY : key(v)));
  });
  table.add('array_union(array(E),array(E)):array(E)', (a: unknown[], b: unknown[], ctx: CallContext) =>
    distinct([...a, ...b], elementType(ctx)),
  );
  table.add('array_except(array(E),array(E)):array(E)', (a: unknown[], b: unknown[], ctx: CallContext) => {
    const type = elementType(ctx);
    const key = keyOf(type);
    const right = keySet(b, type);
    return distinct(a, type).filter((v) => !right.has(v === null ? NULL_KEY : key(v)));
  });
  table.add('arrays_overlap(array(E),array(E)):boolean', (a: unknown[], b: unknown[], ctx: CallContext) => {
    const type = elementType(ctx);
    const key = keyOf(type);
    const right = keySet(b, type);
    let sawNull = right.has(NULL_KEY);
    for (const v of a) {
      if (v === null) sawNull = true;
      else if (right.has(key(v))) return true;
    }
    return sawNull ? null : false;
  });
  table.add('contains(array(T),T):boolean', (a: unknown[], v: unknown, ctx: CallContext) =>
    arrayContains(a, v, elementType(ctx)),
  );
  table.add('array_position(array(T),T):bigint', (a: unknown[], v: unknown, ctx: CallContext) =>
    position(a, v, elementType(ctx), 1),
  );
  table.add(
    'array_position(array(T),T,bigint):bigint',
    (a: unknown[], v: unknown, n: BigintValue, ctx: CallContext) => {
      if (Number(n) === 0) throw invalidArgument('array_position cannot take a 0-valued instance argument.');
      return position(a, v, elementType(ctx), Number(n));
    },
  );
  table.add('array_remove(array(E),E):array(E)', (a: unknown[], v: unknown, ctx: CallContext) => {
    const equal = equalityOf(elementType(ctx));
    return a.filter((e) => e === null || equal(e, v) !== true);
  });
  table.add('array_max(array(T)):T', (a: unknown[], ctx: CallContext) => extreme(a, elementType(ctx), true));
  table.add('array_first(array(E)):E', (a: unknown[]) => (a.length === 0 ? null : a[0]));
  table.add('array_last(array(E)):E', (a: unknown[]) => (a.length === 0 ? null : a[a.length - 1]));
  table.add('contains_sequence(array(T),array(T)):boolean', (a: unknown[], sequence: unknown[], ctx: CallContext) => {
    // Elements compare as IS NOT DISTINCT FROM: a NULL in the sequence matches a NULL in the array.
    const equal = equalityOf(elementType(ctx));
    const same = (x: unknown, y: unknown) => (x === null || y === null ? x === y : equal(x, y) === true);
    for (let start = 0; start + sequence.length <= a.length; start++) {
      let k = 0;
      while (k < sequence.length && same(a[start + k], sequence[k])) k++;
      if (k === sequence.length) return true;
    }
    return false;
  });
  table.add('array_min(array(T)):T', (a: unknown[], ctx: CallContext) => extreme(a, elementType(ctx), false));
  table.add('array_histogram(array(T)):map(T,bigint)', (a: unknown[], ctx: CallContext) => {
    const key = keyOf(elementType(ctx));
    const counts = new Map<unknown, [unknown, number]>();
    for (const v of a) {
      if (v === null) continue;
      const k = key(v);
      const entry = counts.get(k);
      if (entry === undefined) counts.set(k, [v, 1]);
      else entry[1]++;
    }
    return new Map([...counts.values()]);
  });
  table.add('cardinality(array(E)):bigint', (a: unknown[]) => a.length);
  table.add('element_at(array(E),bigint):E', elementAt, { nullHandling: 'RETURNS_NULL_ON_NULL' });

  table.add('array_sort(array(E)):array(E)', (a: unknown[], ctx: CallContext) => sortArray(a, elementType(ctx)));
  table.add('reverse(array(E)):array(E)', (a: unknown[]) => [...a].reverse());
  table.add('shuffle(array(E)):array(E)', (a: unknown[]) => {
    const out = [...a];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  });
  table.add('slice(array(E),bigint,bigint):array(E)', slice);
  table.add('trim_array(array(E),bigint):array(E)', (a: unknown[], size: BigintValue) => {
    const n = Number(size);
    if (n < 0) throw invalidArgument(`size must not be negative: ${size}`);
    if (n > a.length) throw invalidArgument(`size must not exceed array cardinality ${a.length}: ${size}`);
    return a.slice(0, a.length - n);
  });
  table.add('array_join(array(T),varchar):varchar', (a: unknown[], d: string, ctx: CallContext) =>
    arrayJoin(a, d, undefined, ctx),
  );
  table.add('array_join(array(T),varchar,varchar):varchar', (a: unknown[], d: string, r: string, ctx: CallContext) =>
    arrayJoin(a, d, r, ctx),
  );
}
