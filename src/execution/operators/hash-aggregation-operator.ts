/**
 * Hash aggregation (AggregationNode), for every step:
 *   SINGLE        raw rows in, final values out
 *   PARTIAL       raw rows in, intermediate states out (per task, before an exchange)
 *   INTERMEDIATE  states in, merged states out
 *   FINAL         states in, final values out
 * Each input page is grouped by its key channels with a GroupByHash (group ids per position), then
 * every aggregate's accumulator is updated for the whole page at once (aggregation/accumulator.ts).
 * Output starts when input is finished: one page per getOutput call, of up to OUTPUT_GROUPS groups:
 * the grouping keys (in `groupingChannels` order), the group id (grouping sets) if any, then one
 * channel per aggregate (final values, or states for PARTIAL and INTERMEDIATE steps, of the type
 * the function's signature declares, `function.intermediateType`).
 *
 * A global aggregation (no keys) always emits exactly one row, also on empty input (count 0, other
 * aggregates NULL; a PARTIAL step emits its empty state). With grouping sets, `globalGroupIds` lists
 * the group ids of empty grouping sets: SINGLE and FINAL steps emit a row for each of them even when
 * no input row carried it.
 * Memory: the table and the states are reported after every page. A PARTIAL step whose state passes
 * `partialMemoryLimitBytes` (Presto's partial aggregation memory limit, 16 MB by default) flushes
 * its groups downstream and starts over, which is correct because a FINAL step merges duplicates.
 *
 * Adaptive partial aggregation (Trino's `adaptive_partial_aggregation_*`): a PARTIAL step that has
 * taken `minRows` rows and made more than `uniqueRowsRatio` groups per row (flushes included) is not
 * reducing anything — the keys are nearly unique (GROUP BY a user id, a comment) — and only pays
 * for hashing every row twice, here and in the FINAL step. It flushes its groups and from then on
 * passes each page through: the page's keys as they are, and each aggregate's state of the row
 * alone (the accumulators run with one group per row, no hashing). The FINAL step merges the
 * duplicates as it merges any partial output.
 */
import type { Block } from '../../data/block.js';
import { float64Block } from '../../data/block.js';
import { nullBlock } from '../../data/block-builder.js';
import type { Page } from '../../data/page.js';
import type { ResolvedFunction } from '../../functions/function-registry.js';
import type { AggregationStep } from '../../planner/plan-nodes.js';
import { BIGINT, type Type } from '../../types/type.js';
import type { Accumulator } from '../aggregation/accumulator.js';
import { createAccumulator } from '../aggregation/aggregate-registry.js';
import type { AggregateOrdering } from '../aggregation/ordered-accumulator.js';
import type { LambdaFunction } from '../aggregation/reduce-agg-accumulator.js';
import { createGroupByHash, type GroupByHash } from '../hash/group-by-hash.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

/** Groups per output page. */
export const OUTPUT_GROUPS = 4096;
export const DEFAULT_PARTIAL_MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;

/** One AggregateCall of the plan node, mapped to channels. */
export interface AggregateChannels {
  readonly function: ResolvedFunction;
  /**
   * SINGLE/PARTIAL: the channels of the value arguments (lambda arguments excluded: see `lambdas`).
   * INTERMEDIATE/FINAL: one channel, the aggregate's state.
   */
  readonly argumentChannels: readonly number[];
  /** AggregateCall.mask: rows where this boolean channel is not true are ignored. */
  readonly maskChannel?: number;
  readonly distinct?: boolean;
  /** AggregateCall.orderBy mapped to channels (ORDER BY inside the call; SINGLE step only). */
  readonly orderBy?: readonly (AggregateOrdering & { readonly channel: number })[];
  /** Evaluated lambda arguments (reduce_agg). */
  readonly lambdas?: readonly LambdaFunction[];
}

