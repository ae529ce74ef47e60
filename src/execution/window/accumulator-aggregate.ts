/**
 * Any aggregate over window frames, through the aggregation accumulators (aggregation/
 * accumulator.ts): a frame's rows are fed to an accumulator and its final value read back. A frame
 * equal to the previous row's reuses the previous value; a frame that only grows at its end (the
 * default RANGE UNBOUNDED PRECEDING frame, ROWS UNBOUNDED PRECEDING to CURRENT ROW) adds just the
 * new rows to the same state; any other frame is aggregated afresh, costing its length. This
 * relies on `evaluateFinal` leaving the state intact, as every accumulator does.
 */

import { fail } from '../../common/invariant.js';
import type { Block } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { getBlockRegion } from '../../data/block-copy.js';
import type { Accumulator } from '../aggregation/accumulator.js';
import type { FrameArrays, WindowFunctionEvaluator } from './window-function.js';

export class AccumulatorAggregate implements WindowFunctionEvaluator {
  readonly usesFrame = true;
  private state: Accumulator | null = null;
  private stateStart = 0;
  private stateEnd = 0;
  private result: Block | null = null;
  private emptyResult: Block | null = null;
  private zeros = new Int32Array(1024);

  constructor(
    private readonly createAccumulator: () => Accumulator,
    private readonly args: readonly Block[],
    private readonly mask: Block | null,
  ) {}

  reset(): void {
    this.state = null;
    this.result = null;
  }

  evaluate(from: number, to: number, frames: FrameArrays | null, out: BlockBuilder): void {
    const { start, end } = frames ?? fail('an aggregate over a window frame is given its frames');
    for (let k = 0; k < to - from; k++) {
      const frameStart = start[k];
      const frameEnd = end[k];
      if (frameStart >= frameEnd) {
        out.appendFrom(this.empty(), 0);
        continue;
      }
      const state = this.state;
      let result = this.result;
      // The state and its result are set and reset together.
      if (state === null || result === null || frameStart !== this.stateStart || frameEnd !== this.stateEnd) {
        let current: Accumulator;
        if (state !== null && frameStart === this.stateStart && frameEnd > this.stateEnd) {
          this.addRows(state, this.stateEnd, frameEnd);
          current = state;
        } else {
          current = this.createAccumulator();
          current.setGroupCount(1);
          this.addRows(current, frameStart, frameEnd);
          this.state = current;
          this.stateStart = frameStart;
        }
        this.stateEnd = frameEnd;
        result = current.evaluateFinal(0, 1);
        this.result = result;
      }
      out.appendFrom(result, 0);
    }
  }

  private addRows(accumulator: Accumulator, from: number, to: number): void {
    const count = to - from;
    if (this.zeros.length < count) this.zeros = new Int32Array(Math.max(count, this.zeros.length * 2));
    const regions = this.args.map((arg) => getBlockRegion(arg, from, count));
    if (this.mask === null) accumulator.addInput(this.zeros, regions, count);
    else accumulator.addInput(this.zeros, regions, count, getBlockRegion(this.mask, from, count));
  }

  private empty(): Block {
    if (this.emptyResult === null) {
      const accumulator = this.createAccumulator();
      accumulator.setGroupCount(1);
      this.emptyResult = accumulator.evaluateFinal(0, 1);
    }
    return this.emptyResult;
  }
}
