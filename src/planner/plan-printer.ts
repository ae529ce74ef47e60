/**
 * EXPLAIN text: one line per node, Presto-like, children indented by four spaces:
 * `- Aggregation[type = SINGLE, keys = [returnflag, linestatus]] => [returnflag:varchar(1), ...]`,
 * followed by the node's details (estimates, assignments, aggregates) indented under it.
 */
import { formatObjectName } from '../spi/metadata.js';
import type { Type } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { formatConstant, formatExpression } from './expression-printer.js';
import type {
  AggregateCall,
  ColumnDomain,
  DynamicFilterAssignment,
  Ordering,
  PlanNode,
  TupleDomain,
  WindowFrameSpec,
  WindowFunctionCall,
} from './plan-nodes.js';
import { sourcesOf } from './plan-nodes.js';

export interface PrintOptions {
  /** Estimated row count of a node, printed as `Estimates: {rows: N}` when known. */
  readonly estimate?: (node: PlanNode) => number | undefined;
}

export function printPlan(root: PlanNode, options: PrintOptions = {}): string {
  const lines: string[] = [];
  const visit = (node: PlanNode, depth: number): void => {
    const indent = '    '.repeat(depth);
    const outputs = node.outputs.map((s) => `${s.name}:${formatType(s.type)}`).join(', ');
    lines.push(`${indent}- ${header(node)} => [${outputs}]`);
    const rows = options.estimate?.(node);
    const details = [...(rows !== undefined ? [`Estimates: {rows: ${formatRows(rows)}}`] : []), ...detailsOf(node)];
    for (const d of details) lines.push(`${indent}        ${d}`);
    for (const source of sourcesOf(node)) visit(source, depth + 1);
  };
  visit(root, 0);
  return `${lines.join('\n')}\n`;
}

function formatRows(rows: number): string {
  return Number.isFinite(rows) ? String(Math.round(rows)) : '?';
}

function list(items: readonly string[]): string {
  return `[${items.join(', ')}]`;
}

function orderings(items: readonly Ordering[]): string {
  return list(items.map((o) => `${o.symbol} ${o.ascending ? 'ASC' : 'DESC'} NULLS ${o.nullsFirst ? 'FIRST' : 'LAST'}`));
}

function props(name: string, entries: readonly (string | undefined)[]): string {
  const present = entries.filter((e): e is string => e !== undefined);
  return present.length === 0 ? name : `${name}[${present.join(', ')}]`;
}

/** A join's dynamic filters as Trino prints them: `{buildSymbol -> #id}`. */
function dynamicFilterAssignments(filters: readonly DynamicFilterAssignment[] | undefined): string | undefined {
  if (filters === undefined || filters.length === 0) return undefined;
  return `dynamicFilterAssignments = {${filters.map((f) => `${f.symbol} -> #${f.id}`).join(', ')}}`;
}