export interface HashAggregationParameters {
  /** AggregationNode.groupingKeys mapped to channels, and their types. */
  readonly groupingChannels: readonly number[];
  readonly groupingTypes: readonly Type[];
  readonly aggregates: readonly AggregateChannels[];
  readonly step: AggregationStep;
  /** AggregationNode.groupIdSymbol's channel (grouping sets): a bigint key after the grouping keys. */
  readonly groupIdChannel?: number;
  /** Group ids of empty grouping sets, which get a row even without input (SINGLE and FINAL). */
  readonly globalGroupIds?: readonly number[];
  /** Groups to size the hash table for at first (the plan's estimate); it grows past them as needed. */
  readonly expectedGroups?: number;
  /** PARTIAL only: flush when the state passes this many bytes (Infinity disables). */
  readonly partialMemoryLimitBytes?: number;
  /** PARTIAL only: pass rows through once the keys prove nearly unique (absent: never). */
  readonly adaptive?: AdaptivePartialAggregation;
}

/** When a PARTIAL aggregation stops aggregating (see the file comment). */
export interface AdaptivePartialAggregation {
  /** Rows the table takes before it is judged (Trino's `adaptive-partial-aggregation.min-rows`). */
  readonly minRows: number;
  /** Groups per row above which the step passes rows through (Trino's threshold, 0.8 by default). */
  readonly uniqueRowsRatio: number;
}

/** Trino's `adaptive-partial-aggregation.min-rows`. */
export const ADAPTIVE_PARTIAL_AGGREGATION_MIN_ROWS = 100_000;

/** The adaptive settings for a session's unique-rows ratio threshold, with Trino's minimum of rows. */
export function adaptivePartialAggregation(uniqueRowsRatio: number): AdaptivePartialAggregation {
  return { minRows: ADAPTIVE_PARTIAL_AGGREGATION_MIN_ROWS, uniqueRowsRatio };
}

export class HashAggregationOperator implements Operator {
  private readonly keyChannels: readonly number[];
  private readonly keyTypes: readonly Type[];
  private readonly isGlobal: boolean;
  private readonly consumesStates: boolean;
  private readonly producesStates: boolean;
  private hash: GroupByHash;
  private accumulators: Accumulator[];
  private groupIds = new Int32Array(0);
  private finishing = false;
  private flushing = false;
  private finished = false;
  /** Next group to output, and how many groups the output covers. */
  private outputPosition = 0;
  private outputGroups = 0;
  private readonly partialMemoryLimit: number;
  /**
   * Adaptive partial aggregation judges by every row taken and every group made so far, across
   * the flushes at the memory limit: a table of wide unique keys can reach the limit before
   * `minRows`, and judged per table it would never be judged at all.
   */
  private rowsTaken = 0;
  private groupsFlushed = 0;
  /** Adaptive partial aggregation: 'flushing' empties the table, then 'passing' converts pages. */
  private adaptiveState: 'aggregating' | 'flushing' | 'passing' = 'aggregating';
  private readonly adaptive: AdaptivePartialAggregation | undefined;
  /** A page passed through, waiting for getOutput. */
  private passedPage: Page | null = null;
  private identityIds = new Int32Array(0);

  constructor(
    readonly context: OperatorContext,
    private readonly parameters: HashAggregationParameters,
  ) {
    const { groupingChannels, groupingTypes, groupIdChannel, step } = parameters;
    this.keyChannels = groupIdChannel === undefined ? groupingChannels : [...groupingChannels, groupIdChannel];
    this.keyTypes = groupIdChannel === undefined ? groupingTypes : [...groupingTypes, BIGINT];
    this.isGlobal = this.keyChannels.length === 0;
    this.consumesStates = step === 'INTERMEDIATE' || step === 'FINAL';
    this.producesStates = step === 'PARTIAL' || step === 'INTERMEDIATE';
    this.partialMemoryLimit =
      step === 'PARTIAL'
        ? (parameters.partialMemoryLimitBytes ?? DEFAULT_PARTIAL_MEMORY_LIMIT_BYTES)
        : Number.POSITIVE_INFINITY;
    this.hash = this.newHash();
    this.accumulators = this.newAccumulators();
    const passable =
      step === 'PARTIAL' &&
      !this.isGlobal &&
      parameters.aggregates.every((a) => a.distinct !== true && a.orderBy === undefined);
    this.adaptive = passable ? parameters.adaptive : undefined;
  }

