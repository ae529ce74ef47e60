/**
 * One batch of customer or supplier rows: rows [start, start + count) of a table whose rows each
 * draw a nation, which the nation key and the phone number (its country code) share.
 */
import { drawPerRow, rowStartSeeds } from './row-seeds.js';

export class NationRowsBatch {
  private nationKeys: Float64Array | undefined;

  constructor(
    readonly start: number,
    readonly count: number,
    private readonly nationSeed: number,
  ) {}

  nations(): Float64Array {
    this.nationKeys ??= new Float64Array(drawPerRow(this.nationSeed, this.start, this.count, 0, 24));
    return this.nationKeys;
  }

  /** Each row's first seed of a stream that draws `drawsPerRow` values a row. */
  seeds(seed: number, drawsPerRow: number): Float64Array {
    return rowStartSeeds(seed, drawsPerRow, this.start, this.count);
  }
}
