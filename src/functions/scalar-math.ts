/**
 * Mathematical functions: rounding (with Trino's decimal result sizes), logarithms and powers,
 * trigonometry, floating-point classification, random numbers, base conversion, statistical
 * distributions, greatest/least.
 */
import { FLOATING_TYPES, INTEGRAL_TYPES, NUMERIC_TYPES, overloads, scalar } from './definition-helpers.js';
import type { FunctionDefinition, LongVariables } from './function-signature.js';

const MAX_PRECISION = 38;

/** Digits left of the point, plus one when a fraction may round up into them. */
const roundedToInteger = { rp: (v: LongVariables) => Math.min(MAX_PRECISION, v.p - v.s + Math.min(1, v.s)) };

function doubleFunctions(names: Readonly<Record<string, string>>): FunctionDefinition[] {
  return Object.entries(names).map(([name, description]) => scalar(`${name}(double):double`, description));
}

function constants(names: Readonly<Record<string, string>>): FunctionDefinition[] {
  return Object.entries(names).map(([name, description]) => scalar(`${name}():double`, description));
}

const ROUNDING: FunctionDefinition[] = [
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('abs($T):$T'), 'Absolute value')),
  scalar('abs(decimal(p,s)):decimal(p,s)', 'Absolute value'),
  ...overloads(NUMERIC_TYPES, (s) =>
    scalar(s('ceiling($T):$T'), 'Round up to the nearest integer', { aliases: ['ceil'] }),
  ),
  scalar('ceiling(decimal(p,s)):decimal(rp,0)', 'Round up to the nearest integer', {
    aliases: ['ceil'],
    derive: { rp: (v) => v.p - v.s + Math.min(v.s, 1) },
  }),
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('floor($T):$T'), 'Round down to the nearest integer')),
  scalar('floor(decimal(p,s)):decimal(rp,0)', 'Round down to the nearest integer', {
    derive: { rp: (v) => v.p - v.s + Math.min(v.s, 1) },
  }),
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('round($T):$T'), 'Round to the nearest integer')),
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('round($T,integer):$T'), 'Round to a number of decimal places')),
  scalar('round(decimal(p,s)):decimal(rp,0)', 'Round to the nearest integer', { derive: roundedToInteger }),
  scalar('round(decimal(p,s),integer):decimal(rp,s)', 'Round to a number of decimal places', {
    derive: { rp: (v) => Math.min(MAX_PRECISION, v.p + 1) },
  }),
  ...overloads(FLOATING_TYPES, (s) => scalar(s('truncate($T):$T'), 'Drop the digits after the decimal point')),
  scalar('truncate(decimal(p,s)):decimal(rp,0)', 'Drop the digits after the decimal point', {
    derive: { rp: (v) => Math.max(1, v.p - v.s) },
  }),
  scalar('truncate(decimal(p,s),integer):decimal(p,s)', 'Drop the digits after a number of decimal places'),
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('sign($T):$T'), 'Signum: -1, 0 or 1')),
  scalar('sign(decimal(p,s)):decimal(1,0)', 'Signum: -1, 0 or 1'),
];

const ARITHMETIC: FunctionDefinition[] = [
  ...overloads(NUMERIC_TYPES, (s) => scalar(s('mod($T,$T):$T'), 'Remainder of a division')),
  scalar('mod(decimal(p1,s1),decimal(p2,s2)):decimal(rp,rs)', 'Remainder of a division', {
    derive: {
      rp: (v) => Math.min(v.p2 - v.s2, v.p1 - v.s1) + Math.max(v.s1, v.s2),
      rs: (v) => Math.max(v.s1, v.s2),
    },
  }),
  scalar('power(double,double):double', 'A number raised to a power', { aliases: ['pow'] }),
  scalar('log(double,double):double', 'Logarithm to a given base (base first)'),
  ...doubleFunctions({
    cbrt: 'Cube root',
    sqrt: 'Square root',
    exp: "Euler's number raised to a power",
    ln: 'Natural logarithm',
    log2: 'Logarithm to base 2',
    log10: 'Logarithm to base 10',
    degrees: 'Convert radians to degrees',
    radians: 'Convert degrees to radians',
  }),
  ...constants({ e: "Euler's number", pi: 'The constant pi', infinity: 'Positive infinity', nan: 'Not a number' }),
  scalar('greatest<E:orderable>(E...):E', 'The largest of the arguments', { minArguments: 1 }),
  scalar('least<E:orderable>(E...):E', 'The smallest of the arguments', { minArguments: 1 }),
  scalar('width_bucket(double,double,double,bigint):bigint', 'Bucket of a value in an equi-width histogram'),
  scalar('width_bucket(double,array(double)):bigint', 'Bucket of a value among sorted bin bounds'),
];

