/**
 * Sorting in bounded steps, for ORDER BY over inputs too large to sort in one call without
 * holding the event loop (a 1.5M-row radix sort takes half a second): the input is cut into
 * runs of at most a fixed number of rows, each run is sorted on its own as it fills
 * (`sortRun`), and the runs are merged lazily (`RunMerger`), a bounded number of rows per call.
 *
 * The merge is a loser tree over the runs ordered by each run's next row; ties go to the lower
 * run index. Runs are cut in input order and each run's permutation keeps equal rows in input
 * order, so the merged order is stable — exactly what a single sort of all rows gives.
 */
import type { Block } from '../../data/block.js';
import { concatBlocks, copyPositions } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import {
  createRowComparator,
  type RowComparator,
  type SortColumn,
  type SortOrdering,
  sortColumnsOf,
  sortedPermutation,
} from './sort-keys.js';

/** One sorted run: its rows, their sort columns, and the order to read them in. */
export interface SortedRun {
  readonly page: Page;
  readonly columns: readonly SortColumn[];
  readonly permutation: Int32Array;
  readonly retainedBytes: number;
}

/** Sorts the rows of one page by `orderings`. */
export function sortRun(page: Page, orderings: readonly SortOrdering[]): SortedRun {
  const columns = sortColumnsOf(page.blocks, orderings);
  const permutation = sortedPermutation(columns, orderings, page.positionCount);
  return { page, columns, permutation, retainedBytes: pageSizeInBytes(page) + permutation.byteLength };
}

/**
 * Merges sorted runs, handing out the merged order a slice at a time. A loser tree (tournament
 * tree) over the runs: each node keeps the loser of the match below it and node 0 the overall
 * winner, so taking a row and replaying its run's path costs log2(runs) comparisons.
 */
export class RunMerger {
  private readonly compare: RowComparator;
  /** Next index into each run's permutation. */
  private readonly cursors: Int32Array;
  /** tree[0]: the run holding the next row; tree[1..]: the loser of each match. */
  private readonly tree: Int32Array;
  private remaining = 0;

  constructor(
    private readonly runs: readonly SortedRun[],
    orderings: readonly SortOrdering[],
  ) {
    this.compare = createRowComparator(orderings, runs[0]?.columns ?? []);
    const count = runs.length;
    this.cursors = new Int32Array(count);
    this.tree = new Int32Array(Math.max(count, 1));
    for (const run of runs) this.remaining += run.permutation.length;
    // Play the tournament bottom up: leaves are count..2*count-1, winners climb.
    const winners = new Int32Array(2 * count);
    for (let run = 0; run < count; run++) winners[count + run] = run;
    for (let node = count - 1; node >= 1; node--) {
      const left = winners[2 * node];
      const right = winners[2 * node + 1];
      const leftWins = this.before(left, right);
      winners[node] = leftWins ? left : right;
      this.tree[node] = leftWins ? right : left;
    }
    this.tree[0] = count === 1 ? 0 : winners[1];
  }

  /** Rows not yet handed out. */
  get remainingRows(): number {
    return this.remaining;
  }

  /**
   * Writes the next at most `max` rows of the merged order as (run, position in the run's page)
   * pairs into `runIds` and `positions`; returns how many it wrote (0 when the merge is done).
   */
  next(max: number, runIds: Int32Array, positions: Int32Array): number {
    const runs = this.runs;
    const cursors = this.cursors;
    const tree = this.tree;
    const leaves = runs.length;
    const count = Math.min(max, this.remaining);
    for (let k = 0; k < count; k++) {
      let winner = tree[0];
      runIds[k] = winner;
      positions[k] = runs[winner].permutation[cursors[winner]];
      cursors[winner]++;
      // Replay the winner's path: at each match the loser stays, the winner climbs.
      for (let node = (winner + leaves) >> 1; node >= 1; node >>= 1) {
        const opponent = tree[node];
        if (this.before(opponent, winner)) {
          tree[node] = winner;
          winner = opponent;
        }
      }
      tree[0] = winner;
    }
    this.remaining -= count;
    return count;
  }

  /** True when run `a`'s next row comes before run `b`'s; an exhausted run comes after everything. */
  private before(a: number, b: number): boolean {
    const runA = this.runs[a];
    const runB = this.runs[b];
    const cursorA = this.cursors[a];
    const cursorB = this.cursors[b];
    if (cursorA >= runA.permutation.length) return false;
    if (cursorB >= runB.permutation.length) return true;
    const c = this.compare(runA.columns, runA.permutation[cursorA], runB.columns, runB.permutation[cursorB]);
    return c < 0 || (c === 0 && a < b);
  }
}

/**
 * How to gather rows (runIds[k], positions[k]), k < count, from their runs' pages in that order,
 * computed once per output page and applied to every channel: the rows of each run are gathered in
 * one copy, the per-run blocks are concatenated, and a last gather interleaves them back into
 * merged order. When every row comes from one run, a single gather does.
 */
export class MergedGather {
  private readonly singleRun: number;
  private readonly grouped: Int32Array;
  private readonly interleave: Int32Array;
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;

  constructor(
    private readonly runs: readonly SortedRun[],
    runIds: Int32Array,
    private readonly positions: Int32Array,
    private readonly count: number,
  ) {
    const first = runIds[0];
    let single = true;
    for (let k = 1; k < count && single; k++) single = runIds[k] === first;
    this.singleRun = single ? first : -1;
    this.lengths = new Int32Array(runs.length);
    this.starts = new Int32Array(runs.length);
    this.grouped = new Int32Array(single ? 0 : count);
    this.interleave = new Int32Array(single ? 0 : count);
    if (single) return;
    for (let k = 0; k < count; k++) this.lengths[runIds[k]]++;
    for (let run = 1; run < runs.length; run++) this.starts[run] = this.starts[run - 1] + this.lengths[run - 1];
    const fill = this.starts.slice();
    for (let k = 0; k < count; k++) {
      const slot = fill[runIds[k]];
      fill[runIds[k]] = slot + 1;
      this.grouped[slot] = positions[k];
      this.interleave[k] = slot;
    }
  }

  /** Channel `channel` of the rows, in merged order. */
  block(channel: number): Block {
    if (this.singleRun >= 0)
      return copyPositions(this.runs[this.singleRun].page.blocks[channel], this.positions, this.count);
    const parts: Block[] = [];
    for (let run = 0; run < this.runs.length; run++) {
      const length = this.lengths[run];
      if (length === 0) continue;
      const positions = this.grouped.subarray(this.starts[run]);
      parts.push(copyPositions(this.runs[run].page.blocks[channel], positions, length));
    }
    return copyPositions(concatBlocks(parts), this.interleave, this.count);
  }
}
