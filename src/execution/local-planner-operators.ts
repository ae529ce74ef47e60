/**
 * Local planning of the nodes that map to one operator each (sort, limits, values, unnest, ...):
 * resolve symbols to channels in the source's layout, create the operator, and describe the
 * output layout. The local planner handles scans, projections, unions and exchanges itself;
 * aggregations and windows are planned in local-planner-aggregations.ts.
 */
import { fail } from '../common/invariant.js';
import { VivaceError } from '../common/vivace-error.js';
import { createBlockBuilder } from '../data/block-builder.js';
import type { Page } from '../data/page.js';
import { symbolOf } from '../planner/plan-factory.js';
import type { DynamicFilterAssignment, PlanNode } from '../planner/plan-nodes.js';
import { type RowExpression, symbolsOf } from '../planner/row-expression.js';
import type { Type } from '../types/type.js';
import { DynamicFilterCollector } from './dynamic-filter/dynamic-filter-collector.js';
import { MAX_DYNAMIC_FILTER_VALUES } from './dynamic-filter/dynamic-filter-summary.js';
import { compileFilter } from './expression/compiler.js';
import { ExpressionInterpreter } from './expression/interpreter.js';
import type { BuildSideOperator } from './join/build-side-operator.js';
import { JoinBridge } from './join/join-bridge.js';
import type { JoinLookup } from './join/join-hash-table.js';
import type { JoinFilter } from './join/join-probe-operator.js';
import { append, channelOf, orderings, shaped, typesOf } from './local-plan-layout.js';
import type { PhysicalOperation, PipelineBuilder } from './local-plan-types.js';
import { entryOf } from './local-plan-types.js';
import { aggregation, window } from './local-planner-aggregations.js';
import { AssignUniqueIdOperator } from './operators/assign-unique-id-operator.js';
import { EnforceSingleRowOperator } from './operators/enforce-single-row-operator.js';
import { GroupIdOperator } from './operators/group-id-operator.js';
import { HashBuilderOperator } from './operators/hash-builder-operator.js';
import { LimitOperator } from './operators/limit-operator.js';
import { LookupJoinOperator } from './operators/lookup-join-operator.js';
import { MarkDistinctOperator } from './operators/mark-distinct-operator.js';
import { NestedLoopBuildOperator, NestedLoopJoinOperator } from './operators/nested-loop-join-operator.js';
import { OffsetOperator } from './operators/offset-operator.js';
import { OrderByOperator } from './operators/order-by-operator.js';
import { RowNumberOperator } from './operators/row-number-operator.js';
import { type FilteringSet, HashSemiJoinOperator, SetBuilderOperator } from './operators/semi-join-operator.js';
import { TableFinishOperator } from './operators/table-finish-operator.js';
import { TableWriterOperator } from './operators/table-writer-operator.js';
import { TopNOperator } from './operators/top-n-operator.js';
import { UnnestOperator } from './operators/unnest-operator.js';
import { ValuesOperator } from './operators/values-operator.js';
import { slicePage } from './page-slicing.js';

