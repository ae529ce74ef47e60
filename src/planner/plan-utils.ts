/**
 * Generic plan traversal: replacing a node's sources (re-deriving the outputs of pass-through
 * nodes), bottom-up rewriting, searching, the symbols a node reads, the free (correlated) symbols
 * of a subtree, and applying a function to every expression of a node.
 */
import { visitExpression } from './expressions.js';
import type { Ordering, PlanNode, WindowFrameSpec } from './plan-nodes.js';
import { sourcesOf } from './plan-nodes.js';
import type { PlanSymbol, RowExpression } from './row-expression.js';

/** The node with new sources; outputs that derive from the sources are derived again. */
export function withSources(node: PlanNode, sources: readonly PlanNode[]): PlanNode {
  const current = sourcesOf(node);
  if (current.length === sources.length && current.every((s, i) => s === sources[i])) return node;
  const first = sources[0];
  switch (node.kind) {
    case 'TableScan':
    case 'Values':
    case 'RemoteSource':
      return node;
    case 'Filter':
    case 'Sort':
    case 'TopN':
    case 'Limit':
    case 'Offset':
    case 'EnforceSingleRow':
      return { ...node, source: first, outputs: first.outputs };
    case 'MarkDistinct':
      return { ...node, source: first, outputs: [...first.outputs, lastOutput(node)] };
    case 'AssignUniqueId':
    case 'RowNumber':
      return { ...node, source: first, outputs: [...first.outputs, lastOutput(node)] };
    case 'Window':
      return {
        ...node,
        source: first,
        outputs: [...first.outputs, ...node.outputs.slice(node.outputs.length - node.functions.length)],
      };
    case 'SemiJoin':
      return { ...node, source: first, filteringSource: sources[1], outputs: [...first.outputs, lastOutput(node)] };
    case 'Join':
      return { ...node, left: first, right: sources[1] };
    case 'Union':
      return { ...node, sources };
    case 'Exchange':
      return { ...node, sources };
    case 'Apply': {
      const subquery = sources[1];
      return {
        ...node,
        input: first,
        subquery,
        outputs: [...first.outputs, lastOutput(node)],
        correlation: correlation(first, subquery),
      };
    }
    case 'CorrelatedJoin': {
      const subquery = sources[1];
      return {
        ...node,
        input: first,
        subquery,
        outputs: [...first.outputs, ...subquery.outputs],
        correlation: correlation(first, subquery),
      };
    }
    default:
      return { ...node, source: first } as PlanNode;
  }
}

function lastOutput(node: PlanNode): PlanSymbol {
  return node.outputs[node.outputs.length - 1];
}

function correlation(input: PlanNode, subquery: PlanNode): string[] {
  const free = freeSymbols(subquery);
  return input.outputs.filter((s) => free.has(s.name)).map((s) => s.name);
}

/**
 * Rewrites bottom-up: `fn` sees each node after its sources were rewritten. A node whose sources all
 * came back unchanged is passed on as it is, so a rewrite that changes nothing returns the same
 * plan object (the optimizer's fixpoint loop stops on that without comparing structures).
 */
export function rewritePlan(node: PlanNode, fn: (node: PlanNode) => PlanNode): PlanNode {
  const sources = sourcesOf(node);
  if (sources.length === 0) return fn(node);
  const rewritten = sources.map((s) => rewritePlan(s, fn));
  const unchanged = rewritten.every((source, i) => source === sources[i]);
  return fn(unchanged ? node : withSources(node, rewritten));
}

/** Visits every node, parents before children. */
export function walkPlan(node: PlanNode, fn: (node: PlanNode) => void): void {
  fn(node);
  for (const source of sourcesOf(node)) walkPlan(source, fn);
}

export function findNodes<K extends PlanNode['kind']>(node: PlanNode, kind: K): Extract<PlanNode, { kind: K }>[] {
  const found: Extract<PlanNode, { kind: K }>[] = [];
  walkPlan(node, (n) => {
    if (n.kind === kind) found.push(n as Extract<PlanNode, { kind: K }>);
  });
  return found;
}

/** Every expression a node evaluates (not those of its sources). */
export function nodeExpressions(node: PlanNode): RowExpression[] {
  switch (node.kind) {
    case 'Values':
      return node.rows.flat();
    case 'Filter':
      return [node.predicate];
    case 'Project':
      return node.assignments.map((a) => a.expression);
    case 'Aggregation':
      return node.aggregates.flatMap((a) => a.args);
    case 'Window':
      return node.functions.flatMap((f) => f.args);
    case 'Join':
    case 'CorrelatedJoin':
      return node.filter ? [node.filter] : [];
    default:
      return [];
  }
}

