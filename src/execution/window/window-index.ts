/**
 * The window operator's input in window order: all rows sorted by (partition keys, order keys),
 * gathered into one page so that row i of the index is position i of every block, with the
 * partition boundaries and the peer groups (rows of a partition equal on the order keys; the
 * whole partition when there are none) precomputed:
 *   partitionStarts  the first row of each partition, then rowCount
 *   groupOf[i]       the peer group of row i (numbered across the whole index; groups never span
 *                    partitions)
 *   groupStarts[g]   the first row of group g, then rowCount
 *
 * `WindowIndexBuilder` makes the index in bounded steps, so a window over millions of rows never
 * holds the event loop (sorting 6M strings at once took seconds and took the worker out of the
 * cluster): input is cut into sorted runs as it arrives (sort/sorted-runs.ts, as ORDER BY does),
 * then the runs are merged a slice of rows at a time, each slice gathered into chunk blocks while
 * the partition and peer boundaries are found by comparing each row with the one before. Columns
 * of numbers and strings are copied slice by slice into arrays of the final size; only other kinds
 * are concatenated at the end, one column per step.
 */

import { fail } from '../../common/invariant.js';
import { type Block, booleanBlock, float32Block, float64Block, int32Block, stringBlock } from '../../data/block.js';
import { constantBlock } from '../../data/block-builder.js';
import { concatBlocks, flatten } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { createRowComparator, type RowComparator, type SortColumn, type SortOrdering } from '../sort/sort-keys.js';
import { SortedRunBuilder } from '../sort/sorted-run-builder.js';
import { MergedGather, RunMerger, type SortedRun } from '../sort/sorted-runs.js';
import type { WindowArgument } from './window-function.js';

export class WindowIndex {
  private constructor(
    readonly page: Page,
    readonly types: readonly Type[],
    readonly partitionStarts: Int32Array,
    readonly groupOf: Int32Array,
    readonly groupStarts: Int32Array,
  ) {}

  get rowCount(): number {
    return this.page.positionCount;
  }

  /** An index over `page`, already in window order, with its boundaries. */
  static of(
    page: Page,
    types: readonly Type[],
    partitionStarts: Int32Array,
    groupOf: Int32Array,
    groupStarts: Int32Array,
  ): WindowIndex {
    return new WindowIndex(page, types, partitionStarts, groupOf, groupStarts);
  }

  /** The rows' values of an argument: its channel's block, or the constant repeated. */
  argumentBlock(argument: WindowArgument, type: Type): Block {
    if ('channel' in argument) return this.page.blocks[argument.channel];
    return constantBlock(type, argument.constant, this.rowCount);
  }

  /** First row of the peer group of row i. */
  peerStart(i: number): number {
    return this.groupStarts[this.groupOf[i]];
  }

  /** One past the last row of the peer group of row i. */
  peerEnd(i: number): number {
    return this.groupStarts[this.groupOf[i] + 1];
  }

  /** Bytes held beyond the sorted page. */
  get structureBytes(): number {
    return this.groupOf.byteLength + this.groupStarts.byteLength + this.partitionStarts.byteLength;
  }
}

/**
 * The largest sorted run; the run builder sizes runs so each sorts in a few milliseconds (a
 * comparator sort of 16384 strings takes 15 ms on an idle machine, over 100 ms on a busy one).
 */
const MAX_RUN_ROWS = 1 << 14;
/** Rows merged, compared and gathered per slice (a few milliseconds even for long string keys). */
const MERGE_SLICE_ROWS = 1024;

type TypedValues = Int32Array | Float64Array | Float32Array | Uint8Array;

/**
 * One column of the index filled slice by slice: numbers and strings go straight into arrays of
 * the final size (no concatenation of millions of rows in one call at the end); any other kind,
 * or a column whose slices change kind (a bigint column holds float64 and int64 blocks), keeps its
 * slices and concatenates them in `build`.
 */
class ColumnGather {
  private kind: 'boolean' | 'int32' | 'float64' | 'float32' | 'string' | 'chunks' | undefined;
  private values: TypedValues | string[] | undefined;
  private nulls: Uint8Array | undefined;
  private filled = 0;
  private chunks: Block[] = [];

  constructor(
    private readonly type: Type,
    private readonly total: number,
  ) {}