export function planOperatorNode(node: PlanNode, builder: PipelineBuilder): PhysicalOperation {
  switch (node.kind) {
    case 'Sort': {
      const source = shaped(builder, builder.visit(node.source), node.outputs);
      const types = typesOf(source.layout);
      append(
        source,
        builder,
        'OrderByOperator',
        (ctx) => new OrderByOperator(ctx, types, orderings(source.layout, node.orderBy)),
      );
      return source;
    }
    case 'TopN': {
      const source = shaped(builder, builder.visit(node.source), node.outputs);
      const types = typesOf(source.layout);
      append(
        source,
        builder,
        'TopNOperator',
        (ctx) => new TopNOperator(ctx, types, node.count, orderings(source.layout, node.orderBy)),
      );
      return source;
    }
    case 'Limit': {
      const source = shaped(builder, builder.visit(node.source), node.outputs);
      const ties = node.tiesResolvingScheme ? orderings(source.layout, node.tiesResolvingScheme) : undefined;
      append(source, builder, 'LimitOperator', (ctx) => new LimitOperator(ctx, node.count, ties));
      return source;
    }
    case 'Offset': {
      const source = shaped(builder, builder.visit(node.source), node.outputs);
      append(source, builder, 'OffsetOperator', (ctx) => new OffsetOperator(ctx, node.count));
      return source;
    }
    case 'EnforceSingleRow': {
      const source = shaped(builder, builder.visit(node.source), node.outputs);
      const types = typesOf(source.layout);
      append(source, builder, 'EnforceSingleRowOperator', (ctx) => new EnforceSingleRowOperator(ctx, types));
      return source;
    }
    case 'AssignUniqueId': {
      const inputs = node.outputs.filter((o) => o.name !== node.idSymbol);
      const source = shaped(builder, builder.visit(node.source), inputs);
      append(
        source,
        builder,
        'AssignUniqueIdOperator',
        (ctx) => new AssignUniqueIdOperator(ctx, builder.context.uniqueIdPrefix ?? 0),
      );
      const layout = new Map(source.layout);
      layout.set(node.idSymbol, {
        channel: inputs.length,
        type: symbolOf(node, node.idSymbol).type,
      });
      return { operators: source.operators, layout };
    }
    case 'Values':
      return values(node, builder);
    case 'Unnest': {
      const source = builder.visit(node.source);
      const replicate = node.replicate.map((s) => channelOf(source.layout, s));
      const unnest = node.unnest.map((u) => ({
        channel: channelOf(source.layout, u.symbol),
        type: entryOf(source.layout, u.symbol).type,
      }));
      append(
        source,
        builder,
        'UnnestOperator',
        (ctx) => new UnnestOperator(ctx, replicate, unnest, node.ordinality !== undefined, node.outer),
      );
      const outputSymbols = [
        ...node.replicate,
        ...node.unnest.flatMap((u) => u.outputs),
        ...(node.ordinality ? [node.ordinality] : []),
      ];
      const types = new Map(node.outputs.map((o) => [o.name, o.type] as const));
      return {
        operators: source.operators,
        layout: new Map(
          outputSymbols.map(
            (s, channel) => [s, { channel, type: types.get(s) ?? fail(`symbol ${s} has no type`) }] as const,
          ),
        ),
      };
    }
    case 'Join':
      return join(node, builder);
    case 'Aggregation':
      return aggregation(node, builder);
    case 'Window':
      return window(node, builder);
    case 'MarkDistinct': {
      const inputs = node.outputs.filter((o) => o.name !== node.markerSymbol);
      const source = shaped(builder, builder.visit(node.source), inputs);
      const channels = node.distinctSymbols.map((s) => channelOf(source.layout, s));
      const types = node.distinctSymbols.map((s) => entryOf(source.layout, s).type);
      append(
        source,
        builder,
        'MarkDistinctOperator',
        (ctx) => new MarkDistinctOperator(ctx, { distinctChannels: channels, distinctTypes: types }),
      );
      const layout = new Map(source.layout);
      layout.set(node.markerSymbol, {
        channel: inputs.length,
        type: symbolOf(node, node.markerSymbol).type,
      });
      return { operators: source.operators, layout };
    }
    case 'GroupId': {
      const source = builder.visit(node.source);
      const keys = node.outputs
        .filter((o) => o.name !== node.groupIdSymbol && !node.aggregationArguments.includes(o.name))
        .map((o) => o.name);
      append(
        source,
        builder,
        'GroupIdOperator',
        (ctx) =>
          new GroupIdOperator(ctx, {
            groupingKeyChannels: keys.map((k) => channelOf(source.layout, k)),
            groupingKeyTypes: keys.map((k) => entryOf(source.layout, k).type),
            groupingSets: node.groupingSets.map((set) => set.map((k) => keys.indexOf(k))),
            aggregationArgumentChannels: node.aggregationArguments.map((a) => channelOf(source.layout, a)),
          }),
      );
      const order = [...keys, ...node.aggregationArguments, node.groupIdSymbol];
      const types = new Map(node.outputs.map((o) => [o.name, o.type] as const));
      return {
        operators: source.operators,
        layout: new Map(
          order.map((s, channel) => [s, { channel, type: types.get(s) ?? fail(`symbol ${s} has no type`) }] as const),
        ),
      };
    }
    case 'RowNumber': {
      const inputs = node.outputs.filter((o) => o.name !== node.rowNumberSymbol);
      const source = shaped(builder, builder.visit(node.source), inputs);
      append(
        source,
        builder,
        'RowNumberOperator',
        (ctx) =>
          new RowNumberOperator(ctx, {
            partitionChannels: node.partitionBy.map((s) => channelOf(source.layout, s)),
            partitionTypes: node.partitionBy.map((s) => entryOf(source.layout, s).type),
            maxRowCountPerPartition: node.maxRowCountPerPartition,
          }),
      );
      const layout = new Map(source.layout);
      layout.set(node.rowNumberSymbol, {
        channel: inputs.length,
        type: symbolOf(node, node.rowNumberSymbol).type,
      });
      return { operators: source.operators, layout };
    }
    case 'SemiJoin': {
      const filtering = builder.visit(node.filteringSource);
      const bridge = new JoinBridge<FilteringSet>();
      const keyType = entryOf(filtering.layout, node.filteringKey).type;
      append(filtering, builder, 'SetBuilderOperator', (ctx) =>
        withDynamicFilters(
          new SetBuilderOperator(ctx, bridge, channelOf(filtering.layout, node.filteringKey), keyType),
          node,
          filtering,
          builder,
        ),
      );
      builder.addPipeline(filtering.operators);
      const inputs = node.outputs.filter((o) => o.name !== node.output);
      const source = shaped(builder, builder.visit(node.source), inputs);
      const keyChannel = channelOf(source.layout, node.sourceKey);
      append(source, builder, 'HashSemiJoinOperator', (ctx) => new HashSemiJoinOperator(ctx, bridge, keyChannel));
      const layout = new Map(source.layout);
      layout.set(node.output, { channel: inputs.length, type: symbolOf(node, node.output).type });
      return { operators: source.operators, layout };
    }
    case 'TableWriter':
      return tableWriter(node, builder);
    case 'TableFinish':
      return tableFinish(node, builder);
    default:
      throw new VivaceError('NOT_SUPPORTED', `Plan node ${node.kind} is not supported by the local executor yet`);
  }
}

