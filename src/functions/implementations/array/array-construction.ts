/**
 * Functions that build arrays: concat (of arrays, or an array and an element), flatten, repeat,
 * ngrams, combinations, sequence over integers, dates and timestamps (at most 10,000 entries, as
 * Trino allows), and zip, with Trino's argument errors.
 */
import type { TemporalType } from '../../../types/type.js';
import type { BigintValue } from '../bigint-values.js';
import { addMonthsToDays, MILLIS_PER_DAY } from '../datetime/calendar.js';
import { makeTimestamp, timestampParts } from '../datetime/temporal-values.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { checkResultEntries } from '../value-limits.js';

const MAX_SEQUENCE_LENGTH = 10_000;
const MAX_REPEAT = 10_000;
const MAX_COMBINATION_SIZE = 5;
const MAX_COMBINATION_ELEMENTS = 100_000;

/** Concatenation of arrays: the entry count is checked before the result is built. */
function concatArrays(args: readonly unknown[]): unknown[] {
  const arrays = args.slice(0, -1) as unknown[][];
  let entries = 0;
  for (const a of arrays) entries += a.length;
  checkResultEntries(entries, 'concat');
  return arrays.flat(1);
}

function checkSequence(start: number, stop: number, step: number): void {
  if (step === 0) throw invalidArgument('step must not be zero');
  if ((step > 0 && stop < start) || (step < 0 && stop > start)) {
    throw invalidArgument(
      'sequence stop value should be greater than or equal to start value if step is greater than zero otherwise stop should be less than or equal to start',
    );
  }
  if (Math.floor((stop - start) / step) + 1 > MAX_SEQUENCE_LENGTH) {
    throw invalidArgument(`result of sequence function must not have more than ${MAX_SEQUENCE_LENGTH} entries`);
  }
}

function numberSequence(start: number, stop: number, step: number): number[] {
  checkSequence(start, stop, step);
  const out: number[] = [];
  for (let v = start; step > 0 ? v <= stop : v >= stop; v += step) out.push(v);
  return out;
}

/** Sequence by whole months from a day number, with the day clamped per month (from the start date). */
function monthSequence(
  startDays: number,
  stopDays: number,
  months: number,
  toValue: (days: number) => unknown,
): unknown[] {
  if (months === 0) throw invalidArgument('step must not be zero');
  if ((months > 0 && stopDays < startDays) || (months < 0 && stopDays > startDays)) {
    checkSequence(startDays, stopDays, months);
  }
  const out: unknown[] = [];
  for (let i = 0; ; i++) {
    const days = addMonthsToDays(startDays, i * months);
    if (months > 0 ? days > stopDays : days < stopDays) break;
    if (out.length >= MAX_SEQUENCE_LENGTH) {
      throw invalidArgument(`result of sequence function must not have more than ${MAX_SEQUENCE_LENGTH} entries`);
    }
    out.push(toValue(days));
  }
  return out;
}

/** n choose k, exact while it stays below 2^53 (k ≤ 5 keeps it there for any array an engine can hold). */
function combinationCount(n: number, k: number): number {
  let count = 1;
  for (let i = 1; i <= k; i++) count = (count * (n - k + i)) / i;
  return count;
}

function combinations(array: readonly unknown[], size: number): unknown[][] {
  if (size < 0) throw invalidArgument(`combination size must not be negative: ${size}`);
  if (size > MAX_COMBINATION_SIZE)
    throw invalidArgument(`combination size must not exceed ${MAX_COMBINATION_SIZE}: ${size}`);
  const result: unknown[][] = [];
  if (size > array.length) return result;
  // Trino's bound: at most 100,000 elements over all the combinations, checked before building.
  if (combinationCount(array.length, size) * size > MAX_COMBINATION_ELEMENTS) {
    throw invalidArgument('combinations exceed max size');
  }
  const indexes = Array.from({ length: size }, (_, i) => i);
  for (;;) {
    result.push(indexes.map((i) => array[i]));
    let k = size - 1;
    while (k >= 0 && indexes[k] === array.length - size + k) k--;
    if (k < 0) return result;
    indexes[k]++;
    for (let j = k + 1; j < size; j++) indexes[j] = indexes[j - 1] + 1;
  }
}

function zip(...args: unknown[]): unknown[][] {
  const arrays = args.slice(0, -1) as unknown[][];
  const length = Math.max(...arrays.map((a) => a.length));
  const rows: unknown[][] = [];
  for (let i = 0; i < length; i++) rows.push(arrays.map((a) => (i < a.length ? a[i] : null)));
  return rows;
}

