/**
 * Applies a scan's dynamic filters to the pages of one split: a row is kept only when each
 * filtered column holds a non-null key the join's build side may hold (within the summary's range
 * and, when it has one, in its set). The rows dropped here are the rows the join would drop; they
 * are gone before they are hashed, exchanged or joined. A page whose rows all pass goes on as it
 * is, without a copy.
 */
import type { Block } from '../../data/block.js';
import { copyPagePositions, type Page } from '../../data/page.js';
import { flatKeys } from '../hash/number-key-view.js';
import type { CountedPageSource } from '../metered-page-source.js';
import type { DynamicFilterSummary } from './dynamic-filter-summary.js';
import { type NumberKeys, numberKeysOf } from './number-key-bitmap.js';

/** Wholly filtered pages skipped within one `getNextPage` call. */
const MAX_EMPTY_PAGES_PER_CALL = 8;

/** One filter on one output channel of a scan. */
export interface ChannelFilter {
  readonly channel: number;
  readonly summary: DynamicFilterSummary;
}

/** A filter ready for rows: numeric keys against a typed-array set, strings against a Set. */
export type CompiledFilter =
  | {
      readonly kind: 'number';
      readonly channel: number;
      readonly min: number;
      readonly max: number;
      readonly set: NumberKeys | undefined;
    }
  | {
      readonly kind: 'string';
      readonly channel: number;
      readonly min: string;
      readonly max: string;
      readonly set: ReadonlySet<string> | undefined;
    }
  | { readonly kind: 'none'; readonly channel: number };

/**
 * Clears in `keep` (1 = kept so far) the positions of `block` whose key fails `filter`; returns
 * how many remain kept.
 */
function narrow(block: Block, filter: CompiledFilter, keep: Uint8Array): number {
  if (filter.kind === 'none') {
    keep.fill(0);
    return 0;
  }
  const { flat, ids } = flatKeys(block, block.positionCount);
  if (filter.kind === 'number' && (flat.kind === 'int32' || flat.kind === 'float64')) {
    return narrowNumbers(flat.values, flat.nulls, ids, filter.min, filter.max, filter.set, keep);
  }
  if (filter.kind === 'string' && flat.kind === 'string') {
    return narrowStrings(flat.values, flat.nulls, ids, filter.min, filter.max, filter.set, keep);
  }
  // Keys the filter cannot read (an int64 bigint beyond 2^53) are kept: the join decides.
  let kept = 0;
  for (let i = 0; i < keep.length; i++) kept += keep[i] as number;
  return kept;
}

function narrowNumbers(
  data: Float64Array | Int32Array,
  nulls: Uint8Array | undefined,
  ids: Int32Array | undefined,
  min: number,
  max: number,
  set: NumberKeys | undefined,
  keep: Uint8Array,
): number {
  let kept = 0;
  for (let i = 0; i < keep.length; i++) {
    if (keep[i] === 0) continue;
    const position = ids === undefined ? i : (ids[i] as number);
    const value = data[position] as number;
    if (
      (nulls !== undefined && nulls[position] !== 0) ||
      value < min ||
      value > max ||
      (set !== undefined && !set.has(value))
    ) {
      keep[i] = 0;
    } else {
      kept++;
    }
  }
  return kept;
}

function narrowStrings(
  data: readonly string[],
  nulls: Uint8Array | undefined,
  ids: Int32Array | undefined,
  min: string,
  max: string,
  set: ReadonlySet<string> | undefined,
  keep: Uint8Array,
): number {
  let kept = 0;
  for (let i = 0; i < keep.length; i++) {
    if (keep[i] === 0) continue;
    const position = ids === undefined ? i : (ids[i] as number);
    const value = data[position] as string;
    if (
      (nulls !== undefined && nulls[position] !== 0) ||
      value < min ||
      value > max ||
      (set !== undefined && !set.has(value))
    ) {
      keep[i] = 0;
    } else {
      kept++;
    }
  }
  return kept;
}

/**
 * Filters `page` by `filters`; null when no row passes. No loop over rows here, only in the
 * functions it calls: V8 compiles a long-running loop on the stack (on-stack replacement) and
 * keeps that code for the loop's next entry even after it deoptimizes, so a loop here, in a
 * function that meets pages and filters of several shapes, deoptimized on every call — 118 times
 * a run of TPC-H q02 on each worker, for thousands of runs in a row.
 */
