/**
 * GroupId (GroupIdNode), the input side of GROUPING SETS / ROLLUP / CUBE: every input page is
 * replicated once per grouping set. Output channels, as the plan node's outputs: the grouping key
 * columns (the union of all sets' keys; a key not in the current set is NULL), the aggregation
 * arguments passed through unchanged, then the bigint group id (the set's index). No value is copied:
 * kept columns share the input blocks and NULL columns and the group id are rle blocks.
 */
import type { Block } from '../../data/block.js';
import { constantBlock, nullBlock } from '../../data/block-builder.js';
import type { Page } from '../../data/page.js';
import { BIGINT, type Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export interface GroupIdParameters {
  /** The grouping key columns of the output (all sets' keys), as input channels and types. */
  readonly groupingKeyChannels: readonly number[];
  readonly groupingKeyTypes: readonly Type[];
  /** GroupIdNode.groupingSets: per set, the indexes (into groupingKeyChannels) of its keys. */
  readonly groupingSets: readonly (readonly number[])[];
  /** GroupIdNode.aggregationArguments mapped to input channels. */
  readonly aggregationArgumentChannels: readonly number[];
}

export class GroupIdOperator implements Operator {
  private input: Page | null = null;
  private nextSet = 0;
  private finishing = false;
  private readonly setMembership: readonly (readonly boolean[])[];

  constructor(
    readonly context: OperatorContext,
    private readonly parameters: GroupIdParameters,
  ) {
    this.setMembership = parameters.groupingSets.map((set) =>
      parameters.groupingKeyChannels.map((_, key) => set.includes(key)),
    );
  }

  needsInput(): boolean {
    return !this.finishing && this.input === null;
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    this.input = page;
    this.nextSet = 0;
  }

  getOutput(): Page | null {
    const page = this.input;
    if (page === null) return null;
    const set = this.nextSet++;
    if (this.nextSet >= this.setMembership.length) this.input = null;
    const count = page.positionCount;
    const { groupingKeyChannels, groupingKeyTypes, aggregationArgumentChannels } = this.parameters;
    const membership = this.setMembership[set];
    const blocks: Block[] = groupingKeyChannels.map((channel, key) =>
      membership[key] ? page.blocks[channel] : nullBlock(groupingKeyTypes[key], count),
    );
    for (const channel of aggregationArgumentChannels) blocks.push(page.blocks[channel]);
    blocks.push(constantBlock(BIGINT, set, count));
    return { positionCount: count, blocks };
  }

  finish(): void {
    this.finishing = true;
  }

  isFinished(): boolean {
    return this.finishing && this.input === null;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.input = null;
  }
}
