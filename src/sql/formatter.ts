/**
 * The SQL formatter: prints an AST back to SQL text that parses to the same tree. Queries are laid
 * out one clause per line with their items indented below (SELECT, FROM, WHERE, GROUP BY, ...),
 * nested queries indented one step inside their parentheses; expressions come from
 * `formatter-expression.ts`. `vivace format`, EXPLAIN output and error messages use it.
 */
import { assertNever } from '../common/invariant.js';
import type {
  ColumnDefinition,
  Expression,
  GroupingElement,
  Join,
  MergeCase,
  Property,
  QualifiedName,
  Query,
  QueryBody,
  QuerySpecification,
  Relation,
  SelectItem,
  SetOperation,
  Statement,
  With,
} from './ast.js';
import {
  deeper,
  ExpressionFormatter,
  formatDataType,
  formatIdentifier,
  formatQualifiedName,
  formatStringLiteral,
  INDENT_STEP,
  type Indent,
  LINE_WIDTH,
  newline,
  PREC_OR,
  PREC_PRIMARY,
} from './formatter-expression.js';

export { formatDataType, formatIdentifier, formatQualifiedName, formatStringLiteral } from './formatter-expression.js';

/** A statement as SQL text, without a trailing semicolon. */
export function formatSql(statement: Statement): string {
  return new SqlFormatter().statement(statement);
}

export interface ExpressionFormatOptions {
  /** Print everything on one line, nested queries included (for plans and messages). */
  readonly singleLine?: boolean;
}

/** An expression as SQL text; nested queries are laid out over several lines unless `singleLine`. */
export function formatExpression(expression: Expression, options: ExpressionFormatOptions = {}): string {
  return new SqlFormatter().expression(expression, options.singleLine ? null : '');
}

/** Set operators bind differently: INTERSECT before UNION and EXCEPT. */
function setOperationPrecedence(body: QueryBody): number {
  if (body.kind !== 'SetOperation') return 3;
  return body.operator === 'INTERSECT' ? 2 : 1;
}

