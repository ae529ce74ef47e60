/**
 * Queries and SELECTs. A query plans its WITH clause (visible to its body by name), its body,
 * then ORDER BY (Sort, or TopN with a LIMIT), OFFSET and LIMIT (with ties: a Limit that keeps the
 * rows equal to the last one), and projects to its output fields. A SELECT plans, in Presto's
 * order: FROM, WHERE (conjuncts without subqueries first), GROUP BY and aggregates, HAVING, window
 * functions, the select list, DISTINCT (an Aggregation over all outputs) and its ORDER BY keys.
 */
import type {
  BoundExpression,
  BoundQuery,
  BoundQueryBody,
  BoundQuerySpecification,
  SortKey,
} from '../../analyzer/bound-tree.js';
import { VivaceError } from '../../common/vivace-error.js';
import { BOOLEAN } from '../../types/type.js';
import { expressionKey } from '../expressions.js';
import type { Ordering, PlanNode } from '../plan-nodes.js';
import type { PlanSymbol, RowExpression } from '../row-expression.js';
import { planAggregation } from './aggregation-planner.js';
import type { BuilderContext, CteDefinition, CteScope } from './builder-context.js';
import { containsSubquery, ExpressionTranslator, nameHint, type TranslationScope } from './expression-translator.js';
import { planRecursiveUnion } from './recursive-query-planner.js';
import type { OuterScope, PlanCursor, RelationPlan } from './relation-plan.js';
import { planRelation, planValues, scopeOver } from './relation-planner.js';
import { planSetOperation } from './set-operation-planner.js';
import { planWindows } from './window-planner.js';

/** A SELECT planned up to its ORDER BY, which the enclosing query applies with OFFSET/LIMIT. */
interface SpecificationPlan {
  readonly node: PlanNode;
  readonly fields: readonly PlanSymbol[];
  readonly orderings: readonly Ordering[];
}

export class QueryBuilder {
  /** The UNION bodies of recursive WITH queries, with the query's name (recursive-query-planner.ts). */
  private readonly recursiveBodies = new Map<BoundQueryBody, string>();

  constructor(private readonly ctx: BuilderContext) {}

  planQuery(query: BoundQuery, outer: OuterScope | undefined): RelationPlan {
    const saved = this.ctx.cteScope;
    let scope: CteScope | undefined = saved;
    if (query.withQueries.length > 0) {
      let definitions = new Map<string, CteDefinition>();
      scope = { definitions, parent: saved };
      for (const w of query.withQueries) {
        // A recursive query's UNION is planned as its unrolled levels wherever the query is planned.
        if (w.recursive) this.recursiveBodies.set(w.query.body, w.name);
        const definition: CteDefinition = { name: w.name, query: w.query, outer, scope };
        definitions = new Map(definitions).set(w.name, definition);
        scope = { definitions, parent: saved };
      }
    }
    this.ctx.cteScope = scope;
    try {
      return this.planQueryWithScope(query, outer);
    } finally {
      this.ctx.cteScope = saved;
    }
  }

  private planQueryWithScope(query: BoundQuery, outer: OuterScope | undefined): RelationPlan {
    let node: PlanNode;
    let fields: readonly PlanSymbol[];
    let orderings: readonly Ordering[];
    if (query.body.kind === 'QuerySpecification') {
      const plan = this.planSpecification(query.body.specification, outer);
      ({ node, fields, orderings } = plan);
    } else {
      const body = this.planQueryBody(query.body, outer);
      const cursor: PlanCursor = { node: body.node };
      orderings = this.orderings(query.orderBy, scopeOver(body.fields, outer), cursor);
      node = cursor.node;
      fields = body.fields;
    }
    node = this.orderAndLimit(node, orderings, query);
    return this.projectToFields(node, fields);
  }

  planQueryBody(body: BoundQueryBody, outer: OuterScope | undefined): RelationPlan {
    switch (body.kind) {
      case 'QuerySpecification': {
        const plan = this.planSpecification(body.specification, outer);
        return this.projectToFields(plan.node, plan.fields);
      }
      case 'SetOperation': {
        const recursiveName = this.recursiveBodies.get(body);
        if (recursiveName !== undefined) return planRecursiveUnion(this.ctx, body, recursiveName, outer);
        return planSetOperation(this.ctx, body, outer);
      }
      case 'Values':
        return planValues(this.ctx, body, outer);
      case 'Subquery':
        return this.planQuery(body.query, outer);
      case 'TableScan':
        return planRelation(this.ctx, body, outer);
    }
  }

  /** The plan with exactly the fields' symbols as outputs (each once). */
  private projectToFields(node: PlanNode, fields: readonly PlanSymbol[]): RelationPlan {
    const unique: PlanSymbol[] = [];
    for (const f of fields) if (!unique.some((u) => u.name === f.name)) unique.push(f);
    const same = node.outputs.length === unique.length && node.outputs.every((s, i) => s.name === unique[i].name);
    return { node: same ? node : this.ctx.factory.projectTo(node, unique), fields };
  }

