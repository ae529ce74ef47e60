/**
 * Queries: WITH (and WITH RECURSIVE), query bodies (SELECT, set operations, VALUES, TABLE,
 * parenthesised queries), and the clauses of a SELECT in Presto's order of meaning: FROM, WHERE,
 * GROUP BY, aggregates, HAVING, window functions, SELECT, DISTINCT, ORDER BY, OFFSET, LIMIT.
 *
 * Why this file is long: one class whose methods follow the clauses of a query in that order and
 * share its scopes and collectors; relations (relation-analyzer.ts) and expressions
 * (expression-analyzer.ts) are already apart, and the rest reads best as one walk.
 */
import { VivaceError } from '../common/vivace-error.js';
import type * as ast from '../sql/ast.js';
import { formatExpression } from '../sql/formatter.js';
import { canCoerce, commonSuperType } from '../types/coercion.js';
import { BIGINT, isComparable } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { AggregationRewriter } from './aggregation-rewriter.js';
import {
  AggregateCollector,
  type ExpressionContext,
  type StatementContext,
  WindowCollector,
} from './analysis-context.js';
import { coerceTo, constant, expressionKey, sameExpression, specialForm } from './bound-expressions.js';
import type {
  BoundExpression,
  BoundQuery,
  BoundQueryBody,
  BoundQuerySpecification,
  BoundRelation,
  BoundWithQuery,
  Field,
  GroupingAnalysis,
  SortKey,
  ValuesRelation,
} from './bound-tree.js';
import { commonTypeOrThrow } from './common-type.js';
import { analyzeExpression } from './expression-analyzer.js';
import { booleanClause, sortKey, sortKeyOf } from './function-call-analyzer.js';
import { crossProduct, cubeSets, type GroupingElementSets, rollupSets } from './grouping-sets.js';
import { canonical, type NameDefaults } from './names.js';
import { analyzeRelation, type QueryAnalyzer } from './relation-analyzer.js';
import { type NamedQueries, Scope } from './scope.js';

export class QueryAnalyzerImpl implements QueryAnalyzer {
  constructor(
    readonly statement: StatementContext,
    readonly nameDefaults: NameDefaults = statement.session,
  ) {}

  withNameDefaults(defaults: NameDefaults): QueryAnalyzer {
    return new QueryAnalyzerImpl(this.statement, defaults);
  }

  expressionContext(scope: Scope, clause: string, namedQueries: NamedQueries): ExpressionContext {
    return {
      statement: this.statement,
      scope,
      clause,
      lambdas: [],
      namedWindows: new Map(),
      analyzeSubquery: (query, outer) => this.analyzeQuery(query, outer, namedQueries),
    };
  }

  analyzeQuery(query: ast.Query, outer: Scope | undefined, enclosing: NamedQueries): BoundQuery {
    const { withQueries, namedQueries } = this.analyzeWith(query.with, outer, enclosing);
    const body = query.body;
    let bound: BoundQueryBody;
    let orderBy: SortKey[] = [];
    if (body.kind === 'QuerySpecification') {
      bound = this.analyzeSpecification(body, query.orderBy ?? [], outer, namedQueries);
    } else {
      bound = this.analyzeBody(body, outer, namedQueries);
      if (query.orderBy) orderBy = this.outputOrderBy(query.orderBy, bound.fields, outer, namedQueries);
    }
    const offset = query.offset ? rowCount(query.offset.count, 'OFFSET') : undefined;
    let limit: number | undefined;
    let withTies = false;
    if (query.limit?.kind === 'Limit') {
      limit = query.limit.count ? rowCount(query.limit.count, 'LIMIT') : undefined;
    } else if (query.limit?.kind === 'FetchFirst') {
      limit = query.limit.count ? rowCount(query.limit.count, 'FETCH FIRST') : 1;
      withTies = query.limit.withTies;
      if (withTies && !query.orderBy) {
        throw new VivaceError('MISSING_ORDER_BY', 'FETCH FIRST WITH TIES clause requires ORDER BY', query.limit.pos);
      }
    }
    return { withQueries, body: bound, orderBy, offset, limit, withTies, outputs: bound.fields };
  }