  private newHash(): GroupByHash {
    let expected = this.parameters.expectedGroups;
    // A PARTIAL step flushes at its memory limit: a table sized past it would flush at once. About
    // 64 bytes a group (slots at half load, keys, states) keeps the first table well inside.
    if (expected !== undefined && Number.isFinite(this.partialMemoryLimit)) {
      expected = Math.min(expected, Math.floor(this.partialMemoryLimit / 64));
    }
    return createGroupByHash(this.keyTypes, expected);
  }

  private newAccumulators(): Accumulator[] {
    return this.parameters.aggregates.map((aggregate) =>
      createAccumulator(aggregate.function, {
        ...(aggregate.lambdas !== undefined ? { lambdas: aggregate.lambdas } : {}),
        ...(aggregate.distinct === true && !this.consumesStates ? { distinct: true } : {}),
        ...(aggregate.orderBy !== undefined && !this.consumesStates ? { orderBy: aggregate.orderBy } : {}),
      }),
    );
  }

  needsInput(): boolean {
    return !this.finishing && !this.flushing && this.passedPage === null;
  }

  addInput(page: Page): void {
    const count = page.positionCount;
    if (count === 0) return;
    if (this.adaptiveState === 'passing') {
      this.passedPage = this.passThrough(page);
      return;
    }
    if (this.groupIds.length < count) this.groupIds = new Int32Array(Math.max(count, 1024));
    const groupIds = this.groupIds;
    this.hash.getGroupIds(
      this.keyChannels.map((channel) => page.blocks[channel]),
      count,
      groupIds,
    );
    const groupCount = this.hash.groupCount;
    const aggregates = this.parameters.aggregates;
    for (let a = 0; a < aggregates.length; a++) {
      const aggregate = aggregates[a];
      const accumulator = this.accumulators[a];
      accumulator.setGroupCount(groupCount);
      if (this.consumesStates) {
        accumulator.addIntermediate(groupIds, page.blocks[aggregate.argumentChannels[0]], count);
        continue;
      }
      const args = aggregate.argumentChannels.map((channel) => page.blocks[channel]);
      if (aggregate.orderBy !== undefined) for (const key of aggregate.orderBy) args.push(page.blocks[key.channel]);
      const mask = aggregate.maskChannel === undefined ? undefined : page.blocks[aggregate.maskChannel];
      accumulator.addInput(groupIds, args, count, mask);
    }
    const bytes = this.retainedBytes();
    this.context.memory.setBytes(bytes);
    this.rowsTaken += count;
    const adaptive = this.adaptive;
    if (
      adaptive !== undefined &&
      this.rowsTaken >= adaptive.minRows &&
      this.groupsFlushed + this.hash.groupCount > adaptive.uniqueRowsRatio * this.rowsTaken
    ) {
      this.adaptiveState = 'flushing';
      this.startOutput(true);
    } else if (bytes > this.partialMemoryLimit) {
      this.startOutput(true);
    }
  }

  /** Whether the step passes rows through (adaptive partial aggregation gave up aggregating). */
  passingRows(): boolean {
    return this.adaptiveState === 'passing';
  }

  /** A page's rows as partial output: its keys, and each aggregate's state of each row alone. */
  private passThrough(page: Page): Page {
    const count = page.positionCount;
    if (this.identityIds.length < count) {
      this.identityIds = new Int32Array(count);
      for (let i = 0; i < count; i++) this.identityIds[i] = i;
    }
    const ids = this.identityIds;
    const blocks: Block[] = this.keyChannels.map((channel) => page.blocks[channel] as Block);
    const aggregates = this.parameters.aggregates;
    const accumulators = this.newAccumulators();
    for (let a = 0; a < aggregates.length; a++) {
      const aggregate = aggregates[a] as AggregateChannels;
      const accumulator = accumulators[a] as Accumulator;
      accumulator.setGroupCount(count);
      const args = aggregate.argumentChannels.map((channel) => page.blocks[channel] as Block);
      const mask = aggregate.maskChannel === undefined ? undefined : page.blocks[aggregate.maskChannel];
      accumulator.addInput(ids, args, count, mask);
      blocks.push(accumulator.evaluateIntermediate(0, count));
    }
    return { positionCount: count, blocks };
  }

