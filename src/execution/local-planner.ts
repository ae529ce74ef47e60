/**
 * The local planner: turns a plan (or a fragment of one) into pipelines of operators and the
 * drivers that run them, as Presto's LocalExecutionPlanner. Visiting a node yields a physical
 * operation: the operators of the current pipeline so far and the channel layout of their output
 * (symbol → channel). Pipeline breakers that join streams (hash join build sides, union inputs)
 * start pipelines of their own, connected through a join bridge or a page buffer.
 */

import { VivaceError } from '../common/vivace-error.js';
import type { Page } from '../data/page.js';
import type { PlanNode } from '../planner/plan-nodes.js';
import type { RowExpression } from '../planner/row-expression.js';
import type { KeyFilter } from '../spi/connector.js';
import type { Type } from '../types/type.js';
import { Driver } from './driver.js';
import {
  type ChannelFilter,
  compileFilters,
  DynamicFilterPageSource,
  RowFilters,
} from './dynamic-filter/dynamic-filter-page-source.js';
import { keyFiltersOf } from './dynamic-filter/key-filters.js';
import { compileFilter, compileProjection, type InputLayout } from './expression/compiler.js';
import type { LocalPlannerContext, PhysicalOperation, PipelineBuilder } from './local-plan-types.js';
import { entryOf } from './local-plan-types.js';
import { planOperatorNode } from './local-planner-operators.js';
import { MeteredPageSource } from './metered-page-source.js';

export type { LocalPlannerContext, PhysicalOperation, ScanSource } from './local-plan-types.js';

import type { Operator } from './operator.js';
import { OperatorContext } from './operator-context.js';
import { FilterAndProjectOperator, type ProjectionOutput } from './operators/filter-and-project-operator.js';
import { PageBufferSinkOperator } from './operators/page-buffer-sink-operator.js';
import { PageBufferSourceOperator } from './operators/page-buffer-source-operator.js';
import { TableScanOperator } from './operators/table-scan-operator.js';
import { PageBuffer } from './page-buffer.js';
import { SlicingPageSource } from './page-slicing.js';

export class LocalPlanner implements PipelineBuilder {
  private readonly pipelines: Operator[][] = [];
  private nextOperatorId = 0;

  constructor(readonly context: LocalPlannerContext) {}

  /** Plans the tree under an Output node; its rows go into `sink` in the Output's column order. */
  planQuery(root: PlanNode, sink: PageBuffer): Driver[] {
    if (root.kind !== 'Output') throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a query plan starts with Output');
    const source = this.visit(root.source);
    const columns = root.columns.map((symbol) => entryOf(source.layout, symbol));
    const operation = this.project(
      source,
      columns.map((c, i) => ({ symbol: root.outputs[i].name, channel: c.channel, type: c.type })),
    );
    operation.operators.push(new PageBufferSinkOperator(this.operatorContext('OutputCollectorOperator'), sink, true));
    this.pipelines.push(operation.operators);
    return this.pipelines.map((operators) => new Driver(operators));
  }

  /**
   * Plans a plan fragment (a task's share of a distributed query): its rows, in the root's output
   * order (the Output's columns for the root fragment), go into the operator `createSink` makes.
   */
  planFragment(root: PlanNode, createSink: (context: OperatorContext) => Operator): Driver[] {
    const top = root.kind === 'Output' ? root.source : root;
    const source = this.visit(top);
    const symbols = root.kind === 'Output' ? root.columns : root.outputs.map((s) => s.name);
    const operation = this.project(
      source,
      symbols.map((symbol, i) => {
        const column = entryOf(source.layout, symbol);
        return { symbol: root.outputs[i].name, channel: column.channel, type: column.type };
      }),
    );
    operation.operators.push(createSink(this.operatorContext('TaskOutputOperator')));
    this.pipelines.push(operation.operators);
    return this.pipelines.map((operators) => new Driver(operators));
  }

  operatorContext(type: string): OperatorContext {
    return new OperatorContext(this.nextOperatorId++, type, this.context.memory.newLocalContext(type), () =>
      this.context.isCancelled(),
    );
  }

  /** Finishes the current pipeline into a new page buffer and returns a source reading it. */
  endPipeline(operation: PhysicalOperation): PhysicalOperation {
    const buffer = new PageBuffer();
    operation.operators.push(
      new PageBufferSinkOperator(this.operatorContext('LocalExchangeSinkOperator'), buffer, true),
    );
    this.pipelines.push(operation.operators);
    return {
      operators: [new PageBufferSourceOperator(this.operatorContext('LocalExchangeSourceOperator'), buffer)],
      layout: operation.layout,
    };
  }

