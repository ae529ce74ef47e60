/**
 * The numeric functions over integers and floating point: abs (range-checked), ceiling, floor,
 * round (HALF_UP, Java's Math.round for doubles), truncate, sign, mod, powers and logarithms,
 * trigonometry, classification, constants, random numbers, base conversion, greatest/least,
 * width_bucket, the statistical distributions, the Wilson interval and cosine_similarity.
 */
import type { Type } from '../../../types/type.js';
import { type BigintValue, compareBigint, normalizeBigint } from '../bigint-values.js';
import { invalidArgument, outOfRange } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { INTEGRAL_RANGES, modulusBigint, smallIntegerArithmetic } from '../integer-arithmetic.js';
import { comparatorOf } from '../value-comparison.js';
import { registerBitwiseFunctions } from './bitwise.js';
import { registerDecimalMath } from './decimal-math.js';
import { erf, erfInverse, inverseRegularizedBeta, regularizedBeta } from './statistics.js';

const SMALL = ['tinyint', 'smallint', 'integer'] as const;
const MIN_BIGINT = -(2n ** 63n);

/** Java's Math.round for non-negative doubles (JS's is the same there); beyond 2^52 a double is already integral. */
function javaRound(x: number): number {
  return x >= 2 ** 52 ? x : Math.round(x) + 0;
}

/** Trino's round(double, n): HALF_UP on the scaled value, symmetric for negatives. */
export function roundDouble(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  if (value < 0) return -(javaRound(-value * factor) / factor);
  return javaRound(value * factor) / factor;
}

/** round(integer, n) for n < 0: HALF_UP to a multiple of 10^-n. */
function roundIntegral(value: BigintValue, digits: number): bigint {
  const v = BigInt(value);
  if (digits >= 0) return v;
  if (-digits >= 19) throw outOfRange(`numerical overflow: ${value}`);
  const factor = 10n ** BigInt(-digits);
  const half = factor / 2n;
  const magnitude = v < 0n ? -v : v;
  const rounded = ((magnitude + half) / factor) * factor;
  const result = v < 0n ? -rounded : rounded;
  if (result > 2n ** 63n - 1n || result < MIN_BIGINT) throw outOfRange(`numerical overflow: ${value}`);
  return result;
}

function truncateDouble(x: number): number {
  return Math.sign(x) * Math.floor(Math.abs(x));
}

function greatestOrLeast(name: string, pickLarger: boolean) {
  return (...args: unknown[]) => {
    const ctx = args[args.length - 1] as CallContext;
    const type: Type = ctx.argumentTypes[0];
    const compare = comparatorOf(type);
    const floating = type.kind === 'double' || type.kind === 'real';
    let best = args[0];
    for (let i = 0; i < args.length - 1; i++) {
      const value = args[i];
      if (floating && Number.isNaN(value)) throw invalidArgument(`Invalid argument to ${name}(): NaN`);
      const c = compare(value, best);
      if (pickLarger ? c > 0 : c < 0) best = value;
    }
    return best;
  };
}

function widthBucket(operand: number, bound1: number, bound2: number, buckets: BigintValue): BigintValue {
  const count = Number(buckets);
  if (count <= 0) throw invalidArgument('bucketCount must be greater than 0');
  if (Number.isNaN(operand)) throw invalidArgument('operand must not be NaN');
  if (!Number.isFinite(bound1)) throw invalidArgument('first bound must be finite');
  if (!Number.isFinite(bound2)) throw invalidArgument('second bound must be finite');
  if (bound1 === bound2) throw invalidArgument('bounds cannot equal each other');
  const lower = Math.min(bound1, bound2);
  const upper = Math.max(bound1, bound2);
  let result: number;
  if (operand < lower) result = 0;
  else if (operand >= upper) result = count + 1;
  else result = Math.trunc((count * (operand - lower)) / (upper - lower) + 1);
  if (bound1 > bound2) result = count - result + 1;
  return result;
}

function widthBucketBins(operand: number, bins: (number | null)[]): number {
  if (bins.length === 0) throw invalidArgument('Bins cannot be an empty array');
  if (Number.isNaN(operand)) throw invalidArgument('Operand cannot be NaN');
  let lower = 0;
  let upper = bins.length;
  while (lower < upper) {
    if ((bins[lower] as number) > (bins[upper - 1] as number)) {
      throw invalidArgument('Bin values are not sorted in ascending order');
    }
    const index = Math.floor((lower + upper) / 2);
    const bin = bins[index] as number;
    if (!Number.isFinite(bin)) throw invalidArgument(`Bin value must be finite, got ${bin}`);
    if (operand < bin) upper = index;
    else lower = index + 1;
  }
  return lower;
}

function checkRadix(radix: BigintValue): number {
  const r = Number(radix);
  if (r < 2 || r > 36) throw invalidArgument('Radix must be between 2 and 36');
  return r;
}

