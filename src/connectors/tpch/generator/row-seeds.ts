/**
 * Random access into dbgen's column streams for tables with a fixed number of rows per unit. A
 * stream owns a fixed number of draws per "unit" (a part, a supplier, a customer), whatever the
 * unit uses; a unit may produce several rows (4 partsupp rows per part) that draw one after the
 * other from the unit's share. These helpers compute, for a range of rows, the stream value just
 * before each row's first draw, so that a column is a plain loop over that array and no row before
 * the range is ever generated. (Orders and their 1–7 lines: order-lines.ts.)
 */
import { advanceSeed, boundedValue, multiplyModulus, nextSeed, skipMultiplier } from './random-stream.js';

/** The seed before `draws` more draws (a short, exact walk instead of a modular power). */
function skipDraws(seed: number, draws: number): number {
  let s = seed;
  for (let i = 0; i < draws; i++) s = nextSeed(s);
  return s;
}

/**
 * Row-start seeds for rows [firstRow, firstRow + count) of a table whose units own
 * `valuesPerUnit` draws and produce `rowsPerUnit` rows of `drawsPerRow` draws each.
 */
export function rowStartSeeds(
  initialSeed: number,
  valuesPerUnit: number,
  firstRow: number,
  count: number,
  rowsPerUnit = 1,
  drawsPerRow = 0,
): Float64Array {
  const seeds = new Float64Array(count);
  if (count === 0) return seeds;
  const unitMultiplier = skipMultiplier(valuesPerUnit);
  let unit = Math.floor(firstRow / rowsPerUnit);
  let rowInUnit = firstRow - unit * rowsPerUnit;
  let unitStart = advanceSeed(initialSeed, valuesPerUnit * unit);
  let seed = skipDraws(unitStart, rowInUnit * drawsPerRow);
  for (let i = 0; i < count; i++) {
    seeds[i] = seed;
    if (++rowInUnit === rowsPerUnit) {
      unit++;
      rowInUnit = 0;
      unitStart = multiplyModulus(unitStart, unitMultiplier);
      seed = unitStart;
    } else {
      seed = skipDraws(seed, drawsPerRow);
    }
  }
  return seeds;
}

/**
 * A column of one draw in [low, high] per row, for rows [firstRow, firstRow + count) of a stream
 * whose units own `valuesPerUnit` draws and produce `rowsPerUnit` rows (one draw each).
 */
export function drawPerRow(
  initialSeed: number,
  firstRow: number,
  count: number,
  low: number,
  high: number,
  valuesPerUnit = 1,
  rowsPerUnit = 1,
): Int32Array {
  const seeds = rowStartSeeds(initialSeed, valuesPerUnit, firstRow, count, rowsPerUnit, 1);
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) values[i] = boundedValue(nextSeed(seeds[i]), low, high);
  return values;
}