export function filterPage(page: Page, filters: readonly CompiledFilter[]): Page | null {
  const count = page.positionCount;
  if (count === 0) return page;
  const keep = new Uint8Array(count).fill(1);
  let kept = count;
  for (let f = 0; f < filters.length; f++) {
    const filter = filters[f] as CompiledFilter;
    const block = page.blocks[filter.channel];
    if (block === undefined) continue;
    kept = narrow(block, filter, keep);
    if (kept === 0) return null;
  }
  if (kept === count) return page;
  return copyPagePositions(page, keptPositions(keep, kept), kept);
}

/** The positions whose `keep` byte is set, `kept` of them. */
function keptPositions(keep: Uint8Array, kept: number): Int32Array {
  const positions = new Int32Array(kept);
  let next = 0;
  for (let i = 0; i < keep.length; i++) if (keep[i] !== 0) positions[next++] = i;
  return positions;
}

/** The filters that can drop rows (an `all` summary drops none). */
export function compileFilters(filters: readonly ChannelFilter[]): CompiledFilter[] {
  const compiled: CompiledFilter[] = [];
  for (const { channel, summary } of filters) {
    const { min, max, values } = summary;
    if (summary.all === true) continue;
    if (min === undefined || max === undefined) {
      compiled.push({ kind: 'none', channel });
    } else if (typeof min === 'number' && typeof max === 'number') {
      const set = values === undefined ? undefined : numberKeysOf(values as number[]);
      compiled.push({ kind: 'number', channel, min, max, set });
    } else {
      const set = values === undefined ? undefined : new Set(values.map(String));
      compiled.push({ kind: 'string', channel, min: String(min), max: String(max), set });
    }
  }
  return compiled;
}

/**
 * Whether filtering by a dynamic filter still pays (Trino's dynamic row filtering selectivity
 * threshold): after a trial of rows, a filter that keeps most of them — a set holding nearly every
 * key of the probe side — costs a probe per row and saves the join almost nothing, so it stops.
 */
export class FilterPayoff {
  private rowsIn = 0;
  private rowsOut = 0;
  /** Rows filtered before the filters' effect is judged. */
  static readonly TRIAL_ROWS = 65_536;
  /** Filtering stops when more than this share of the rows passes. */
  static readonly MAX_PASSING_SHARE = 0.7;
  private paying = true;

  get pays(): boolean {
    return this.paying;
  }

  record(rowsIn: number, rowsOut: number): void {
    this.rowsIn += rowsIn;
    this.rowsOut += rowsOut;
    if (this.rowsIn >= FilterPayoff.TRIAL_ROWS && this.rowsOut > this.rowsIn * FilterPayoff.MAX_PASSING_SHARE) {
      this.paying = false;
    }
  }
}

/**
 * A scan's compiled filters and what they achieved, shared by the page sources of its splits in
 * a task; given up when they do not pay (`FilterPayoff`).
 */
export class RowFilters {
  private readonly payoff = new FilterPayoff();

  constructor(readonly filters: readonly CompiledFilter[]) {}

  /** Whether the filters still apply (false once they proved not to pay). */
  get enabled(): boolean {
    return this.payoff.pays;
  }

  apply(page: Page): Page | null {
    if (!this.payoff.pays) return page;
    const out = filterPage(page, this.filters);
    this.payoff.record(page.positionCount, out?.positionCount ?? 0);
    return out;
  }
}

/** A split's page source whose pages pass through a scan's row filters. */
export class DynamicFilterPageSource implements CountedPageSource {
  constructor(
    private readonly source: CountedPageSource,
    private readonly filters: RowFilters,
  ) {}

  get completedBytes(): number {
    return this.source.completedBytes;
  }

  get completedPositions(): number {
    return this.source.completedPositions;
  }

  get readTimeNanos(): number {
    return this.source.readTimeNanos;
  }

  isBlocked(): Promise<void> | undefined {
    return this.source.isBlocked?.();
  }

  getNextPage(): Page | null {
    // Pages whose rows all go are skipped, a few per call so that the driver still gets control back.
    for (let attempt = 0; attempt < MAX_EMPTY_PAGES_PER_CALL; attempt++) {
      const page = this.source.getNextPage();
      if (page === null) return null;
      const filtered = this.filters.apply(page);
      if (filtered !== null) return filtered;
      if (this.source.isFinished()) return null;
    }
    return null;
  }

  isFinished(): boolean {
    return this.source.isFinished();
  }

  close(): void {
    this.source.close();
  }
}
