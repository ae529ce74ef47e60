/**
 * Small typed-array builders used by the table generators. Plain loops on purpose: the `from`/`map`
 * methods of typed arrays go through the iteration protocol and are many times slower.
 */

/** first, first + 1, ... as float64 (keys). */
export function keySequence(first: number, count: number): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = first + i;
  return values;
}

export function float64Of(count: number, valueAt: (index: number) => number): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = valueAt(i);
  return values;
}

export function int32Of(count: number, valueAt: (index: number) => number): Int32Array {
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) values[i] = valueAt(i);
  return values;
}

/** values[i] / divisor: exact cents → the double nearest to the decimal amount. */
export function dividedBy(values: Int32Array | Float64Array, divisor: number): Float64Array {
  const result = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) result[i] = values[i] / divisor;
  return result;
}
