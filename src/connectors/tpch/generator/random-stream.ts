/**
 * dbgen's random number generator: a Park–Miller "minimal standard" LCG (x' = 16807·x mod 2^31−1),
 * one independent stream per generated column, each with its own initial seed. Every stream
 * consumes a fixed number of values per row (its "boundary"; unused values are skipped at the end
 * of the row), so the seed at the start of row r is seed₀·16807^(boundary·r) mod (2^31−1). That is
 * what makes random access possible: `advanceSeed` jumps there in O(log n) multiplications.
 *
 * All arithmetic is exact in doubles: products are split so that no intermediate exceeds 2^53, and
 * `%` (a slow fmod on doubles) is avoided in favour of the 2^31 ≡ 1 (mod 2^31−1) folding trick.
 */

export const RANDOM_MODULUS = 2147483647;
export const RANDOM_MULTIPLIER = 16807;

/** Reduces a non-negative integer below 2^53 modulo 2^31−1. */
export function reduceModulus(product: number): number {
  // product = high·2^31 + low ≡ high + low; high·(2^31−1) stays below 2^53, so this is exact.
  const folded = product - Math.floor(product / 2147483648) * 2147483647;
  return folded >= 2147483647 ? folded - 2147483647 : folded;
}

/**
 * The next value of a stream (dbgen's NextRand). Seeds are in [1, 2^31−2]. The constants are
 * literals: module-level constants cost a load and a hole check per use in hot loops.
 */
export function nextSeed(seed: number): number {
  // seed·16807 < 2^46: one fold and one conditional subtraction suffice.
  const product = seed * 16807;
  const folded = product - Math.floor(product / 2147483648) * 2147483647;
  return folded >= 2147483647 ? folded - 2147483647 : folded;
}

/** (a·b) mod (2^31−1) for a, b in [0, 2^31−1), exactly, by splitting b into 15 + 16 bits. */
export function multiplyModulus(a: number, b: number): number {
  const bHigh = Math.floor(b / 65536);
  const bLow = b - bHigh * 65536;
  const highPart = reduceModulus(reduceModulus(a * bHigh) * 65536);
  const sum = highPart + reduceModulus(a * bLow);
  return sum >= 2147483647 ? sum - 2147483647 : sum;
}

/** 16807^count mod (2^31−1): the multiplier that advances a stream by `count` values. */
export function skipMultiplier(count: number): number {
  let result = 1;
  let power = RANDOM_MULTIPLIER;
  let remaining = count;
  while (remaining > 0) {
    if (remaining % 2 === 1) result = multiplyModulus(result, power);
    remaining = Math.floor(remaining / 2);
    if (remaining > 0) power = multiplyModulus(power, power);
  }
  return result;
}

/** The seed after `count` more values have been drawn from a stream (dbgen's NthElement). */
export function advanceSeed(seed: number, count: number): number {
  return count === 0 ? seed : multiplyModulus(seed, skipMultiplier(count));
}

/**
 * Maps a freshly drawn seed to an integer in [low, high] as dbgen's UnifInt does: the fraction
 * seed/(2^31−1) scaled by the range size, truncated. The operation order matters for exactness.
 */
export function boundedValue(seed: number, low: number, high: number): number {
  return low + Math.trunc((seed / 2147483647) * (high - low + 1));
}

/** Ranges up to this size may use `drawScale` + `scaledDraw` instead of `boundedValue`. */
export const MAX_SCALED_RANGE = 1 << 20;

/**
 * The factor for `scaledDraw` over [low, high], a range of at most MAX_SCALED_RANGE values.
 *
 * Multiplying by a precomputed range/(2^31−1) instead of dividing gives the same integer as dbgen:
 * the exact quotient seed·range/(2^31−1) is never an integer and lies at least 1/(2^31−1) from the
 * nearest one (numerator and modulus are integers and the modulus is prime), while either way of
 * computing it in doubles is off by at most range·2^−52 < 1/(2^31−1) for ranges below 2^21. Both
 * therefore truncate to the same integer, and a multiplication is several times cheaper.
 */
export function drawScale(low: number, high: number): number {
  return (high - low + 1) / 2147483647;
}

/** low + ⌊seed · scale⌋ with scale = drawScale(low, high): equal to boundedValue(seed, low, high). */
export function scaledDraw(seed: number, low: number, scale: number): number {
  return low + Math.trunc(seed * scale);
}

/**
 * dbgen's UnifInt(0, 2^31−1): the range size overflows a 32-bit int to −2^31, so the result is a
 * non-positive number. a_rnd relies on this (it extracts 6-bit groups from it), so it is kept.
 */
export function fullRangeValue(seed: number): number {
  return Math.trunc((seed / 2147483647) * -2147483648);
}
