/**
 * Dynamic filtering, the planner's part (Trino's PredicatePushDown of dynamic filters): an inner
 * (or right) equi-join drops every probe row whose key is not among the build side's keys, so once
 * the build side is known the probe side's table scan may skip those rows itself — whole row
 * groups and partitions by their statistics before a byte is read, single rows before they are
 * hashed and sent between workers. This pass, run on the distributed plan before it is cut into
 * fragments, gives each such join key a filter id (`JoinNode.dynamicFilters`: the build symbol
 * whose values make the filter) and follows the probe key down to the table scan that produces
 * it (`TableScanNode.dynamicFilters`: the scan's output symbol the filter narrows), through the
 * nodes that pass a row's key value on unchanged: filters, identity projections, exchanges,
 * grouping keys of aggregations, both sides of inner joins and the preserved side of outer joins. A key that does not reach a
 * scan unchanged (computed, or from a VALUES) gets no filter, nor does a join whose build side is a
 * whole unfiltered table (`mayLackKeys`).
 *
 * At run time (docs/architecture.md, "Dynamic filtering"): the task building the join's hash
 * table reports its keys' summary (a set of values, or their range), the coordinator merges the
 * summaries of all build tasks and holds back the scan's splits until the filter is complete (at
 * most `dynamic_filtering_wait_timeout`), enumerates the splits with the filter as a constraint,
 * and sends the filter to the scan's tasks, which drop non-matching rows.
 */
import { type Type, typeEquals } from '../types/type.js';
import { conjuncts } from './expressions.js';
import type { DynamicFilterAssignment, PlanNode } from './plan-nodes.js';
import { rewritePlan, walkPlan } from './plan-utils.js';

/**
 * Key types a filter is collected for: those whose values compare exactly as numbers or strings
 * (floating point is left out: NaN and -0 make "the same key" differ from "an equal number").
 */
export function supportsDynamicFilter(type: Type): boolean {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'date':
    case 'varchar':
      return true;
    case 'decimal':
      return type.precision <= 15;
    default:
      return false;
  }
}

/** Where a probe key comes from: a scan's output symbol, and whether rows do work on the way. */
interface ScanKey {
  readonly scanId: string;
  readonly symbol: string;
  /** The key passes an exchange, a join or an aggregation between the scan and the filter's join. */
  readonly crossesWork: boolean;
}

function working(key: ScanKey | undefined): ScanKey | undefined {
  return key === undefined ? undefined : { ...key, crossesWork: true };
}

/** Follows `symbol` down from `node` to the scan that produces it, through value-preserving nodes. */
function traceToScan(node: PlanNode, symbol: string): ScanKey | undefined {
  switch (node.kind) {
    case 'TableScan':
      return node.outputs.some((o) => o.name === symbol) ? { scanId: node.id, symbol, crossesWork: false } : undefined;
    case 'Filter':
      return traceToScan(node.source, symbol);
    case 'Project': {
      const assignment = node.assignments.find((a) => a.symbol === symbol);
      if (assignment?.expression.kind !== 'Symbol') return undefined;
      return traceToScan(node.source, assignment.expression.name);
    }
    case 'Exchange': {
      const index = node.outputs.findIndex((o) => o.name === symbol);
      const input = node.inputs[0]?.[index];
      if (node.sources.length !== 1 || index < 0 || input === undefined) return undefined;
      return working(traceToScan(node.sources[0] as PlanNode, input));
    }
    case 'Join': {
      const fromLeft = node.left.outputs.some((o) => o.name === symbol);
      // Into the side the key comes from when that side's rows carry it unchanged into the output:
      // either side of an inner join, the preserved side of an outer join (the other side's key
      // turns NULL where unmatched; that side is not followed).
      if (fromLeft && (node.joinType === 'INNER' || node.joinType === 'LEFT'))
        return working(traceToScan(node.left, symbol));
      if (!fromLeft && (node.joinType === 'INNER' || node.joinType === 'RIGHT'))
        return working(traceToScan(node.right, symbol));
      return undefined;
    }
    case 'SemiJoin':
      return working(traceToScan(node.source, symbol));
    case 'Aggregation':
      if (node.groupIdSymbol !== undefined || !node.groupingKeys.includes(symbol)) return undefined;
      return working(traceToScan(node.source, symbol));
    default:
      return undefined;
  }
}