function header(node: PlanNode): string {
  switch (node.kind) {
    case 'Output':
      return props('Output', [`columnNames = ${list(node.columnNames)}`]);
    case 'TableScan':
      return props('TableScan', [
        `table = ${formatObjectName(node.table)}`,
        node.constraint ? `constraint = ${formatDomain(node.constraint, node)}` : undefined,
        node.limit !== undefined ? `limit = ${node.limit}` : undefined,
        node.bucketed ? 'splits by bucket' : undefined,
        node.dynamicFilters?.length
          ? `dynamicFilters = {${node.dynamicFilters.map((f) => `${f.symbol} = #${f.id}${f.splitsOnly ? ' (splits)' : ''}`).join(', ')}}`
          : undefined,
      ]);
    case 'Values':
      return props('Values', [`rows = ${node.rows.length}`]);
    case 'Filter':
      return props('Filter', [`predicate = ${formatExpression(node.predicate)}`]);
    case 'Project':
      return 'Project';
    case 'Aggregation':
      return props('Aggregation', [
        `type = ${node.step}`,
        node.groupingKeys.length > 0 ? `keys = ${list(node.groupingKeys)}` : undefined,
        node.groupIdSymbol ? `groupId = ${node.groupIdSymbol}` : undefined,
      ]);
    case 'GroupId':
      return props('GroupId', [`sets = ${list(node.groupingSets.map(list))}`, `groupId = ${node.groupIdSymbol}`]);
    case 'MarkDistinct':
      return props('MarkDistinct', [`distinct = ${list(node.distinctSymbols)}`, `marker = ${node.markerSymbol}`]);
    case 'Join': {
      const name =
        node.joinType === 'INNER' && node.criteria.length === 0 && !node.filter
          ? 'CrossJoin'
          : `${node.joinType[0]}${node.joinType.slice(1).toLowerCase()}Join`;
      return props(name, [
        node.criteria.length > 0
          ? `criteria = ${node.criteria.map((c) => `(${c.left} = ${c.right})`).join(' AND ')}`
          : undefined,
        node.filter ? `filter = ${formatExpression(node.filter)}` : undefined,
        node.distribution ? `distribution = ${node.distribution}` : undefined,
        dynamicFilterAssignments(node.dynamicFilters),
      ]);
    }
    case 'SemiJoin':
      return props('SemiJoin', [
        `criteria = (${node.sourceKey} = ${node.filteringKey})`,
        `output = ${node.output}`,
        node.distribution ? `distribution = ${node.distribution}` : undefined,
        dynamicFilterAssignments(node.dynamicFilters),
      ]);
    case 'Sort':
      return props('Sort', [`orderBy = ${orderings(node.orderBy)}`, node.partial ? 'partial' : undefined]);
    case 'TopN':
      return props('TopN', [
        `count = ${node.count}`,
        `orderBy = ${orderings(node.orderBy)}`,
        node.step !== 'SINGLE' ? `step = ${node.step}` : undefined,
      ]);
    case 'Limit':
      return props('Limit', [
        `count = ${node.count}`,
        node.tiesResolvingScheme ? `withTies = ${orderings(node.tiesResolvingScheme)}` : undefined,
        node.partial ? 'partial' : undefined,
      ]);
    case 'Offset':
      return props('Offset', [`count = ${node.count}`]);
    case 'Window':
      return props('Window', [
        node.partitionBy.length > 0 ? `partitionBy = ${list(node.partitionBy)}` : undefined,
        node.orderBy.length > 0 ? `orderBy = ${orderings(node.orderBy)}` : undefined,
      ]);
    case 'Union':
      return 'Union';
    case 'Unnest':
      return props('Unnest', [
        `replicate = ${list(node.replicate)}`,
        `unnest = ${list(node.unnest.map((u) => `${u.symbol} -> ${list(u.outputs)}`))}`,
        node.ordinality ? `ordinality = ${node.ordinality}` : undefined,
        node.outer ? 'outer' : undefined,
      ]);
    case 'EnforceSingleRow':
      return 'EnforceSingleRow';
    case 'AssignUniqueId':
      return props('AssignUniqueId', [`id = ${node.idSymbol}`]);
    case 'RowNumber':
      return props('RowNumber', [
        node.partitionBy.length > 0 ? `partitionBy = ${list(node.partitionBy)}` : undefined,
        `rowNumber = ${node.rowNumberSymbol}`,
        node.maxRowCountPerPartition !== undefined ? `max = ${node.maxRowCountPerPartition}` : undefined,
      ]);
    case 'Exchange':
      return props('Exchange', [
        `type = ${node.type}`,
        `scope = ${node.scope}`,
        node.partitionKeys ? `partitionKeys = ${list(node.partitionKeys)}` : undefined,
        node.orderBy ? `orderBy = ${orderings(node.orderBy)}` : undefined,
      ]);
    case 'RemoteSource':
      return props('RemoteSource', [`sources = ${list(node.sourceFragmentIds)}`, `type = ${node.exchangeType}`]);
    case 'TableWriter':
      return props('TableWriter', [`target = ${formatObjectName(node.target)}`]);
    case 'TableFinish':
      return props('TableFinish', [`target = ${formatObjectName(node.target)}`]);
    case 'Apply': {
      const p = node.predicate;
      const predicate =
        p.kind === 'EXISTS'
          ? 'EXISTS'
          : p.kind === 'IN'
            ? `${p.value} IN ${p.subqueryValue}`
            : `${p.value} ${p.operator} ${p.quantifier} ${p.subqueryValue}`;
      return props('Apply', [`${node.result} := ${predicate}`, `correlation = ${list(node.correlation)}`]);
    }
    case 'CorrelatedJoin':
      return props('CorrelatedJoin', [
        `type = ${node.joinType}`,
        `correlation = ${list(node.correlation)}`,
        node.filter ? `filter = ${formatExpression(node.filter)}` : undefined,
      ]);
  }
}