  private retainedBytes(): number {
    let bytes = this.hash.retainedBytes + this.groupIds.byteLength;
    for (const accumulator of this.accumulators) bytes += accumulator.retainedBytes;
    return bytes;
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    // Passing rows through keeps no table: nothing is left to emit after the last page.
    if (!this.flushing && !this.passingRows()) this.startOutput(false);
  }

  /** Freezes the groups to output: all of them, plus the rows global aggregations owe. */
  private startOutput(flush: boolean): void {
    this.flushing = flush;
    if (!flush) this.addDefaultGroups();
    this.outputPosition = 0;
    this.outputGroups = this.hash.groupCount;
    if (this.isGlobal && !flush) this.outputGroups = 1;
    for (const accumulator of this.accumulators) accumulator.setGroupCount(this.outputGroups);
  }

  /** Rows of empty grouping sets (NULL keys, the set's group id) that never received input. */
  private addDefaultGroups(): void {
    const globalGroupIds = this.parameters.globalGroupIds;
    if (globalGroupIds === undefined || globalGroupIds.length === 0 || this.producesStates) return;
    if (this.parameters.groupIdChannel === undefined) return;
    const out = new Int32Array(1);
    for (const groupId of globalGroupIds) {
      const blocks: Block[] = this.parameters.groupingTypes.map((type) => nullBlock(type, 1));
      blocks.push(float64Block(Float64Array.of(groupId)));
      this.hash.getGroupIds(blocks, 1, out);
    }
  }

  getOutput(): Page | null {
    if (this.passedPage !== null) {
      const page = this.passedPage;
      this.passedPage = null;
      return page;
    }
    if (this.adaptiveState === 'passing') {
      if (this.finishing) this.finished = true;
      return null;
    }
    if (this.finished || (!this.finishing && !this.flushing)) return null;
    if (this.outputPosition >= this.outputGroups) {
      // A keyed aggregation without any group: nothing to emit.
      this.finished = true;
      this.releaseState();
      return null;
    }
    const from = this.outputPosition;
    const to = Math.min(this.outputGroups, from + OUTPUT_GROUPS);
    this.outputPosition = to;
    const blocks: Block[] = this.isGlobal ? [] : this.hash.buildKeyBlocks(from, to);
    for (const accumulator of this.accumulators) {
      blocks.push(
        this.producesStates ? accumulator.evaluateIntermediate(from, to) : accumulator.evaluateFinal(from, to),
      );
    }
    if (to >= this.outputGroups) {
      if (!this.flushing) {
        this.finished = true;
        this.releaseState();
      } else {
        this.resetAfterFlush();
        if (this.finishing && !this.passingRows()) this.startOutput(false);
      }
    }
    return { positionCount: to - from, blocks };
  }

  private resetAfterFlush(): void {
    this.flushing = false;
    this.groupsFlushed += this.outputGroups;
    this.outputPosition = 0;
    this.outputGroups = 0;
    if (this.adaptiveState === 'flushing') {
      // From now on pages pass through: no table is kept (finish has nothing left to flush).
      this.adaptiveState = 'passing';
      this.releaseState();
      return;
    }
    this.hash = this.newHash();
    this.accumulators = this.newAccumulators();
    this.context.memory.setBytes(this.retainedBytes());
  }

  private releaseState(): void {
    this.hash = createGroupByHash([]);
    this.accumulators = [];
    this.groupIds = new Int32Array(0);
    this.context.memory.setBytes(0);
  }

  isFinished(): boolean {
    return this.finished;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.finished = true;
    this.releaseState();
  }
}
