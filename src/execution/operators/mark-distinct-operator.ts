/**
 * MarkDistinct (MarkDistinctNode): passes every row through with one more channel, a boolean that is
 * true on the first occurrence of the row's combination of distinct channels (NULL equal to NULL)
 * and false on later ones. The planner uses it as the mask of DISTINCT aggregates. The distinct
 * combinations seen so far live in a GroupByHash: a position is a first occurrence exactly when it
 * creates a new group.
 */
import { booleanBlock } from '../../data/block.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { createGroupByHash, type GroupByHash } from '../hash/group-by-hash.js';
import type { OperatorContext } from '../operator-context.js';
import { SinglePageOperator } from './single-page-operator.js';

export interface MarkDistinctParameters {
  /** MarkDistinctNode.distinctSymbols mapped to channels, and their types. */
  readonly distinctChannels: readonly number[];
  readonly distinctTypes: readonly Type[];
  readonly expectedDistinct?: number;
}

export class MarkDistinctOperator extends SinglePageOperator {
  private hash: GroupByHash;
  private groupIds = new Int32Array(0);

  constructor(
    context: OperatorContext,
    private readonly parameters: MarkDistinctParameters,
  ) {
    super(context);
    this.hash = createGroupByHash(parameters.distinctTypes, parameters.expectedDistinct);
  }

  addInput(page: Page): void {
    const count = page.positionCount;
    if (this.groupIds.length < count) this.groupIds = new Int32Array(Math.max(count, 1024));
    const before = this.hash.groupCount;
    this.hash.getGroupIds(
      this.parameters.distinctChannels.map((channel) => page.blocks[channel]),
      count,
      this.groupIds,
    );
    const after = this.hash.groupCount;
    const marks = new Uint8Array(count);
    // New groups get consecutive ids in order of first occurrence.
    let next = before;
    for (let i = 0; i < count && next < after; i++) {
      if (this.groupIds[i] === next) {
        marks[i] = 1;
        next++;
      }
    }
    this.output = { positionCount: count, blocks: [...page.blocks, booleanBlock(marks)] };
    this.context.memory.setBytes(this.hash.retainedBytes + this.groupIds.byteLength);
  }

  override close(): void {
    super.close();
    this.hash = createGroupByHash([]);
    this.groupIds = new Int32Array(0);
    this.context.memory.setBytes(0);
  }
}
