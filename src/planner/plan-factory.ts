/**
 * Constructors for plan nodes that allocate ids and derive output symbols, so the builder and the
 * optimizer rules never spell out layouts by hand. Output conventions (the channel layout):
 * - Filter, Sort, TopN, Limit, Offset, EnforceSingleRow: the source's outputs;
 * - Project: its assignments; Aggregation: grouping keys then aggregates;
 * - GroupId: the grouping columns, then the aggregation arguments, then the group id;
 * - MarkDistinct, AssignUniqueId, RowNumber, SemiJoin, Window, Apply: the source's outputs then the
 *   added symbol(s); Unnest: replicated symbols, then unnested ones, then the ordinality;
 * - Join: explicit (a subset of the left outputs then the right outputs); CorrelatedJoin: the
 *   input's then the subquery's outputs; Union and Values: their own new symbols.
 */

import { fail } from '../common/invariant.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import { BIGINT, BOOLEAN, type Type } from '../types/type.js';
import type {
  AggregateCall,
  AggregationNode,
  AggregationStep,
  ApplyNode,
  AssignUniqueIdNode,
  CorrelatedJoinNode,
  EnforceSingleRowNode,
  FilterNode,
  GroupIdNode,
  JoinNode,
  JoinType,
  LimitNode,
  MarkDistinctNode,
  OffsetNode,
  Ordering,
  OutputNode,
  PlanNode,
  ProjectNode,
  RowNumberNode,
  SemiJoinNode,
  SortNode,
  SubqueryPredicate,
  TableScanNode,
  TopNNode,
  TupleDomain,
  UnionNode,
  UnnestNode,
  ValuesNode,
  WindowFunctionCall,
  WindowNode,
} from './plan-nodes.js';
import { freeSymbols } from './plan-utils.js';
import type { PlanSymbol, RowExpression } from './row-expression.js';
import type { PlanNodeIdAllocator } from './symbol-allocator.js';

export interface Assignment {
  readonly symbol: string;
  readonly expression: RowExpression;
}

/** Output symbols of a node by name. */
export function outputTypes(node: PlanNode): Map<string, Type> {
  const map = new Map<string, Type>();
  for (const s of node.outputs) map.set(s.name, s.type);
  return map;
}

export function symbolOf(node: PlanNode, name: string): PlanSymbol {
  return (
    node.outputs.find((s) => s.name === name) ?? fail(`Symbol ${name} is not an output of ${node.kind} ${node.id}`)
  );
}

export class PlanFactory {
  constructor(readonly ids: PlanNodeIdAllocator) {}

  tableScan(
    table: QualifiedObjectName,
    columns: readonly { readonly symbol: PlanSymbol; readonly column: string }[],
    constraint?: TupleDomain,
    handle?: unknown,
  ): TableScanNode {
    return {
      kind: 'TableScan',
      id: this.ids.nextId(),
      outputs: columns.map((c) => c.symbol),
      table,
      ...(handle !== undefined ? { handle } : {}),
      assignments: columns.map((c) => ({ symbol: c.symbol.name, column: c.column })),
      ...(constraint ? { constraint } : {}),
    };
  }

  values(outputs: readonly PlanSymbol[], rows: readonly (readonly RowExpression[])[]): ValuesNode {
    return { kind: 'Values', id: this.ids.nextId(), outputs, rows };
  }

  /** A single row without columns (the source of a SELECT without FROM). */
  singleRow(): ValuesNode {
    return this.values([], [[]]);
  }

  /** No rows at all, with the given layout. */
  empty(outputs: readonly PlanSymbol[]): ValuesNode {
    return this.values(outputs, []);
  }

  filter(source: PlanNode, predicate: RowExpression): FilterNode {
    return { kind: 'Filter', id: this.ids.nextId(), outputs: source.outputs, source, predicate };
  }

  project(source: PlanNode, assignments: readonly { symbol: PlanSymbol; expression: RowExpression }[]): ProjectNode {
    return {
      kind: 'Project',
      id: this.ids.nextId(),
      outputs: assignments.map((a) => a.symbol),
      source,
      assignments: assignments.map((a) => ({ symbol: a.symbol.name, expression: a.expression })),
    };
  }

  /** A projection keeping `source`'s outputs and adding `extra`. */
  projectWith(source: PlanNode, extra: readonly { symbol: PlanSymbol; expression: RowExpression }[]): ProjectNode {
    return this.project(source, [...identity(source.outputs), ...extra]);
  }