/** Applies `fn` to every expression of the node (not its sources); the same node when nothing changed. */
export function mapNodeExpressions(node: PlanNode, fn: (e: RowExpression) => RowExpression): PlanNode {
  switch (node.kind) {
    case 'Values': {
      let changed = false;
      const rows = node.rows.map((row) =>
        row.map((e) => {
          const next = fn(e);
          if (next !== e) changed = true;
          return next;
        }),
      );
      return changed ? { ...node, rows } : node;
    }
    case 'Filter': {
      const predicate = fn(node.predicate);
      return predicate === node.predicate ? node : { ...node, predicate };
    }
    case 'Project': {
      let changed = false;
      const assignments = node.assignments.map((a) => {
        const expression = fn(a.expression);
        if (expression === a.expression) return a;
        changed = true;
        return { symbol: a.symbol, expression };
      });
      return changed ? { ...node, assignments } : node;
    }
    case 'Aggregation': {
      let changed = false;
      const aggregates = node.aggregates.map((a) => {
        const args = a.args.map(fn);
        if (args.every((x, i) => x === a.args[i])) return a;
        changed = true;
        return { ...a, args };
      });
      return changed ? { ...node, aggregates } : node;
    }
    case 'Window': {
      let changed = false;
      const functions = node.functions.map((f) => {
        const args = f.args.map(fn);
        if (args.every((x, i) => x === f.args[i])) return f;
        changed = true;
        return { ...f, args };
      });
      return changed ? { ...node, functions } : node;
    }
    case 'Join':
    case 'CorrelatedJoin': {
      if (!node.filter) return node;
      const filter = fn(node.filter);
      return filter === node.filter ? node : { ...node, filter };
    }
    default:
      return node;
  }
}

function addOrderings(out: Set<string>, orderings: readonly Ordering[] | undefined): void {
  if (orderings) for (const o of orderings) out.add(o.symbol);
}

function addFrame(out: Set<string>, frame: WindowFrameSpec): void {
  if (frame.startValue) out.add(frame.startValue);
  if (frame.endValue) out.add(frame.endValue);
}

function addExpression(out: Set<string>, e: RowExpression): void {
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol') out.add(x.name);
  });
}

/**
 * The symbols a node reads from its sources (or, inside a correlated subquery, from outer
 * nodes). Pass-through outputs are not counted: only what the node itself evaluates.
 */
export function referencedSymbols(node: PlanNode): Set<string> {
  const out = new Set<string>();
  for (const e of nodeExpressions(node)) addExpression(out, e);
  switch (node.kind) {
    case 'Aggregation':
      for (const k of node.groupingKeys) out.add(k);
      for (const a of node.aggregates) {
        if (a.mask) out.add(a.mask);
        addOrderings(out, a.orderBy);
      }
      if (node.groupIdSymbol) out.add(node.groupIdSymbol);
      break;
    case 'GroupId':
      for (const set of node.groupingSets) for (const s of set) out.add(s);
      for (const s of node.aggregationArguments) out.add(s);
      break;
    case 'MarkDistinct':
      for (const s of node.distinctSymbols) out.add(s);
      break;
    case 'Join':
      for (const c of node.criteria) {
        out.add(c.left);
        out.add(c.right);
      }
      for (const s of node.outputs) out.add(s.name);
      break;
    case 'SemiJoin':
      out.add(node.sourceKey);
      out.add(node.filteringKey);
      break;
    case 'Sort':
    case 'TopN':
      addOrderings(out, node.orderBy);
      break;
    case 'Limit':
      addOrderings(out, node.tiesResolvingScheme);
      break;
    case 'Window':
      for (const s of node.partitionBy) out.add(s);
      addOrderings(out, node.orderBy);
      for (const f of node.functions) {
        addFrame(out, f.frame);
        if (f.mask) out.add(f.mask);
      }
      break;
    case 'Union':
      for (const mapping of node.symbolMapping) for (const s of mapping) out.add(s);
      break;
    case 'Exchange':
      for (const mapping of node.inputs) for (const s of mapping) out.add(s);
      for (const s of node.partitionKeys ?? []) out.add(s);
      addOrderings(out, node.orderBy);
      break;
    case 'Unnest':
      for (const s of node.replicate) out.add(s);
      for (const u of node.unnest) out.add(u.symbol);
      break;
    case 'RowNumber':
      for (const s of node.partitionBy) out.add(s);
      break;
    case 'TableWriter':
      for (const s of node.columnSymbols) out.add(s);
      break;
    case 'Output':
      for (const s of node.columns) out.add(s);
      break;
    case 'Apply':
      if (node.predicate.kind !== 'EXISTS') {
        out.add(node.predicate.value);
        out.add(node.predicate.subqueryValue);
      }
      break;
    default:
      break;
  }
  return out;
}

/** Symbols read somewhere in the subtree but produced by none of its nodes: its correlation. */
export function freeSymbols(node: PlanNode): Set<string> {
  const referenced = new Set<string>();
  const produced = new Set<string>();
  walkPlan(node, (n) => {
    for (const s of referencedSymbols(n)) referenced.add(s);
    for (const s of n.outputs) produced.add(s.name);
  });
  for (const s of produced) referenced.delete(s);
  return referenced;
}

/** Whether any node of the subtree reads one of `symbols` without producing it below. */
export function isCorrelatedTo(node: PlanNode, symbols: Iterable<string>): boolean {
  const free = freeSymbols(node);
  for (const s of symbols) if (free.has(s)) return true;
  return false;
}