class SqlFormatter extends ExpressionFormatter {
  statement(s: Statement): string {
    switch (s.kind) {
      case 'Query':
        return this.query(s, '');
      case 'Explain': {
        const options: string[] = [];
        if (s.type !== undefined) options.push(`TYPE ${s.type}`);
        if (s.format !== undefined) options.push(`FORMAT ${s.format}`);
        let head = 'EXPLAIN';
        if (s.analyze) head += ' ANALYZE';
        if (s.verbose) head += ' VERBOSE';
        if (options.length > 0) head += ` (${options.join(', ')})`;
        return `${head}\n${this.statement(s.statement)}`;
      }
      case 'ShowCatalogs':
        return `SHOW CATALOGS${likeClause(s)}`;
      case 'ShowSchemas':
        return `SHOW SCHEMAS${s.catalog ? ` FROM ${formatIdentifier(s.catalog)}` : ''}${likeClause(s)}`;
      case 'ShowTables':
        return `SHOW TABLES${s.schema ? ` FROM ${formatQualifiedName(s.schema)}` : ''}${likeClause(s)}`;
      case 'ShowColumns':
        return `SHOW COLUMNS FROM ${formatQualifiedName(s.table)}${likeClause(s)}`;
      case 'ShowFunctions':
        return `SHOW FUNCTIONS${likeClause(s)}`;
      case 'ShowSession':
        return `SHOW SESSION${likeClause(s)}`;
      case 'ShowCreate':
        return `SHOW CREATE ${s.type} ${formatQualifiedName(s.name)}`;
      case 'ShowStats':
        return `SHOW STATS FOR ${s.relation.kind === 'Table' ? formatQualifiedName(s.relation.name) : this.subquery(s.relation.query, '')}`;
      case 'DescribeInput':
        return `DESCRIBE INPUT ${formatIdentifier(s.name)}`;
      case 'DescribeOutput':
        return `DESCRIBE OUTPUT ${formatIdentifier(s.name)}`;
      case 'Use':
        return `USE ${s.catalog ? `${formatIdentifier(s.catalog)}.` : ''}${formatIdentifier(s.schema)}`;
      case 'SetSession':
        return `SET SESSION ${formatQualifiedName(s.name)} = ${this.operand(s.value, '', PREC_OR)}`;
      case 'SetTimeZone':
        return `SET TIME ZONE ${s.value === undefined ? 'LOCAL' : this.operand(s.value, '', PREC_OR)}`;
      case 'ResetSession':
        return `RESET SESSION ${formatQualifiedName(s.name)}`;
      case 'CreateCatalog': {
        let out = `CREATE CATALOG ${s.notExists ? 'IF NOT EXISTS ' : ''}${formatIdentifier(s.name)} USING ${formatIdentifier(s.connectorName)}`;
        if (s.comment !== undefined) out += `\nCOMMENT ${formatStringLiteral(s.comment)}`;
        if (s.authorization !== undefined) out += `\nAUTHORIZATION ${formatIdentifier(s.authorization)}`;
        return out + this.properties(s.properties, '\n');
      }
      case 'DropCatalog':
        return `DROP CATALOG ${s.exists ? 'IF EXISTS ' : ''}${formatIdentifier(s.name)}${s.cascade ? ' CASCADE' : ''}`;
      case 'CreateSchema':
        return `CREATE SCHEMA ${s.notExists ? 'IF NOT EXISTS ' : ''}${formatQualifiedName(s.name)}${this.properties(s.properties, ' ')}`;
      case 'DropSchema':
        return `DROP SCHEMA ${s.exists ? 'IF EXISTS ' : ''}${formatQualifiedName(s.name)}${s.cascade ? ' CASCADE' : ''}`;
      case 'CreateTable': {
        const columns = s.columns
          .map(
            (c) =>
              INDENT_STEP +
              (c.kind === 'LikeClause'
                ? `LIKE ${formatQualifiedName(c.table)}${c.includingProperties ? ' INCLUDING PROPERTIES' : ''}`
                : this.columnDefinition(c)),
          )
          .join(',\n');
        // No column list: the connector infers the columns (from files at external_location).
        const list = s.columns.length === 0 ? '' : ` (\n${columns}\n)`;
        let out = `CREATE ${s.replace ? 'OR REPLACE ' : ''}TABLE ${s.notExists ? 'IF NOT EXISTS ' : ''}${formatQualifiedName(s.name)}${list}`;
        if (s.comment !== undefined) out += `\nCOMMENT ${formatStringLiteral(s.comment)}`;
        return out + this.properties(s.properties, '\n');
      }
      case 'CreateTableAsSelect': {
        let out = `CREATE ${s.replace ? 'OR REPLACE ' : ''}TABLE ${s.notExists ? 'IF NOT EXISTS ' : ''}${formatQualifiedName(s.name)}`;
        if (s.columnNames) out += ` (${s.columnNames.map(formatIdentifier).join(', ')})`;
        if (s.comment !== undefined) out += `\nCOMMENT ${formatStringLiteral(s.comment)}`;
        out += `${this.properties(s.properties, '\n')} AS\n${this.query(s.query, '')}`;
        return s.withData ? out : `${out}\nWITH NO DATA`;
      }
      case 'Insert': {
        const columns = s.columns ? ` (${s.columns.map(formatIdentifier).join(', ')})` : '';
        return `INSERT INTO ${formatQualifiedName(s.target)}${columns}\n${this.query(s.query, '')}`;
      }
      case 'Delete': {
        const where = s.where ? `\nWHERE\n${INDENT_STEP}${this.expression(s.where, INDENT_STEP)}` : '';
        return `DELETE FROM ${formatQualifiedName(s.table)}${where}`;
      }
      case 'Update': {
        const assignments = s.assignments.map(
          (a) => `${INDENT_STEP}${formatIdentifier(a.name)} = ${this.operand(a.value, INDENT_STEP, PREC_OR)}`,
        );
        const where = s.where ? `\nWHERE\n${INDENT_STEP}${this.expression(s.where, INDENT_STEP)}` : '';
        return `UPDATE ${formatQualifiedName(s.table)} SET\n${assignments.join(',\n')}${where}`;
      }
      case 'Comment':
        return `COMMENT ON ${s.target} ${formatQualifiedName(s.name)} IS ${s.comment === null ? 'NULL' : formatStringLiteral(s.comment)}`;
      case 'Merge': {
        const alias = s.targetAlias !== undefined ? ` ${formatIdentifier(s.targetAlias)}` : '';
        const cases = s.cases.map((c) => this.mergeCase(c));
        return `MERGE INTO ${formatQualifiedName(s.target)}${alias} USING ${this.relation(s.source, INDENT_STEP)}\nON ${this.expression(s.condition, '')}\n${cases.join('\n')}`;
      }
      case 'TruncateTable':
        return `TRUNCATE TABLE ${formatQualifiedName(s.table)}`;
      case 'DropTable':
        return `DROP TABLE ${s.exists ? 'IF EXISTS ' : ''}${formatQualifiedName(s.name)}`;
      case 'RenameTable':
        return `${alterTable(s.exists, s.source)} RENAME TO ${formatQualifiedName(s.target)}`;
      case 'AddColumn':
        return `${alterTable(s.tableExists, s.table)} ADD COLUMN ${s.columnNotExists ? 'IF NOT EXISTS ' : ''}${this.columnDefinition(s.column)}`;
      case 'DropColumn':
        return `${alterTable(s.tableExists, s.table)} DROP COLUMN ${s.columnExists ? 'IF EXISTS ' : ''}${formatIdentifier(s.column)}`;
      case 'SetColumnType':
        return `${alterTable(s.tableExists, s.table)} ALTER COLUMN ${formatIdentifier(s.column)} SET DATA TYPE ${formatDataType(s.type)}`;
      case 'RenameView':
        return `ALTER VIEW ${formatQualifiedName(s.source)} RENAME TO ${formatQualifiedName(s.target)}`;
      case 'RenameColumn': {
        const column = `${s.columnExists ? 'IF EXISTS ' : ''}${formatIdentifier(s.source)}`;
        return `${alterTable(s.tableExists, s.table)} RENAME COLUMN ${column} TO ${formatIdentifier(s.target)}`;
      }
      case 'CreateView': {
        const comment = s.comment !== undefined ? ` COMMENT ${formatStringLiteral(s.comment)}` : '';
        const head = `CREATE ${s.replace ? 'OR REPLACE ' : ''}VIEW ${formatQualifiedName(s.name)}${comment}`;
        return `${head} AS\n${this.query(s.query, '')}`;
      }
      case 'DropView':
        return `DROP VIEW ${s.exists ? 'IF EXISTS ' : ''}${formatQualifiedName(s.name)}`;
      case 'Prepare':
        return `PREPARE ${formatIdentifier(s.name)} FROM\n${this.statement(s.statement)}`;
      case 'Execute': {
        const using = s.parameters.length > 0 ? ` USING ${this.list(s.parameters, '')}` : '';
        return `EXECUTE ${formatIdentifier(s.name)}${using}`;
      }
      case 'ExecuteImmediate': {
        const using = s.parameters.length > 0 ? ` USING ${this.list(s.parameters, '')}` : '';
        return `EXECUTE IMMEDIATE ${formatStringLiteral(s.statement.value)}${using}`;
      }
      case 'Deallocate':
        return `DEALLOCATE PREPARE ${formatIdentifier(s.name)}`;
      case 'StartTransaction':
        return s.modes.length > 0 ? `START TRANSACTION ${s.modes.join(', ')}` : 'START TRANSACTION';
      case 'Commit':
        return 'COMMIT';
      case 'Rollback':
        return 'ROLLBACK';
      case 'Analyze':
        return `ANALYZE ${formatQualifiedName(s.table)}${this.properties(s.properties, '\n')}`;
      case 'Call': {
        const args = s.arguments.map((a) => {
          const value = this.operand(a.value, '', PREC_OR);
          return a.name ? `${formatIdentifier(a.name)} => ${value}` : value;
        });
        return `CALL ${formatQualifiedName(s.name)}(${args.join(', ')})`;
      }
      default:
        return assertNever(s);
    }
  }

