/**
 * RowNumber (RowNumberNode): appends a bigint channel numbering the rows of each partition 1, 2, ...
 * in input order (partitions found with a GroupByHash over the partition channels, NULL equal to
 * NULL). With `maxRowCountPerPartition`, rows numbered beyond it are dropped; without partition
 * channels that makes the operator a limit, which finishes as soon as the count is reached.
 */
import { float64Block } from '../../data/block.js';
import { copyPagePositions, type Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { growFloat64Array } from '../aggregation/accumulator.js';
import { createGroupByHash, type GroupByHash } from '../hash/group-by-hash.js';
import type { OperatorContext } from '../operator-context.js';
import { SinglePageOperator } from './single-page-operator.js';

export interface RowNumberParameters {
  /** RowNumberNode.partitionBy mapped to channels, and their types. */
  readonly partitionChannels: readonly number[];
  readonly partitionTypes: readonly Type[];
  readonly maxRowCountPerPartition?: number;
  readonly expectedPartitions?: number;
}

export class RowNumberOperator extends SinglePageOperator {
  private hash: GroupByHash;
  private partitionIds = new Int32Array(0);
  private rowCounts = new Float64Array(16);
  private readonly maxRows: number;

  constructor(
    context: OperatorContext,
    private readonly parameters: RowNumberParameters,
  ) {
    super(context);
    this.hash = createGroupByHash(parameters.partitionTypes, parameters.expectedPartitions);
    this.maxRows = parameters.maxRowCountPerPartition ?? Number.POSITIVE_INFINITY;
  }

  /** Without partitions, reaching the maximum ends the operator (it needs no more input). */
  protected override get ended(): boolean {
    return this.parameters.partitionChannels.length === 0 && this.rowCounts[0] >= this.maxRows;
  }

  addInput(page: Page): void {
    const count = page.positionCount;
    if (count === 0 || this.ended) return;
    if (this.partitionIds.length < count) this.partitionIds = new Int32Array(Math.max(count, 1024));
    const ids = this.partitionIds;
    this.hash.getGroupIds(
      this.parameters.partitionChannels.map((channel) => page.blocks[channel]),
      count,
      ids,
    );
    const partitions = Math.max(1, this.hash.groupCount);
    if (this.rowCounts.length < partitions) {
      this.rowCounts = growFloat64Array(this.rowCounts, Math.max(partitions, this.rowCounts.length * 2));
    }
    const counts = this.rowCounts;
    const numbers = new Float64Array(count);
    const maxRows = this.maxRows;
    let kept = count;
    let keep: Int32Array | undefined;
    for (let i = 0; i < count; i++) {
      const number = ++counts[ids[i]];
      if (number > maxRows) {
        // The first dropped row: from here on, collect the positions that stay.
        if (keep === undefined) {
          keep = new Int32Array(count);
          for (let j = 0; j < i; j++) keep[j] = j;
          kept = i;
        }
        counts[ids[i]] = maxRows;
        continue;
      }
      numbers[i] = number;
      if (keep !== undefined) keep[kept++] = i;
    }
    const withNumbers: Page = { positionCount: count, blocks: [...page.blocks, float64Block(numbers)] };
    this.output = keep === undefined ? withNumbers : copyPagePositions(withNumbers, keep, kept);
    if (this.output.positionCount === 0) this.output = null;
    this.context.memory.setBytes(this.hash.retainedBytes + this.partitionIds.byteLength + this.rowCounts.byteLength);
  }

  override close(): void {
    super.close();
    this.hash = createGroupByHash([]);
    this.partitionIds = new Int32Array(0);
    this.context.memory.setBytes(0);
  }
}
