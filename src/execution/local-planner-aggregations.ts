/**
 * Local planning of the nodes that compute over groups of rows: hash aggregation (with grouping
 * sets and pre-projected arguments) and window functions (partitions, frames, their arguments).
 * Split from local-planner-operators.ts, which plans the other one-operator nodes.
 */
import { fail } from '../common/invariant.js';
import { VivaceError } from '../common/vivace-error.js';
import type { PlanNode } from '../planner/plan-nodes.js';
import type { RowExpression } from '../planner/row-expression.js';
import { createAccumulator } from './aggregation/aggregate-registry.js';
import { constantValue } from './expression/constant-values.js';
import { ExpressionInterpreter } from './expression/interpreter.js';
import { append, channelOf, orderings, shaped, typesOf } from './local-plan-layout.js';
import type { PhysicalOperation, PipelineBuilder } from './local-plan-types.js';
import { entryOf } from './local-plan-types.js';
import { type AggregateChannels, HashAggregationOperator } from './operators/hash-aggregation-operator.js';
import { WindowOperator } from './operators/window-operator.js';
import type { WindowArgument, WindowFunctionSpec } from './window/window-function.js';

/**
 * Hash aggregation. Arguments that are not plain symbols are computed by a projection first; with
 * grouping sets, the group id is the last grouping key and the empty sets' ids get rows even
 * without input.
 */
export function aggregation(
  node: Extract<PlanNode, { kind: 'Aggregation' }>,
  builder: PipelineBuilder,
): PhysicalOperation {
  let source = builder.visit(node.source);
  const computed = node.aggregates.flatMap((a) =>
    a.args.filter((arg) => arg.kind !== 'Symbol' && arg.kind !== 'Lambda'),
  );
  const argumentSymbol = new Map<RowExpression, string>();
  if (computed.length > 0) {
    const passThrough = [...source.layout.entries()].sort((a, b) => a[1].channel - b[1].channel);
    const assignments = [
      ...passThrough.map(([name, { type }]) => ({
        symbol: name,
        expression: { kind: 'Symbol', name, type } as RowExpression,
      })),
      ...computed.map((expression, i) => {
        argumentSymbol.set(expression, `$argument${i}`);
        return { symbol: `$argument${i}`, expression };
      }),
    ];
    source = builder.filterProject(
      source,
      undefined,
      assignments,
      assignments.map((a) => ({ name: a.symbol, type: a.expression.type })),
    );
  }
  const groupIdSymbol = node.groupIdSymbol;
  const keys = node.groupingKeys.filter((k) => k !== groupIdSymbol);
  const interpreter = new ExpressionInterpreter({
    functions: builder.context.functions,
    session: builder.context.session,
  });
  const aggregates: AggregateChannels[] = node.aggregates.map((a) => ({
    function: a.function,
    argumentChannels: a.args
      .filter((arg) => arg.kind !== 'Lambda')
      .map((arg) =>
        channelOf(
          source.layout,
          arg.kind === 'Symbol'
            ? arg.name
            : (argumentSymbol.get(arg) ?? fail('every non-symbol argument was projected')),
        ),
      ),
    maskChannel: a.mask === undefined ? undefined : channelOf(source.layout, a.mask),
    distinct: a.distinct,
    orderBy: a.orderBy?.map((o) => {
      const entry = entryOf(source.layout, o.symbol);
      return { channel: entry.channel, type: entry.type, ascending: o.ascending, nullsFirst: o.nullsFirst };
    }),
    lambdas: a.args
      .filter((arg) => arg.kind === 'Lambda')
      .map((arg) => interpreter.evaluate(arg, () => null) as (...args: unknown[]) => unknown),
  }));
  const groupIdNode = node.source.kind === 'GroupId' ? node.source : undefined;
  const globalGroupIds = groupIdNode?.groupingSets.flatMap((set, id) => (set.length === 0 ? [id] : []));
  append(
    source,
    builder,
    'HashAggregationOperator',
    (ctx) =>
      new HashAggregationOperator(ctx, {
        groupingChannels: keys.map((k) => channelOf(source.layout, k)),
        groupingTypes: keys.map((k) => entryOf(source.layout, k).type),
        aggregates,
        step: node.step,
        groupIdChannel: groupIdSymbol === undefined ? undefined : channelOf(source.layout, groupIdSymbol),
        globalGroupIds,
        expectedGroups: taskShareOfGroups(node.expectedGroups, builder.context.partitionCount),
        ...(node.step === 'PARTIAL' && builder.context.adaptivePartialAggregation !== undefined
          ? { adaptive: builder.context.adaptivePartialAggregation }
          : {}),
      }),
  );
  const order = [
    ...keys,
    ...(groupIdSymbol === undefined ? [] : [groupIdSymbol]),
    ...node.aggregates.map((a) => a.symbol),
  ];
  const types = new Map(node.outputs.map((o) => [o.name, o.type] as const));
  const layout = new Map(
    order.map((s, channel) => [s, { channel, type: types.get(s) ?? fail(`symbol ${s} has no type`) }] as const),
  );
  return shaped(builder, { operators: source.operators, layout }, node.outputs);
}

