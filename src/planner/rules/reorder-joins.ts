/**
 * Join reordering over each inner-join cluster (join-graph.ts), by estimated cost: the cost of a
 * join is the rows it reads from both inputs plus the rows it produces, summed over the tree.
 * Clusters of up to `maxRelationsForExhaustiveReordering` relations are ordered exhaustively
 * (dynamic programming over connected subsets, bushy trees allowed); larger ones greedily (start
 * with the cheapest connected pair, then add the relation whose join is smallest). Only connected
 * subsets are joined, so a cross join appears only between disconnected parts of the graph,
 * largest last. Without row counts for every relation, or with reordering disabled, the written
 * order is kept except that a relation not connected to those before it waits for one that is.
 * Each join gets one criterion per equivalence class spanning its sides, and every other conjunct
 * goes to the lowest join that sees all its relations.
 */

import { fail } from '../../common/invariant.js';
import { and } from '../expressions.js';
import { classLeaves, extractCluster, isClusterJoin, type JoinCluster, leafEqualities } from '../join-graph.js';
import type { PlanNode } from '../plan-nodes.js';
import { sourcesOf } from '../plan-nodes.js';
import { withSources } from '../plan-utils.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const reorderJoins: PlanRule = {
  name: 'ReorderJoins',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    const visit = (node: PlanNode): PlanNode => {
      if (isClusterJoin(node)) {
        const cluster = extractCluster(node, context.functions);
        if (cluster.leaves.length <= 30) {
          cluster.leaves.splice(0, cluster.leaves.length, ...cluster.leaves.map(visit));
          return new Reorderer(cluster, context).plan(node.outputs);
        }
      }
      return withSources(node, sourcesOf(node).map(visit));
    };
    return visit(plan);
  },
};

interface Candidate {
  readonly node: PlanNode;
  readonly cost: number;
  readonly rows: number;
}

class Reorderer {
  private readonly leafOf = new Map<string, number>();
  private readonly classMasks: number[];

  constructor(
    private readonly cluster: JoinCluster,
    private readonly ctx: RuleContext,
  ) {
    cluster.leaves.forEach((leaf, i) => {
      for (const s of leaf.outputs) this.leafOf.set(s.name, i);
    });
    this.classMasks = cluster.classes.map((c) => classLeaves(c, this.leafOf));
  }

  plan(outputs: PlanNode['outputs']): PlanNode {
    const leaves = this.cluster.leaves.map((leaf, i) => this.leafPlan(leaf, i));
    const rows = leaves.map((l) => this.ctx.stats.rowCount(l));
    const estimated = this.ctx.options.joinReordering && rows.every((r) => r !== undefined);
    let root = estimated ? this.costBased(leaves) : this.syntactic(leaves);
    const constants = this.cluster.predicates.filter((p) => p.leaves === 0).map((p) => p.expression);
    if (constants.length > 0) root = this.ctx.factory.filter(root, and(...constants));
    if (root.kind === 'Join') return { ...root, outputs };
    return this.ctx.factory.projectTo(root, outputs);
  }

  /** A leaf with the filters that read only it (including equalities its classes imply). */
  private leafPlan(leaf: PlanNode, i: number): PlanNode {
    const bit = 1 << i;
    const own = this.cluster.predicates.filter((p) => p.leaves === bit).map((p) => p.expression);
    const implied = leafEqualities(this.cluster.classes, i, this.leafOf, this.ctx.functions);
    const terms: RowExpression[] = [...own, ...(implied ? [implied] : [])];
    return terms.length > 0 ? this.ctx.factory.filter(leaf, and(...terms)) : leaf;
  }

  private connected(a: number, b: number): boolean {
    if (this.classMasks.some((m) => (m & a) !== 0 && (m & b) !== 0)) return true;
    const both = a | b;
    return this.cluster.predicates.some(
      (p) => p.leaves !== 0 && (p.leaves & both) === p.leaves && (p.leaves & a) !== 0 && (p.leaves & b) !== 0,
    );
  }

  /** The member of an equivalence class that one of the leaves in `mask` outputs (its class mask says one does). */
  private memberIn(members: readonly PlanSymbol[], mask: number): PlanSymbol {
    for (const s of members) {
      const leaf = this.leafOf.get(s.name);
      if (leaf !== undefined && ((1 << leaf) & mask) !== 0) return s;
    }
    return fail('an equivalence class that spans both sides has a member on each');
  }

  /** The join of two disjoint sets of leaves, larger input on the probe (left) side. */
  private join(a: Candidate, aMask: number, b: Candidate, bMask: number): Candidate {
    const [left, leftMask, right, rightMask] = a.rows >= b.rows ? [a, aMask, b, bMask] : [b, bMask, a, aMask];
    const criteria: { left: string; right: string }[] = [];
    this.cluster.classes.forEach((members, i) => {
      const m = this.classMasks[i];
      if ((m & leftMask) === 0 || (m & rightMask) === 0) return;
      criteria.push({ left: this.memberIn(members, leftMask).name, right: this.memberIn(members, rightMask).name });
    });
    const both = leftMask | rightMask;
    const filter = this.cluster.predicates
      .filter(
        (p) =>
          p.leaves !== 0 &&
          (p.leaves & both) === p.leaves &&
          (p.leaves & leftMask) !== p.leaves &&
          (p.leaves & rightMask) !== p.leaves,
      )
      .map((p) => p.expression);
    const node = this.ctx.factory.join(
      'INNER',
      left.node,
      right.node,
      criteria,
      filter.length > 0 ? and(...filter) : undefined,
    );
    const rows = this.ctx.stats.rowCount(node) ?? left.rows * right.rows;
    return { node, rows, cost: left.cost + right.cost + left.rows + right.rows + rows };
  }

