/**
 * Filters and projects pages with compiled expressions: the filter selects positions, the
 * projection computes the output blocks over them. A projection that only selects input
 * channels copies no values (the blocks are reused, or gathered when a filter dropped rows).
 *
 * Filter and projection run when the output is asked for, over a batch of the input page: the
 * whole page while the expressions are cheap, fewer rows when the time they took per row says a
 * whole page would hold the worker's event loop past `BATCH_TARGET_MS` (a regular expression over
 * long strings, a first page through still-cold code). The projection may also cover only the first
 * rows of the selection (a page of large strings is cut once it passes the projection's size
 * budget, see CompiledProjection): the operator then keeps the input page and projects the rest on
 * the next calls, one bounded page at a time. The page it holds is counted in its memory
 * reservation, so a row too large for what is left of the query's memory fails with
 * EXCEEDED_MEMORY_LIMIT.
 */

import type { Block } from '../../data/block.js';
import { copyPositions, getBlockRegion } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { CompiledFilter, CompiledProjection } from '../expression/compiler.js';
import type { OperatorContext } from '../operator-context.js';
import { SinglePageOperator } from './single-page-operator.js';

/** Each output is either an input channel passed through or a computed expression. */
export type ProjectionOutput = { readonly channel: number } | { readonly computed: number };

/** What one batch of filter and projection should take at most. */
const BATCH_TARGET_MS = 8;
/** The first batch, through code V8 has not optimized yet. */
const FIRST_BATCH_ROWS = 256;
/** The smallest batch: below it per-page overhead dominates. */
const MIN_BATCH_ROWS = 64;

export class FilterAndProjectOperator extends SinglePageOperator {
  private selection = new Int32Array(0);
  /** The input page not yet filtered, and how many of its rows were. */
  private input: { page: Page; taken: number } | null = null;
  /** The batch being projected: its selected positions (null: all) and how many are done. */
  private pending: { page: Page; selected: Int32Array | null; count: number; done: number } | null = null;
  /** Input rows per batch, from the time batches took (unbounded while they are cheap). */
  private batchRows = FIRST_BATCH_ROWS;
  /** Milliseconds per input row of the last batches (smoothed), -1 before the first one. */
  private msPerRow = -1;

  constructor(
    context: OperatorContext,
    private readonly filter: CompiledFilter | undefined,
    private readonly projection: CompiledProjection | undefined,
    private readonly outputs: readonly ProjectionOutput[],
  ) {
    super(context);
  }

  protected override get producing(): boolean {
    return this.input !== null || this.pending !== null;
  }

  addInput(page: Page): void {
    this.input = { page, taken: 0 };
  }

  override getOutput(): Page | null {
    this.context.memory.setBytes(0);
    if (this.output === null) {
      if (this.pending === null && this.input !== null) this.nextBatch(this.input);
      // Input is pending only when there is a projection to run over it.
      const projection = this.projection;
      if (this.output === null && this.pending !== null && projection !== undefined) {
        this.output = this.projectNext(this.pending, projection);
      }
    }
    const page = this.output;
    this.output = null;
    return page;
  }

  /** Filters the next batch of the input page; sets the output, or the batch pending projection. */
  private nextBatch(input: { page: Page; taken: number }): void {
    const started = performance.now();
    const { page, taken } = input;
    const rows = Math.min(page.positionCount - taken, this.batchRows);
    const batch = taken === 0 && rows === page.positionCount ? page : regionOf(page, taken, rows);
    input.taken += rows;
    if (input.taken >= page.positionCount) this.input = null;
    let selected: Int32Array | null = null;
    let count = rows;
    if (this.filter) {
      if (this.selection.length < rows) this.selection = new Int32Array(rows);
      count = this.filter(batch, this.selection);
      if (count < rows) selected = this.selection;
    }
    if (count === 0) {
      this.learn(rows, performance.now() - started);
    } else if (this.projection === undefined) {
      // Without a projection every output is an input channel.
      const blocks = this.outputs.map((o) => this.passed(batch, o as { readonly channel: number }, selected, count));
      this.output = { positionCount: count, blocks };
      this.learn(rows, performance.now() - started);
    } else {
      // The selection buffer is not reused before the pending rows are done (needsInput is false until then).
      this.pending = { page: batch, selected, count, done: 0 };
      this.output = this.projectNext(this.pending, this.projection);
      this.learn(rows, performance.now() - started);
    }
  }

  /** Sets the next batch size from how long `rows` input rows took. */
  private learn(rows: number, elapsedMs: number): void {
    const perRow = elapsedMs / rows;
    this.msPerRow = this.msPerRow < 0 ? perRow : 0.5 * perRow + 0.5 * this.msPerRow;
    this.batchRows =
      this.msPerRow <= 0
        ? Number.MAX_SAFE_INTEGER
        : Math.max(MIN_BATCH_ROWS, Math.floor(BATCH_TARGET_MS / this.msPerRow));
  }

  /** Projects the next rows of the pending input (as many as the projection's budget allows). */
  private projectNext(
    pending: { page: Page; selected: Int32Array | null; count: number; done: number },
    projection: CompiledProjection,
  ): Page {
    const { page, count, done } = pending;
    const rest = count - done;
    let input = page;
    let selected = pending.selected;
    if (done > 0) {
      if (selected === null) input = regionOf(page, done, rest);
      else selected = selected.subarray(done);
    }
    const computed = projection(input, selected, rest);
    const produced = computed.length > 0 ? computed[0].positionCount : rest;
    pending.done += produced;
    if (pending.done >= count) this.pending = null;
    const blocks: Block[] = this.outputs.map((o) =>
      'computed' in o ? computed[o.computed] : this.passed(input, o, selected, produced),
    );
    const output = { positionCount: produced, blocks };
    this.context.memory.setBytes(pageSizeInBytes(output));
    return output;
  }

  /** An input channel over the first `count` selected positions (all rows from 0 when `selected` is null). */
  private passed(page: Page, output: { readonly channel: number }, selected: Int32Array | null, count: number): Block {
    const block = page.blocks[output.channel];
    if (selected !== null) return copyPositions(block, selected, count);
    return count === block.positionCount ? block : getBlockRegion(block, 0, count);
  }

  override close(): void {
    super.close();
    this.input = null;
    this.pending = null;
  }
}

function regionOf(page: Page, start: number, length: number): Page {
  return { positionCount: length, blocks: page.blocks.map((block) => getBlockRegion(block, start, length)) };
}