  append(block: Block): void {
    if (this.kind === 'chunks') {
      this.chunks.push(block);
      return;
    }
    const flat = flatten(block);
    if (this.kind === undefined) this.start(flat.kind);
    if (flat.kind !== this.kind) {
      this.toChunks();
      this.chunks.push(block);
      return;
    }
    const count = flat.positionCount;
    const at = this.filled;
    const source = (flat as { values: TypedValues | readonly string[] }).values;
    if (this.kind === 'string') {
      const target = this.values as string[];
      const strings = source as readonly string[];
      for (let i = 0; i < count; i++) target[at + i] = strings[i];
    } else {
      (this.values as TypedValues).set((source as TypedValues).subarray(0, count) as never, at);
    }
    if (flat.nulls !== undefined) {
      this.nulls ??= new Uint8Array(this.total);
      this.nulls.set(flat.nulls.subarray(0, count), at);
    }
    this.filled += count;
  }

  private start(kind: string): void {
    const total = this.total;
    switch (kind) {
      case 'boolean':
        this.values = new Uint8Array(total);
        break;
      case 'int32':
        this.values = new Int32Array(total);
        break;
      case 'float64':
        this.values = new Float64Array(total);
        break;
      case 'float32':
        this.values = new Float32Array(total);
        break;
      case 'string':
        this.values = new Array<string>(total);
        break;
      default:
        this.kind = 'chunks';
        return;
    }
    this.kind = kind;
  }

  /** Switches to keeping slices: what was copied so far becomes the first one. */
  private toChunks(): void {
    if (this.filled > 0) this.chunks.push(this.build());
    this.kind = 'chunks';
    this.values = undefined;
    this.nulls = undefined;
  }

  build(): Block {
    const count = this.filled;
    const nulls = this.nulls?.subarray(0, count);
    switch (this.kind) {
      case 'boolean':
        return booleanBlock((this.values as Uint8Array).subarray(0, count), nulls);
      case 'int32':
        return int32Block((this.values as Int32Array).subarray(0, count), nulls);
      case 'float64':
        return float64Block((this.values as Float64Array).subarray(0, count), nulls);
      case 'float32':
        return float32Block((this.values as Float32Array).subarray(0, count), nulls);
      case 'string': {
        const values = this.values as string[];
        if (values.length > count) values.length = count;
        return stringBlock(values, nulls);
      }
      default:
        return this.chunks.length === 0 ? constantBlock(this.type, null, 0) : concatBlocks(this.chunks);
    }
  }
}

/** Builds a WindowIndex in bounded steps: `add` pages, `finishInput`, then `buildSome` until done. */
export class WindowIndexBuilder {
  private readonly orderings: readonly SortOrdering[];
  private readonly partitionKeys: number;
  private readonly sorter: SortedRunBuilder;
  private runs: SortedRun[] = [];
  private runBytes = 0;
  private merger: RunMerger | null = null;
  private gathers: ColumnGather[] = [];
  private gatheredBytes = 0;
  private readonly runIds = new Int32Array(MERGE_SLICE_ROWS);
  private readonly positions = new Int32Array(MERGE_SLICE_ROWS);
  /** Per run: its partition-key columns and its order-key columns. */
  private partitionColumns: (readonly SortColumn[])[] = [];
  private orderColumns: (readonly SortColumn[])[] = [];
  private samePartition: RowComparator | null = null;
  private samePeers: RowComparator | null = null;
  private rowCount = 0;
  private merged = 0;
  private previousRun = -1;
  private previousPosition = -1;
  private readonly partitionStarts: number[] = [];
  private readonly groupStarts: number[] = [];
  private groupOf = new Int32Array(0);
  private group = -1;
  /** Concatenated columns of the finished merge, filled one per step. */
  private columns: Block[] = [];

  constructor(
    private readonly types: readonly Type[],
    partitionBy: readonly number[],
    private readonly orderBy: readonly SortOrdering[],
  ) {
    const partitionOrderings: SortOrdering[] = partitionBy.map((channel) => ({
      channel,
      type: types[channel],
      ascending: true,
      nullsFirst: false,
    }));
    this.orderings = [...partitionOrderings, ...orderBy];
    this.partitionKeys = partitionOrderings.length;
    this.sorter = new SortedRunBuilder(types, this.orderings, MAX_RUN_ROWS);
  }

  get positionCount(): number {
    return this.merger === null ? this.sorter.positionCount : this.rowCount;
  }

  /** True while input rows wait for their sort: the operator takes no input then, and calls `sortSome`. */
  get hasPendingSorts(): boolean {
    return this.sorter.hasPendingSorts;
  }

  /** Sorts pending runs until `deadline` (performance.now()). */
  sortSome(deadline: number): void {
    this.sorter.sortSome(deadline);
  }

  /** Bytes held: the runs, the rows not yet in a run, the gathered chunks. */
  get retainedBytes(): number {
    return this.sorter.retainedBytes + this.runBytes + this.gatheredBytes + this.groupOf.byteLength;
  }

