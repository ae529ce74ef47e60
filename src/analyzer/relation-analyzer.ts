/**
 * FROM-clause relations: tables, views and WITH queries by name, aliases, derived tables, joins
 * (ON, USING, NATURAL), UNNEST and LATERAL. Queries inside relations are analysed through the
 * `QueryAnalyzer` callbacks, so this file and query-analyzer.ts do not import each other.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { TableReadRules } from '../spi/access-control.js';
import { formatObjectName, type QualifiedObjectName } from '../spi/metadata.js';
import type * as ast from '../sql/ast.js';
import { parseStatement } from '../sql/parser.js';
import { commonSuperType } from '../types/coercion.js';
import { BIGINT, isNumeric } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import type { ExpressionContext, StatementContext } from './analysis-context.js';
import type { BoundExpression, BoundQuery, BoundRelation, Field } from './bound-tree.js';
import { analyzeExpression } from './expression-analyzer.js';
import { booleanClause } from './function-call-analyzer.js';
import { canonical, canonicalParts, type NameDefaults, resolveObjectName } from './names.js';
import { NamedQueries, Scope } from './scope.js';

/** What relation analysis needs from the query analyzer. */
export interface QueryAnalyzer {
  readonly statement: StatementContext;
  analyzeQuery(query: ast.Query, outer: Scope | undefined, namedQueries: NamedQueries): BoundQuery;
  /** VALUES as a relation. */
  analyzeValues(values: ast.Values, outer: Scope | undefined, namedQueries: NamedQueries): BoundRelation;
  expressionContext(scope: Scope, clause: string, namedQueries: NamedQueries): ExpressionContext;
  /** Catalog and schema that complete partial table names (the session's, or a view's). */
  readonly nameDefaults: NameDefaults;
  /** The same analyzer with other name defaults (a view's query resolves names as created). */
  withNameDefaults(defaults: NameDefaults): QueryAnalyzer;
}

/**
 * Analyses a relation of a FROM clause. `outer` is the scope of enclosing queries (for
 * correlation); `left` holds the fields of the relations to the left of a LATERAL or UNNEST.
 */
export function analyzeRelation(
  relation: ast.Relation,
  analyzer: QueryAnalyzer,
  outer: Scope | undefined,
  namedQueries: NamedQueries,
  left?: readonly Field[],
): BoundRelation {
  switch (relation.kind) {
    case 'Table':
      return table(relation, analyzer, namedQueries);
    case 'AliasedRelation':
      return aliased(relation, analyzer, outer, namedQueries, left);
    case 'SampledRelation': {
      const inner = analyzeRelation(relation.relation, analyzer, outer, namedQueries, left);
      const ratio = samplePercentage(relation.percentage, analyzer, namedQueries) / 100;
      return { kind: 'Sample', relation: inner, sampleType: relation.sampleType, ratio, fields: inner.fields };
    }
    case 'TableSubquery': {
      const query = analyzer.analyzeQuery(relation.query, outer, namedQueries);
      return { kind: 'Subquery', query, lateral: false, fields: query.outputs.map(unqualified) };
    }
    case 'Lateral': {
      const scope = new Scope(left ?? [], outer);
      const query = analyzer.analyzeQuery(relation.query, scope, namedQueries);
      return { kind: 'Subquery', query, lateral: true, fields: query.outputs.map(unqualified) };
    }
    case 'Values':
      return analyzer.analyzeValues(relation, outer, namedQueries);
    case 'Unnest':
      return unnest(relation, analyzer, outer, namedQueries, left);
    case 'Join':
      return join(relation, analyzer, outer, namedQueries, left);
  }
}

/**
 * TABLESAMPLE's percentage, 0 to 100, with Trino's errors: a numeric expression without column
 * references (analysed in an empty scope), not NULL, in range. Decided: its value must be a
 * numeric literal (with a sign); Trino folds any constant expression, which nobody writes here.
 */
