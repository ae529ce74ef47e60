/**
 * Small typed-array builders used by the table generators. Plain loops on purpose: the `from`/`map`
 * methods of typed arrays go through the iteration protocol and are many times slower.
 *
 * Every loop over a batch's rows lives in a function declared at module level, never in a closure
 * created per batch (or a callback passed to a shared loop): V8 keeps a closure's optimized code
 * only while a closure of that site lives, and a batch's closures die with the batch, so after each
 * full collection the next batches ran their loops unoptimized until TurboFan compiled them again —
 * every query, in every worker process (docs/performance.md, session 29). A module-level function
 * keeps its optimized code. For the same reason each table's column builders are made once, at
 * module level, and read the batch they build from as an argument (`ColumnBuilders`).
 */
import { pickUniform } from './distributions.js';
import { nextSeed } from './random-stream.js';

/** first, first + 1, ... as float64 (keys). */
export function keySequence(first: number, count: number): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = first + i;
  return values;
}

/** first, first + 1, ... as int32 (dictionary ids of the fixed tables). */
export function idSequence(first: number, count: number): Int32Array {
  const ids = new Int32Array(count);
  for (let i = 0; i < count; i++) ids[i] = first + i;
  return ids;
}

/** values[i] / divisor: exact cents → the double nearest to the decimal amount. */
export function dividedBy(values: Int32Array | Float64Array, divisor: number): Float64Array {
  const result = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) result[i] = values[i] / divisor;
  return result;
}

/** One uniform pick among `size` dictionary entries per row, from each row's start seed. */
export function uniformIds(seeds: Float64Array, size: number): Int32Array {
  const ids = new Int32Array(seeds.length);
  for (let i = 0; i < seeds.length; i++) ids[i] = pickUniform(size, nextSeed(seeds[i]));
  return ids;
}