/**
 * A join build that collects the node's dynamic filters, when the task takes part in dynamic
 * filtering. A build that is not replicated holds only its share of the keys (a partitioned or
 * co-located join: the tasks' keys are disjoint), and the coordinator's union of the shares keeps
 * at most MAX_DYNAMIC_FILTER_VALUES, so each task keeps at most its share of that: past it, the
 * union would be only a range anyway, and giving up at once spares the set, the report, and the
 * probe scans' wait for every build task (one task past its share publishes "all keys").
 */
function withDynamicFilters<T extends BuildSideOperator<unknown>>(
  operator: T,
  join: { readonly dynamicFilters?: readonly DynamicFilterAssignment[]; readonly distribution?: string },
  build: PhysicalOperation,
  builder: PipelineBuilder,
): T {
  const registry = builder.context.dynamicFilters;
  const filters = join.dynamicFilters;
  if (registry === undefined || filters === undefined || filters.length === 0) return operator;
  const shares = join.distribution === 'REPLICATED' ? 1 : Math.max(1, builder.context.partitionCount ?? 1);
  const maxValues = Math.floor(MAX_DYNAMIC_FILTER_VALUES / shares);
  operator.dynamicFilters = {
    collectors: filters.map((f) => new DynamicFilterCollector(f.id, channelOf(build.layout, f.symbol), maxValues)),
    publish: (id, summary) => registry.publish(id, summary),
  };
  return operator;
}

/**
 * A join: the right side (build) runs as a pipeline of its own that fills a hash table (or a row
 * list for a nested loop join) published through a bridge; the left side (probe) streams through
 * the lookup operator in the current pipeline. Output: probe columns, then build columns.
 */
function join(node: Extract<PlanNode, { kind: 'Join' }>, builder: PipelineBuilder): PhysicalOperation {
  const build = builder.visit(node.right);
  const probe = builder.visit(node.left);
  const buildTypes = typesOf(build.layout);
  const probeTypes = typesOf(probe.layout);
  const probeOutputs = node.outputs.filter((o) => probe.layout.has(o.name));
  const buildOutputs = node.outputs.filter((o) => !probe.layout.has(o.name));
  const probeOutputChannels = probeOutputs.map((o) => channelOf(probe.layout, o.name));
  const buildOutputChannels = buildOutputs.map((o) => channelOf(build.layout, o.name));
  const filter = node.filter ? joinFilter(probe, build, builder, node.filter) : undefined;
  const bridge = new JoinBridge<JoinLookup>();
  if (node.criteria.length > 0) {
    const buildKeys = node.criteria.map((c) => channelOf(build.layout, c.right));
    const probeKeys = node.criteria.map((c) => channelOf(probe.layout, c.left));
    append(build, builder, 'HashBuilderOperator', (ctx) =>
      withDynamicFilters(new HashBuilderOperator(ctx, bridge, buildTypes, buildKeys), node, build, builder),
    );
    builder.addPipeline(build.operators);
    append(
      probe,
      builder,
      'LookupJoinOperator',
      (ctx) =>
        new LookupJoinOperator(
          ctx,
          bridge,
          node.joinType,
          probeTypes,
          probeKeys,
          probeOutputChannels,
          buildOutputChannels,
          filter,
        ),
    );
  } else {
    append(build, builder, 'NestedLoopBuildOperator', (ctx) => new NestedLoopBuildOperator(ctx, bridge, buildTypes));
    builder.addPipeline(build.operators);
    append(
      probe,
      builder,
      'NestedLoopJoinOperator',
      (ctx) =>
        new NestedLoopJoinOperator(
          ctx,
          bridge,
          node.joinType,
          probeTypes,
          probeOutputChannels,
          buildOutputChannels,
          filter,
        ),
    );
  }
  const ordered = [...probeOutputs, ...buildOutputs];
  const layout = new Map(ordered.map((o, channel) => [o.name, { channel, type: o.type }] as const));
  return shaped(builder, { operators: probe.operators, layout }, node.outputs);
}