  private columnDefinition(c: ColumnDefinition): string {
    let out = `${formatIdentifier(c.name)} ${formatDataType(c.type)}`;
    if (!c.nullable) out += ' NOT NULL';
    if (c.comment !== undefined) out += ` COMMENT ${formatStringLiteral(c.comment)}`;
    return out + this.properties(c.properties, ' ');
  }

  /** ` WITH (a = 1, b = 'x')` after `separator`, or nothing when there are no properties. */
  private properties(properties: readonly Property[], separator: string): string {
    if (properties.length === 0) return '';
    const list = properties.map((p) => `${formatIdentifier(p.name)} = ${this.operand(p.value, '', PREC_OR)}`);
    return `${separator}WITH (${list.join(', ')})`;
  }

  protected override query(q: Query, indent: Indent): string {
    const lines: string[] = [];
    if (q.with !== undefined) lines.push(this.withClause(q.with, indent));
    lines.push(this.queryBody(q.body, indent));
    const inner = deeper(indent);
    if (q.orderBy !== undefined && q.orderBy.length > 0) {
      lines.push(`ORDER BY${newline(inner)}${this.sortItems(q.orderBy, inner, `,${newline(inner)}`)}`);
    }
    if (q.offset !== undefined) lines.push(`OFFSET ${this.operand(q.offset.count, indent, PREC_PRIMARY)}`);
    if (q.limit !== undefined) {
      if (q.limit.kind === 'Limit') {
        lines.push(`LIMIT ${q.limit.count === undefined ? 'ALL' : this.operand(q.limit.count, indent, PREC_PRIMARY)}`);
      } else {
        const count = q.limit.count === undefined ? '' : `${this.operand(q.limit.count, indent, PREC_PRIMARY)} `;
        lines.push(`FETCH FIRST ${count}ROWS ${q.limit.withTies ? 'WITH TIES' : 'ONLY'}`);
      }
    }
    return lines.join(newline(indent));
  }