export function registerArrayConstruction(table: ImplementationTable): void {
  table.add('concat(array(E)...):array(E)', (...args: unknown[]) => concatArrays(args));
  table.add(
    'concat(array(E),E):array(E)',
    (a: unknown[] | null, e: unknown) => {
      if (a === null) return null;
      checkResultEntries(a.length + 1, 'concat');
      return [...a, e];
    },
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add(
    'concat(E,array(E)):array(E)',
    (e: unknown, a: unknown[] | null) => {
      if (a === null) return null;
      checkResultEntries(a.length + 1, 'concat');
      return [e, ...a];
    },
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add('flatten(array(array(E))):array(E)', (a: (unknown[] | null)[]) => {
    let entries = 0;
    for (const inner of a) entries += inner?.length ?? 0;
    checkResultEntries(entries, 'flatten');
    return a.flatMap((inner) => inner ?? []);
  });
  table.add(
    'repeat(T,integer):array(T)',
    (element: unknown, count: number | null) => {
      if (count === null) return null;
      if (count < 0) throw invalidArgument('count argument of repeat function must be greater than or equal to 0');
      if (count > MAX_REPEAT) {
        throw invalidArgument(`count argument of repeat function must be less than or equal to ${MAX_REPEAT}`);
      }
      return new Array(count).fill(element);
    },
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add('ngrams(array(T),integer):array(array(T))', (a: unknown[], n: number) => {
    if (n <= 0) throw invalidArgument(`N must be positive: ${n}`);
    if (n >= a.length) return [a];
    // Every gram is a new array of n entries: (length - n + 1) * n entries in all.
    checkResultEntries((a.length - n + 1) * n, 'ngrams');
    const grams: unknown[][] = [];
    for (let i = 0; i + n <= a.length; i++) grams.push(a.slice(i, i + n));
    return grams;
  });
  table.add('combinations(array(T),integer):array(array(T))', combinations);

  table.add('sequence(bigint,bigint):array(bigint)', (start: BigintValue, stop: BigintValue) =>
    numberSequence(Number(start), Number(stop), Number(stop) >= Number(start) ? 1 : -1),
  );
  table.add(
    'sequence(bigint,bigint,bigint):array(bigint)',
    (start: BigintValue, stop: BigintValue, step: BigintValue) =>
      numberSequence(Number(start), Number(stop), Number(step)),
  );
  table.add('sequence(date,date):array(date)', (start: number, stop: number) =>
    numberSequence(start, stop, stop >= start ? 1 : -1),
  );
  table.add('sequence(date,date,interval day to second):array(date)', (start: number, stop: number, step: number) => {
    if (step % MILLIS_PER_DAY !== 0) {
      throw invalidArgument('sequence step must be a day interval if start and end values are dates');
    }
    return numberSequence(start, stop, step / MILLIS_PER_DAY);
  });
  table.add('sequence(date,date,interval year to month):array(date)', (start: number, stop: number, months: number) =>
    monthSequence(start, stop, months, (days) => days),
  );
  table.add(
    'sequence(timestamp(p),timestamp(p),interval day to second):array(timestamp(p))',
    (start: unknown, stop: unknown, step: number, ctx: CallContext) => {
      const precision = (ctx.argumentTypes[0] as TemporalType).precision;
      const a = timestampParts(start, precision);
      const b = timestampParts(stop, precision);
      return numberSequence(a.millis, b.millis, step).map((millis) => makeTimestamp(millis, a.picos, precision));
    },
  );
  table.add(
    'sequence(timestamp(p),timestamp(p),interval year to month):array(timestamp(p))',
    (start: unknown, stop: unknown, months: number, ctx: CallContext) => {
      const precision = (ctx.argumentTypes[0] as TemporalType).precision;
      const a = timestampParts(start, precision);
      const b = timestampParts(stop, precision);
      const startDays = Math.floor(a.millis / MILLIS_PER_DAY);
      const timeOfDay = a.millis - startDays * MILLIS_PER_DAY;
      const values = monthSequence(startDays, Math.floor(b.millis / MILLIS_PER_DAY), months, (days) => days);
      return (values as number[])
        .map((days) => days * MILLIS_PER_DAY + timeOfDay)
        .filter((millis) => (months > 0 ? millis <= b.millis : millis >= b.millis))
        .map((millis) => makeTimestamp(millis, a.picos, precision));
    },
  );

  for (const arity of [2, 3, 4, 5]) {
    const names = Array.from({ length: arity }, (_, i) => `T${i + 1}`);
    table.add(`zip(${names.map((n) => `array(${n})`).join(',')}):array(row(${names.join(',')}))`, zip);
  }
}