  // -------------------------------------------------------------------------------------------
  // WITH

  private analyzeWith(
    withClause: ast.With | undefined,
    outer: Scope | undefined,
    enclosing: NamedQueries,
  ): { withQueries: BoundWithQuery[]; namedQueries: NamedQueries } {
    let namedQueries = enclosing.nested();
    const withQueries: BoundWithQuery[] = [];
    if (!withClause) return { withQueries, namedQueries };
    const names = new Set<string>();
    for (const item of withClause.queries) {
      const name = canonical(item.name);
      if (names.has(name)) {
        throw new VivaceError(
          'DUPLICATE_NAMED_QUERY',
          `WITH query name '${item.name.value}' specified more than once`,
          item.pos,
        );
      }
      names.add(name);
      const cteId = this.statement.nextCteId++;
      const recursive = withClause.recursive && referencesName(item.query, name);
      let query: BoundQuery;
      if (recursive) {
        query = this.analyzeRecursive(item, name, cteId, outer, namedQueries);
      } else {
        query = this.analyzeQuery(item.query, outer, namedQueries);
      }
      const fields = renameOutputs(query.outputs, item.columnNames, `WITH query(${item.name.value})`, item.pos);
      withQueries.push({ name, query, recursive, fields });
      namedQueries = namedQueries.with({ name, cteId, fields, recursive: false });
    }
    return { withQueries, namedQueries };
  }