function fromBase(text: string, radix: BigintValue): BigintValue {
  const r = checkRadix(radix);
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, r);
  const fail = () => invalidArgument(`Not a valid base-${r} number: ${text}`);
  const negative = text.startsWith('-');
  const body = text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text;
  if (body.length === 0) throw fail();
  let value = 0n;
  const big = BigInt(r);
  for (const ch of body.toLowerCase()) {
    const d = digits.indexOf(ch);
    if (d < 0) throw fail();
    value = value * big + BigInt(d);
  }
  const signed = negative ? -value : value;
  if (signed < MIN_BIGINT || signed > 2n ** 63n - 1n) throw fail();
  return normalizeBigint(signed);
}

function wilson(successes: BigintValue, trials: BigintValue, z: number, upper: boolean): number {
  const s = Number(successes);
  const n = Number(trials);
  if (s < 0) throw invalidArgument('number of successes must not be negative');
  if (n <= 0) throw invalidArgument('number of trials must be positive');
  if (s > n) throw invalidArgument('number of successes must not be larger than number of trials');
  if (z < 0) throw invalidArgument('z-score must not be negative');
  const p = s / n;
  const z2 = z * z;
  const center = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (upper ? center + spread : center - spread) / (1 + z2 / n);
}

function cosineSimilarity(a: Map<string, number | null>, b: Map<string, number | null>): number | null {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [key, x] of a) {
    if (x === null) return null;
    normA += x * x;
    const y = b.get(key);
    if (y !== undefined && y !== null) dot += x * y;
  }
  for (const y of b.values()) {
    if (y === null) return null;
    normB += y * y;
  }
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

/** Trino's dense form: vectors of one length; NULL when either holds a NULL. */
function denseCosineSimilarity(a: readonly (number | null)[], b: readonly (number | null)[]): number | null {
  if (a.length !== b.length) throw invalidArgument('The arguments must have the same length');
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || x === undefined || y === null || y === undefined) return null;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

function oneMinus(value: number | null): number | null {
  return value === null ? null : 1 - value;
}

function randomBelow(bound: number): number {
  return Math.floor(Math.random() * bound);
}

