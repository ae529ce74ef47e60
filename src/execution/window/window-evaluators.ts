/**
 * Picks the evaluator of a window function call: the ranking and value functions by name, the
 * built-in frame aggregates (frame-aggregates.ts) for count, count_if, sum, avg, min, max,
 * bool_and/every and bool_or, accumulators for decimal sum/avg and for every other aggregate whose
 * spec supplies `createAccumulator`.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import type { Type } from '../../types/type.js';
import { DecimalAverageAccumulator, DecimalSumAccumulator } from '../aggregation/decimal-accumulators.js';
import { AccumulatorAggregate } from './accumulator-aggregate.js';
import {
  BooleanAggregate,
  CountAggregate,
  includedRows,
  MinMaxAggregate,
  NumericAggregate,
  numericResultOf,
} from './frame-aggregates.js';
import { NtileEvaluator, RankingEvaluator } from './ranking-functions.js';
import { FrameValueEvaluator, OffsetValueEvaluator } from './value-functions.js';
import type { WindowFunctionEvaluator, WindowFunctionSpec } from './window-function.js';
import type { WindowIndex } from './window-index.js';

export function createWindowEvaluator(spec: WindowFunctionSpec, index: WindowIndex): WindowFunctionEvaluator {
  const args = spec.arguments.map((argument, i) => index.argumentBlock(argument, spec.argumentTypes[i]));
  const typed = (i: number): { block: Block; type: Type } | null =>
    args[i] === undefined ? null : { block: args[i], type: spec.argumentTypes[i] };
  if (spec.kind === 'window') {
    switch (spec.name) {
      case 'row_number':
      case 'rank':
      case 'dense_rank':
      case 'percent_rank':
      case 'cume_dist':
        return new RankingEvaluator(index, spec.name);
      case 'ntile':
        return new NtileEvaluator(args[0], spec.argumentTypes[0]);
      case 'lag':
      case 'lead':
        return new OffsetValueEvaluator(spec.name === 'lead', args[0], typed(1), args[2] ?? null, spec.ignoreNulls);
      case 'first_value':
      case 'last_value':
      case 'nth_value':
        return new FrameValueEvaluator(spec.name, args[0], typed(1), spec.ignoreNulls);
      default:
        throw new VivaceError('NOT_SUPPORTED', `Window function ${spec.name} is not supported`);
    }
  }
  return createAggregateEvaluator(spec, index, args);
}

function createAggregateEvaluator(
  spec: WindowFunctionSpec,
  index: WindowIndex,
  args: readonly Block[],
): WindowFunctionEvaluator {
  const n = index.rowCount;
  const mask = spec.maskChannel === undefined ? null : index.page.blocks[spec.maskChannel];
  const argumentType = spec.argumentTypes[0];
  const single = args.length === 1;
  switch (spec.name) {
    case 'count':
      if (args.length <= 1) return new CountAggregate(includedRows(n, args[0] ?? null, mask));
      break;
    case 'count_if':
    case 'bool_and':
    case 'every':
    case 'bool_or':
      if (single) {
        const kind = spec.name === 'every' ? 'bool_and' : spec.name;
        return new BooleanAggregate(kind, args[0], includedRows(n, args[0], mask));
      }
      break;
    case 'sum':
    case 'avg': {
      if (!single) break;
      const result = numericResultOf(argumentType);
      if (result !== null) {
        return new NumericAggregate(spec.name === 'avg', result, args[0], argumentType, includedRows(n, args[0], mask));
      }
      if (argumentType.kind === 'decimal') {
        const decimalType = argumentType;
        const create =
          spec.name === 'sum'
            ? () => new DecimalSumAccumulator(decimalType)
            : () => new DecimalAverageAccumulator(decimalType);
        return new AccumulatorAggregate(create, args, mask);
      }
      break;
    }
    case 'min':
    case 'max':
      if (single)
        return new MinMaxAggregate(args[0], argumentType, spec.name === 'max', includedRows(n, args[0], mask));
      break;
    default:
      break;
  }
  if (spec.createAccumulator !== undefined) return new AccumulatorAggregate(spec.createAccumulator, args, mask);
  throw new VivaceError('NOT_SUPPORTED', `Aggregate function ${spec.name} is not supported over a window`);
}