  /** Adds a finished pipeline (e.g. a hash join's build side). */
  addPipeline(operators: Operator[]): void {
    this.pipelines.push(operators);
  }

  visit(node: PlanNode): PhysicalOperation {
    switch (node.kind) {
      case 'TableScan':
        return this.tableScan(node);
      case 'RemoteSource': {
        const remote = this.context.remoteSource;
        if (!remote) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a remote source outside a distributed task');
        const type = node.orderBy !== undefined && node.orderBy.length > 0 ? 'MergeOperator' : 'ExchangeOperator';
        const layout = new Map(
          node.outputs.map((symbol, channel) => [symbol.name, { channel, type: symbol.type }] as const),
        );
        return { operators: [remote(node, this.operatorContext(type), layout)], layout };
      }
      case 'Filter':
        return this.filterProject(this.visit(node.source), node.predicate, undefined, node.outputs);
      case 'Project': {
        if (node.source.kind === 'Filter') {
          const filter = node.source;
          return this.filterProject(this.visit(filter.source), filter.predicate, node.assignments, node.outputs);
        }
        return this.filterProject(this.visit(node.source), undefined, node.assignments, node.outputs);
      }
      case 'Union':
        return this.union(node);
      case 'Exchange':
        // Single-node execution: an exchange only merges its sources (ordering kept for one source).
        if (node.sources.length === 1) return this.rename(this.visit(node.sources[0]), node.inputs[0], node.outputs);
        return this.union({ sources: node.sources, symbolMapping: node.inputs, outputs: node.outputs });
      default:
        return planOperatorNode(node, this);
    }
  }

  private tableScan(node: Extract<PlanNode, { kind: 'TableScan' }>): PhysicalOperation {
    const source = this.context.scanSource(node);
    // Compiled again only when more of the scan's filters have arrived since the last split.
    let compiled: { arrived: number; filters: RowFilters | undefined; hints: readonly KeyFilter[] } = {
      arrived: 0,
      filters: undefined,
      hints: [],
    };
    const dynamicFilters = (): typeof compiled => {
      const arrived = this.arrivedDynamicFilters(node);
      if (arrived.length !== compiled.arrived) {
        const filters = compileFilters(arrived.filter((f) => !f.splitsOnly));
        // A filter whose join probes the scan's rows right above it (`splitsOnly`) filters nothing
        // in the engine — the join's lookup is the same test — but a connector that drops rows
        // before converting their other columns (the lake's Parquet reader) still gains from it.
        const probedAbove = compileFilters(arrived.filter((f) => f.splitsOnly));
        compiled = {
          arrived: arrived.length,
          filters: filters.length === 0 ? undefined : new RowFilters(filters),
          // The filters handed to the connector as hints (it may drop rows before converting them).
          hints: keyFiltersOf([...filters, ...probedAbove], (channel) => node.assignments[channel]?.column ?? ''),
        };
      }
      return compiled;
    };
    const operator = new TableScanOperator(
      this.operatorContext('TableScanOperator'),
      (split) => {
        const { filters, hints } = dynamicFilters();
        // Every connector page source is counted and held to the scan's limit by the engine.
        const pageSource = new MeteredPageSource(source.createPageSource(split, hints), node.limit);
        const maxRows = this.context.maxPageRows;
        const sliced = maxRows === undefined ? pageSource : new SlicingPageSource(pageSource, maxRows);
        return filters === undefined ? sliced : new DynamicFilterPageSource(sliced, filters);
      },
      source.splitSource,
    );
    source.attach?.(operator);
    const layout = new Map(
      node.outputs.map((symbol, channel) => [symbol.name, { channel, type: symbol.type }] as const),
    );
    return { operators: [operator], layout };
  }

  /**
   * The scan's dynamic filters that have arrived (they come with the task's first splits of the
   * scan, so each split sees every filter the coordinator waited for), each marked whether its join
   * probes the scan's rows right above it (`splitsOnly`: a hint for the connector only).
   */
  private arrivedDynamicFilters(
    node: Extract<PlanNode, { kind: 'TableScan' }>,
  ): (ChannelFilter & { readonly splitsOnly: boolean })[] {
    const registry = this.context.dynamicFilters;
    if (registry === undefined || node.dynamicFilters === undefined) return [];
    const filters: (ChannelFilter & { readonly splitsOnly: boolean })[] = [];
    for (const filter of node.dynamicFilters) {
      const summary = registry.domain(filter.id);
      const channel = node.outputs.findIndex((o) => o.name === filter.symbol);
      if (summary !== undefined && channel >= 0)
        filters.push({ channel, summary, splitsOnly: filter.splitsOnly === true });
    }
    return filters;
  }

