/**
 * Projection pruning: walks the plan from the root with the set of symbols the parent needs and
 * drops everything else: unused projections, aggregates and window functions, unread columns of
 * scans and VALUES, join outputs, union columns; nodes that only add an unused symbol
 * (MarkDistinct, AssignUniqueId, SemiJoin, an Apply result, a scalar subquery) disappear.
 */
import { visitExpression } from '../expressions.js';
import type { PlanFactory } from '../plan-factory.js';
import type { FilterNode, Ordering, PlanNode, WindowFrameSpec } from '../plan-nodes.js';
import { sourcesOf } from '../plan-nodes.js';
import { withSources } from '../plan-utils.js';
import type { RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const pruneUnusedColumns: PlanRule = {
  name: 'PruneUnusedColumns',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return prune(plan, new Set(plan.outputs.map((s) => s.name)), context.factory);
  },
};

function addSymbols(out: Set<string>, e: RowExpression): void {
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol') out.add(x.name);
  });
}

function addOrderings(out: Set<string>, orderings: readonly Ordering[] | undefined): void {
  for (const o of orderings ?? []) out.add(o.symbol);
}

function addFrame(out: Set<string>, frame: WindowFrameSpec): void {
  if (frame.startValue) out.add(frame.startValue);
  if (frame.endValue) out.add(frame.endValue);
}

function union(a: ReadonlySet<string>, ...more: Iterable<string>[]): Set<string> {
  const out = new Set(a);
  for (const m of more) for (const s of m) out.add(s);
  return out;
}

/** Whether a subquery yields exactly one row whatever its input (so dropping it changes nothing). */
function isScalar(node: PlanNode): boolean {
  if (node.kind === 'EnforceSingleRow') return true;
  if (node.kind === 'Project') return isScalar(node.source);
  return node.kind === 'Aggregation' && node.groupingKeys.length === 0;
}

/** A filter whose source keeps `required` and what the predicate reads (its outputs are its source's). */
function pruneFilter(node: FilterNode, required: ReadonlySet<string>, factory: PlanFactory): PlanNode {
  const needed = new Set(required);
  addSymbols(needed, node.predicate);
  return withSources(node, [prune(node.source, needed, factory)]);
}

