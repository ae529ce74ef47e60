/**
 * Predicate pushdown. Walks the plan from the root carrying the deterministic conjuncts that
 * apply above the current node and moves each as close to the data as it stays correct:
 * - through projections (symbols replaced by their deterministic definitions), sorts, unique-id
 *   and semi-join sources, windows / row numbers / mark-distinct on their partition keys,
 *   aggregations on grouping keys, unnest on replicated columns, into every union branch;
 * - into joins: conjuncts of one side go to that side (for outer joins only to the preserved
 *   side; ON conjuncts only to the null-supplying side), `left = right` conjuncts become join
 *   criteria (expressions on each side are projected first), the rest the join filter; for
 *   inner joins a conjunct over a criteria key is also copied to the other side's key.
 * Conjuncts that go no further stay in a filter where they stopped; non-deterministic ones never
 * move.
 */
import {
  and,
  conjuncts,
  disjuncts,
  expressionKey,
  isDeterministic,
  or,
  readsOnly,
  renameSymbols,
  substitute,
  visitExpression,
} from '../expressions.js';
import { equiCriterion, type JoinCriterion } from '../join-criteria.js';
import type { JoinNode, PlanNode } from '../plan-nodes.js';
import { sourcesOf } from '../plan-nodes.js';
import { withSources } from '../plan-utils.js';
import { comparisonOf } from '../planner-functions.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const predicatePushdown: PlanRule = {
  name: 'PredicatePushdown',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return new Pushdown(context).push(plan, []);
  },
};

function names(node: PlanNode): Set<string> {
  return new Set(node.outputs.map((s) => s.name));
}

function symbolsIn(e: RowExpression): Set<string> {
  const out = new Set<string>();
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol') out.add(x.name);
  });
  return out;
}

