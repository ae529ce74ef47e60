/**
 * The last operator of a task's output pipeline: puts its pages into the task's output buffer for
 * the consumers (as page objects, serialized only if a consumer on another node asks for them:
 * buffered-page.ts). SINGLE sends every page to the one consumer, BROADCAST to all, HASH
 * splits each page by a hash of its key channels into one entry per consumer partition (the page
 * shared, with the positions of the partition's rows: a row is copied once, into the consumer's
 * serialized or copied page). The hash
 * is the engine's value hash (equal values of any encoding hash alike, on every worker); the
 * partition comes from its high bits, so the consumers' hash tables (which index by the low bits)
 * still see well-spread keys. With `replicateNullsAndAny` (a partitioned semi join's filtering
 * side), rows whose key is NULL and the first row the task sends go to every partition. A full
 * buffer blocks the driver (back-pressure).
 */
import { isNull, mayHaveNull } from '../../data/block-values.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { hashBlock } from '../hash/hash-values.js';
import type { Operator, OperatorFactory } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { BufferedPage } from './buffered-page.js';
import type { OutputBuffer } from './output-buffer.js';

export interface TaskOutputOptions {
  readonly partitioning: 'SINGLE' | 'BROADCAST' | 'HASH';
  /** HASH: the channels whose values choose the partition. */
  readonly hashChannels: readonly number[];
  readonly partitionCount: number;
  /** HASH: rows whose key is NULL, and the first row sent, go to every partition. */
  readonly replicateNullsAndAny?: boolean;
  /** The page layout's types (serialization checks and encodes by them). */
  readonly types: readonly Type[];
}

const TWO_32 = 4294967296;

/** Partition numbers (0 .. partitionCount-1) of a page's rows by their key channels. */
export function partitionRows(
  page: Page,
  channels: readonly number[],
  types: readonly Type[],
  partitionCount: number,
  hashes: Int32Array,
  partitions: Int32Array,
): void {
  const count = page.positionCount;
  channels.forEach((channel, i) => {
    hashBlock(page.blocks[channel], types[channel], hashes, count, i > 0);
  });
  for (let i = 0; i < count; i++) partitions[i] = Math.floor(((hashes[i] >>> 0) / TWO_32) * partitionCount);
}

/*
 * The row loops of partitioning, as module-level functions over typed arrays, as every row loop of
 * the engine (docs/architecture.md §10); inside the operator's method they read `this.partitions`
 * every row. (Measured: the same CPU in all, now in these frames.)
 */

/** Adds the rows of each partition p (>= 0) to counts[p + 1]. */
function countPerPartition(partitions: Int32Array, count: number, counts: Int32Array): void {
  for (let i = 0; i < count; i++) {
    const partition = partitions[i];
    if (partition >= 0) counts[partition + 1]++;
  }
}

/**
 * Writes each row's position at its partition's cursor (advancing it); a row of partition -1
 * goes to every partition.
 */
function groupPositionsByPartition(
  partitions: Int32Array,
  count: number,
  cursor: Int32Array,
  positions: Int32Array,
): void {
  const partitionCount = cursor.length;
  for (let i = 0; i < count; i++) {
    const partition = partitions[i];
    if (partition >= 0) positions[cursor[partition]++] = i;
    else for (let p = 0; p < partitionCount; p++) positions[cursor[p]++] = i;
  }
}

export class TaskOutputOperator implements Operator {
  private finished = false;
  private hashes = new Int32Array(0);
  private partitions = new Int32Array(0);
  /** Whether some row already went to every partition (replicateNullsAndAny). */
  private anySent = false;

  constructor(
    readonly context: OperatorContext,
    private readonly buffer: OutputBuffer,
    private readonly options: TaskOutputOptions,
  ) {}

  needsInput(): boolean {
    return !this.isFinished() && !this.buffer.isFull();
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    switch (this.options.partitioning) {
      case 'SINGLE':
        this.buffer.enqueuePage(0, this.whole(page));
        return;
      case 'BROADCAST':
        this.buffer.enqueueBroadcastPage(this.whole(page));
        return;
      case 'HASH':
        this.partition(page);
        return;
    }
  }

  private partition(page: Page): void {
    const { partitionCount, hashChannels, types } = this.options;
    if (partitionCount === 1) {
      this.buffer.enqueuePage(0, this.whole(page));
      return;
    }
    const count = page.positionCount;
    if (this.hashes.length < count) {
      this.hashes = new Int32Array(count);
      this.partitions = new Int32Array(count);
    }
    partitionRows(page, hashChannels, types, partitionCount, this.hashes, this.partitions);
    // Rows for every partition carry the partition number -1.
    const replicated = this.options.replicateNullsAndAny === true ? this.markReplicated(page) : 0;
    const partitions = this.partitions;
    const starts = new Int32Array(partitionCount + 1);
    countPerPartition(partitions, count, starts);
    for (let p = 0; p < partitionCount; p++) starts[p + 1] += starts[p] + replicated;
    // One array of positions grouped by partition (a counting sort), then an entry per partition
    // sharing it (a new array per page: the entries keep it until their consumers take them).
    const positions = new Int32Array(starts[partitionCount]);
    groupPositionsByPartition(partitions, count, starts.slice(0, partitionCount), positions);
    for (let p = 0; p < partitionCount; p++) {
      const size = starts[p + 1] - starts[p];
      if (size === 0) continue;
      if (size === count) {
        this.buffer.enqueuePage(p, this.whole(page));
        continue;
      }
      this.buffer.enqueuePage(
        p,
        BufferedPage.ofPage(page, this.options.types, positions.subarray(starts[p], starts[p + 1])),
      );
    }
  }

  /** Sets the partition of the rows every partition gets to -1 (NULL keys, and the first row ever); returns their count. */
  private markReplicated(page: Page): number {
    const count = page.positionCount;
    const key = page.blocks[this.options.hashChannels[0] as number];
    if (this.anySent && !mayHaveNull(key)) return 0;
    let replicated = 0;
    for (let i = 0; i < count; i++) {
      if (isNull(key, i) || !this.anySent) {
        this.partitions[i] = -1;
        this.anySent = true;
        replicated++;
      }
    }
    return replicated;
  }

  private whole(page: Page): BufferedPage {
    return BufferedPage.ofPage(page, this.options.types);
  }

  getOutput(): Page | null {
    return null;
  }

  finish(): void {
    this.finished = true;
  }

  /** Finished when told so, or as soon as no consumer wants more pages (a LIMIT downstream was met). */
  isFinished(): boolean {
    return this.finished || this.buffer.hasNoConsumers();
  }

  isBlocked(): Promise<void> | undefined {
    return this.isFinished() ? undefined : this.buffer.whenNotFull();
  }

  close(): void {
    this.finished = true;
  }
}

export class TaskOutputOperatorFactory implements OperatorFactory {
  readonly operatorId = 0;
  readonly operatorType = 'TaskOutputOperator';

  constructor(
    private readonly buffer: OutputBuffer,
    private readonly options: TaskOutputOptions,
  ) {}

  create(context: OperatorContext): TaskOutputOperator {
    return new TaskOutputOperator(context, this.buffer, this.options);
  }
}
