/**
 * A small seeded generator of random types, values, blocks and pages for property tests of the data
 * layer: every scalar type of src/types, nested arrays/maps/rows, nulls, dictionary and rle wrappers,
 * and regions (so nested offsets need not start at 0). Also `assertSameValues`, which compares two
 * blocks position by position through getValue.
 */
import assert from 'node:assert/strict';
import type { Block } from '../../src/data/block.js';
import { dictionaryBlock, rleBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import { getBlockRegion, singleValueBlock } from '../../src/data/block-copy.js';
import { getValue } from '../../src/data/block-values.js';
import type { Page } from '../../src/data/page.js';
import { zoneIdOf, zoneKeyOf } from '../../src/data/time-zones.js';
import type { Type } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';

export type Random = () => number;

/** mulberry32: a tiny, good-enough seeded PRNG returning [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export const SCALAR_TYPES: readonly Type[] = [
  'boolean',
  'tinyint',
  'smallint',
  'integer',
  'bigint',
  'real',
  'double',
  'decimal(10,2)',
  'decimal(17,3)',
  'decimal(38,5)',
  'varchar',
  'varchar(20)',
  'char(5)',
  'varbinary',
  'json',
  'date',
  'time(0)',
  'time(3)',
  'time(6)',
  'time(9)',
  'time(3) with time zone',
  'time(9) with time zone',
  'timestamp(0)',
  'timestamp(3)',
  'timestamp(6)',
  'timestamp(9)',
  'timestamp(12)',
  'timestamp(3) with time zone',
  'timestamp(6) with time zone',
  'timestamp(12) with time zone',
  'interval day to second',
  'interval year to month',
  'unknown',
].map(parseType);

const KEY_TYPES: readonly Type[] = ['varchar', 'bigint', 'integer', 'double', 'date'].map(parseType);

const ZONES = ['UTC', '+05:30', '-08:00', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata'];
const OFFSET_ZONES = ['UTC', '+05:30', '-08:00', '+14:00'];
const STRING_PIECES = ['a', 'Z', ' ', 'é', 'ß', '中', '😀', '\u0000', '\ufeff', '"', '\\', 'abc'];

export function randomType(random: Random, depth = 2): Type {
  const roll = random();
  if (depth <= 0 || roll < 0.7) return pick(random, SCALAR_TYPES);
  if (roll < 0.8) return { kind: 'array', element: randomType(random, depth - 1) };
  if (roll < 0.9) return { kind: 'map', key: pick(random, KEY_TYPES), value: randomType(random, depth - 1) };
  const fieldCount = randomInt(random, 1, 3);
  const fields = [];
  for (let i = 0; i < fieldCount; i++) fields.push({ name: `f${i}`, type: randomType(random, depth - 1) });
  return { kind: 'row', fields };
}

/** Up to `maxPieces` pieces; never cuts a surrogate pair (a lone surrogate cannot cross UTF-8). */
function randomString(random: Random, maxPieces: number): string {
  let text = '';
  const pieces = randomInt(random, 0, maxPieces);
  for (let i = 0; i < pieces; i++) text += pick(random, STRING_PIECES);
  return text;
}

function randomPicos(random: Random, precision: number): number {
  if (precision <= 3) return 0;
  const unit = 10 ** (12 - precision);
  return Math.floor(random() * (1e9 / unit)) * unit;
}

function randomBigInt(random: Random, digits: number): bigint {
  let text = '';
  for (let i = 0; i < digits; i++) text += String(randomInt(random, 0, 9));
  const value = BigInt(text);
  return random() < 0.5 ? -value : value;
}

/** A random non-null value of `type` in the JS value representation (null for unknown). */
export function randomValue(random: Random, type: Type): unknown {
  switch (type.kind) {
    case 'boolean':
      return random() < 0.5;
    case 'tinyint':
      return randomInt(random, -128, 127);
    case 'smallint':
      return randomInt(random, -32768, 32767);
    case 'integer':
    case 'date':
    case 'interval year to month':
      return randomInt(random, -2147483648, 2147483647);
    case 'bigint':
      return random() < 0.2 ? randomBigInt(random, 18) : randomInt(random, -1e12, 1e12);
    case 'real':
      return random() < 0.05 ? Number.NaN : Math.fround((random() - 0.5) * 1e6);
    case 'double':
      return pick(random, [Number.NaN, Number.POSITIVE_INFINITY, -0, (random() - 0.5) * 1e300, random()]);
    case 'decimal':
      if (type.precision <= 15) return randomInt(random, -(10 ** type.precision - 1), 10 ** type.precision - 1);
      return randomBigInt(random, randomInt(random, 1, type.precision));
    case 'varchar':
    case 'char':
      return randomString(random, type.kind === 'char' ? 2 : 6);
    case 'json':
      return `{"k":${randomInt(random, 0, 99)}}`;
    case 'varbinary': {
      const bytes = new Uint8Array(randomInt(random, 0, 6));
      for (let i = 0; i < bytes.length; i++) bytes[i] = randomInt(random, 0, 255);
      return bytes;
    }
    case 'time': {
      const units = type.precision <= 3 ? 1e3 : type.precision <= 6 ? 1e6 : 1e9;
      return Math.floor(random() * 86400 * units);
    }
    case 'timestamp':
      if (type.precision > 6) {
        return {
          millis: randomInt(random, -1e13, 1e13),
          picos: randomPicos(random, type.precision),
          zone: zoneIdOf(0),
        };
      }
      return randomInt(random, -1e13, 1e13) * (type.precision > 3 ? 1000 : 1);
    case 'timestamp with time zone':
      return {
        millis: randomInt(random, -1e13, 1e13),
        picos: randomPicos(random, type.precision),
        zone: zoneIdOf(zoneKeyOf(pick(random, ZONES))),
      };
    case 'time with time zone':
      return {
        millis: randomInt(random, 0, 86_399_999),
        picos: randomPicos(random, type.precision),
        zone: zoneIdOf(zoneKeyOf(pick(random, OFFSET_ZONES))),
      };
    case 'interval day to second':
      return randomInt(random, -1e12, 1e12);
    case 'unknown':
      return null;
    case 'array': {
      const values = [];
      const count = randomInt(random, 0, 3);
      for (let i = 0; i < count; i++) values.push(randomNullable(random, type.element));
      return values;
    }
    case 'map': {
      const map = new Map<unknown, unknown>();
      const count = randomInt(random, 0, 3);
      for (let i = 0; i < count; i++) map.set(randomValue(random, type.key), randomNullable(random, type.value));
      return map;
    }
    case 'row':
      return type.fields.map((field) => randomNullable(random, field.type));
    case 'function':
      throw new Error('no values of function types');
  }
}

function randomNullable(random: Random, type: Type): unknown {
  return random() < 0.15 ? null : randomValue(random, type);
}

/** A flat block of `count` random values, about `nullRate` of them NULL. */
export function randomFlatBlock(random: Random, type: Type, count: number, nullRate = 0.15): Block {
  const values = [];
  for (let i = 0; i < count; i++) values.push(random() < nullRate ? null : randomValue(random, type));
  return blockOf(type, values);
}

/** A random block of `count` positions: flat, dictionary, rle, or a region of a larger block. */
export function randomBlock(random: Random, type: Type, count: number): Block {
  const roll = random();
  if (roll < 0.2) {
    const dictionary = randomFlatBlock(random, type, randomInt(random, 1, 5));
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) ids[i] = randomInt(random, 0, dictionary.positionCount - 1);
    return dictionaryBlock(ids, dictionary);
  }
  if (roll < 0.3) return rleBlock(singleValueBlock(randomFlatBlock(random, type, 1, 0.3), 0), count);
  if (roll < 0.45) {
    const before = randomInt(random, 0, 3);
    return getBlockRegion(randomFlatBlock(random, type, before + count + randomInt(random, 0, 3)), before, count);
  }
  return randomFlatBlock(random, type, count, roll < 0.6 ? 0 : 0.15);
}

export function randomPage(random: Random, types: readonly Type[], count: number): Page {
  return { positionCount: count, blocks: types.map((type) => randomBlock(random, type, count)) };
}

/** Asserts that two blocks hold the same values of `type` at every position. */
export function assertSameValues(actual: Block, expected: Block, type: Type, message?: string): void {
  assert.equal(actual.positionCount, expected.positionCount, message);
  for (let i = 0; i < expected.positionCount; i++) {
    assert.deepEqual(getValue(actual, type, i), getValue(expected, type, i), `${message ?? ''} position ${i}`);
  }
}