/**
 * Window functions: the operator outputs its input columns, then one column per function.
 * Arguments are symbols or constants (lag's offset and default, ntile's bucket count).
 */
export function window(node: Extract<PlanNode, { kind: 'Window' }>, builder: PipelineBuilder): PhysicalOperation {
  const functionSymbols = new Set(node.functions.map((f) => f.symbol));
  const inputs = node.outputs.filter((o) => !functionSymbols.has(o.name));
  const source = shaped(builder, builder.visit(node.source), inputs);
  const argument = (arg: RowExpression): WindowArgument => {
    if (arg.kind === 'Symbol') return { channel: channelOf(source.layout, arg.name) };
    if (arg.kind === 'Constant') return { constant: constantValue(arg, builder.context.functions) };
    throw new VivaceError('NOT_SUPPORTED', 'Window function arguments must be columns or constants');
  };
  const functions: WindowFunctionSpec[] = node.functions.map((f) => ({
    name: f.function.name,
    kind: f.function.kind === 'aggregate' ? 'aggregate' : 'window',
    arguments: f.args.map(argument),
    argumentTypes: f.function.argumentTypes,
    returnType: f.function.returnType,
    frame: {
      type: f.frame.type,
      startType: f.frame.startType,
      startChannel: f.frame.startValue === undefined ? undefined : channelOf(source.layout, f.frame.startValue),
      endType: f.frame.endType,
      endChannel: f.frame.endValue === undefined ? undefined : channelOf(source.layout, f.frame.endValue),
    },
    ignoreNulls: f.ignoreNulls,
    maskChannel: f.mask === undefined ? undefined : channelOf(source.layout, f.mask),
    createAccumulator: f.function.kind === 'aggregate' ? () => createAccumulator(f.function) : undefined,
  }));
  const types = typesOf(source.layout);
  append(
    source,
    builder,
    'WindowOperator',
    (ctx) =>
      new WindowOperator(
        ctx,
        types,
        node.partitionBy.map((s) => channelOf(source.layout, s)),
        orderings(source.layout, node.orderBy),
        functions,
      ),
  );
  const layout = new Map(source.layout);
  node.functions.forEach((f, i) => {
    layout.set(f.symbol, { channel: inputs.length + i, type: f.function.returnType });
  });
  return shaped(builder, { operators: source.operators, layout }, node.outputs);
}

/**
 * The groups one task of the stage sizes its table for: the plan's estimate is the whole stage's,
 * and a stage's tasks split its rows (hashed by the grouping keys, or the scan's splits), so each
 * holds about its share. Sizing every task for all of them allocated and cleared a table that
 * many times too large on each worker (a table grows by doubling when the share is short).
 */
export function taskShareOfGroups(expectedGroups: number | undefined, tasks: number | undefined): number | undefined {
  if (expectedGroups === undefined || tasks === undefined || tasks <= 1) return expectedGroups;
  return Math.ceil(expectedGroups / tasks);
}
