/**
 * FROM-clause relations → plans: table scans, VALUES, derived tables and views, WITH query
 * references (planned afresh at each reference), joins with ON / USING / NATURAL (fields laid out
 * as bound-tree.ts documents), UNNEST (replicating the relations to its left) and LATERAL
 * subqueries (a CorrelatedJoin the decorrelation rules turn into a join).
 */
import type {
  BoundExpression,
  BoundRelation,
  CteReference,
  JoinRelation,
  SampleRelation,
  TableScan,
  UnnestRelation,
  ValuesRelation,
} from '../../analyzer/bound-tree.js';
import { VivaceError } from '../../common/vivace-error.js';
import { BIGINT, DOUBLE, type Type, typeEquals } from '../../types/type.js';
import { coalesce, constant, isTrue, ref } from '../expressions.js';
import { splitJoinCondition } from '../join-criteria.js';
import type { JoinType, PlanNode } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import type { BuilderContext } from './builder-context.js';
import { containsSubquery, ExpressionTranslator, type TranslationScope } from './expression-translator.js';
import { ProjectionCollector } from './projection-collector.js';
import { fieldsScope, type OuterScope, type PlanCursor, type RelationPlan } from './relation-plan.js';

export function planRelation(
  ctx: BuilderContext,
  relation: BoundRelation,
  outer: OuterScope | undefined,
): RelationPlan {
  switch (relation.kind) {
    case 'TableScan':
      return planTableScan(ctx, relation);
    case 'Values':
      return planValues(ctx, relation, outer);
    case 'Subquery': {
      // A LATERAL subquery with nothing to its left sees an empty scope at depth 1.
      const plan = ctx.planQuery(relation.query, relation.lateral ? fieldsScope([], outer) : outer);
      return { node: plan.node, fields: plan.fields };
    }
    case 'CteReference':
      return planCteReference(ctx, relation);
    case 'Join':
      return planJoin(ctx, relation, outer);
    case 'Unnest':
      return planUnnest(ctx, { node: ctx.factory.singleRow(), fields: [] }, relation, 'INNER', undefined, outer);
    case 'SetOperation':
    case 'QuerySpecification':
      return ctx.planQueryBody(relation, outer);
    case 'Sample':
      return planSample(ctx, relation, outer);
  }
}

/**
 * TABLESAMPLE as Trino implements BERNOULLI (ImplementBernoulliSampleAsFilter): a filter keeping a
 * row when `random() < ratio`; SYSTEM the same way (row-wise sampling is a valid, finer SYSTEM).
 * The predicate is not deterministic, so no rule folds it or moves it across the plan.
 */
function planSample(ctx: BuilderContext, relation: SampleRelation, outer: OuterScope | undefined): RelationPlan {
  const inner = planRelation(ctx, relation.relation, outer);
  if (relation.ratio >= 1) return inner;
  const keep = ctx.functions.comparison('<', ctx.functions.call('random', []), constant(relation.ratio, DOUBLE));
  return { node: ctx.factory.filter(inner.node, keep), fields: inner.fields };
}

export function scopeOver(fields: readonly PlanSymbol[], outer: OuterScope | undefined): TranslationScope {
  return {
    field: (index) => {
      const symbol = fields[index];
      if (!symbol) throw new VivaceError('GENERIC_INTERNAL_ERROR', `Field ${index} out of range`);
      return symbol;
    },
    outer,
    subqueryScope: () => fieldsScope(fields, outer),
  };
}

function planTableScan(ctx: BuilderContext, relation: TableScan): RelationPlan {
  const columns = relation.columns.map((column, i) => ({
    symbol: ctx.symbols.newSymbol(column, relation.fields[i].type),
    column,
  }));
  // The connector's handle for the table starts the scan's pushdown negotiation.
  const node = ctx.factory.tableScan(relation.table, columns, undefined, ctx.metadata.getTable(relation.table)?.handle);
  return { node, fields: columns.map((c) => c.symbol) };
}

export function planValues(ctx: BuilderContext, relation: ValuesRelation, outer: OuterScope | undefined): RelationPlan {
  const cursor: PlanCursor = { node: ctx.factory.singleRow() };
  const translator = new ExpressionTranslator(ctx, scopeOver([], fieldsScope([], outer)), cursor);
  const rows = relation.rows.map((row) =>
    row.map((e) => {
      if (containsSubquery(e)) throw new VivaceError('NOT_SUPPORTED', 'Subqueries in VALUES are not supported');
      return translator.translate(e);
    }),
  );
  const fields = relation.fields.map((f) => ctx.symbols.newSymbol(f.name ?? 'field', f.type));
  return { node: ctx.factory.values(fields, rows), fields };
}