function samplePercentage(node: ast.Expression, analyzer: QueryAnalyzer, namedQueries: NamedQueries): number {
  const literal = numericLiteral(node);
  if (literal === null) throw new VivaceError('INVALID_ARGUMENTS', 'Sample percentage cannot be NULL', node.pos);
  const bound = analyzeExpression(
    node,
    analyzer.expressionContext(new Scope([], undefined), 'TABLESAMPLE', namedQueries),
  );
  if (!isNumeric(bound.type)) {
    throw new VivaceError('TYPE_MISMATCH', 'Sample percentage should be a numeric expression', node.pos);
  }
  if (literal === undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'Sample percentage must be a numeric literal', node.pos);
  }
  if (literal < 0) {
    throw new VivaceError(
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Sample percentage must be greater than or equal to 0',
      node.pos,
    );
  }
  if (literal > 100) {
    throw new VivaceError(
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Sample percentage must be less than or equal to 100',
      node.pos,
    );
  }
  return literal;
}

/** The value of a numeric literal with optional signs; null for NULL; undefined for anything else. */
function numericLiteral(node: ast.Expression): number | null | undefined {
  switch (node.kind) {
    case 'NullLiteral':
      return null;
    case 'IntegerLiteral':
    case 'DecimalLiteral':
    case 'DoubleLiteral':
      return Number(node.text);
    case 'ArithmeticUnary': {
      const value = numericLiteral(node.value);
      return value === null || value === undefined ? value : node.operator === '-' ? -value : value;
    }
    default:
      return undefined;
  }
}

function unqualified(field: Field): Field {
  return { name: field.name, type: field.type, hidden: false };
}

function table(node: ast.Table, analyzer: QueryAnalyzer, namedQueries: NamedQueries): BoundRelation {
  const parts = canonicalParts(node.name);
  if (parts.length === 1) {
    const named = namedQueries.lookup(parts[0]);
    if (named) {
      return {
        kind: 'CteReference',
        name: named.name,
        cteId: named.cteId,
        recursive: named.recursive,
        fields: named.fields.map((f) => ({ name: f.name, type: f.type, hidden: false, relationAlias: [named.name] })),
      };
    }
  }
  const statement = analyzer.statement;
  const name = resolveObjectName(node.name, analyzer.nameDefaults);
  checkSchema(name, statement, node.pos);
  // Issue 17: reading a table or view needs SELECT on it (the user's: views run as the invoker).
  const checkSelect = () =>
    statement.accessControl?.checkTablePrivilege(statement.session.user, name, 'SELECT', 'select from table %s');
  const view = statement.metadata.getView(name);
  if (view) {
    checkSelect();
    return expandView(node, name, view, analyzer);
  }
  const metadata = statement.metadata.getTable(name);
  if (!metadata) {
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${formatObjectName(name)}' does not exist`, node.pos);
  }
  checkSelect();
  const readRules = statement.accessControl?.tableReadRules?.(statement.session.user, name);
  if (readRules !== undefined && !statement.viewStack.includes(securedKey(name))) {
    return securedTable(node, name, metadata.columns, readRules, analyzer);
  }
  if (!statement.tables.some((t) => formatObjectName(t) === formatObjectName(name))) statement.tables.push(name);
  const alias = [name.catalog, name.schema, name.name];
  return {
    kind: 'TableScan',
    table: name,
    columns: metadata.columns.map((c) => c.name),
    fields: metadata.columns.map((c) => ({
      name: c.name.toLowerCase(),
      type: c.type,
      relationAlias: alias,
      hidden: c.hidden === true,
      origin: { table: name, column: c.name },
    })),
  };
}