  add(page: Page): void {
    this.sorter.add(page);
  }

  /** No more input: the last rows are cut into runs; `buildSome` sorts what is pending, then merges. */
  finishInput(): void {
    this.sorter.finishInput();
  }

  /** Every run is sorted: the merge is set up. */
  private startMerge(): void {
    const runs = this.sorter.takeRuns();
    this.runs = runs;
    for (const run of runs) {
      this.runBytes += run.retainedBytes;
      this.rowCount += run.permutation.length;
    }
    this.merger = new RunMerger(runs, this.orderings);
    const keys = this.partitionKeys;
    this.partitionColumns = runs.map((run) => run.columns.slice(0, keys));
    this.orderColumns = runs.map((run) => run.columns.slice(keys));
    const sample = runs[0]?.columns ?? [];
    this.samePartition = createRowComparator(this.orderings.slice(0, keys), sample.slice(0, keys));
    this.samePeers = createRowComparator(this.orderBy, sample.slice(keys));
    this.groupOf = new Int32Array(this.rowCount);
    this.gathers = this.types.map((type) => new ColumnGather(type, this.rowCount));
  }

  /** Works until `deadline` (performance.now()); returns the index once it is complete. */
  buildSome(deadline: number): WindowIndex | undefined {
    if (this.merger === null) {
      if (!this.sorter.sortSome(deadline)) return undefined;
      this.startMerge();
    }
    const merger = this.merger ?? fail('a window index merges once its runs are sorted');
    while (merger.remainingRows > 0) {
      this.mergeSlice(merger);
      if (performance.now() >= deadline) return undefined;
    }
    const channels = this.types.length;
    while (this.columns.length < channels) {
      this.columns.push(this.gathers[this.columns.length].build());
      if (this.columns.length < channels && performance.now() >= deadline) return undefined;
    }
    this.partitionStarts.push(this.rowCount);
    this.groupStarts.push(this.rowCount);
    const page: Page = { positionCount: this.rowCount, blocks: this.columns };
    const index = WindowIndex.of(
      page,
      this.types,
      Int32Array.from(this.partitionStarts),
      this.groupOf,
      Int32Array.from(this.groupStarts),
    );
    this.release();
    return index;
  }

  /** The next rows of the merged order: their boundaries, then their values gathered per column. */
  private mergeSlice(merger: RunMerger): void {
    const runIds = this.runIds;
    const positions = this.positions;
    const count = merger.next(MERGE_SLICE_ROWS, runIds, positions);
    const partitionColumns = this.partitionColumns;
    const orderColumns = this.orderColumns;
    const samePartition = this.samePartition ?? fail('the row comparators exist once merging starts');
    const samePeers = this.samePeers ?? fail('the row comparators exist once merging starts');
    const hasPartitions = this.partitionKeys > 0;
    const hasOrder = this.orderBy.length > 0;
    const groupOf = this.groupOf;
    let previousRun = this.previousRun;
    let previousPosition = this.previousPosition;
    let group = this.group;
    for (let k = 0; k < count; k++) {
      const run = runIds[k];
      const position = positions[k];
      const row = this.merged + k;
      const newPartition =
        row === 0 ||
        (hasPartitions &&
          samePartition(partitionColumns[previousRun], previousPosition, partitionColumns[run], position) !== 0);
      if (newPartition) this.partitionStarts.push(row);
      if (
        newPartition ||
        (hasOrder && samePeers(orderColumns[previousRun], previousPosition, orderColumns[run], position) !== 0)
      ) {
        group++;
        this.groupStarts.push(row);
      }
      groupOf[row] = group;
      previousRun = run;
      previousPosition = position;
    }
    this.previousRun = previousRun;
    this.previousPosition = previousPosition;
    this.group = group;
    this.merged += count;
    const gather = new MergedGather(this.runs, runIds, positions, count);
    const blocks: Block[] = [];
    for (let channel = 0; channel < this.types.length; channel++) {
      const block = gather.block(channel);
      this.gathers[channel].append(block);
      blocks.push(block);
    }
    this.gatheredBytes += pageSizeInBytes({ positionCount: count, blocks });
  }

  /** Drops everything but what the finished index holds. */
  private release(): void {
    this.runs = [];
    this.runBytes = 0;
    this.merger = null;
    this.gathers = [];
    this.gatheredBytes = 0;
    this.partitionColumns = [];
    this.orderColumns = [];
    this.columns = [];
    this.sorter.clear();
  }

  clear(): void {
    this.release();
    this.groupOf = new Int32Array(0);
  }
}