  /** A projection to exactly `symbols` (all outputs of `source`), in that order. */
  projectTo(source: PlanNode, symbols: readonly PlanSymbol[]): ProjectNode {
    return this.project(source, identity(symbols));
  }

  aggregation(
    source: PlanNode,
    groupingKeys: readonly string[],
    aggregates: readonly AggregateCall[],
    options: { step?: AggregationStep; groupIdSymbol?: string; outputTypes?: ReadonlyMap<string, Type> } = {},
  ): AggregationNode {
    const types = outputTypes(source);
    const outputs: PlanSymbol[] = groupingKeys.map((k) => ({ name: k, type: types.get(k) ?? BIGINT }));
    for (const a of aggregates) {
      outputs.push({ name: a.symbol, type: options.outputTypes?.get(a.symbol) ?? a.function.returnType });
    }
    return {
      kind: 'Aggregation',
      id: this.ids.nextId(),
      outputs,
      source,
      groupingKeys,
      aggregates,
      step: options.step ?? 'SINGLE',
      ...(options.groupIdSymbol !== undefined ? { groupIdSymbol: options.groupIdSymbol } : {}),
    };
  }

  groupId(
    source: PlanNode,
    groupingSets: readonly (readonly string[])[],
    aggregationArguments: readonly string[],
    groupIdSymbol: PlanSymbol,
  ): GroupIdNode {
    const types = outputTypes(source);
    const columns: string[] = [];
    for (const set of groupingSets) for (const s of set) if (!columns.includes(s)) columns.push(s);
    const outputs: PlanSymbol[] = [...columns, ...aggregationArguments].map((name) => ({
      name,
      type: types.get(name) ?? BIGINT,
    }));
    outputs.push(groupIdSymbol);
    return {
      kind: 'GroupId',
      id: this.ids.nextId(),
      outputs,
      source,
      groupingSets,
      aggregationArguments,
      groupIdSymbol: groupIdSymbol.name,
    };
  }

  markDistinct(source: PlanNode, marker: PlanSymbol, distinctSymbols: readonly string[]): MarkDistinctNode {
    return {
      kind: 'MarkDistinct',
      id: this.ids.nextId(),
      outputs: [...source.outputs, marker],
      source,
      markerSymbol: marker.name,
      distinctSymbols,
    };
  }

  join(
    joinType: JoinType,
    left: PlanNode,
    right: PlanNode,
    criteria: readonly { readonly left: string; readonly right: string }[] = [],
    filter?: RowExpression,
    outputs: readonly PlanSymbol[] = [...left.outputs, ...right.outputs],
  ): JoinNode {
    return {
      kind: 'Join',
      id: this.ids.nextId(),
      outputs,
      joinType,
      left,
      right,
      criteria,
      ...(filter !== undefined ? { filter } : {}),
    };
  }

  semiJoin(
    source: PlanNode,
    filteringSource: PlanNode,
    sourceKey: string,
    filteringKey: string,
    output: PlanSymbol,
  ): SemiJoinNode {
    return {
      kind: 'SemiJoin',
      id: this.ids.nextId(),
      outputs: [...source.outputs, output],
      source,
      filteringSource,
      sourceKey,
      filteringKey,
      output: output.name,
    };
  }

  sort(source: PlanNode, orderBy: readonly Ordering[]): SortNode {
    return { kind: 'Sort', id: this.ids.nextId(), outputs: source.outputs, source, orderBy, partial: false };
  }

  topN(source: PlanNode, count: number, orderBy: readonly Ordering[], step: TopNNode['step'] = 'SINGLE'): TopNNode {
    return { kind: 'TopN', id: this.ids.nextId(), outputs: source.outputs, source, count, orderBy, step };
  }

  limit(source: PlanNode, count: number, options: { partial?: boolean; ties?: readonly Ordering[] } = {}): LimitNode {
    return {
      kind: 'Limit',
      id: this.ids.nextId(),
      outputs: source.outputs,
      source,
      count,
      partial: options.partial ?? false,
      ...(options.ties ? { tiesResolvingScheme: options.ties } : {}),
    };
  }

  offset(source: PlanNode, count: number): OffsetNode {
    return { kind: 'Offset', id: this.ids.nextId(), outputs: source.outputs, source, count };
  }