  private orderAndLimit(node: PlanNode, orderings: readonly Ordering[], query: BoundQuery): PlanNode {
    const { factory } = this.ctx;
    let result = node;
    const limit = query.limit;
    let limited = false;
    if (orderings.length > 0) {
      if (limit !== undefined && !query.withTies && query.offset === undefined) {
        result = factory.topN(result, limit, orderings);
        limited = true;
      } else {
        result = factory.sort(result, orderings);
      }
    }
    if (query.offset !== undefined && query.offset > 0) result = factory.offset(result, query.offset);
    if (limit !== undefined && !limited) {
      result = factory.limit(result, limit, query.withTies ? { ties: orderings } : {});
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------

  private planSpecification(spec: BoundQuerySpecification, outer: OuterScope | undefined): SpecificationPlan {
    const { ctx } = this;
    const from = spec.from ? planRelation(ctx, spec.from, outer) : { node: ctx.factory.singleRow(), fields: [] };
    const cursor: PlanCursor = { node: from.node };
    const fromScope = scopeOver(from.fields, outer);
    if (spec.where) this.filter(cursor, spec.where, fromScope);

    let scope: TranslationScope = fromScope;
    if (spec.grouping) {
      const aggregation = planAggregation(ctx, cursor, spec, fromScope);
      const groupingKeys = spec.grouping.keys;
      scope = {
        field: (index) => aggregation.keys[index],
        aggregate: (index) => aggregation.aggregates[index],
        grouping: (keys, type) => aggregation.grouping(keys, type),
        outer,
        // Subqueries were analysed against the FROM scope: after aggregation only grouped columns remain.
        subqueryScope: () => ({
          parent: outer,
          symbolOf: (index) => {
            const key = groupingKeys.findIndex((k) => k.kind === 'FieldRef' && k.index === index);
            if (key < 0) {
              const name = spec.from?.fields[index]?.name ?? `#${index}`;
              throw new VivaceError(
                'EXPRESSION_NOT_AGGREGATE',
                `Subquery uses '${name}' which must appear in GROUP BY clause`,
              );
            }
            return aggregation.keys[key];
          },
        }),
      };
      if (spec.having) this.filter(cursor, spec.having, scope);
    }
    if (spec.windowFunctions.length > 0) {
      const windows = planWindows(ctx, cursor, spec.windowFunctions, scope);
      const base = scope;
      scope = { ...base, window: (index) => windows[index] };
    }

    const translator = new ExpressionTranslator(ctx, scope, cursor);
    const selectExpressions = spec.select.map((e) => translator.translate(e));
    const orderExpressions = spec.orderBy.map((k) => translator.translate(k.expression));

    // One projection computes the select list and the ORDER BY keys; equal expressions share a symbol.
    const assignments: { symbol: PlanSymbol; expression: RowExpression }[] = [];
    const byKey = new Map<string, PlanSymbol>();
    const symbolFor = (expression: RowExpression, hint: string | undefined): PlanSymbol => {
      const key = expressionKey(expression);
      const known = byKey.get(key);
      if (known) return known;
      let symbol: PlanSymbol | undefined;
      if (expression.kind === 'Symbol') symbol = cursor.node.outputs.find((s) => s.name === expression.name);
      symbol ??= ctx.symbols.newSymbol(hint ?? nameHint(expression), expression.type);
      byKey.set(key, symbol);
      assignments.push({ symbol, expression });
      return symbol;
    };
    const fields = selectExpressions.map((e, i) => symbolFor(e, spec.outputs[i]?.name));
    const orderings = dedupeOrderings(
      spec.orderBy.map((k, i) => ({ key: k, symbol: symbolFor(orderExpressions[i], undefined) })),
    );
    let node: PlanNode = ctx.factory.project(cursor.node, assignments);
    if (spec.distinct) {
      node = ctx.factory.aggregation(node, [...new Set(fields.map((f) => f.name))], []);
    }
    return { node, fields, orderings };
  }

  /** WHERE / HAVING: conjuncts without subqueries filter first, then the subqueries are attached. */
  private filter(cursor: PlanCursor, predicate: BoundExpression, scope: TranslationScope): void {
    const terms = predicate.kind === 'SpecialForm' && predicate.form === 'AND' ? flattenAnd(predicate) : [predicate];
    const plain = terms.filter((t) => !containsSubquery(t));
    const withSubqueries = terms.filter((t) => containsSubquery(t));
    const translator = new ExpressionTranslator(this.ctx, scope, cursor);
    if (plain.length > 0) {
      const expression = andOf(plain.map((t) => translator.translate(t)));
      cursor.node = this.ctx.factory.filter(cursor.node, expression);
    }
    if (withSubqueries.length > 0) {
      const expression = andOf(withSubqueries.map((t) => translator.translate(t)));
      cursor.node = this.ctx.factory.filter(cursor.node, expression);
    }
  }

  /** ORDER BY of a set operation or VALUES, over its output fields. */
  private orderings(keys: readonly SortKey[], scope: TranslationScope, cursor: PlanCursor): Ordering[] {
    if (keys.length === 0) return [];
    const translator = new ExpressionTranslator(this.ctx, scope, cursor);
    const symbols = keys.map((k) => translator.toSymbol(k.expression));
    return dedupeOrderings(keys.map((key, i) => ({ key, symbol: symbols[i] })));
  }
}

function dedupeOrderings(keys: readonly { key: SortKey; symbol: PlanSymbol }[]): Ordering[] {
  const out: Ordering[] = [];
  for (const { key, symbol } of keys) {
    if (out.some((o) => o.symbol === symbol.name)) continue;
    out.push({ symbol: symbol.name, ascending: key.ascending, nullsFirst: key.nullsFirst });
  }
  return out;
}

function flattenAnd(e: BoundExpression): BoundExpression[] {
  if (e.kind === 'SpecialForm' && e.form === 'AND') return e.args.flatMap(flattenAnd);
  return [e];
}

function andOf(terms: RowExpression[]): RowExpression {
  if (terms.length === 1) return terms[0];
  return { kind: 'SpecialForm', form: 'AND', type: BOOLEAN, args: terms };
}