/**
 * Whether `build` may lack some values of its key's column: something in it drops rows (a filter,
 * a join, a semi join, a limit, a constrained scan) or it is a fixed list (VALUES). A build that
 * is a whole table, unfiltered (a foreign key's referenced table: `nation` under a join on
 * `nationkey`), holds every key the probe side can have, so its filter would prune nothing and
 * only make the probe side's scan wait — it gets none.
 */
function mayLackKeys(build: PlanNode): boolean {
  switch (build.kind) {
    case 'TableScan':
      return build.constraint !== undefined || build.limit !== undefined;
    case 'Project':
    case 'Aggregation':
    case 'MarkDistinct':
    case 'AssignUniqueId':
    case 'Sort':
      return mayLackKeys(build.source);
    case 'Exchange':
      return build.sources.some((source) => mayLackKeys(source as PlanNode));
    default:
      return true;
  }
}

function typeOf(node: PlanNode, symbol: string): Type | undefined {
  return node.outputs.find((o) => o.name === symbol)?.type;
}

/** The plan with dynamic filters assigned to its joins and their probe sides' scans. */
export function addDynamicFilters(plan: PlanNode): PlanNode {
  const joinFilters = new Map<string, DynamicFilterAssignment[]>();
  const scanFilters = new Map<string, DynamicFilterAssignment[]>();
  let next = 0;
  /** A filter from `build`'s `buildKey` onto the scan producing `probe`'s `probeKey`, when it can have one. */
  const assign = (joinId: string, probe: PlanNode, probeKey: string, build: PlanNode, buildKey: string) => {
    const type = typeOf(probe, probeKey);
    const buildType = typeOf(build, buildKey);
    if (type === undefined || buildType === undefined || !supportsDynamicFilter(type)) return;
    // Values must mean the same on both sides (varchar lengths may differ; decimal scales may not).
    if (buildType.kind !== type.kind || (type.kind === 'decimal' && !typeEquals(type, buildType))) return;
    if (!mayLackKeys(build)) return;
    const key = traceToScan(probe, probeKey);
    if (key === undefined) return;
    const id = `df_${next++}`;
    joinFilters.set(joinId, [...(joinFilters.get(joinId) ?? []), { id, symbol: buildKey }]);
    const assignment = { id, symbol: key.symbol, ...(key.crossesWork ? {} : { splitsOnly: true as const }) };
    scanFilters.set(key.scanId, [...(scanFilters.get(key.scanId) ?? []), assignment]);
  };
  walkPlan(plan, (node) => {
    if (node.kind === 'Join' && (node.joinType === 'INNER' || node.joinType === 'RIGHT')) {
      for (const criterion of node.criteria) assign(node.id, node.left, criterion.left, node.right, criterion.right);
    }
    // `x IN (subquery)` as a filter: rows whose x is not in the subquery's rows are dropped.
    if (node.kind === 'Filter' && node.source.kind === 'SemiJoin') {
      const semi = node.source;
      if (conjuncts(node.predicate).some((c) => c.kind === 'Symbol' && c.name === semi.output)) {
        assign(semi.id, semi.source, semi.sourceKey, semi.filteringSource, semi.filteringKey);
      }
    }
  });
  if (next === 0) return plan;
  return rewritePlan(plan, (node) => {
    if (node.kind === 'Join' || node.kind === 'SemiJoin') {
      const filters = joinFilters.get(node.id);
      return filters === undefined ? node : { ...node, dynamicFilters: filters };
    }
    if (node.kind === 'TableScan') {
      const filters = scanFilters.get(node.id);
      return filters === undefined ? node : { ...node, dynamicFilters: filters };
    }
    return node;
  });
}

/**
 * The filters of a fragment's partitioned (or co-located) joins whose probe scans are in the same
 * fragment. A task's probe rows then meet only that task's build, so its own summary is the filter
 * its scans need; what its build tasks send the coordinator serves split pruning only. (A
 * replicated join's filter is complete with any one task's report and goes whole to tasks whose
 * own build may not have ended: it is left out.)
 */
export function filtersProbedInFragment(root: PlanNode): Set<string> {
  const scanned = new Set<string>();
  const partitioned: string[] = [];
  walkPlan(root, (node) => {
    if (node.kind === 'TableScan') for (const filter of node.dynamicFilters ?? []) scanned.add(filter.id);
    if ((node.kind === 'Join' || node.kind === 'SemiJoin') && node.distribution !== 'REPLICATED') {
      for (const filter of node.dynamicFilters ?? []) partitioned.push(filter.id);
    }
  });
  return new Set(partitioned.filter((id) => scanned.has(id)));
}
