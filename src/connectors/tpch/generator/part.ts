/**
 * The part table: row i is part key i + 1. The name is five distinct colours (the first five of a
 * random permutation of the 92, which needs only five swaps); the brand depends on the
 * manufacturer draw; the retail price is a formula of the key.
 */

import { keySequence, uniformIds } from './column-arrays.js';
import { PART_COLORS, PART_CONTAINERS, PART_TYPES } from './distributions.js';
import {
  assembleBatch,
  type ColumnBuilders,
  dictionaryColumn,
  float64Column,
  type GeneratedBatch,
  int32Column,
  stringColumn,
} from './generated-column.js';
import { boundedValue, nextSeed } from './random-stream.js';
import { drawPerRow, rowStartSeeds } from './row-seeds.js';
import { commentColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';
import { retailPriceCents } from './tpch-scale.js';

const MANUFACTURER_SEED = 1;
const BRAND_SEED = 46831694;
const TYPE_SEED = 1841581359;
const SIZE_SEED = 1193163244;
const CONTAINER_SEED = 727633698;
const COMMENT_SEED = 804159733;
const NAME_SEED = 709314158;
const NAME_WORDS = 5;
const COMMENT_AVERAGE_LENGTH = 14;

const MANUFACTURERS: readonly string[] = [1, 2, 3, 4, 5].map((m) => `Manufacturer#${m}`);
/** Brand#MB for manufacturer M and brand number B, both 1–5: id (M − 1)·5 + (B − 1). */
const BRANDS: readonly string[] = MANUFACTURERS.flatMap((_, m) => [1, 2, 3, 4, 5].map((b) => `Brand#${m + 1}${b}`));

function nameColumn(start: number, count: number): string[] {
  const colorCount = PART_COLORS.length;
  // One draw per colour per row (dbgen permutes the whole list), of which the name uses five.
  const seeds = rowStartSeeds(NAME_SEED, colorCount, start, count);
  const permutation = new Int32Array(colorCount);
  const values = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < colorCount; c++) permutation[c] = c;
    let seed = seeds[i];
    let name = '';
    for (let position = 0; position < NAME_WORDS; position++) {
      seed = nextSeed(seed);
      const swap = boundedValue(seed, position, colorCount - 1);
      const chosen = permutation[swap];
      permutation[swap] = permutation[position];
      permutation[position] = chosen;
      name += position === 0 ? PART_COLORS[chosen] : ` ${PART_COLORS[chosen]}`;
    }
    values[i] = name;
  }
  return values;
}

function dictionaryDraws(seed: number, start: number, count: number, dictionary: readonly string[]): Int32Array {
  return uniformIds(rowStartSeeds(seed, 1, start, count), dictionary.length);
}

/** Manufacturer numbers 1–5 → their dictionary ids. */
function manufacturerIds(manufacturers: Int32Array): Int32Array {
  const ids = new Int32Array(manufacturers.length);
  for (let i = 0; i < ids.length; i++) ids[i] = manufacturers[i] - 1;
  return ids;
}

/** Brand#MB: five brands per manufacturer, as dictionary ids. */
function brandIds(manufacturers: Int32Array, brands: Int32Array): Int32Array {
  const ids = new Int32Array(manufacturers.length);
  for (let i = 0; i < ids.length; i++) ids[i] = (manufacturers[i] - 1) * 5 + brands[i] - 1;
  return ids;
}

/** The retail prices of parts [start + 1, start + count]. */
function retailPrices(start: number, count: number): Float64Array {
  const prices = new Float64Array(count);
  for (let i = 0; i < count; i++) prices[i] = retailPriceCents(start + i + 1) / 100;
  return prices;
}

/** One batch of parts: its rows and the manufacturer draws two columns share. */
class PartBatch {
  private manufacturers: Int32Array | undefined;

  constructor(
    readonly start: number,
    readonly count: number,
  ) {}

  manufacturerDraws(): Int32Array {
    this.manufacturers ??= drawPerRow(MANUFACTURER_SEED, this.start, this.count, 1, 5);
    return this.manufacturers;
  }
}

const PART_COLUMNS: ColumnBuilders<PartBatch> = {
  partkey: (b) => float64Column(keySequence(b.start + 1, b.count)),
  name: (b) => stringColumn(nameColumn(b.start, b.count)),
  mfgr: (b) => dictionaryColumn(manufacturerIds(b.manufacturerDraws()), MANUFACTURERS),
  brand: (b) =>
    dictionaryColumn(brandIds(b.manufacturerDraws(), drawPerRow(BRAND_SEED, b.start, b.count, 1, 5)), BRANDS),
  type: (b) => dictionaryColumn(dictionaryDraws(TYPE_SEED, b.start, b.count, PART_TYPES), PART_TYPES),
  size: (b) => int32Column(drawPerRow(SIZE_SEED, b.start, b.count, 1, 50)),
  container: (b) =>
    dictionaryColumn(dictionaryDraws(CONTAINER_SEED, b.start, b.count, PART_CONTAINERS), PART_CONTAINERS),
  retailprice: (b) => float64Column(retailPrices(b.start, b.count)),
  comment: (b) =>
    stringColumn(
      commentColumn(getTextPool(), rowStartSeeds(COMMENT_SEED, 2, b.start, b.count), COMMENT_AVERAGE_LENGTH),
    ),
};

/** Rows [start, start + count) of part (0-based rows; part key = row + 1). */
export function generatePart(start: number, count: number, columns: readonly string[]): GeneratedBatch {
  return assembleBatch('part', count, columns, PART_COLUMNS, new PartBatch(start, count));
}