/** The join's extra condition compiled over a page of (probe columns it reads, build columns it reads). */
function joinFilter(
  probe: PhysicalOperation,
  build: PhysicalOperation,
  builder: PipelineBuilder,
  filter: RowExpression,
): JoinFilter {
  const symbols = [...symbolsOf(filter)];
  const probeSymbols = symbols.filter((s) => probe.layout.has(s));
  const buildSymbols = symbols.filter((s) => !probe.layout.has(s));
  const layout = new Map<string, { channel: number; type: Type }>();
  [...probeSymbols, ...buildSymbols].forEach((s, channel) => {
    layout.set(s, { channel, type: (probe.layout.get(s) ?? entryOf(build.layout, s)).type });
  });
  return {
    probeChannels: probeSymbols.map((s) => channelOf(probe.layout, s)),
    buildChannels: buildSymbols.map((s) => channelOf(build.layout, s)),
    filter: compileFilter(filter, layout, builder.context.functions, builder.context.session),
  };
}

/** VALUES rows are evaluated once (they are constant expressions) into a page. */
function values(node: Extract<PlanNode, { kind: 'Values' }>, builder: PipelineBuilder): PhysicalOperation {
  const interpreter = new ExpressionInterpreter({
    functions: builder.context.functions,
    session: builder.context.session,
  });
  const builders = node.outputs.map((o) => createBlockBuilder(o.type, node.rows.length));
  for (const row of node.rows) {
    row.forEach((expression, i) => {
      const value = interpreter.evaluate(expression, () => {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', 'VALUES rows cannot reference columns');
      });
      if (value === null) builders[i].appendNull();
      else builders[i].append(value);
    });
  }
  const page: Page = { positionCount: node.rows.length, blocks: builders.map((b) => b.build()) };
  const maxRows = builder.context.maxPageRows;
  const pages = maxRows === undefined ? [page] : slicePage(page, maxRows);
  const operator = new ValuesOperator(builder.operatorContext('ValuesOperator'), pages);
  return {
    operators: [operator],
    layout: new Map(node.outputs.map((o, channel) => [o.name, { channel, type: o.type }] as const)),
  };
}

function writeTargetOf(builder: PipelineBuilder) {
  const writes = builder.context.writes;
  if (writes === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a write plan needs a write target');
  return writes;
}

/** The writer's output: rows written and the commit fragment, in its output symbols' order. */
function tableWriter(node: Extract<PlanNode, { kind: 'TableWriter' }>, builder: PipelineBuilder): PhysicalOperation {
  const writes = writeTargetOf(builder);
  const source = builder.visit(node.source);
  const channels = node.columnSymbols.map((symbol) => channelOf(source.layout, symbol));
  append(
    source,
    builder,
    'TableWriterOperator',
    (ctx) => new TableWriterOperator(ctx, () => writes.createPageSink(node), channels),
  );
  return {
    operators: source.operators,
    layout: new Map(node.outputs.map((o, channel) => [o.name, { channel, type: o.type }] as const)),
  };
}

function tableFinish(node: Extract<PlanNode, { kind: 'TableFinish' }>, builder: PipelineBuilder): PhysicalOperation {
  const writes = writeTargetOf(builder);
  const writer = node.source;
  const source = builder.visit(writer);
  const rowsChannel = channelOf(source.layout, writer.outputs[0].name);
  const fragmentChannel = channelOf(source.layout, writer.outputs[1].name);
  const committer = {
    commit: (fragments: readonly unknown[], rows: number) => writes.commit(node, fragments, rows),
    abort: (fragments: readonly unknown[]) => writes.abort(node, fragments),
  };
  append(
    source,
    builder,
    'TableFinishOperator',
    (ctx) => new TableFinishOperator(ctx, committer, rowsChannel, fragmentChannel),
  );
  return {
    operators: source.operators,
    layout: new Map(node.outputs.map((o, channel) => [o.name, { channel, type: o.type }] as const)),
  };
}