export function registerMathFunctions(table: ImplementationTable): void {
  registerDecimalMath(table);
  registerBitwiseFunctions(table);

  for (const type of SMALL) {
    const [min, max] = INTEGRAL_RANGES[type];
    const ops = smallIntegerArithmetic(type);
    const abs = (v: number) => {
      if (v === min) throw outOfRange(`Value ${min} is out of range for abs(${type})`);
      return Math.abs(v);
    };
    table.add(`abs(${type}):${type}`, abs, {
      inline: ([v], ctx) => `(${v} === ${min} ? ${ctx.reference(abs)}(${v}) : Math.abs(${v}))`,
    });
    for (const name of ['ceiling', 'floor', 'round']) table.add(`${name}(${type}):${type}`, (v: number) => v);
    table.add(`round(${type},integer):${type}`, (v: number, digits: number) => {
      const rounded = roundIntegral(v, digits);
      if (rounded < BigInt(min) || rounded > BigInt(max)) throw outOfRange(`Out of range for ${type}: ${rounded}`);
      return Number(rounded);
    });
    table.add(`sign(${type}):${type}`, (v: number) => Math.sign(v) + 0);
    table.add(`mod(${type},${type}):${type}`, ops.modulus);
    table.add(`random(${type}):${type}`, (bound: number) => {
      if (bound <= 0) throw invalidArgument('bound must be positive');
      return randomBelow(bound);
    });
    table.add(`random(${type},${type}):${type}`, (start: number, stop: number) => {
      if (start >= stop) throw invalidArgument('start value must be less than stop value');
      return start + randomBelow(stop - start);
    });
  }

  table.add('abs(bigint):bigint', (v: BigintValue) => (typeof v === 'number' ? Math.abs(v) : absBigint(v)), {
    inline: ([v], ctx) => `(typeof ${v} === 'number' ? Math.abs(${v}) : ${ctx.reference(absBigint)}(${v}))`,
  });
  for (const name of ['ceiling', 'floor', 'round']) table.add(`${name}(bigint):bigint`, (v: BigintValue) => v);
  table.add('round(bigint,integer):bigint', (v: BigintValue, digits: number) =>
    normalizeBigint(roundIntegral(v, digits)),
  );
  table.add('sign(bigint):bigint', (v: BigintValue) => compareBigint(v, 0));
  table.add('mod(bigint,bigint):bigint', modulusBigint);
  table.add('random(bigint):bigint', (bound: BigintValue) => {
    if (compareBigint(bound, 0) <= 0) throw invalidArgument('bound must be positive');
    return randomBelow(Number(bound));
  });
  table.add('random(bigint,bigint):bigint', (start: BigintValue, stop: BigintValue) => {
    if (compareBigint(start, stop) >= 0) throw invalidArgument('start value must be less than stop value');
    return normalizeBigint(BigInt(start) + BigInt(randomBelow(Number(stop) - Number(start))));
  });

  for (const type of ['double', 'real'] as const) {
    const r = type === 'real' ? Math.fround : (x: number) => x;
    table.add(`abs(${type}):${type}`, Math.abs, { inline: ([v]) => `Math.abs(${v})` });
    table.add(`ceiling(${type}):${type}`, Math.ceil);
    table.add(`floor(${type}):${type}`, Math.floor);
    table.add(`round(${type}):${type}`, (v: number) => r(roundDouble(v, 0)));
    table.add(`round(${type},integer):${type}`, (v: number, digits: number) => r(roundDouble(v, digits)));
    table.add(`truncate(${type}):${type}`, (v: number) => r(truncateDouble(v)));
    table.add(`sign(${type}):${type}`, Math.sign);
    table.add(`mod(${type},${type}):${type}`, (a: number, b: number) => r(a % b));
  }

  table.add('power(double,double):double', Math.pow);
  table.add('log(double,double):double', (base: number, x: number) => Math.log(x) / Math.log(base));
  const unary: Record<string, (x: number) => number> = {
    cbrt: Math.cbrt,
    sqrt: Math.sqrt,
    exp: Math.exp,
    ln: Math.log,
    log2: (x) => Math.log(x) / Math.LN2,
    log10: Math.log10,
    degrees: (x) => (x * 180) / Math.PI,
    radians: (x) => (x / 180) * Math.PI,
    sin: Math.sin,
    cos: Math.cos,
    tan: Math.tan,
    asin: Math.asin,
    acos: Math.acos,
    atan: Math.atan,
    sinh: Math.sinh,
    cosh: Math.cosh,
    tanh: Math.tanh,
  };
  for (const [name, fn] of Object.entries(unary)) table.add(`${name}(double):double`, fn);
  table.add('atan2(double,double):double', Math.atan2);
  table.add('e():double', () => Math.E);
  table.add('pi():double', () => Math.PI);
  table.add('infinity():double', () => Number.POSITIVE_INFINITY);
  table.add('nan():double', () => Number.NaN);
  table.add('is_finite(double):boolean', Number.isFinite);
  table.add(
    'is_infinite(double):boolean',
    (x: number) => x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY,
  );
  table.add('is_nan(double):boolean', Number.isNaN);
  table.add('random():double', () => Math.random());

  table.add('greatest(E...):E', greatestOrLeast('greatest', true));
  table.add('least(E...):E', greatestOrLeast('least', false));
  table.add('width_bucket(double,double,double,bigint):bigint', widthBucket);
  table.add('width_bucket(double,array(double)):bigint', widthBucketBins);

  table.add('from_base(varchar(x),bigint):bigint', fromBase);
  table.add('to_base(bigint,bigint):varchar(64)', (value: BigintValue, radix: BigintValue) =>
    BigInt(value).toString(checkRadix(radix)),
  );
  table.add('normal_cdf(double,double,double):double', (mean: number, sd: number, value: number) => {
    if (!(sd > 0)) throw invalidArgument('standardDeviation must be > 0');
    return 0.5 * (1 + erf((value - mean) / (sd * Math.SQRT2)));
  });
  table.add('inverse_normal_cdf(double,double,double):double', (mean: number, sd: number, p: number) => {
    if (!(p > 0 && p < 1)) throw invalidArgument('p must be 0 > p > 1');
    if (!(sd > 0)) throw invalidArgument('sd must be > 0');
    return mean + sd * Math.SQRT2 * erfInverse(2 * p - 1);
  });
  table.add('beta_cdf(double,double,double):double', (a: number, b: number, value: number) => {
    if (!(value >= 0 && value <= 1)) throw invalidArgument('value must be 0 >= v >= 1');
    if (!(a > 0 && b > 0)) throw invalidArgument('a, b must be > 0');
    return regularizedBeta(value, a, b);
  });
  table.add('inverse_beta_cdf(double,double,double):double', (a: number, b: number, p: number) => {
    if (!(p >= 0 && p <= 1)) throw invalidArgument('p must be 0 >= p >= 1');
    if (!(a > 0 && b > 0)) throw invalidArgument('a, b must be > 0');
    return inverseRegularizedBeta(p, a, b);
  });
  table.add('wilson_interval_lower(bigint,bigint,double):double', (s: BigintValue, n: BigintValue, z: number) =>
    wilson(s, n, z, false),
  );
  table.add('wilson_interval_upper(bigint,bigint,double):double', (s: BigintValue, n: BigintValue, z: number) =>
    wilson(s, n, z, true),
  );
  table.add('cosine_similarity(map(varchar,double),map(varchar,double)):double', cosineSimilarity);
  table.add('cosine_similarity(array(double),array(double)):double', denseCosineSimilarity);
  table.add('cosine_distance(map(varchar,double),map(varchar,double)):double', (a, b) =>
    oneMinus(cosineSimilarity(a as Map<string, number | null>, b as Map<string, number | null>)),
  );
  table.add('cosine_distance(array(double),array(double)):double', (a, b) =>
    oneMinus(denseCosineSimilarity(a as (number | null)[], b as (number | null)[])),
  );
}

function absBigint(v: bigint): BigintValue {
  if (v === MIN_BIGINT) throw outOfRange('Value -9223372036854775808 is out of range for abs(bigint)');
  return normalizeBigint(v < 0n ? -v : v);
}