  window(
    source: PlanNode,
    partitionBy: readonly string[],
    orderBy: readonly Ordering[],
    functions: readonly WindowFunctionCall[],
  ): WindowNode {
    return {
      kind: 'Window',
      id: this.ids.nextId(),
      outputs: [...source.outputs, ...functions.map((f) => ({ name: f.symbol, type: f.function.returnType }))],
      source,
      partitionBy,
      orderBy,
      functions,
    };
  }

  union(
    sources: readonly PlanNode[],
    outputs: readonly PlanSymbol[],
    symbolMapping: readonly (readonly string[])[],
  ): UnionNode {
    return { kind: 'Union', id: this.ids.nextId(), outputs, sources, symbolMapping };
  }

  unnest(
    source: PlanNode,
    replicate: readonly string[],
    unnest: readonly { readonly symbol: string; readonly outputs: readonly PlanSymbol[] }[],
    ordinality: PlanSymbol | undefined,
    outer: boolean,
  ): UnnestNode {
    const types = outputTypes(source);
    const outputs: PlanSymbol[] = replicate.map((name) => ({ name, type: types.get(name) ?? BIGINT }));
    for (const u of unnest) outputs.push(...u.outputs);
    if (ordinality) outputs.push(ordinality);
    return {
      kind: 'Unnest',
      id: this.ids.nextId(),
      outputs,
      source,
      replicate,
      unnest: unnest.map((u) => ({ symbol: u.symbol, outputs: u.outputs.map((o) => o.name) })),
      ...(ordinality ? { ordinality: ordinality.name } : {}),
      outer,
    };
  }

  enforceSingleRow(source: PlanNode): EnforceSingleRowNode {
    return { kind: 'EnforceSingleRow', id: this.ids.nextId(), outputs: source.outputs, source };
  }

  assignUniqueId(source: PlanNode, idSymbol: PlanSymbol): AssignUniqueIdNode {
    return {
      kind: 'AssignUniqueId',
      id: this.ids.nextId(),
      outputs: [...source.outputs, idSymbol],
      source,
      idSymbol: idSymbol.name,
    };
  }

  rowNumber(
    source: PlanNode,
    partitionBy: readonly string[],
    rowNumberSymbol: PlanSymbol,
    maxRowCountPerPartition?: number,
  ): RowNumberNode {
    return {
      kind: 'RowNumber',
      id: this.ids.nextId(),
      outputs: [...source.outputs, rowNumberSymbol],
      source,
      partitionBy,
      rowNumberSymbol: rowNumberSymbol.name,
      ...(maxRowCountPerPartition !== undefined ? { maxRowCountPerPartition } : {}),
    };
  }

  output(source: PlanNode, columnNames: readonly string[], columns: readonly string[]): OutputNode {
    const types = outputTypes(source);
    return {
      kind: 'Output',
      id: this.ids.nextId(),
      outputs: columns.map((name) => ({ name, type: types.get(name) ?? BIGINT })),
      source,
      columnNames,
      columns,
    };
  }

  apply(input: PlanNode, subquery: PlanNode, result: PlanSymbol, predicate: SubqueryPredicate): ApplyNode {
    return {
      kind: 'Apply',
      id: this.ids.nextId(),
      outputs: [...input.outputs, { name: result.name, type: BOOLEAN }],
      input,
      subquery,
      correlation: correlationOf(input, subquery),
      result: result.name,
      predicate,
    };
  }

  correlatedJoin(
    joinType: CorrelatedJoinNode['joinType'],
    input: PlanNode,
    subquery: PlanNode,
    filter?: RowExpression,
  ): CorrelatedJoinNode {
    return {
      kind: 'CorrelatedJoin',
      id: this.ids.nextId(),
      outputs: [...input.outputs, ...subquery.outputs],
      joinType,
      input,
      subquery,
      correlation: correlationOf(input, subquery),
      ...(filter !== undefined ? { filter } : {}),
    };
  }
}

/** Identity assignments for `symbols`. */
export function identity(symbols: readonly PlanSymbol[]): { symbol: PlanSymbol; expression: RowExpression }[] {
  return symbols.map((s) => ({ symbol: s, expression: { kind: 'Symbol', name: s.name, type: s.type } }));
}

/** The input symbols a subquery refers to. */
export function correlationOf(input: PlanNode, subquery: PlanNode): string[] {
  const free = freeSymbols(subquery);
  return input.outputs.filter((s) => free.has(s.name)).map((s) => s.name);
}
