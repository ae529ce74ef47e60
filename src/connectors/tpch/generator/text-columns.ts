/**
 * Builders for dbgen's generated text columns, given each row's stream seed (row-seeds.ts):
 * comments (a random slice of the text pool), addresses (random alphanumerics), phone numbers, and
 * zero-padded names like `Customer#000000001`.
 */
import { boundedValue, fullRangeValue, nextSeed } from './random-stream.js';
import { TEXT_POOL_SIZE, type TextPool } from './text-pool.js';

/** dbgen's variable-length columns range from 0.4 to 1.6 times their average length. */
export function lengthBounds(averageLength: number): { readonly min: number; readonly max: number } {
  return { min: Math.trunc(averageLength * 0.4), max: Math.trunc(averageLength * 1.6) };
}

/** Comments: two draws per row, an offset into the pool and a length. */
export function commentColumn(pool: TextPool, seeds: Float64Array, averageLength: number): string[] {
  const { min, max } = lengthBounds(averageLength);
  const lastOffset = TEXT_POOL_SIZE - max;
  const values = new Array<string>(seeds.length);
  for (let i = 0; i < seeds.length; i++) {
    const offsetSeed = nextSeed(seeds[i]);
    const lengthSeed = nextSeed(offsetSeed);
    values[i] = pool.text(boundedValue(offsetSeed, 0, lastOffset), boundedValue(lengthSeed, min, max));
  }
  return values;
}

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ,';

/**
 * Addresses (dbgen's a_rnd): a length draw, then one draw per 5 characters, each character taken
 * from the next 6 bits of the (negative, see fullRangeValue) drawn number.
 */
export function alphanumericColumn(seeds: Float64Array, averageLength: number): string[] {
  const { min, max } = lengthBounds(averageLength);
  const values = new Array<string>(seeds.length);
  const codes = new Uint16Array(max);
  for (let i = 0; i < seeds.length; i++) {
    let seed = nextSeed(seeds[i]);
    const length = boundedValue(seed, min, max);
    let bits = 0;
    for (let c = 0; c < length; c++) {
      if (c % 5 === 0) {
        seed = nextSeed(seed);
        bits = fullRangeValue(seed);
      }
      codes[c] = ALPHANUMERIC.charCodeAt(bits & 63);
      bits >>= 6;
    }
    values[i] = String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
  }
  return values;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * The decimal strings of 0–9999, made once: a phone number is four numbers under 10,000, and
 * converting each per row went through V8's number-to-string cache, which every full collection
 * empties — the conversions were most of a customer scan's phone column.
 */
const DECIMALS: readonly string[] = Array.from({ length: 10_000 }, (_, n) => String(n));

/** Phone numbers `CC-AAA-EEE-NNNN`: the country code from the nation, three draws for the rest. */
export function phoneColumn(seeds: Float64Array, nationKeys: Float64Array): string[] {
  const values = new Array<string>(seeds.length);
  for (let i = 0; i < seeds.length; i++) {
    const areaSeed = nextSeed(seeds[i]);
    const exchangeSeed = nextSeed(areaSeed);
    const numberSeed = nextSeed(exchangeSeed);
    values[i] =
      `${DECIMALS[10 + (nationKeys[i] % 90)]}-${DECIMALS[boundedValue(areaSeed, 100, 999)]}-` +
      `${DECIMALS[boundedValue(exchangeSeed, 100, 999)]}-${DECIMALS[boundedValue(numberSeed, 1000, 9999)]}`;
  }
  return values;
}

/** `prefix` followed by the key zero-padded to 9 digits (Customer#000000001, Supplier#...). */
export function paddedName(prefix: string, key: number): string {
  return prefix + pad(key, 9);
}

/** Names `prefix` + padded key for keys firstKey, firstKey + 1, ... */
export function paddedNameColumn(prefix: string, firstKey: number, count: number): string[] {
  const values = new Array<string>(count);
  for (let i = 0; i < count; i++) values[i] = paddedName(prefix, firstKey + i);
  return values;
}