const TRIGONOMETRY: FunctionDefinition[] = [
  ...doubleFunctions({
    sin: 'Sine',
    cos: 'Cosine',
    tan: 'Tangent',
    asin: 'Arc sine',
    acos: 'Arc cosine',
    atan: 'Arc tangent',
    sinh: 'Hyperbolic sine',
    cosh: 'Hyperbolic cosine',
    tanh: 'Hyperbolic tangent',
  }),
  scalar('atan2(double,double):double', 'Arc tangent of y / x'),
];

const FLOATING_POINT: FunctionDefinition[] = [
  scalar('is_finite(double):boolean', 'Whether a value is finite'),
  scalar('is_infinite(double):boolean', 'Whether a value is infinite'),
  scalar('is_nan(double):boolean', 'Whether a value is not a number'),
];

const RANDOM: FunctionDefinition[] = [
  scalar('random():double', 'A pseudo-random value in [0, 1)', { aliases: ['rand'], deterministic: false }),
  ...overloads(INTEGRAL_TYPES, (s) =>
    scalar(s('random($T):$T'), 'A pseudo-random number in [0, n)', { aliases: ['rand'], deterministic: false }),
  ),
  ...overloads(INTEGRAL_TYPES, (s) =>
    scalar(s('random($T,$T):$T'), 'A pseudo-random number in [m, n)', { aliases: ['rand'], deterministic: false }),
  ),
];

const CONVERSION_AND_STATISTICS: FunctionDefinition[] = [
  scalar('from_base(varchar(x),bigint):bigint', 'A number from its representation in a radix'),
  scalar('to_base(bigint,bigint):varchar(64)', 'The representation of a number in a radix'),
  scalar('normal_cdf(double,double,double):double', 'Normal cumulative distribution (mean, sd, value)'),
  scalar('inverse_normal_cdf(double,double,double):double', 'Inverse of the normal cdf (mean, sd, probability)'),
  scalar('beta_cdf(double,double,double):double', 'Beta cumulative distribution (a, b, value)'),
  scalar('inverse_beta_cdf(double,double,double):double', 'Inverse of the beta cdf (a, b, probability)'),
  scalar('wilson_interval_lower(bigint,bigint,double):double', 'Lower bound of the Wilson score interval'),
  scalar('wilson_interval_upper(bigint,bigint,double):double', 'Upper bound of the Wilson score interval'),
  scalar('cosine_similarity(map(varchar,double),map(varchar,double)):double', 'Cosine similarity of sparse vectors'),
  scalar('cosine_similarity(array(double),array(double)):double', 'Cosine similarity of dense vectors'),
  scalar('cosine_distance(map(varchar,double),map(varchar,double)):double', 'One minus the cosine similarity'),
  scalar('cosine_distance(array(double),array(double)):double', 'One minus the cosine similarity'),
];

export const MATH_FUNCTIONS: readonly FunctionDefinition[] = [
  ...ROUNDING,
  ...ARITHMETIC,
  ...TRIGONOMETRY,
  ...FLOATING_POINT,
  ...RANDOM,
  ...CONVERSION_AND_STATISTICS,
];