  /** A fused filter and projection; `assignments` absent keeps the node's output symbols as they are. */
  filterProject(
    source: PhysicalOperation,
    predicate: RowExpression | undefined,
    assignments: readonly { symbol: string; expression: RowExpression }[] | undefined,
    outputs: readonly { name: string; type: Type }[],
  ): PhysicalOperation {
    const { functions, session } = this.context;
    const layout: InputLayout = source.layout;
    const filter = predicate ? compileFilter(predicate, layout, functions, session) : undefined;
    const computed: RowExpression[] = [];
    const projectionOutputs: ProjectionOutput[] = [];
    const outputLayout = new Map<string, { channel: number; type: Type }>();
    const expressions =
      assignments ??
      outputs.map((o) => ({
        symbol: o.name,
        expression: { kind: 'Symbol', name: o.name, type: o.type } as RowExpression,
      }));
    expressions.forEach(({ symbol, expression }, channel) => {
      if (expression.kind === 'Symbol') {
        projectionOutputs.push({ channel: entryOf(layout, expression.name).channel });
      } else {
        projectionOutputs.push({ computed: computed.length });
        computed.push(expression);
      }
      outputLayout.set(symbol, { channel, type: expression.type });
    });
    const projection = computed.length > 0 ? compileProjection(computed, layout, functions, session) : undefined;
    source.operators.push(
      new FilterAndProjectOperator(
        this.operatorContext('FilterAndProjectOperator'),
        filter,
        projection,
        projectionOutputs,
      ),
    );
    return { operators: source.operators, layout: outputLayout };
  }

  /** Reorders/renames channels to the given symbols (a projection of plain channels). */
  project(
    source: PhysicalOperation,
    columns: readonly { symbol: string; channel: number; type: Type }[],
  ): PhysicalOperation {
    const identity = columns.length === source.layout.size && columns.every((c, i) => c.channel === i);
    if (identity) {
      const layout = new Map(columns.map((c, i) => [c.symbol, { channel: i, type: c.type }] as const));
      return { operators: source.operators, layout };
    }
    const outputs: ProjectionOutput[] = columns.map((c) => ({ channel: c.channel }));
    source.operators.push(
      new FilterAndProjectOperator(this.operatorContext('FilterAndProjectOperator'), undefined, undefined, outputs),
    );
    return {
      operators: source.operators,
      layout: new Map(columns.map((c, i) => [c.symbol, { channel: i, type: c.type }] as const)),
    };
  }

  private rename(
    source: PhysicalOperation,
    inputs: readonly string[],
    outputs: readonly { name: string; type: Type }[],
  ): PhysicalOperation {
    return this.project(
      source,
      inputs.map((symbol, i) => ({
        symbol: outputs[i].name,
        channel: entryOf(source.layout, symbol).channel,
        type: outputs[i].type,
      })),
    );
  }

  private union(node: {
    sources: readonly PlanNode[];
    symbolMapping: readonly (readonly string[])[];
    outputs: readonly { name: string; type: Type }[];
  }): PhysicalOperation {
    const buffer = new PageBuffer();
    let remaining = node.sources.length;
    node.sources.forEach((sourceNode, i) => {
      const source = this.rename(this.visit(sourceNode), node.symbolMapping[i], node.outputs);
      const sink = new PageBufferSinkOperator(this.operatorContext('LocalExchangeSinkOperator'), buffer, false);
      const finishing = new FinishCountingSink(sink, () => {
        remaining--;
        if (remaining === 0) buffer.finish();
      });
      source.operators.push(finishing);
      this.pipelines.push(source.operators);
    });
    if (node.sources.length === 0) buffer.finish();
    const layout = new Map(node.outputs.map((o, channel) => [o.name, { channel, type: o.type }] as const));
    return {
      operators: [new PageBufferSourceOperator(this.operatorContext('LocalExchangeSourceOperator'), buffer)],
      layout,
    };
  }
}

/** A sink that reports when it finishes, so a buffer shared by several sinks ends after the last. */
class FinishCountingSink implements Operator {
  private reported = false;

  constructor(
    private readonly sink: PageBufferSinkOperator,
    private readonly onFinish: () => void,
  ) {}

  get context(): OperatorContext {
    return this.sink.context;
  }

  needsInput(): boolean {
    return this.sink.needsInput();
  }

  addInput(page: Page): void {
    this.sink.addInput(page);
  }

  getOutput(): Page | null {
    return null;
  }

  finish(): void {
    this.sink.finish();
    if (!this.reported) {
      this.reported = true;
      this.onFinish();
    }
  }

  isFinished(): boolean {
    return this.sink.isFinished();
  }

  isBlocked(): Promise<void> | undefined {
    return this.sink.isBlocked();
  }

  close(): void {
    this.sink.close();
  }
}