  private leafCandidate(leaves: readonly PlanNode[], i: number): Candidate {
    return { node: leaves[i], rows: this.ctx.stats.rowCount(leaves[i]) ?? 0, cost: 0 };
  }

  private components(): number[] {
    const n = this.cluster.leaves.length;
    const seen = new Set<number>();
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      if (seen.has(i)) continue;
      let mask = 1 << i;
      seen.add(i);
      let grew = true;
      while (grew) {
        grew = false;
        for (let j = 0; j < n; j++) {
          if (seen.has(j) || !this.connected(mask, 1 << j)) continue;
          mask |= 1 << j;
          seen.add(j);
          grew = true;
        }
      }
      out.push(mask);
    }
    return out;
  }

  private costBased(leaves: readonly PlanNode[]): PlanNode {
    const parts = this.components().map((mask) =>
      popCount(mask) <= this.ctx.options.maxRelationsForExhaustiveReordering
        ? this.exhaustive(leaves, mask)
        : this.greedy(leaves, mask),
    );
    // Disconnected parts: cross joins, smallest first, each part joined in as the build side.
    parts.sort((a, b) => a.candidate.rows - b.candidate.rows);
    let result = parts[0];
    for (const part of parts.slice(1)) {
      result = {
        mask: result.mask | part.mask,
        candidate: this.join(result.candidate, result.mask, part.candidate, part.mask),
      };
    }
    return result.candidate.node;
  }

  private exhaustive(leaves: readonly PlanNode[], component: number): { mask: number; candidate: Candidate } {
    const best = new Map<number, Candidate>();
    for (let i = 0; i < leaves.length; i++) if (component & (1 << i)) best.set(1 << i, this.leafCandidate(leaves, i));
    const subsets: number[] = [];
    for (let s = component; s > 0; s = (s - 1) & component) subsets.push(s);
    subsets.sort((a, b) => popCount(a) - popCount(b) || a - b);
    for (const set of subsets) {
      if (popCount(set) < 2) continue;
      let chosen: Candidate | undefined;
      // Each split once: the part holding the lowest leaf of the set is `a`.
      const lowest = set & -set;
      for (let a = (set - 1) & set; a > 0; a = (a - 1) & set) {
        if ((a & lowest) === 0) continue;
        const b = set & ~a;
        const left = best.get(a);
        const right = best.get(b);
        if (!left || !right || !this.connected(a, b)) continue;
        const candidate = this.join(left, a, right, b);
        if (!chosen || candidate.cost < chosen.cost) chosen = candidate;
      }
      if (chosen) best.set(set, chosen);
    }
    return { mask: component, candidate: best.get(component) ?? fail('every connected component has a best plan') };
  }

  private greedy(leaves: readonly PlanNode[], component: number): { mask: number; candidate: Candidate } {
    const members: number[] = [];
    for (let i = 0; i < leaves.length; i++) if (component & (1 << i)) members.push(i);
    let current: { mask: number; candidate: Candidate } | undefined;
    for (const i of members) {
      for (const j of members) {
        if (j <= i || !this.connected(1 << i, 1 << j)) continue;
        const candidate = this.join(this.leafCandidate(leaves, i), 1 << i, this.leafCandidate(leaves, j), 1 << j);
        if (!current || candidate.rows < current.candidate.rows) current = { mask: (1 << i) | (1 << j), candidate };
      }
    }
    if (!current) return { mask: component, candidate: this.leafCandidate(leaves, members[0]) };
    while (current.mask !== component) {
      let next: { mask: number; candidate: Candidate } | undefined;
      for (const j of members) {
        const bit = 1 << j;
        if (current.mask & bit || !this.connected(current.mask, bit)) continue;
        const candidate = this.join(current.candidate, current.mask, this.leafCandidate(leaves, j), bit);
        if (!next || candidate.rows < next.candidate.rows) next = { mask: current.mask | bit, candidate };
      }
      if (!next) break;
      current = next;
    }
    return current;
  }

  /** The written order, postponing relations not yet connected to the joined ones. */
  private syntactic(leaves: readonly PlanNode[]): PlanNode {
    // Start from the first written relation (leaf 0).
    const pending = leaves.map((_, i) => i).slice(1);
    let mask = 1;
    let current: Candidate = { node: leaves[0], rows: 0, cost: 0 };
    while (pending.length > 0) {
      const index = pending.findIndex((i) => this.connected(mask, 1 << i));
      const i = pending.splice(Math.max(index, 0), 1)[0];
      const next: Candidate = { node: leaves[i], rows: 0, cost: 0 };
      // Without estimates, keep the written sides: ranking the joined relations as larger puts them left.
      current = this.join({ ...current, rows: 1 }, mask, next, 1 << i);
      mask |= 1 << i;
    }
    return current.node;
  }
}

function popCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}
