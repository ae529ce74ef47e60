/**
 * Ranking and distribution window functions: row_number, rank, dense_rank, percent_rank,
 * cume_dist and ntile. They ignore frames and read the partition's peer groups from the index
 * (peers are the rows equal on the ORDER BY keys).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import type { Type } from '../../types/type.js';
import { type NumericColumn, numericColumnOf } from './range-offsets.js';
import type { FrameArrays, WindowFunctionEvaluator } from './window-function.js';
import type { WindowIndex } from './window-index.js';

type RankKind = 'row_number' | 'rank' | 'dense_rank' | 'percent_rank' | 'cume_dist';

export class RankingEvaluator implements WindowFunctionEvaluator {
  readonly usesFrame = false;
  private partitionStart = 0;
  private partitionEnd = 0;

  constructor(
    private readonly index: WindowIndex,
    private readonly kind: RankKind,
  ) {}

  reset(partitionStart: number, partitionEnd: number): void {
    this.partitionStart = partitionStart;
    this.partitionEnd = partitionEnd;
  }

  evaluate(from: number, to: number, _frames: FrameArrays | null, out: BlockBuilder): void {
    const { groupOf, groupStarts } = this.index;
    const ps = this.partitionStart;
    const rows = this.partitionEnd - ps;
    switch (this.kind) {
      case 'row_number':
        for (let i = from; i < to; i++) out.appendFloat64(i - ps + 1);
        return;
      case 'rank':
        for (let i = from; i < to; i++) out.appendFloat64(groupStarts[groupOf[i]] - ps + 1);
        return;
      case 'dense_rank': {
        const firstGroup = groupOf[ps];
        for (let i = from; i < to; i++) out.appendFloat64(groupOf[i] - firstGroup + 1);
        return;
      }
      case 'percent_rank':
        for (let i = from; i < to; i++) {
          out.appendFloat64(rows === 1 ? 0 : (groupStarts[groupOf[i]] - ps) / (rows - 1));
        }
        return;
      case 'cume_dist':
        for (let i = from; i < to; i++) out.appendFloat64((groupStarts[groupOf[i] + 1] - ps) / rows);
        return;
    }
  }
}

/** ntile(n): the bucket (1..n) of the row when the partition is cut into n near-equal buckets. */
export class NtileEvaluator implements WindowFunctionEvaluator {
  readonly usesFrame = false;
  private readonly buckets: NumericColumn;
  private partitionStart = 0;
  private partitionEnd = 0;

  constructor(bucketsBlock: Block, bucketsType: Type) {
    this.buckets = numericColumnOf(bucketsBlock, bucketsType);
  }

  reset(partitionStart: number, partitionEnd: number): void {
    this.partitionStart = partitionStart;
    this.partitionEnd = partitionEnd;
  }

  evaluate(from: number, to: number, _frames: FrameArrays | null, out: BlockBuilder): void {
    const rows = this.partitionEnd - this.partitionStart;
    const { values, nulls } = this.buckets;
    for (let i = from; i < to; i++) {
      if (nulls !== undefined && nulls[i] !== 0) {
        out.appendNull();
        continue;
      }
      const buckets = values[i];
      if (!(buckets > 0)) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Buckets must be greater than 0');
      out.appendFloat64(bucketOf(i - this.partitionStart, rows, buckets) + 1);
    }
  }
}

/** Zero-based bucket of row `position` of `rows`: the first `rows % buckets` buckets get one extra row. */
function bucketOf(position: number, rows: number, buckets: number): number {
  if (rows < buckets) return position;
  const perBucket = Math.floor(rows / buckets);
  const remainder = rows % buckets;
  const inLargerBuckets = (perBucket + 1) * remainder;
  if (position < inLargerBuckets) return Math.floor(position / (perBucket + 1));
  return Math.floor((position - remainder) / perBucket);
}