function planCteReference(ctx: BuilderContext, relation: CteReference): RelationPlan {
  if (relation.recursive) {
    // The self-reference in a recursive query's step: the level below the one being planned.
    const level = ctx.recursionLevels.get(relation.name);
    if (level === undefined) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `recursive reference to ${relation.name} outside its step`);
    }
    return level();
  }
  let scope = ctx.cteScope;
  while (scope && !scope.definitions.has(relation.name)) scope = scope.parent;
  const definition = scope?.definitions.get(relation.name);
  if (!definition) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `WITH query ${relation.name} is not in scope`);
  }
  const saved = ctx.cteScope;
  ctx.cteScope = definition.scope;
  try {
    const plan = ctx.planQuery(definition.query, definition.outer);
    return { node: plan.node, fields: plan.fields };
  } finally {
    ctx.cteScope = saved;
  }
}

function joinTypeOf(relation: JoinRelation): JoinType {
  return relation.joinType === 'CROSS' ? 'INNER' : relation.joinType;
}

function planJoin(ctx: BuilderContext, relation: JoinRelation, outer: OuterScope | undefined): RelationPlan {
  const left = planRelation(ctx, relation.left, outer);
  const right = relation.right;
  const joinType = joinTypeOf(relation);
  if (right.kind === 'Unnest') return planUnnest(ctx, left, right, joinType, relation.condition, outer);
  if (right.kind === 'Subquery' && right.lateral) {
    if (joinType === 'RIGHT' || joinType === 'FULL') {
      throw new VivaceError('NOT_SUPPORTED', `${joinType} JOIN involving LATERAL relation is not supported`);
    }
    const sub = ctx.planQuery(right.query, fieldsScope(left.fields, outer));
    const fields = [...left.fields, ...sub.fields];
    const cursor: PlanCursor = { node: ctx.factory.correlatedJoin(joinType, left.node, sub.node) };
    if (relation.condition) {
      if (containsSubquery(relation.condition)) {
        throw new VivaceError('NOT_SUPPORTED', 'Subqueries in the ON clause of a LATERAL join are not supported');
      }
      const condition = new ExpressionTranslator(ctx, scopeOver(fields, outer), cursor).translate(relation.condition);
      if (!isTrue(condition)) {
        const node = cursor.node;
        if (node.kind !== 'CorrelatedJoin') throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Lost correlated join');
        cursor.node = { ...node, filter: condition };
      }
    }
    return { node: cursor.node, fields };
  }
  const rightPlan = planRelation(ctx, right, outer);
  if (relation.using) return planUsingJoin(ctx, relation, joinType, left, rightPlan);

  const fields = [...left.fields, ...rightPlan.fields];
  if (!relation.condition) {
    return { node: ctx.factory.join(joinType, left.node, rightPlan.node), fields };
  }
  if (containsSubquery(relation.condition)) {
    if (joinType !== 'INNER') {
      throw new VivaceError('NOT_SUPPORTED', `Subqueries in the ON clause of a ${joinType} JOIN are not supported`);
    }
    // An inner join filters pairs: the subqueries attach to the cross product, then filter it.
    const cursor: PlanCursor = { node: ctx.factory.join('INNER', left.node, rightPlan.node) };
    const condition = new ExpressionTranslator(ctx, scopeOver(fields, outer), cursor).translate(relation.condition);
    return { node: ctx.factory.filter(cursor.node, condition), fields };
  }
  const cursor: PlanCursor = { node: left.node };
  const condition = new ExpressionTranslator(ctx, scopeOver(fields, outer), cursor).translate(relation.condition);
  const split = splitJoinCondition(
    condition,
    new Set(left.node.outputs.map((s) => s.name)),
    new Set(rightPlan.node.outputs.map((s) => s.name)),
  );
  return {
    node: ctx.factory.join(joinType, left.node, rightPlan.node, split.criteria, split.filter),
    fields,
  };
}

