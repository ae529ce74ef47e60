/**
 * How the window operator is told what to compute (one `WindowFunctionSpec` per
 * WindowFunctionCall, in plain channels and types), and the contract of the per-function
 * evaluators it drives.
 *
 * The operator sorts its input by (partition keys, order keys) into a WindowIndex and walks it in
 * bounded chunks; a chunk may end inside a partition. For each partition the operator calls
 * `reset`, then `evaluate` for consecutive row ranges of it, in order, with the frame of every row
 * of the range already computed (for functions that use frames). Evaluators append one value per
 * row to the output builder and may keep state between calls within a partition.
 */
import type { BlockBuilder } from '../../data/block-builder.js';
import type { Type } from '../../types/type.js';
import type { Accumulator } from '../aggregation/accumulator.js';

export type FrameBoundType = 'UNBOUNDED_PRECEDING' | 'PRECEDING' | 'CURRENT_ROW' | 'FOLLOWING' | 'UNBOUNDED_FOLLOWING';

/** WindowFrameSpec with its offset symbols mapped to channels. */
export interface WindowFrame {
  readonly type: 'ROWS' | 'RANGE' | 'GROUPS';
  readonly startType: FrameBoundType;
  /** Channel of the start offset (PRECEDING / FOLLOWING); its value may differ per row. */
  readonly startChannel?: number;
  readonly endType: FrameBoundType;
  readonly endChannel?: number;
}

/** The frame used when a window has none: RANGE UNBOUNDED PRECEDING to CURRENT ROW. */
export const DEFAULT_WINDOW_FRAME: WindowFrame = {
  type: 'RANGE',
  startType: 'UNBOUNDED_PRECEDING',
  endType: 'CURRENT_ROW',
};

/** An argument read from an input channel, or a constant (JS value representation). */
export type WindowArgument = { readonly channel: number } | { readonly constant: unknown };

export interface WindowFunctionSpec {
  /** The resolved function's canonical name (`ResolvedFunction.name`). */
  readonly name: string;
  /** `window` for ranking/value functions, `aggregate` for aggregates used over a window. */
  readonly kind: 'window' | 'aggregate';
  readonly arguments: readonly WindowArgument[];
  /** `ResolvedFunction.argumentTypes`. */
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  readonly frame: WindowFrame;
  readonly ignoreNulls: boolean;
  /** A boolean channel: aggregates ignore the rows where it is not true (FILTER). */
  readonly maskChannel?: number;
  /**
   * For aggregates without a built-in frame evaluator (anything but count, count_if, sum, avg, min,
   * max, bool_and, bool_or, every, and decimal sum/avg): a new accumulator of the aggregate.
   */
  readonly createAccumulator?: () => Accumulator;
}

/** The frames of a range of rows: row k of the range has frame rows [start[k], end[k]) (empty when start ≥ end). */
export interface FrameArrays {
  readonly start: Int32Array;
  readonly end: Int32Array;
}

export interface WindowFunctionEvaluator {
  /** Whether `evaluate` needs the frames of its rows. */
  readonly usesFrame: boolean;
  /** A new partition: rows [partitionStart, partitionEnd) of the index. */
  reset(partitionStart: number, partitionEnd: number): void;
  /** Appends the values of rows [from, to) (inside the current partition) to `out`. */
  evaluate(from: number, to: number, frames: FrameArrays | null, out: BlockBuilder): void;
}
