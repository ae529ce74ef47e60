/**
 * Row count and per-symbol estimates of every plan node, derived bottom-up from the connector's
 * table statistics (memoised per node object): filters through filter-estimator.ts, joins through
 * join-estimator.ts, aggregations as the product of their keys' NDVs (capped by the input), limits
 * by their count. Where an input is unknown the estimate is unknown.
 */
import type { MetadataView, TableStatistics } from '../../spi/metadata.js';
import { formatObjectName } from '../../spi/metadata.js';
import type { PlanNode } from '../plan-nodes.js';
import { estimateFilter } from './filter-estimator.js';
import { estimateJoin } from './join-estimator.js';
import {
  capToRows,
  fromColumnStatistics,
  type PlanStatistics,
  type SymbolStatistics,
  UNKNOWN_FILTER_COEFFICIENT,
} from './plan-statistics.js';

export class StatsCalculator {
  private readonly cache = new WeakMap<PlanNode, PlanStatistics>();
  private readonly tables = new Map<string, TableStatistics | undefined>();

  constructor(private readonly metadata: MetadataView) {}

  estimate(node: PlanNode): PlanStatistics {
    const cached = this.cache.get(node);
    if (cached) return cached;
    const stats = this.compute(node);
    this.cache.set(node, stats);
    return stats;
  }

  rowCount(node: PlanNode): number | undefined {
    return this.estimate(node).rowCount;
  }

  private tableStatistics(node: Extract<PlanNode, { kind: 'TableScan' }>): TableStatistics | undefined {
    const key = formatObjectName(node.table);
    if (!this.tables.has(key)) this.tables.set(key, this.metadata.getTableStatistics?.(node.table));
    return this.tables.get(key);
  }

  private compute(node: PlanNode): PlanStatistics {
    switch (node.kind) {
      case 'TableScan': {
        const table = this.tableStatistics(node);
        const symbols = new Map<string, SymbolStatistics>();
        node.assignments.forEach((a, i) => {
          symbols.set(a.symbol, fromColumnStatistics(table?.columns[a.column], node.outputs[i].type));
        });
        let rowCount = table?.rowCount;
        if (rowCount !== undefined && node.limit !== undefined) rowCount = Math.min(rowCount, node.limit);
        return withRows(rowCount, symbols);
      }
      case 'Values':
        return withRows(node.rows.length, new Map());
      case 'Filter': {
        const source = this.estimate(node.source);
        const estimate = estimateFilter(node.predicate, (s) => source.symbols.get(s));
        const symbols = new Map(source.symbols);
        for (const [s, stats] of estimate.symbols) symbols.set(s, stats);
        return withRows(source.rowCount === undefined ? undefined : source.rowCount * estimate.selectivity, symbols);
      }
      case 'Project': {
        const source = this.estimate(node.source);
        const symbols = new Map<string, SymbolStatistics>();
        for (const a of node.assignments) {
          const e = a.expression;
          const from =
            e.kind === 'Symbol' ? e.name : e.kind === 'Cast' && e.value.kind === 'Symbol' ? e.value.name : undefined;
          const stats = from !== undefined ? source.symbols.get(from) : undefined;
          if (stats) symbols.set(a.symbol, stats);
        }
        return withRows(source.rowCount, symbols);
      }
      case 'Aggregation': {
        const source = this.estimate(node.source);
        if (node.groupingKeys.length === 0) return withRows(1, new Map());
        let groups: number | undefined = 1;
        for (const key of node.groupingKeys) {
          const ndv = source.symbols.get(key)?.distinctValues;
          const nulls = (source.symbols.get(key)?.nullFraction ?? 0) > 0 ? 1 : 0;
          groups = ndv === undefined || groups === undefined ? undefined : groups * (ndv + nulls);
        }
        const rowCount =
          source.rowCount === undefined
            ? groups
            : groups === undefined
              ? source.rowCount
              : Math.min(groups, source.rowCount);
        const symbols = new Map<string, SymbolStatistics>();
        for (const key of node.groupingKeys) {
          const stats = source.symbols.get(key);
          if (stats) symbols.set(key, stats);
        }
        return withRows(rowCount, symbols);
      }
      case 'Join': {
        const estimate = estimateJoin({
          joinType: node.joinType,
          left: this.estimate(node.left),
          right: this.estimate(node.right),
          criteria: node.criteria,
          hasFilter: node.filter !== undefined,
        });
        return estimate;
      }
      case 'SemiJoin': {
        const source = this.estimate(node.source);
        const filtering = this.estimate(node.filteringSource);
        const symbols = new Map(source.symbols);
        const sourceNdv = source.symbols.get(node.sourceKey)?.distinctValues;
        const filteringNdv = filtering.symbols.get(node.filteringKey)?.distinctValues ?? filtering.rowCount;
        const trueFraction =
          sourceNdv !== undefined && filteringNdv !== undefined && sourceNdv > 0
            ? Math.min(1, filteringNdv / sourceNdv)
            : UNKNOWN_FILTER_COEFFICIENT;
        symbols.set(node.output, { trueFraction, distinctValues: 2 });
        return withRows(source.rowCount, symbols);
      }
      case 'Limit':
      case 'TopN': {
        const source = this.estimate(node.source);
        const rows = source.rowCount === undefined ? node.count : Math.min(source.rowCount, node.count);
        return withRows(node.kind === 'Limit' && node.tiesResolvingScheme ? source.rowCount : rows, source.symbols);
      }
      case 'Offset': {
        const source = this.estimate(node.source);
        return withRows(
          source.rowCount === undefined ? undefined : Math.max(0, source.rowCount - node.count),
          source.symbols,
        );
      }
      case 'EnforceSingleRow':
        return withRows(1, this.estimate(node.source).symbols);
      case 'Union': {
        let rows: number | undefined = 0;
        for (const source of node.sources) {
          const r = this.estimate(source).rowCount;
          rows = rows === undefined || r === undefined ? undefined : rows + r;
        }
        return withRows(rows, new Map());
      }
      case 'GroupId': {
        const source = this.estimate(node.source);
        return withRows(
          source.rowCount === undefined ? undefined : source.rowCount * node.groupingSets.length,
          new Map(),
        );
      }
      case 'Unnest':
        return withRows(undefined, new Map());
      case 'Sort':
      case 'Window':
      case 'MarkDistinct':
      case 'AssignUniqueId':
      case 'RowNumber':
      case 'Output':
      case 'Apply': {
        const source = this.estimate(node.kind === 'Apply' ? node.input : node.source);
        return withRows(source.rowCount, source.symbols);
      }
      case 'CorrelatedJoin': {
        const input = this.estimate(node.input);
        return withRows(input.rowCount, input.symbols);
      }
      default:
        return { symbols: new Map() };
    }
  }
}

function withRows(rowCount: number | undefined, source: ReadonlyMap<string, SymbolStatistics>): PlanStatistics {
  if (rowCount === undefined) return { symbols: source };
  const symbols = new Map<string, SymbolStatistics>();
  for (const [s, stats] of source) symbols.set(s, capToRows(stats, rowCount));
  return { rowCount, symbols };
}