  /** `WITH RECURSIVE t(cols) AS (anchor UNION [ALL] step)`: the step sees t with the anchor's types. */
  private analyzeRecursive(
    item: ast.WithQuery,
    name: string,
    cteId: number,
    outer: Scope | undefined,
    namedQueries: NamedQueries,
  ): BoundQuery {
    const body = item.query.body;
    if (body.kind !== 'SetOperation' || body.operator !== 'UNION' || item.query.with) {
      throw new VivaceError(
        'INVALID_RECURSIVE_REFERENCE',
        'recursive query must be a UNION of a non-recursive anchor and a recursive step',
        item.query.pos,
      );
    }
    if (!item.columnNames) {
      throw new VivaceError('MISSING_COLUMN_ALIASES', 'missing column aliases in recursive WITH query', item.pos);
    }
    const anchor = this.analyzeBody(body.left, outer, namedQueries);
    const fields = renameOutputs(anchor.fields, item.columnNames, `WITH query(${item.name.value})`, item.pos);
    const withSelf = namedQueries.with({ name, cteId, fields, recursive: true });
    const step = this.analyzeBody(body.right, outer, withSelf);
    const setOperation = this.setOperation(body, anchor, step);
    // As in Trino, the query has the anchor's types: every level is cast to them, so the step's
    // types must coerce to them (its reference to the query saw the anchor's types).
    step.fields.forEach((field, i) => {
      const anchorType = (anchor.fields[i] as Field).type;
      if (!canCoerce(field.type, anchorType)) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `recursion step relation output type (${formatType(field.type)}) is not coercible to recursion base relation output type (${formatType(anchorType)}) at column ${i + 1}`,
          body.right.pos,
        );
      }
    });
    const typed: BoundQueryBody = {
      ...setOperation,
      fields: setOperation.fields.map((field, i) => ({ ...field, type: (anchor.fields[i] as Field).type })),
    };
    return this.analyzeQueryRest(item.query, typed, outer, namedQueries);
  }

  private analyzeQueryRest(
    query: ast.Query,
    body: BoundQueryBody,
    outer: Scope | undefined,
    namedQueries: NamedQueries,
  ): BoundQuery {
    const orderBy = query.orderBy ? this.outputOrderBy(query.orderBy, body.fields, outer, namedQueries) : [];
    const limit = query.limit?.kind === 'Limit' && query.limit.count ? rowCount(query.limit.count, 'LIMIT') : undefined;
    return { withQueries: [], body, orderBy, limit, withTies: false, outputs: body.fields };
  }

  // -------------------------------------------------------------------------------------------
  // Query bodies

  analyzeBody(body: ast.QueryBody, outer: Scope | undefined, namedQueries: NamedQueries): BoundQueryBody {
    switch (body.kind) {
      case 'QuerySpecification':
        return this.analyzeSpecification(body, [], outer, namedQueries);
      case 'SetOperation':
        return this.setOperation(
          body,
          this.analyzeBody(body.left, outer, namedQueries),
          this.analyzeBody(body.right, outer, namedQueries),
        );
      case 'Values':
        return this.analyzeValues(body, outer, namedQueries);
      case 'TableSubquery': {
        const query = this.analyzeQuery(body.query, outer, namedQueries);
        return { kind: 'Subquery', query, lateral: false, fields: query.outputs };
      }
      case 'TableQuery': {
        const relation = analyzeRelation({ kind: 'Table', name: body.name, pos: body.pos }, this, outer, namedQueries);
        const fields = relation.fields
          .filter((f) => !f.hidden)
          .map((f) => ({ name: f.name, type: f.type, hidden: false }));
        if (relation.kind === 'TableScan') return { ...relation, fields };
        return this.wrapRelation(relation, fields);
      }
    }
  }

  private wrapRelation(relation: BoundRelation, fields: readonly Field[]): BoundQueryBody {
    const specification: BoundQuerySpecification = {
      from: relation,
      aggregates: [],
      windowFunctions: [],
      select: relation.fields.flatMap((f, i) => {
        if (f.hidden) return [];
        if (f.accessDenied !== undefined) throw new VivaceError('PERMISSION_DENIED', f.accessDenied);
        return [{ kind: 'FieldRef' as const, type: f.type, index: i }];
      }),
      outputs: fields,
      distinct: false,
      orderBy: [],
    };
    return { kind: 'QuerySpecification', specification, fields };
  }

  private setOperation(node: ast.SetOperation, left: BoundQueryBody, right: BoundQueryBody): BoundQueryBody {
    const l = left.fields;
    const r = right.fields;
    if (l.length !== r.length) {
      throw new VivaceError(
        'TYPE_MISMATCH',
        `${node.operator} query has different number of fields: ${l.length}, ${r.length}`,
        node.pos,
      );
    }
    const fields = l.map((field, i): Field => {
      const type = commonSuperType(field.type, r[i].type);
      if (!type) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `column ${i + 1} in ${node.operator} query has incompatible types: ${formatType(field.type)}, ${formatType(r[i].type)}`,
          node.pos,
        );
      }
      if ((node.distinct || node.operator !== 'UNION') && !isComparable(type)) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `Type ${formatType(type)} is not comparable and therefore cannot be used in ${node.operator}${node.distinct ? '' : ' ALL'}`,
          node.pos,
        );
      }
      return { name: field.name, type, hidden: false };
    });
    return { kind: 'SetOperation', operator: node.operator, distinct: node.distinct, inputs: [left, right], fields };
  }

  analyzeValues(node: ast.Values, outer: Scope | undefined, namedQueries: NamedQueries): ValuesRelation {
    const ctx = this.expressionContext(new Scope([], outer), 'VALUES', namedQueries);
    const rows = node.rows.map((row) =>
      row.kind === 'Row' ? row.items.map((e) => analyzeExpression(e, ctx)) : [analyzeExpression(row, ctx)],
    );
    const width = rows[0]?.length ?? 0;
    rows.forEach((row, i) => {
      if (row.length !== width) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `Values rows have mismatched sizes: ${width} vs ${row.length}`,
          node.rows[i].pos,
        );
      }
    });
    const types = Array.from({ length: width }, (_, column) =>
      commonTypeOrThrow(
        rows.map((r) => r[column]),
        node,
        'Values rows',
      ),
    );
    return {
      kind: 'Values',
      rows: rows.map((row) => row.map((e, i) => coerceTo(e, types[i]))),
      fields: types.map((type) => ({ type, hidden: false })),
    };
  }

  /** ORDER BY over the outputs of a set operation or VALUES: ordinals, output names, expressions. */
  private outputOrderBy(
    items: readonly ast.SortItem[],
    fields: readonly Field[],
    outer: Scope | undefined,
    namedQueries: NamedQueries,
  ): SortKey[] {
    const ctx = this.expressionContext(new Scope(fields, outer), 'ORDER BY clause', namedQueries);
    const select = fields.map((f, index): BoundExpression => ({ kind: 'FieldRef', type: f.type, index }));
    return items.map((item) => {
      const ordinal = ordinalOf(item.key, select.length, 'ORDER BY');
      if (ordinal !== undefined) return sortKeyOf(select[ordinal], item);
      return sortKey(item, ctx, analyzeExpression);
    });
  }

  // -------------------------------------------------------------------------------------------
  // SELECT

  analyzeSpecification(
    node: ast.QuerySpecification,
    orderByItems: readonly ast.SortItem[],
    outer: Scope | undefined,
    namedQueries: NamedQueries,
  ): BoundQueryBody {
    const from = node.from ? analyzeRelation(node.from, this, outer, namedQueries) : undefined;
    const fromScope = new Scope(from?.fields ?? [], outer);
    const base = this.expressionContext(fromScope, 'WHERE clause', namedQueries);

    const where = node.where ? booleanClause(node.where, base, analyzeExpression, 'WHERE clause') : undefined;

    const namedWindows = new Map<string, ast.WindowSpecification>();
    for (const window of node.windows) {
      const name = canonical(window.name);
      if (namedWindows.has(name)) {
        throw new VivaceError(
          'INVALID_ARGUMENTS',
          `WINDOW '${window.name.value}' is defined more than once`,
          window.pos,
        );
      }
      namedWindows.set(name, window.specification);
    }

    const grouping = node.groupBy
      ? this.analyzeGroupBy(node, node.groupBy, { ...base, clause: 'GROUP BY clause', namedWindows })
      : undefined;

    const aggregates = new AggregateCollector();
    const windows = new WindowCollector();
    const selectCtx: ExpressionContext = {
      ...base,
      clause: 'SELECT clause',
      aggregates,
      windows,
      namedWindows,
      groupingKeys: grouping?.keys ?? [],
    };

    const { select, outputs } = this.analyzeSelectItems(node, selectCtx, fromScope);
    const having = node.having
      ? booleanClause(
          node.having,
          { ...selectCtx, clause: 'HAVING clause', windows: undefined },
          analyzeExpression,
          'HAVING clause',
        )
      : undefined;
    let orderBy = this.specificationOrderBy(orderByItems, select, outputs, { ...selectCtx, clause: 'ORDER BY clause' });

    let selectList = select;
    let havingExpression = having;
    let windowFunctions = windows.windows;
    let groupingAnalysis: GroupingAnalysis | undefined = grouping;
    if (grouping || aggregates.aggregates.length > 0) {
      groupingAnalysis = grouping ?? { keys: [], sets: [[]] };
      const rewriter = new AggregationRewriter(groupingAnalysis.keys);
      selectList = select.map((e) => rewriter.expression(e));
      havingExpression = having ? rewriter.expression(having) : undefined;
      orderBy = orderBy.map((k) => rewriter.sortKey(k));
      windowFunctions = windows.windows.map((w) => rewriter.window(w));
    }

    if (node.distinct) {
      for (const key of orderBy) {
        if (!selectList.some((e) => sameExpression(e, key.expression))) {
          throw new VivaceError(
            'EXPRESSION_NOT_IN_DISTINCT',
            'For SELECT DISTINCT, ORDER BY expressions must appear in select list',
            orderByItems[orderBy.indexOf(key)]?.pos ?? node.pos,
          );
        }
      }
      for (const field of outputs) {
        if (!isComparable(field.type)) {
          throw new VivaceError(
            'TYPE_MISMATCH',
            `DISTINCT can only be applied to comparable types (actual: ${formatType(field.type)})`,
            node.pos,
          );
        }
      }
    }

    const specification: BoundQuerySpecification = {
      from,
      where,
      grouping: groupingAnalysis,
      aggregates: aggregates.aggregates,
      having: havingExpression,
      windowFunctions,
      select: selectList,
      outputs,
      distinct: node.distinct,
      orderBy,
    };
    return { kind: 'QuerySpecification', specification, fields: outputs };
  }

  private analyzeGroupBy(node: ast.QuerySpecification, groupBy: ast.GroupBy, ctx: ExpressionContext): GroupingAnalysis {
    const keys: BoundExpression[] = [];
    const keyOf = (expression: ast.Expression): number => {
      let bound: BoundExpression;
      const ordinal = ordinalOf(expression, node.select.length, 'GROUP BY');
      if (ordinal !== undefined) {
        const item = node.select[ordinal];
        if (item.kind !== 'SingleColumn') {
          throw new VivaceError(
            'INVALID_COLUMN_REFERENCE',
            `GROUP BY position ${ordinal + 1} is a '*' select item`,
            expression.pos,
          );
        }
        bound = analyzeExpression(item.expression, ctx);
      } else {
        bound = analyzeExpression(expression, ctx);
      }
      if (!isComparable(bound.type)) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `${formatType(bound.type)} is not comparable, and therefore cannot be used in GROUP BY`,
          expression.pos,
        );
      }
      const existing = keys.findIndex((k) => sameExpression(k, bound));
      if (existing >= 0) return existing;
      keys.push(bound);
      return keys.length - 1;
    };
    const elements: GroupingElementSets[] = groupBy.elements.map((element) => {
      switch (element.kind) {
        case 'SimpleGroupBy':
          return [element.expressions.map(keyOf)];
        case 'Rollup':
          return rollupSets(element.expressions.map(keyOf));
        case 'Cube':
          return cubeSets(element.expressions.map(keyOf), element.pos);
        case 'GroupingSets':
          return element.sets.map((set) => set.map(keyOf));
        default:
          throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unexpected grouping element ${JSON.stringify(element)}`);
      }
    });
    return { keys, sets: crossProduct(elements, groupBy.distinct, groupBy.pos) };
  }

  private analyzeSelectItems(
    node: ast.QuerySpecification,
    ctx: ExpressionContext,
    fromScope: Scope,
  ): { select: BoundExpression[]; outputs: Field[] } {
    const select: BoundExpression[] = [];
    const outputs: Field[] = [];
    for (const item of node.select) {
      if (item.kind === 'SingleColumn') {
        const expression = analyzeExpression(item.expression, ctx);
        select.push(expression);
        outputs.push({ name: outputName(item), type: expression.type, hidden: false });
        continue;
      }
      const expanded = this.expandAllColumns(item, ctx, fromScope);
      if (item.aliases && item.aliases.length !== expanded.length) {
        throw new VivaceError(
          'MISMATCHED_COLUMN_ALIASES',
          `Column alias list has ${item.aliases.length} entries but relation has ${expanded.length} columns`,
          item.pos,
        );
      }
      expanded.forEach((e, i) => {
        select.push(e.expression);
        outputs.push({
          name: item.aliases ? canonical(item.aliases[i]) : e.name,
          type: e.expression.type,
          hidden: false,
        });
      });
    }
    return { select, outputs };
  }

  private expandAllColumns(
    item: ast.AllColumns,
    ctx: ExpressionContext,
    fromScope: Scope,
  ): { expression: BoundExpression; name?: string }[] {
    const fieldRefs = (indexes: number[]) =>
      indexes.map((index) => {
        const field = fromScope.fields[index];
        if (field.accessDenied !== undefined) throw new VivaceError('PERMISSION_DENIED', field.accessDenied);
        const expression: BoundExpression = { kind: 'FieldRef', type: field.type, index, pos: item.pos };
        return { expression, name: field.name };
      });
    if (!item.prefix) {
      if (fromScope.fields.length === 0) {
        throw new VivaceError('COLUMN_NOT_FOUND', 'SELECT * not allowed in queries without FROM clause', item.pos);
      }
      return fieldRefs(fromScope.fields.flatMap((f, i) => (f.hidden ? [] : [i])));
    }
    const parts = dotted(item.prefix);
    if (parts) {
      const indexes = fromScope.fieldsOfRelation(parts);
      if (indexes.length > 0) return fieldRefs(indexes);
    }
    // `row_expression.*`: the fields of a row value.
    const value = analyzeExpression(item.prefix, ctx);
    if (value.type.kind !== 'row') {
      throw new VivaceError(
        'TABLE_NOT_FOUND',
        `Unable to resolve reference ${formatExpression(item.prefix)}`,
        item.pos,
      );
    }
    return value.type.fields.map((field, i) => ({
      expression: specialForm('DEREFERENCE', field.type, [value, constant(i, BIGINT)]),
      name: field.name?.toLowerCase(),
    }));
  }

  /** ORDER BY of a SELECT: ordinals and output names first, then expressions over FROM. */
  private specificationOrderBy(
    items: readonly ast.SortItem[],
    select: readonly BoundExpression[],
    outputs: readonly Field[],
    ctx: ExpressionContext,
  ): SortKey[] {
    return items.map((item) => {
      const ordinal = ordinalOf(item.key, select.length, 'ORDER BY');
      if (ordinal !== undefined) return sortKeyOf(select[ordinal], item);
      if (item.key.kind === 'Identifier') {
        const name = canonical(item.key);
        const matching = outputs.flatMap((o, i) => (o.name === name ? [i] : []));
        const distinct = new Set(matching.map((i) => expressionKey(select[i])));
        if (distinct.size > 1) {
          throw new VivaceError('AMBIGUOUS_NAME', `'${item.key.value}' in ORDER BY is ambiguous`, item.key.pos);
        }
        if (matching.length > 0) return sortKeyOf(select[matching[0]], item);
      }
      return sortKey(item, ctx, analyzeExpression);
    });
  }
}

// ---------------------------------------------------------------------------------------------

function dotted(node: ast.Expression): string[] | undefined {
  if (node.kind === 'Identifier') return [canonical(node)];
  if (node.kind === 'Dereference') {
    const base = dotted(node.base);
    return base ? [...base, canonical(node.field)] : undefined;
  }
  return undefined;
}

/** The output name of a select item: its alias, or the name of a column reference. */
function outputName(item: ast.SingleColumn): string | undefined {
  if (item.alias) return canonical(item.alias);
  const e = item.expression;
  if (e.kind === 'Identifier') return canonical(e);
  if (e.kind === 'Dereference') return canonical(e.field);
  return undefined;
}

/** 0-based select position of an integer literal in GROUP BY / ORDER BY; undefined otherwise. */
function ordinalOf(expression: ast.Expression, count: number, clause: string): number | undefined {
  if (expression.kind !== 'IntegerLiteral') return undefined;
  const value = Number(expression.text);
  if (value < 1 || value > count) {
    throw new VivaceError(
      'INVALID_COLUMN_REFERENCE',
      `${clause} position ${expression.text} is not in select list`,
      expression.pos,
    );
  }
  return value - 1;
}

function rowCount(expression: ast.Expression, clause: string): number {
  if (expression.kind !== 'IntegerLiteral') {
    throw new VivaceError('INVALID_LIMIT_CLAUSE', `${clause} row count must be an integer literal`, expression.pos);
  }
  const value = Number(expression.text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new VivaceError(
      'NUMERIC_VALUE_OUT_OF_RANGE',
      `${clause} row count must be between 0 and ${Number.MAX_SAFE_INTEGER} (actual: ${expression.text})`,
      expression.pos,
    );
  }
  return value;
}

function renameOutputs(
  outputs: readonly Field[],
  names: readonly ast.Identifier[] | undefined,
  what: string,
  pos: ast.SourcePosition,
): Field[] {
  if (!names) return outputs.map((f) => ({ name: f.name, type: f.type, hidden: false }));
  if (names.length !== outputs.length) {
    throw new VivaceError(
      'MISMATCHED_COLUMN_ALIASES',
      `WITH column alias list has ${names.length} entries but ${what} has ${outputs.length} columns`,
      pos,
    );
  }
  return outputs.map((f, i) => ({ name: canonical(names[i]), type: f.type, hidden: false }));
}

/** Whether a query mentions a table by this one-part name (a recursive WITH reference). */
function referencesName(query: ast.Query, name: string): boolean {
  let found = false;
  const visit = (value: unknown): void => {
    if (found || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    const node = value as { kind?: string; name?: ast.QualifiedName };
    if (node.kind === 'Table' && node.name && node.name.parts.length === 1 && canonical(node.name.parts[0]) === name) {
      found = true;
      return;
    }
    for (const v of Object.values(value)) visit(v);
  };
  visit(query.body);
  return found;
}