/** USING / NATURAL: joined columns (cast to their common type), then both sides' fields. */
function planUsingJoin(
  ctx: BuilderContext,
  relation: JoinRelation,
  joinType: JoinType,
  left: RelationPlan,
  right: RelationPlan,
): RelationPlan {
  const using = relation.using ?? [];
  const leftCursor: PlanCursor = { node: left.node };
  const rightCursor: PlanCursor = { node: right.node };
  const leftCollector = new ProjectionCollector(ctx, leftCursor);
  const rightCollector = new ProjectionCollector(ctx, rightCursor);
  const pairs = using.map((u) => ({
    left: coerced(leftCollector, left.fields[u.left], u.type),
    right: coerced(rightCollector, right.fields[u.right], u.type),
  }));
  leftCollector.build();
  rightCollector.build();
  const criteria = pairs.map((p) => ({ left: p.left.name, right: p.right.name }));
  const join = ctx.factory.join(joinType, leftCursor.node, rightCursor.node, criteria);
  if (joinType !== 'FULL') {
    const joined = pairs.map((p) => (joinType === 'RIGHT' ? p.right : p.left));
    return { node: join, fields: [...joined, ...left.fields, ...right.fields] };
  }
  const joined = pairs.map((p) => ({
    symbol: ctx.symbols.newSymbol(p.left.name, p.left.type),
    expression: coalesce(ref(p.left), ref(p.right)),
  }));
  return {
    node: ctx.factory.projectWith(join, joined),
    fields: [...joined.map((j) => j.symbol), ...left.fields, ...right.fields],
  };
}

function coerced(collector: ProjectionCollector, symbol: PlanSymbol, type: Type): PlanSymbol {
  if (typeEquals(symbol.type, type)) return symbol;
  return collector.symbolFor({ kind: 'Cast', type, value: ref(symbol), safe: false, implicit: true }, symbol.name);
}

/**
 * UNNEST to the right of `left` (a single empty row when it stands alone): the collections are
 * projected over `left`, whose symbols every produced row replicates.
 */
function planUnnest(
  ctx: BuilderContext,
  left: RelationPlan,
  relation: UnnestRelation,
  joinType: JoinType,
  condition: BoundExpression | undefined,
  outer: OuterScope | undefined,
): RelationPlan {
  if (joinType === 'RIGHT' || joinType === 'FULL') {
    throw new VivaceError('NOT_SUPPORTED', `${joinType} JOIN involving UNNEST is not supported`);
  }
  const cursor: PlanCursor = { node: left.node };
  const translator = new ExpressionTranslator(ctx, scopeOver(left.fields, outer), cursor);
  const expressions = relation.expressions.map((e) => translator.translate(e));
  const collector = new ProjectionCollector(ctx, cursor);
  const collections = expressions.map((e) => collector.symbolFor(e));
  collector.build();

  let next = 0;
  const fieldSymbol = (fallback: string): PlanSymbol => {
    const field = relation.fields[next++];
    return ctx.symbols.newSymbol(field.name ?? fallback, field.type);
  };
  const unnest: { symbol: string; outputs: PlanSymbol[] }[] = [];
  const produced: PlanSymbol[] = [];
  collections.forEach((collection) => {
    const type = collection.type;
    let outputs: PlanSymbol[] = [];
    if (type.kind === 'array') {
      outputs =
        type.element.kind === 'row' ? type.element.fields.map(() => fieldSymbol('field')) : [fieldSymbol('field')];
    } else if (type.kind === 'map') {
      outputs = [fieldSymbol('key'), fieldSymbol('value')];
    }
    produced.push(...outputs);
    unnest.push({ symbol: collection.name, outputs });
  });
  const ordinality = relation.withOrdinality
    ? ctx.symbols.newSymbol(relation.fields[relation.fields.length - 1]?.name ?? 'ordinality', BIGINT)
    : undefined;
  if (ordinality) produced.push(ordinality);

  const outerUnnest = joinType === 'LEFT';
  const replicate = cursor.node.outputs.map((s) => s.name);
  let node: PlanNode = ctx.factory.unnest(cursor.node, replicate, unnest, ordinality, outerUnnest);
  const fields = [...left.fields, ...produced];
  if (condition) {
    if (containsSubquery(condition)) {
      throw new VivaceError('NOT_SUPPORTED', 'Subqueries in the ON clause of a join with UNNEST are not supported');
    }
    const conditionCursor: PlanCursor = { node };
    const predicate: RowExpression = new ExpressionTranslator(ctx, scopeOver(fields, outer), conditionCursor).translate(
      condition,
    );
    if (!isTrue(predicate)) {
      if (outerUnnest) {
        throw new VivaceError('NOT_SUPPORTED', 'LEFT JOIN with UNNEST is only supported with the condition ON TRUE');
      }
      node = ctx.factory.filter(conditionCursor.node, predicate);
    }
  }
  return { node, fields };
}
