/**
 * `WITH RECURSIVE t(cols) AS (anchor UNION ALL step)`, planned as Trino plans it: the recursion is
 * unrolled to `max_recursion_depth` levels (session property, default 10). Level 0 is the anchor;
 * level k is the step with its reference to `t` planned as level k−1; the query is the UNION ALL
 * of levels 0..depth. One more level is planned as a check: if it has a row, the recursion had
 * not converged within the limit and the query fails (`fail()` over its first row) rather than
 * return a truncated answer.
 *
 * Each level is planned afresh (its own symbols), so level k computes the anchor and k steps:
 * the plan grows with the square of the depth, which is why the session property is capped. That
 * is the price of running recursion on an engine of stages without loops, as in Trino.
 *
 * UNION (DISTINCT) is refused: its standard meaning feeds each step only the rows not seen before,
 * which unrolled levels cannot express without recomputing every earlier level again.
 */
import type { SetOperationRelation } from '../../analyzer/bound-tree.js';
import { ERROR_CODES } from '../../common/error-codes.js';
import { VivaceError } from '../../common/vivace-error.js';
import { INTEGER, typeEquals, varchar } from '../../types/type.js';
import { constant, ref } from '../expressions.js';
import type { PlanNode } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { ProjectionCollector } from './projection-collector.js';
import type { OuterScope, PlanCursor, RelationPlan } from './relation-plan.js';

const DEFAULT_MAX_RECURSION_DEPTH = 10;

/** The depth limit of the session (`max_recursion_depth`, validated by the server). */
function maxRecursionDepth(ctx: BuilderContext): number {
  const value = Number(ctx.session.properties?.max_recursion_depth ?? DEFAULT_MAX_RECURSION_DEPTH);
  return Number.isSafeInteger(value) && value >= 1 ? value : DEFAULT_MAX_RECURSION_DEPTH;
}

export function planRecursiveUnion(
  ctx: BuilderContext,
  relation: SetOperationRelation,
  name: string,
  outer: OuterScope | undefined,
): RelationPlan {
  const [anchor, step] = relation.inputs;
  if (relation.operator !== 'UNION' || anchor === undefined || step === undefined || relation.inputs.length !== 2) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `recursive WITH query ${name} is not a UNION of two parts`);
  }
  if (relation.distinct) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      'Recursive WITH queries with UNION DISTINCT are not supported; use UNION ALL',
    );
  }
  const depth = maxRecursionDepth(ctx);
  const types = relation.fields.map((f) => f.type);

  /** The rows of level `k`, cast to the query's column types. */
  const level = (k: number): RelationPlan => {
    if (k === 0) return castTo(ctx, ctx.planQueryBody(anchor, outer), types);
    const saved = ctx.recursionLevels.get(name);
    ctx.recursionLevels.set(name, () => level(k - 1));
    try {
      return castTo(ctx, ctx.planQueryBody(step, outer), types);
    } finally {
      if (saved === undefined) ctx.recursionLevels.delete(name);
      else ctx.recursionLevels.set(name, saved);
    }
  };

  const levels: RelationPlan[] = [];
  for (let k = 0; k <= depth; k++) levels.push(level(k));
  levels.push(convergenceCheck(ctx, level(depth + 1), depth));
  const outputs = relation.fields.map((f, j) =>
    ctx.symbols.newSymbol(f.name ?? levels[0]?.fields[j]?.name ?? 'field', f.type),
  );
  const union = ctx.factory.union(
    levels.map((l) => l.node),
    outputs,
    levels.map((l) => l.fields.map((s) => s.name)),
  );
  return { node: union, fields: outputs };
}

/** Level depth+1 as a branch that is empty when the recursion converged and fails the query otherwise. */
function convergenceCheck(ctx: BuilderContext, beyond: RelationPlan, depth: number): RelationPlan {
  const message = `Recursion depth limit exceeded (${depth}). Use 'max_recursion_depth' session property to modify the limit.`;
  const first: PlanNode = ctx.factory.limit(beyond.node, 1);
  const assignments = beyond.fields.map((field) => {
    const fail = ctx.functions.call('fail', [
      constant(ERROR_CODES.NOT_SUPPORTED.code, INTEGER),
      constant(message, varchar(message.length)),
    ]);
    const expression: RowExpression = { kind: 'Cast', type: field.type, value: fail, safe: false, implicit: true };
    return { symbol: ctx.symbols.newSymbol(field.name, field.type), expression };
  });
  return { node: ctx.factory.project(first, assignments), fields: assignments.map((a) => a.symbol) };
}

function castTo(
  ctx: BuilderContext,
  plan: RelationPlan,
  types: readonly RelationPlan['fields'][number]['type'][],
): RelationPlan {
  const cursor: PlanCursor = { node: plan.node };
  const collector = new ProjectionCollector(ctx, cursor);
  const fields: PlanSymbol[] = plan.fields.map((symbol, j) => {
    const type = types[j] ?? symbol.type;
    if (typeEquals(symbol.type, type)) return symbol;
    return collector.symbolFor({ kind: 'Cast', type, value: ref(symbol), safe: false, implicit: true }, symbol.name);
  });
  collector.build();
  return { node: cursor.node, fields };
}