export function checkSchema(name: QualifiedObjectName, statement: StatementContext, pos: ast.SourcePosition): void {
  if (!statement.metadata.catalogExists(name.catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${name.catalog}' not found`, pos);
  }
  if (!statement.metadata.schemaExists(name.catalog, name.schema)) {
    throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${name.schema}' does not exist`, pos);
  }
}

/** The marker of a table whose masks and filter are being applied (its own reference reads it plainly). */
function securedKey(name: QualifiedObjectName): string {
  return `\u0000secured:${formatObjectName(name)}`;
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/**
 * A table the user reads through column masks, a row filter or with columns they may not read
 * (issue 17, Trino's file access control): it is read as the subquery
 * `SELECT <column or CAST((mask) AS type)>, ... FROM table WHERE (filter)`, analysed like a view
 * (the table inside it is read plainly), and a denied column stays a field whose every reference
 * fails with PERMISSION_DENIED, so `SELECT *` and any use of it are refused while queries that do
 * not touch it run.
 */
function securedTable(
  node: ast.Table,
  name: QualifiedObjectName,
  columns: readonly {
    readonly name: string;
    readonly type: import('../types/type.js').Type;
    readonly hidden?: boolean;
  }[],
  rules: TableReadRules,
  analyzer: QueryAnalyzer,
): BoundRelation {
  const statement = analyzer.statement;
  const items = columns.map((column) => {
    const mask = rules.columnMasks.get(column.name.toLowerCase());
    return mask === undefined
      ? quoted(column.name)
      : `CAST((${mask}) AS ${formatType(column.type)}) AS ${quoted(column.name)}`;
  });
  const table = `${quoted(name.catalog)}.${quoted(name.schema)}.${quoted(name.name)}`;
  const filter = rules.rowFilter === undefined ? '' : ` WHERE (${rules.rowFilter})`;
  const key = securedKey(name);
  statement.viewStack.push(key);
  let query: BoundQuery;
  try {
    const parsed = parseStatement(`SELECT ${items.join(', ')} FROM ${table}${filter}`);
    if (parsed.kind !== 'Query') throw new VivaceError('INVALID_ROW_FILTER', 'not a query');
    query = analyzer
      .withNameDefaults({ catalog: name.catalog, schema: name.schema })
      .analyzeQuery(parsed, undefined, new NamedQueries());
  } catch (e) {
    if (e instanceof VivaceError && e.errorType === 'USER_ERROR' && e.errorName !== 'PERMISSION_DENIED') {
      const code = rules.rowFilter !== undefined ? 'INVALID_ROW_FILTER' : 'INVALID_COLUMN_MASK';
      throw new VivaceError(
        code,
        `Invalid row filter or column mask for '${formatObjectName(name)}': ${e.rawMessage}`,
        node.pos,
        {
          cause: e,
        },
      );
    }
    throw e;
  } finally {
    statement.viewStack.pop();
  }
  const alias = [name.catalog, name.schema, name.name];
  const denied = columns.filter((column) => rules.deniedColumns.has(column.name.toLowerCase()));
  const deniedMessage = `Access Denied: Cannot select from columns [${denied.map((c) => c.name.toLowerCase()).join(', ')}] in table or view ${formatObjectName(name)}`;
  return {
    kind: 'Subquery',
    query,
    lateral: false,
    fields: columns.map((column, i) => ({
      name: column.name.toLowerCase(),
      type: query.outputs[i]?.type ?? column.type,
      relationAlias: alias,
      hidden: column.hidden === true,
      origin: { table: name, column: column.name },
      ...(rules.deniedColumns.has(column.name.toLowerCase()) ? { accessDenied: deniedMessage } : {}),
    })),
  };
}

function expandView(
  node: ast.Table,
  name: QualifiedObjectName,
  view: NonNullable<ReturnType<StatementContext['metadata']['getView']>>,
  analyzer: QueryAnalyzer,
): BoundRelation {
  const statement = analyzer.statement;
  const key = formatObjectName(name);
  if (statement.viewStack.includes(key)) {
    throw new VivaceError('VIEW_IS_RECURSIVE', `View is recursive: ${key}`, node.pos);
  }
  const parsed = parseStatement(view.sql);
  if (parsed.kind !== 'Query') {
    throw new VivaceError('INVALID_VIEW', `View '${key}' is not a query`, node.pos);
  }
  statement.viewStack.push(key);
  const viewAnalyzer = analyzer.withNameDefaults({ catalog: view.catalog, schema: view.schema });
  let query: BoundQuery;
  try {
    query = viewAnalyzer.analyzeQuery(parsed, undefined, new NamedQueries());
  } catch (e) {
    if (e instanceof VivaceError && e.errorType === 'USER_ERROR') {
      throw new VivaceError('INVALID_VIEW', `Failed analyzing stored view '${key}': ${e.message}`, node.pos, {
        cause: e,
      });
    }
    throw e;
  } finally {
    statement.viewStack.pop();
  }
  if (query.outputs.length !== view.columns.length) {
    throw new VivaceError(
      'VIEW_IS_STALE',
      `View '${key}' is stale or in invalid state: column count mismatch`,
      node.pos,
    );
  }
  const alias = [name.catalog, name.schema, name.name];
  return {
    kind: 'Subquery',
    query,
    lateral: false,
    fields: view.columns.map((c, i) => ({
      name: c.name.toLowerCase(),
      type: query.outputs[i].type,
      relationAlias: alias,
      hidden: false,
    })),
  };
}

function aliased(
  node: ast.AliasedRelation,
  analyzer: QueryAnalyzer,
  outer: Scope | undefined,
  namedQueries: NamedQueries,
  left?: readonly Field[],
): BoundRelation {
  const inner = analyzeRelation(node.relation, analyzer, outer, namedQueries, left);
  const alias = canonical(node.alias);
  const visible = inner.fields.filter((f) => !f.hidden);
  let names: (string | undefined)[] = visible.map((f) => f.name);
  if (node.columnNames) {
    if (node.columnNames.length !== visible.length) {
      throw new VivaceError(
        'MISMATCHED_COLUMN_ALIASES',
        `Column alias list has ${node.columnNames.length} entries but '${node.alias.value}' has ${visible.length} columns available`,
        node.pos,
      );
    }
    names = node.columnNames.map(canonical);
    const seen = new Set<string>();
    for (const column of node.columnNames) {
      const name = canonical(column);
      if (seen.has(name)) {
        throw new VivaceError(
          'DUPLICATE_COLUMN_NAME',
          `Column name '${column.value}' specified more than once`,
          column.pos,
        );
      }
      seen.add(name);
    }
  }
  let next = 0;
  const fields = inner.fields.map((f): Field => {
    if (f.hidden) return { ...f, relationAlias: [alias] };
    return { ...f, name: names[next++], relationAlias: [alias] };
  });
  return { ...inner, fields } as BoundRelation;
}

function unnest(
  node: ast.Unnest,
  analyzer: QueryAnalyzer,
  outer: Scope | undefined,
  namedQueries: NamedQueries,
  left?: readonly Field[],
): BoundRelation {
  const ctx = analyzer.expressionContext(new Scope(left ?? [], outer), 'UNNEST', namedQueries);
  const expressions: BoundExpression[] = node.expressions.map((e) => analyzeExpression(e, ctx));
  const fields: Field[] = [];
  expressions.forEach((e, i) => {
    const type = e.type;
    if (type.kind === 'array') {
      if (type.element.kind === 'row') {
        for (const f of type.element.fields) fields.push({ name: f.name?.toLowerCase(), type: f.type, hidden: false });
      } else {
        fields.push({ type: type.element, hidden: false });
      }
    } else if (type.kind === 'map') {
      fields.push({ type: type.key, hidden: false }, { type: type.value, hidden: false });
    } else if (type.kind !== 'unknown') {
      throw new VivaceError('TYPE_MISMATCH', `Cannot unnest type: ${formatType(type)}`, node.expressions[i].pos);
    }
  });
  if (node.withOrdinality) fields.push({ name: 'ordinality', type: BIGINT, hidden: false });
  return { kind: 'Unnest', expressions, withOrdinality: node.withOrdinality, fields };
}

function join(
  node: ast.Join,
  analyzer: QueryAnalyzer,
  outer: Scope | undefined,
  namedQueries: NamedQueries,
  leftOfJoin?: readonly Field[],
): BoundRelation {
  const left = analyzeRelation(node.left, analyzer, outer, namedQueries, leftOfJoin);
  const leftFields = [...(leftOfJoin ?? []), ...left.fields];
  const rightIsLateral = isLateral(node.right);
  const right = analyzeRelation(node.right, analyzer, outer, namedQueries, rightIsLateral ? leftFields : undefined);
  const joinType = node.type === 'IMPLICIT' ? 'CROSS' : node.type;
  const lateral = rightIsLateral && JSON.stringify(right).includes('Ref"');
  const criteria = node.criteria;

  if (!criteria) {
    return { kind: 'Join', joinType, left, right, lateral, fields: [...left.fields, ...right.fields] };
  }
  if (criteria.kind === 'JoinOn') {
    const fields = [...left.fields, ...right.fields];
    const ctx = analyzer.expressionContext(new Scope(fields, outer), 'JOIN clause', namedQueries);
    const condition = booleanClause(criteria.condition, ctx, analyzeExpression, 'JOIN ON clause');
    return { kind: 'Join', joinType, left, right, condition, lateral, fields };
  }

  const columns =
    criteria.kind === 'JoinUsing'
      ? criteria.columns.map((c) => ({ name: canonical(c), display: c.value, pos: c.pos }))
      : left.fields.flatMap(({ hidden, name }) =>
          !hidden && name && right.fields.some((r) => !r.hidden && r.name === name)
            ? [{ name, display: name, pos: node.pos }]
            : [],
        );
  const seen = new Set<string>();
  const using = columns.map((column) => {
    if (seen.has(column.name)) {
      throw new VivaceError(
        'DUPLICATE_COLUMN_NAME',
        `Column '${column.display}' appears multiple times in USING clause`,
        column.pos,
      );
    }
    seen.add(column.name);
    const l = findUsingColumn(left.fields, column, 'left');
    const r = findUsingColumn(right.fields, column, 'right');
    const type = commonSuperType(left.fields[l].type, right.fields[r].type);
    if (!type) {
      throw new VivaceError(
        'TYPE_MISMATCH',
        `Column types of left and right side are different for column ${column.display}: ${formatType(left.fields[l].type)} vs ${formatType(right.fields[r].type)}`,
        column.pos,
      );
    }
    return { left: l, right: r, type };
  });
  // Output: the joined columns once (unqualified), then the remaining columns of each side; the
  // sides' copies of the joined columns stay reachable by qualified name only.
  const joined: Field[] = using.map((u) => ({ name: left.fields[u.left].name, type: u.type, hidden: false }));
  const hideUsing = (fields: readonly Field[], indexes: number[]) =>
    fields.map((f, i) => (indexes.includes(i) ? { ...f, hidden: true } : f));
  const fields = [
    ...joined,
    ...hideUsing(
      left.fields,
      using.map((u) => u.left),
    ),
    ...hideUsing(
      right.fields,
      using.map((u) => u.right),
    ),
  ];
  return { kind: 'Join', joinType, left, right, using, lateral, fields };
}

function findUsingColumn(
  fields: readonly Field[],
  column: { name: string; display: string; pos: ast.SourcePosition },
  side: 'left' | 'right',
): number {
  const matches = fields.flatMap((f, i) => (!f.hidden && f.name === column.name ? [i] : []));
  if (matches.length === 0) {
    throw new VivaceError(
      'COLUMN_NOT_FOUND',
      `Column '${column.display}' is missing from ${side} side of join`,
      column.pos,
    );
  }
  if (matches.length > 1) {
    throw new VivaceError(
      'AMBIGUOUS_NAME',
      `Column '${column.display}' is ambiguous on ${side} side of join`,
      column.pos,
    );
  }
  return matches[0];
}

function isLateral(relation: ast.Relation): boolean {
  if (relation.kind === 'AliasedRelation') return isLateral(relation.relation);
  return relation.kind === 'Lateral' || relation.kind === 'Unnest';
}
