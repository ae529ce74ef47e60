/**
 * Join clusters for reordering: a maximal tree of inner joins (with the deterministic filters
 * sitting between them) flattened into its leaf relations and the conjuncts that connect them.
 * Equalities between symbols are grouped into equivalence classes (a = b and b = c also connect
 * a's and c's relations); every other conjunct is kept with the set of leaves it reads.
 */

import { fail } from '../common/invariant.js';
import { typeEquals } from '../types/type.js';
import { and, conjuncts, isDeterministic, ref, visitExpression } from './expressions.js';
import type { JoinNode, PlanNode } from './plan-nodes.js';
import type { PlannerFunctions } from './planner-functions.js';
import { comparisonOf } from './planner-functions.js';
import type { PlanSymbol, RowExpression } from './row-expression.js';

export interface JoinCluster {
  readonly leaves: PlanNode[];
  /** Equivalence classes of symbols equal on every result row (at least two members each). */
  readonly classes: PlanSymbol[][];
  /** Other conjuncts with the leaves (bit mask) they read. */
  readonly predicates: { readonly expression: RowExpression; readonly leaves: number }[];
}

export function isClusterJoin(node: PlanNode): node is JoinNode {
  return node.kind === 'Join' && node.joinType === 'INNER';
}

export function extractCluster(root: JoinNode, functions: PlannerFunctions): JoinCluster {
  const leaves: PlanNode[] = [];
  const terms: RowExpression[] = [];
  const visit = (node: PlanNode): void => {
    if (isClusterJoin(node)) {
      visit(node.left);
      visit(node.right);
      const symbols = new Map([...node.left.outputs, ...node.right.outputs].map((s) => [s.name, s]));
      const symbol = (name: string) => symbols.get(name) ?? fail(`join criterion ${name} is not an output of a side`);
      for (const c of node.criteria) terms.push(functions.equal(ref(symbol(c.left)), ref(symbol(c.right))));
      if (node.filter) terms.push(...conjuncts(node.filter));
      return;
    }
    if (node.kind === 'Filter' && isClusterJoin(node.source) && isDeterministic(node.predicate)) {
      visit(node.source);
      terms.push(...conjuncts(node.predicate));
      return;
    }
    leaves.push(node);
  };
  visit(root);

  const leafOf = new Map<string, number>();
  const symbols = new Map<string, PlanSymbol>();
  leaves.forEach((leaf, i) => {
    for (const s of leaf.outputs) {
      leafOf.set(s.name, i);
      symbols.set(s.name, s);
    }
  });
  const parent = new Map<string, string>();
  const find = (s: string): string => {
    let r = s;
    for (let up = parent.get(r); up !== undefined; up = parent.get(r)) r = up;
    return r;
  };
  const predicates: { expression: RowExpression; leaves: number }[] = [];
  for (const t of terms) {
    const [a, b] = t.kind === 'Call' ? t.args : [];
    if (
      comparisonOf(t) === '=' &&
      a?.kind === 'Symbol' &&
      b?.kind === 'Symbol' &&
      leafOf.has(a.name) &&
      leafOf.has(b.name) &&
      typeEquals(a.type, b.type)
    ) {
      const ra = find(a.name);
      const rb = find(b.name);
      if (ra !== rb) parent.set(ra, rb);
      continue;
    }
    let mask = 0;
    visitExpression(t, (x) => {
      const leaf = x.kind === 'Symbol' ? leafOf.get(x.name) : undefined;
      if (leaf !== undefined) mask |= 1 << leaf;
    });
    predicates.push({ expression: t, leaves: mask });
  }
  const byRoot = new Map<string, PlanSymbol[]>();
  for (const [name, symbol] of symbols) {
    if (!parent.has(name) && ![...parent.values()].includes(name)) continue;
    const root = find(name);
    const members = byRoot.get(root) ?? [];
    members.push(symbol);
    byRoot.set(root, members);
  }
  return { leaves, classes: [...byRoot.values()].filter((m) => m.length > 1), predicates };
}

/** Bit mask of the leaves a class has members in. */
export function classLeaves(members: readonly PlanSymbol[], leafOf: ReadonlyMap<string, number>): number {
  let mask = 0;
  for (const m of members) mask |= 1 << (leafOf.get(m.name) ?? fail(`class member ${m.name} is not a leaf output`));
  return mask;
}

/** The conjunction of a leaf's own equalities (two members of one class in the same leaf). */
export function leafEqualities(
  classes: readonly PlanSymbol[][],
  leaf: number,
  leafOf: ReadonlyMap<string, number>,
  functions: PlannerFunctions,
): RowExpression | undefined {
  const terms: RowExpression[] = [];
  for (const members of classes) {
    const local = members.filter((m) => leafOf.get(m.name) === leaf);
    for (let i = 1; i < local.length; i++) terms.push(functions.equal(ref(local[0]), ref(local[i])));
  }
  return terms.length > 0 ? and(...terms) : undefined;
}