  private withClause(w: With, indent: Indent): string {
    const inner = deeper(indent);
    const queries = w.queries.map((wq) => {
      const columns = wq.columnNames ? ` (${wq.columnNames.map(formatIdentifier).join(', ')})` : '';
      return `${formatIdentifier(wq.name)}${columns} AS ${this.subquery(wq.query, inner)}`;
    });
    return `WITH${w.recursive ? ' RECURSIVE' : ''}${newline(inner)}${queries.join(`,${newline(inner)}`)}`;
  }

  private queryBody(body: QueryBody, indent: Indent): string {
    switch (body.kind) {
      case 'QuerySpecification':
        return this.querySpecification(body, indent);
      case 'SetOperation':
        return this.setOperation(body, indent);
      case 'Values': {
        const inner = deeper(indent);
        // A row of several values prints as `(a, b)`; a one-value row stays `ROW (a)` or the bare value.
        const rows = body.rows.map((row) =>
          row.kind === 'Row' && row.items.length > 1
            ? `(${this.list(row.items, inner)})`
            : this.operand(row, inner, PREC_OR),
        );
        return `VALUES${newline(inner)}${rows.join(`,${newline(inner)}`)}`;
      }
      case 'TableSubquery':
        return this.subquery(body.query, indent);
      case 'TableQuery':
        return `TABLE ${formatQualifiedName(body.name)}`;
      default:
        return assertNever(body);
    }
  }

  private setOperation(op: SetOperation, indent: Indent): string {
    const prec = setOperationPrecedence(op);
    const side = (body: QueryBody, min: number) =>
      setOperationPrecedence(body) >= min
        ? this.queryBody(body, indent)
        : this.subquery({ kind: 'Query', body, pos: body.pos }, indent);
    const operator = `${op.operator}${op.distinct ? '' : ' ALL'}`;
    return `${side(op.left, prec)}${newline(indent)}${operator}${newline(indent)}${side(op.right, prec + 1)}`;
  }