function dedupe(terms: readonly RowExpression[]): RowExpression[] {
  // Most pushes carry no term or one: no key to compute (each is a walk of the expression).
  if (terms.length < 2) return [...terms];
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = expressionKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The predicate over `side`'s symbols that a disjunction implies: the OR, over its disjuncts, of
 * each disjunct's conjuncts that read only that side. Undefined when some disjunct says nothing
 * about the side (then nothing is implied) or when `t` is not a disjunction.
 */
function impliedFor(t: RowExpression, side: (term: RowExpression) => boolean): RowExpression | undefined {
  const branches = disjuncts(t);
  if (branches.length < 2) return undefined;
  const parts: RowExpression[] = [];
  for (const branch of branches) {
    const terms = conjuncts(branch).filter((c) => side(c) && symbolsIn(c).size > 0);
    if (terms.length === 0) return undefined;
    parts.push(and(...terms));
  }
  return or(...parts);
}

class Pushdown {
  constructor(private readonly ctx: RuleContext) {}

  /** `node` filtered by `inherited`, with the conjuncts pushed as far down as they go. */
  push(node: PlanNode, inherited: readonly RowExpression[]): PlanNode {
    switch (node.kind) {
      case 'Filter': {
        const terms = conjuncts(node.predicate);
        const deterministic = terms.filter(isDeterministic);
        const others = terms.filter((t) => !isDeterministic(t));
        const source = this.push(node.source, dedupe([...inherited, ...deterministic]));
        return others.length > 0 ? this.ctx.factory.filter(source, and(...others)) : source;
      }
      case 'Project':
        return this.throughProject(node, inherited);
      case 'Sort':
      case 'AssignUniqueId':
        return this.passThrough(node, inherited, (t) => readsOnly(t, names(sourcesOf(node)[0])));
      case 'Window':
        return this.passThrough(node, inherited, (t) => readsOnly(t, new Set(node.partitionBy)));
      case 'RowNumber':
        return this.passThrough(node, inherited, (t) => readsOnly(t, new Set(node.partitionBy)));
      case 'MarkDistinct':
        return this.passThrough(node, inherited, (t) => readsOnly(t, new Set(node.distinctSymbols)));
      case 'Unnest':
        return this.passThrough(node, inherited, (t) => readsOnly(t, new Set(node.replicate)));
      case 'Aggregation':
        return this.passThrough(
          node,
          inherited,
          (t) => node.groupingKeys.length > 0 && !node.groupIdSymbol && readsOnly(t, new Set(node.groupingKeys)),
        );
      case 'SemiJoin': {
        const sourceNames = names(node.source);
        const down = inherited.filter((t) => readsOnly(t, sourceNames));
        const kept = inherited.filter((t) => !readsOnly(t, sourceNames));
        const rebuilt = withSources(node, [this.push(node.source, down), this.push(node.filteringSource, [])]);
        return this.keep(rebuilt, kept);
      }
      case 'Apply':
      case 'CorrelatedJoin': {
        const inputNames = names(node.input);
        const down = inherited.filter((t) => readsOnly(t, inputNames));
        const kept = inherited.filter((t) => !readsOnly(t, inputNames));
        return this.keep(withSources(node, [this.push(node.input, down), this.push(node.subquery, [])]), kept);
      }
      case 'Union': {
        const sources = node.sources.map((source, i) => {
          const mapping = new Map(node.outputs.map((s, j) => [s.name, node.symbolMapping[i][j]]));
          return this.push(
            source,
            inherited.map((t) => renameSymbols(t, mapping)),
          );
        });
        return withSources(node, sources);
      }
      case 'Join':
        return this.join(node, inherited);
      default:
        return this.keep(
          withSources(
            node,
            sourcesOf(node).map((s) => this.push(s, [])),
          ),
          inherited,
        );
    }
  }

  private keep(node: PlanNode, terms: readonly RowExpression[]): PlanNode {
    return terms.length === 0 ? node : this.ctx.factory.filter(node, and(...terms));
  }

  private passThrough(
    node: PlanNode,
    inherited: readonly RowExpression[],
    pushable: (t: RowExpression) => boolean,
  ): PlanNode {
    const down = inherited.filter(pushable);
    const kept = inherited.filter((t) => !pushable(t));
    const source = sourcesOf(node)[0];
    return this.keep(withSources(node, [this.push(source, down)]), kept);
  }

  private throughProject(node: Extract<PlanNode, { kind: 'Project' }>, inherited: readonly RowExpression[]): PlanNode {
    const definitions = new Map(node.assignments.map((a) => [a.symbol, a.expression]));
    const down: RowExpression[] = [];
    const kept: RowExpression[] = [];
    for (const term of inherited) {
      const used = [...symbolsIn(term)];
      if (
        used.every((s) => {
          const definition = definitions.get(s);
          return definition !== undefined && isDeterministic(definition);
        })
      ) {
        down.push(substitute(term, definitions));
      } else {
        kept.push(term);
      }
    }
    return this.keep(withSources(node, [this.push(node.source, down)]), kept);
  }

  private join(node: JoinNode, inherited: readonly RowExpression[]): PlanNode {
    const left = names(node.left);
    const right = names(node.right);
    const onLeft = (t: RowExpression) => readsOnly(t, left);
    const onRight = (t: RowExpression) => readsOnly(t, right);
    const joinTerms = node.filter ? conjuncts(node.filter) : [];
    const joinDeterministic = joinTerms.filter(isDeterministic);
    const joinOthers = joinTerms.filter((t) => !isDeterministic(t));

    const toLeft: RowExpression[] = [];
    const toRight: RowExpression[] = [];
    const toJoin: RowExpression[] = [...joinOthers];
    const above: RowExpression[] = [];
    const type = node.joinType;
    const leftPreserved = type === 'LEFT' || type === 'FULL';
    const rightPreserved = type === 'RIGHT' || type === 'FULL';

    for (const t of inherited) {
      if (type === 'FULL') above.push(t);
      else if (onLeft(t) && !rightPreserved) toLeft.push(t);
      else if (onRight(t) && !leftPreserved) toRight.push(t);
      else if (type === 'INNER') toJoin.push(t);
      else above.push(t);
    }
    for (const t of joinDeterministic) {
      // ON conjuncts may only drop rows of the side that is not preserved.
      if (onLeft(t) && !leftPreserved && symbolsIn(t).size > 0) toLeft.push(t);
      else if (onRight(t) && !rightPreserved && symbolsIn(t).size > 0) toRight.push(t);
      else toJoin.push(t);
    }

    // An OR over both sides still restricts each side: (a1 AND b1) OR (a2 AND b2) implies
    // (a1 OR a2) on the left and (b1 OR b2) on the right. Those go down; the OR stays here.
    if (type === 'INNER') {
      for (const t of toJoin) {
        if (!isDeterministic(t)) continue;
        const leftPart = impliedFor(t, onLeft);
        const rightPart = impliedFor(t, onRight);
        if (leftPart) toLeft.push(leftPart);
        if (rightPart) toRight.push(rightPart);
      }
    }

    // Equi-join criteria, projecting expressions of one side first.
    let leftNode = node.left;
    let rightNode = node.right;
    const leftExtra: { symbol: PlanSymbol; expression: RowExpression }[] = [];
    const rightExtra: { symbol: PlanSymbol; expression: RowExpression }[] = [];
    const criteria: JoinCriterion[] = [...node.criteria];
    const filter: RowExpression[] = [];
    for (const t of dedupe(toJoin)) {
      const criterion = equiCriterion(t, left, right) ?? this.projectedCriterion(t, left, right, leftExtra, rightExtra);
      if (criterion && isDeterministic(t)) {
        if (!criteria.some((c) => c.left === criterion.left && c.right === criterion.right)) criteria.push(criterion);
      } else {
        filter.push(t);
      }
    }
    if (leftExtra.length > 0) leftNode = this.ctx.factory.projectWith(leftNode, leftExtra);
    if (rightExtra.length > 0) rightNode = this.ctx.factory.projectWith(rightNode, rightExtra);

    // Inferred copies: a conjunct over one criteria key also holds for the other on every match.
    const inferRight = type === 'INNER' || type === 'LEFT';
    const inferLeft = type === 'INNER' || type === 'RIGHT';
    for (const c of criteria) {
      if (inferRight) {
        for (const t of toLeft)
          if (readsOnly(t, new Set([c.left]))) toRight.push(renameSymbols(t, new Map([[c.left, c.right]])));
      }
      if (inferLeft) {
        for (const t of toRight)
          if (readsOnly(t, new Set([c.right]))) toLeft.push(renameSymbols(t, new Map([[c.right, c.left]])));
      }
    }

    const newLeft = this.push(leftNode, dedupe(toLeft));
    const newRight = this.push(rightNode, dedupe(toRight));
    const { filter: _old, ...rest } = node;
    const rebuilt: JoinNode = {
      ...rest,
      left: newLeft,
      right: newRight,
      criteria,
      ...(filter.length > 0 ? { filter: and(...filter) } : {}),
    };
    return this.keep(rebuilt, above);
  }

  /** `f(left) = g(right)`: projects both sides and returns the criterion between the new symbols. */
  private projectedCriterion(
    t: RowExpression,
    left: ReadonlySet<string>,
    right: ReadonlySet<string>,
    leftExtra: { symbol: PlanSymbol; expression: RowExpression }[],
    rightExtra: { symbol: PlanSymbol; expression: RowExpression }[],
  ): JoinCriterion | undefined {
    if (comparisonOf(t) !== '=' || t.kind !== 'Call' || !isDeterministic(t)) return undefined;
    const [a, b] = t.args as [RowExpression, RowExpression];
    const side = (e: RowExpression): 'left' | 'right' | undefined => {
      const used = symbolsIn(e);
      if (used.size === 0) return undefined;
      if ([...used].every((s) => left.has(s))) return 'left';
      if ([...used].every((s) => right.has(s))) return 'right';
      return undefined;
    };
    const sa = side(a);
    const sb = side(b);
    if (!sa || !sb || sa === sb) return undefined;
    const [l, r] = sa === 'left' ? [a, b] : [b, a];
    const symbolFor = (e: RowExpression, extra: { symbol: PlanSymbol; expression: RowExpression }[]): string => {
      if (e.kind === 'Symbol') return e.name;
      const existing = extra.find((x) => expressionKey(x.expression) === expressionKey(e));
      if (existing) return existing.symbol.name;
      const symbol = this.ctx.symbols.newSymbol('expr', e.type);
      extra.push({ symbol, expression: e });
      return symbol.name;
    };
    return { left: symbolFor(l, leftExtra), right: symbolFor(r, rightExtra) };
  }
}
