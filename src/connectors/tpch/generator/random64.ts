/**
 * dbgen's 64-bit generator (x' = A·x + 1 mod 2^64, with A = 6364136223846793005), which replaces
 * the 31-bit one for o_custkey and l_partkey from scale 30000 on, where key ranges outgrow it.
 * Values are signed 64-bit as in C; a draw maps to low + (|x| mod range). BigInt arithmetic is slow
 * but only these two columns at those scales ever use it.
 */

const MULTIPLIER = 6364136223846793005n;
const INCREMENT = 1n;
const MODULUS = 1n << 64n;

export function nextSeed64(seed: bigint): bigint {
  return BigInt.asIntN(64, seed * MULTIPLIER + INCREMENT);
}

/**
 * The seed after `count` steps: the affine map x → A·x + 1 composed with itself `count` times by
 * repeated squaring (dbgen's AdvanceRand64 computes the same map).
 */
export function advanceSeed64(seed: bigint, count: number): bigint {
  let multiplier = 1n; // the accumulated map is x → multiplier·x + increment
  let increment = 0n;
  let stepMultiplier = MULTIPLIER; // the map for the current power of two: x → stepMultiplier·x + stepIncrement
  let stepIncrement = INCREMENT;
  let remaining = BigInt(count);
  while (remaining > 0n) {
    if (remaining & 1n) {
      multiplier = (multiplier * stepMultiplier) % MODULUS;
      increment = (increment * stepMultiplier + stepIncrement) % MODULUS;
    }
    stepIncrement = (stepIncrement * stepMultiplier + stepIncrement) % MODULUS;
    stepMultiplier = (stepMultiplier * stepMultiplier) % MODULUS;
    remaining >>= 1n;
  }
  return BigInt.asIntN(64, multiplier * seed + increment);
}

/** dbgen's dss_random64 mapping of a drawn value to [low, high] (C's abs, so −2^63 stays negative). */
export function boundedValue64(seed: bigint, low: number, high: number): number {
  const magnitude = seed < 0n ? BigInt.asIntN(64, -seed) : seed;
  return low + Number(magnitude % BigInt(high - low + 1));
}