function detailsOf(node: PlanNode): string[] {
  switch (node.kind) {
    case 'Output':
      return node.columnNames.flatMap((name, i) => (name === node.columns[i] ? [] : [`${name} := ${node.columns[i]}`]));
    case 'TableScan':
      // A symbol named after its column needs no line.
      return node.assignments.flatMap((a) => (a.symbol === a.column ? [] : [`${a.symbol} := ${a.column}`]));
    case 'Values':
      return node.rows.slice(0, 10).map((row) => `(${row.map(formatExpression).join(', ')})`);
    case 'Project':
      return node.assignments.flatMap((a) =>
        a.expression.kind === 'Symbol' && a.expression.name === a.symbol
          ? []
          : [`${a.symbol} := ${formatExpression(a.expression)}`],
      );
    case 'Aggregation':
      return node.aggregates.map(formatAggregate);
    case 'Window':
      return node.functions.map(formatWindowFunction);
    case 'Union':
      return node.outputs.map((s, j) => `${s.name} := ${list(node.symbolMapping.map((m) => m[j]))}`);
    default:
      return [];
  }
}

function formatAggregate(a: AggregateCall): string {
  const args = a.args.map(formatExpression).join(', ');
  const order = a.orderBy && a.orderBy.length > 0 ? ` ORDER BY ${orderings(a.orderBy).slice(1, -1)}` : '';
  const mask = a.mask ? ` (mask = ${a.mask})` : '';
  return `${a.symbol} := ${a.function.name}(${a.distinct ? 'DISTINCT ' : ''}${args}${order})${mask}`;
}

function formatFrame(f: WindowFrameSpec): string {
  const bound = (type: string, value: string | undefined) => (value ? `${value} ${type}` : type.replace('_', ' '));
  return `${f.type} BETWEEN ${bound(f.startType, f.startValue)} AND ${bound(f.endType, f.endValue)}`;
}

function formatWindowFunction(f: WindowFunctionCall): string {
  const mask = f.mask ? ` (mask = ${f.mask})` : '';
  const nulls = f.ignoreNulls ? ' IGNORE NULLS' : '';
  return `${f.symbol} := ${f.function.name}(${f.args.map(formatExpression).join(', ')})${nulls} ${formatFrame(f.frame)}${mask}`;
}

function formatDomain(domain: TupleDomain, node: Extract<PlanNode, { kind: 'TableScan' }>): string {
  if (domain.none) return 'NONE';
  const typeOfColumn = (column: string): Type | undefined => {
    const symbol = node.assignments.find((a) => a.column === column)?.symbol;
    return node.outputs.find((s) => s.name === symbol)?.type;
  };
  const parts = Object.entries(domain.columns).map(
    ([column, d]) => `${column}: ${formatColumnDomain(d, typeOfColumn(column))}`,
  );
  return `{${parts.join(', ')}}`;
}

function formatColumnDomain(domain: ColumnDomain, type: Type | undefined): string {
  if (!domain.ranges) return domain.nullAllowed ? 'ALL' : 'NOT NULL';
  // Domain values are SPI values (a long bigint or decimal may be a JS bigint).
  const value = (v: unknown) =>
    type ? formatConstant(v, type) : typeof v === 'bigint' ? String(v) : JSON.stringify(v);
  const ranges = domain.ranges.map((r) => {
    if (r.low && r.high && r.low.inclusive && r.high.inclusive && r.low.value === r.high.value)
      return value(r.low.value);
    const low = r.low ? `${r.low.inclusive ? '[' : '('}${value(r.low.value)}` : '(-inf';
    const high = r.high ? `${value(r.high.value)}${r.high.inclusive ? ']' : ')'}` : '+inf)';
    return `${low}, ${high}`;
  });
  if (domain.nullAllowed) ranges.push('NULL');
  return ranges.length === 1 ? ranges[0] : list(ranges);
}