export function prune(node: PlanNode, required: ReadonlySet<string>, factory: PlanFactory): PlanNode {
  switch (node.kind) {
    case 'Output':
      return withSources(node, [prune(node.source, new Set(node.columns), factory)]);
    case 'Project': {
      const kept = node.assignments.filter((a) => required.has(a.symbol));
      const needed = new Set<string>();
      for (const a of kept) addSymbols(needed, a.expression);
      // A filter right below narrows nothing itself: this projection already drops what only its predicate reads.
      const source =
        node.source.kind === 'Filter' ? pruneFilter(node.source, needed, factory) : prune(node.source, needed, factory);
      if (kept.length === node.assignments.length && source === node.source) return node;
      return {
        ...node,
        source,
        assignments: kept,
        outputs: node.outputs.filter((s) => required.has(s.name)),
      };
    }
    case 'Filter': {
      // Symbols only the predicate reads end at the filter: a projection above it drops them, so
      // they neither ride along to the parent nor cross an exchange (q13's order comments did).
      const filter = pruneFilter(node, required, factory);
      const kept = filter.outputs.filter((s) => required.has(s.name));
      return kept.length === filter.outputs.length ? filter : factory.projectTo(filter, kept);
    }
    case 'TableScan': {
      if (node.assignments.every((a) => required.has(a.symbol))) return node;
      return {
        ...node,
        assignments: node.assignments.filter((a) => required.has(a.symbol)),
        outputs: node.outputs.filter((s) => required.has(s.name)),
      };
    }
    case 'Values': {
      const keep = node.outputs.map((s) => required.has(s.name));
      if (keep.every(Boolean)) return node;
      return {
        ...node,
        outputs: node.outputs.filter((_, i) => keep[i]),
        rows: node.rows.map((row) => row.filter((_, i) => keep[i])),
      };
    }
    case 'Aggregation': {
      const aggregates = node.aggregates.filter((a) => required.has(a.symbol));
      const needed = new Set(node.groupingKeys);
      for (const a of aggregates) {
        for (const arg of a.args) addSymbols(needed, arg);
        if (a.mask) needed.add(a.mask);
        addOrderings(needed, a.orderBy);
      }
      if (node.groupIdSymbol) needed.add(node.groupIdSymbol);
      const source = prune(node.source, needed, factory);
      if (aggregates.length === node.aggregates.length && source === node.source) return node;
      const dropped = new Set(node.aggregates.filter((a) => !required.has(a.symbol)).map((a) => a.symbol));
      return { ...node, source, aggregates, outputs: node.outputs.filter((s) => !dropped.has(s.name)) };
    }
    case 'GroupId': {
      const args = node.aggregationArguments.filter((s) => required.has(s));
      const needed = new Set<string>(args);
      for (const set of node.groupingSets) for (const s of set) needed.add(s);
      const source = prune(node.source, needed, factory);
      if (args.length === node.aggregationArguments.length && source === node.source) return node;
      const droppedArgs = new Set(node.aggregationArguments.filter((s) => !required.has(s)));
      return {
        ...node,
        source,
        aggregationArguments: args,
        outputs: node.outputs.filter((s) => !droppedArgs.has(s.name)),
      };
    }
    case 'MarkDistinct': {
      if (!required.has(node.markerSymbol)) return prune(node.source, required, factory);
      const needed = union(required, node.distinctSymbols);
      needed.delete(node.markerSymbol);
      return withSources(node, [prune(node.source, needed, factory)]);
    }
    case 'Join': {
      const outputs = node.outputs.filter((s) => required.has(s.name));
      const leftNames = new Set(node.left.outputs.map((s) => s.name));
      const needed = new Set(outputs.map((s) => s.name));
      for (const c of node.criteria) needed.add(c.left).add(c.right);
      if (node.filter) addSymbols(needed, node.filter);
      const left = prune(node.left, new Set([...needed].filter((s) => leftNames.has(s))), factory);
      const right = prune(node.right, new Set([...needed].filter((s) => !leftNames.has(s))), factory);
      if (left === node.left && right === node.right && outputs.length === node.outputs.length) return node;
      return { ...node, left, right, outputs };
    }
    case 'SemiJoin': {
      if (!required.has(node.output)) return prune(node.source, required, factory);
      const needed = union(required, [node.sourceKey]);
      needed.delete(node.output);
      return withSources(node, [
        prune(node.source, needed, factory),
        prune(node.filteringSource, new Set([node.filteringKey]), factory),
      ]);
    }
    case 'Sort':
    case 'TopN': {
      const needed = new Set(required);
      addOrderings(needed, node.orderBy);
      return withSources(node, [prune(node.source, needed, factory)]);
    }
    case 'Limit': {
      const needed = new Set(required);
      addOrderings(needed, node.tiesResolvingScheme);
      return withSources(node, [prune(node.source, needed, factory)]);
    }
    case 'Offset':
    case 'EnforceSingleRow':
      return withSources(node, [prune(node.source, required, factory)]);
    case 'Window': {
      const functions = node.functions.filter((f) => required.has(f.symbol));
      if (functions.length === 0) return prune(node.source, required, factory);
      const needed = new Set([...required].filter((s) => !node.functions.some((f) => f.symbol === s)));
      for (const s of node.partitionBy) needed.add(s);
      addOrderings(needed, node.orderBy);
      for (const f of functions) {
        for (const arg of f.args) addSymbols(needed, arg);
        addFrame(needed, f.frame);
        if (f.mask) needed.add(f.mask);
      }
      const source = prune(node.source, needed, factory);
      if (functions.length === node.functions.length) return withSources(node, [source]);
      return { ...node, source, functions, outputs: [...source.outputs, ...outputsOf(node, functions)] };
    }
    case 'Union': {
      const keep = node.outputs.map((s) => required.has(s.name));
      const mapping = node.symbolMapping.map((m) => m.filter((_, j) => keep[j]));
      const sources = node.sources.map((s, i) => prune(s, new Set(mapping[i]), factory));
      if (keep.every(Boolean) && sources.every((s, i) => s === node.sources[i])) return node;
      return { ...node, sources, symbolMapping: mapping, outputs: node.outputs.filter((_, j) => keep[j]) };
    }
    case 'Unnest': {
      const replicate = node.replicate.filter((s) => required.has(s));
      const source = prune(node.source, new Set([...replicate, ...node.unnest.map((u) => u.symbol)]), factory);
      if (replicate.length === node.replicate.length && source === node.source) return node;
      const dropped = new Set(node.replicate.filter((s) => !required.has(s)));
      return { ...node, source, replicate, outputs: node.outputs.filter((s) => !dropped.has(s.name)) };
    }
    case 'AssignUniqueId': {
      if (!required.has(node.idSymbol)) return prune(node.source, required, factory);
      return withSources(node, [prune(node.source, required, factory)]);
    }
    case 'RowNumber': {
      if (!required.has(node.rowNumberSymbol) && node.maxRowCountPerPartition === undefined) {
        return prune(node.source, required, factory);
      }
      return withSources(node, [prune(node.source, union(required, node.partitionBy), factory)]);
    }
    case 'Apply': {
      if (!required.has(node.result)) return prune(node.input, required, factory);
      const needed = union(required, node.correlation);
      needed.delete(node.result);
      const subqueryNeeded = new Set<string>();
      if (node.predicate.kind !== 'EXISTS') {
        needed.add(node.predicate.value);
        subqueryNeeded.add(node.predicate.subqueryValue);
      }
      return withSources(node, [
        narrowed(prune(node.input, needed, factory), needed, factory),
        prune(node.subquery, subqueryNeeded, factory),
      ]);
    }
    case 'CorrelatedJoin': {
      const subqueryNames = new Set(node.subquery.outputs.map((s) => s.name));
      const subqueryNeeded = new Set([...required].filter((s) => subqueryNames.has(s)));
      if (subqueryNeeded.size === 0 && !node.filter && isScalar(node.subquery))
        return prune(node.input, required, factory);
      const needed = new Set([...required].filter((s) => !subqueryNames.has(s)));
      for (const s of node.correlation) needed.add(s);
      if (node.filter) {
        const filterSymbols = new Set<string>();
        addSymbols(filterSymbols, node.filter);
        for (const s of filterSymbols) (subqueryNames.has(s) ? subqueryNeeded : needed).add(s);
      }
      return withSources(node, [
        narrowed(prune(node.input, needed, factory), needed, factory),
        prune(node.subquery, subqueryNeeded, factory),
      ]);
    }
    default:
      // Nodes the planner does not produce (exchanges, writers) keep everything.
      return withSources(
        node,
        sourcesOf(node).map((s) => prune(s, new Set(s.outputs.map((o) => o.name)), factory)),
      );
  }
}

/**
 * The input of a subquery node restricted to what is needed: decorrelation may group by every
 * input column, so symbols a filter below merely passes through must not reach it.
 */
function narrowed(node: PlanNode, needed: ReadonlySet<string>, factory: PlanFactory): PlanNode {
  if (node.outputs.every((s) => needed.has(s.name))) return node;
  return factory.projectTo(
    node,
    node.outputs.filter((s) => needed.has(s.name)),
  );
}

function outputsOf(node: Extract<PlanNode, { kind: 'Window' }>, functions: readonly { symbol: string }[]) {
  const names = new Set(functions.map((f) => f.symbol));
  return node.outputs.filter((s) => names.has(s.name));
}