  private querySpecification(spec: QuerySpecification, indent: Indent): string {
    const inner = deeper(indent);
    const itemSeparator = `,${newline(inner)}`;
    const clauses: string[] = [];
    const select = spec.select.map((item) => this.selectItem(item, inner)).join(itemSeparator);
    clauses.push(`SELECT${spec.distinct ? ' DISTINCT' : ''}${newline(inner)}${select}`);
    if (spec.from !== undefined) clauses.push(`FROM${newline(inner)}${this.relation(spec.from, inner)}`);
    if (spec.where !== undefined) clauses.push(`WHERE${newline(inner)}${this.expression(spec.where, inner)}`);
    if (spec.groupBy !== undefined) {
      const elements = spec.groupBy.elements.map((e) => this.groupingElement(e, inner)).join(itemSeparator);
      clauses.push(`GROUP BY${spec.groupBy.distinct ? ' DISTINCT' : ''}${newline(inner)}${elements}`);
    }
    if (spec.having !== undefined) clauses.push(`HAVING${newline(inner)}${this.expression(spec.having, inner)}`);
    if (spec.windows.length > 0) {
      const windows = spec.windows.map(
        (w) => `${formatIdentifier(w.name)} AS ${this.windowSpecification(w.specification, inner)}`,
      );
      clauses.push(`WINDOW${newline(inner)}${windows.join(itemSeparator)}`);
    }
    return clauses.join(newline(indent));
  }

  private selectItem(item: SelectItem, indent: Indent): string {
    if (item.kind === 'SingleColumn') {
      const value = this.operand(item.expression, indent, PREC_OR);
      return item.alias ? `${value} AS ${formatIdentifier(item.alias)}` : value;
    }
    const all = item.prefix ? `${this.operand(item.prefix, indent, PREC_PRIMARY)}.*` : '*';
    return item.aliases ? `${all} AS (${item.aliases.map(formatIdentifier).join(', ')})` : all;
  }

  private groupingElement(element: GroupingElement, indent: Indent): string {
    switch (element.kind) {
      case 'SimpleGroupBy':
        // One expression is a plain grouping key; `(a, b)` and `()` are one grouping set.
        return element.expressions.length === 1
          ? this.operand(element.expressions[0], indent, PREC_OR)
          : `(${this.list(element.expressions, indent)})`;
      case 'GroupingSets':
        return `GROUPING SETS (${element.sets.map((set) => `(${this.list(set, indent)})`).join(', ')})`;
      case 'Rollup':
        return `ROLLUP (${this.list(element.expressions, indent)})`;
      case 'Cube':
        return `CUBE (${this.list(element.expressions, indent)})`;
      default:
        return assertNever(element);
    }
  }

  /** A relation in FROM; joins continue on new lines at `indent`. */
  private mergeCase(c: MergeCase): string {
    const condition = c.condition !== undefined ? ` AND ${this.expression(c.condition, INDENT_STEP)}` : '';
    switch (c.kind) {
      case 'MergeUpdate': {
        const assignments = c.assignments.map(
          (a) => `${INDENT_STEP}${formatIdentifier(a.name)} = ${this.operand(a.value, INDENT_STEP, PREC_OR)}`,
        );
        return `WHEN MATCHED${condition} THEN UPDATE SET\n${assignments.join(',\n')}`;
      }
      case 'MergeDelete':
        return `WHEN MATCHED${condition} THEN DELETE`;
      case 'MergeInsert': {
        const columns = c.columns !== undefined ? ` (${c.columns.map(formatIdentifier).join(', ')})` : '';
        return `WHEN NOT MATCHED${condition} THEN INSERT${columns} VALUES (${this.list(c.values, INDENT_STEP)})`;
      }
    }
  }

