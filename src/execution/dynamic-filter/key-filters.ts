/**
 * A scan's arrived dynamic filters as the SPI's key filters (spi/connector.ts `KeyFilter`), the
 * hints a connector may apply while it reads (the lake's Parquet reader drops the rows before it
 * converts their other columns). Each carries the engine's judgement of whether it pays, the rule
 * of `FilterPayoff` (Trino's dynamic row filtering selectivity threshold): after a trial of rows, a
 * filter that keeps most of them is switched off for the rest of the task's scan, all splits
 * together. The engine's own row filter (DynamicFilterPageSource) still runs after the source;
 * on rows already filtered it keeps everything and so switches itself off the same way.
 */
import type { KeyFilter } from '../../spi/connector.js';
import { type CompiledFilter, FilterPayoff } from './dynamic-filter-page-source.js';

class JudgedKeyFilter implements KeyFilter {
  private readonly payoff = new FilterPayoff();

  constructor(
    readonly column: string,
    readonly min: number | string,
    readonly max: number | string,
    readonly contains: ((key: number | string) => boolean) | undefined,
  ) {}

  isActive(): boolean {
    return this.payoff.pays;
  }

  record(rowsIn: number, rowsOut: number): void {
    this.payoff.record(rowsIn, rowsOut);
  }
}

/** Key filters for compiled filters; `columnOf(channel)` names the connector column of a channel. */
export function keyFiltersOf(filters: readonly CompiledFilter[], columnOf: (channel: number) => string): KeyFilter[] {
  const result: KeyFilter[] = [];
  for (const filter of filters) {
    // 'none' (an empty build side): the engine's filter drops every row, nothing to hint.
    if (filter.kind === 'none') continue;
    // A bitmap or hash set for number keys (number-key-bitmap.ts), a Set for string keys: each is asked only its own kind.
    const set = filter.set as { has(key: number | string): boolean } | undefined;
    const contains = set === undefined ? undefined : (key: number | string) => set.has(key);
    result.push(new JudgedKeyFilter(columnOf(filter.channel), filter.min, filter.max, contains));
  }
  return result;
}
