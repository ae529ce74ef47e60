/**
 * Neumaier's compensated summation (Kahan's, robust to an addend larger than the sum), per group:
 * `sums[g]` is the running sum and `compensations[g]` the low-order part its additions lost, so
 * `sums[g] + compensations[g]` is the sum of the addends to within about one rounding, whatever
 * their order. sum and avg over floating point carry both in their partial states: the result does
 * not depend on how rows were split into pages, splits and tasks (plain addition does, in the last
 * digits: two tasks' sums of the same rows then compare unequal).
 */

/** Adds `value` to group `g`'s compensated sum. */
export function addCompensated(sums: Float64Array, compensations: Float64Array, g: number, value: number): void {
  const sum = sums[g] as number;
  const next = sum + value;
  // The low-order bits the addition dropped, from whichever operand was larger.
  compensations[g] += Math.abs(sum) >= Math.abs(value) ? sum - next + value : value - next + sum;
  sums[g] = next;
}

/** The compensated sum of group `g` (an infinite or NaN sum as it is: its compensation is NaN). */
export function compensatedTotal(sums: Float64Array, compensations: Float64Array, g: number): number {
  const sum = sums[g] as number;
  return Number.isFinite(sum) ? sum + (compensations[g] as number) : sum;
}