  private relation(r: Relation, indent: Indent): string {
    switch (r.kind) {
      case 'Table':
        return formatQualifiedName(r.name);
      case 'AliasedRelation': {
        const columns = r.columnNames ? ` (${r.columnNames.map(formatIdentifier).join(', ')})` : '';
        return `${this.relationPrimary(r.relation, indent)} AS ${formatIdentifier(r.alias)}${columns}`;
      }
      case 'SampledRelation': {
        const sampled =
          r.relation.kind === 'AliasedRelation'
            ? this.relation(r.relation, indent)
            : this.relationPrimary(r.relation, indent);
        return `${sampled} TABLESAMPLE ${r.sampleType} (${this.expression(r.percentage, indent)})`;
      }
      case 'TableSubquery':
        return this.subquery(r.query, indent);
      case 'Join':
        return this.join(r, indent);
      case 'Unnest':
        return `UNNEST(${this.list(r.expressions, indent)})${r.withOrdinality ? ' WITH ORDINALITY' : ''}`;
      case 'Lateral':
        return `LATERAL ${this.subquery(r.query, indent)}`;
      case 'Values':
        return this.subquery({ kind: 'Query', body: r, pos: r.pos }, indent);
      default:
        return assertNever(r);
    }
  }

  /** A relation where the grammar allows no join or alias: those get parentheses. */
  private relationPrimary(r: Relation, indent: Indent): string {
    if (r.kind !== 'Join' && r.kind !== 'AliasedRelation' && r.kind !== 'SampledRelation')
      return this.relation(r, indent);
    if (indent === null) return `(${this.relation(r, null)})`;
    const inner = indent + INDENT_STEP;
    return `(\n${inner}${this.relation(r, inner)}\n${indent})`;
  }

  private join(j: Join, indent: Indent): string {
    if (j.type === 'IMPLICIT') {
      // A comma binds loosest in FROM, so only a comma join on the right needs parentheses.
      const right =
        j.right.kind === 'Join' && j.right.type === 'IMPLICIT'
          ? this.relationPrimary(j.right, indent)
          : this.relation(j.right, indent);
      return `${this.relation(j.left, indent)},${newline(indent)}${right}`;
    }
    const left =
      j.left.kind === 'Join' && j.left.type === 'IMPLICIT'
        ? this.relationPrimary(j.left, indent)
        : this.relation(j.left, indent);
    const right = j.right.kind === 'Join' ? this.relationPrimary(j.right, indent) : this.relation(j.right, indent);
    const criteria = j.criteria;
    const natural = criteria?.kind === 'NaturalJoin' ? 'NATURAL ' : '';
    const type = j.type === 'INNER' ? '' : `${j.type} `;
    const head = `${natural}${type}JOIN ${right}`;
    let tail = '';
    if (criteria?.kind === 'JoinUsing') tail = ` USING (${criteria.columns.map(formatIdentifier).join(', ')})`;
    else if (criteria?.kind === 'JoinOn') tail = this.joinCondition(criteria.condition, head, indent);
    return `${left}${newline(indent)}${head}${tail}`;
  }

  /** ` ON cond` on the join's line when it fits, else on the next line indented, one conjunct per line. */
  private joinCondition(condition: Expression, head: string, indent: Indent): string {
    if (indent === null) return ` ON ${this.operand(condition, null, PREC_OR)}`;
    const lastLine = head.slice(head.lastIndexOf('\n') + 1);
    const width = (head.includes('\n') ? 0 : indent.length) + lastLine.length + ' ON '.length;
    const flat = this.fitOnLine(condition, '', width);
    if (flat !== undefined && width + flat.length <= LINE_WIDTH) return ` ON ${flat}`;
    const inner = indent + INDENT_STEP;
    return `\n${inner}ON ${this.expression(condition, inner)}`;
  }
}

function likeClause(s: { readonly like?: string; readonly escape?: string }): string {
  if (s.like === undefined) return '';
  const escapeClause = s.escape !== undefined ? ` ESCAPE ${formatStringLiteral(s.escape)}` : '';
  return ` LIKE ${formatStringLiteral(s.like)}${escapeClause}`;
}

function alterTable(exists: boolean, name: QualifiedName): string {
  return `ALTER TABLE ${exists ? 'IF EXISTS ' : ''}${formatQualifiedName(name)}`;
}
