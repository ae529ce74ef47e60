/**
 * Statements other than queries: EXPLAIN, SHOW ..., DESCRIBE, USE, SET/RESET SESSION, CREATE /
 * DROP SCHEMA, CREATE TABLE [AS], INSERT, DELETE, UPDATE, TRUNCATE, DROP TABLE, ALTER TABLE,
 * CREATE / DROP VIEW, PREPARE, EXECUTE, DEALLOCATE, START TRANSACTION, COMMIT, ROLLBACK, CALL,
 * ANALYZE.
 *
 * Why this file is long: it is one link of the parser's class chain (parser-state → primary →
 * expression → query → statements), one short method per statement kind dispatched from one
 * keyword switch; splitting it would add a link to that chain without separating any concern.
 */
import type {
  CallArgument,
  ColumnDefinition,
  Explain,
  Expression,
  Identifier,
  LikeClause,
  MergeCase,
  Property,
  Query,
  SourcePosition,
  Statement,
  StringLiteral,
  UpdateAssignment,
} from './ast.js';
import { syntaxError } from './parse-error.js';
import { startsQuery } from './parser-primary.js';
import { QueryParser } from './parser-query.js';

const STATEMENT_KEYS = [
  'ALTER',
  'ANALYZE',
  'CALL',
  'COMMENT',
  'COMMIT',
  'CREATE',
  'DEALLOCATE',
  'DELETE',
  'DESC',
  'DESCRIBE',
  'DROP',
  'EXECUTE',
  'EXPLAIN',
  'INSERT',
  'MERGE',
  'PREPARE',
  'RESET',
  'ROLLBACK',
  'SET',
  'SHOW',
  'START',
  'TRUNCATE',
  'UPDATE',
  'USE',
];

export class StatementParser extends QueryParser {
  /** One statement, an optional `;`, and the end of the text. */
  parseSingleStatement(): Statement {
    const statement = this.parseStatement();
    // Accepted but not offered in expected sets, as in Presto's messages.
    if (this.at(';')) this.advance();
    this.expectEnd();
    return statement;
  }

  expectEnd(): void {
    if (this.atEnd()) return;
    this.note('<EOF>');
    throw this.fail();
  }

  parseStatement(): Statement {
    const t = this.token;
    if (startsQuery(t.key) || t.key === '(') return this.parseQuery();
    switch (t.key) {
      case 'EXPLAIN':
        return this.parseExplain();
      case 'SHOW':
        return this.parseShow();
      case 'DESCRIBE':
      case 'DESC':
        return this.parseDescribe();
      case 'USE': {
        this.advance();
        const first = this.parseIdentifier();
        if (!this.accept('.')) return { kind: 'Use', schema: first, pos: t.pos };
        return { kind: 'Use', catalog: first, schema: this.parseIdentifier(), pos: t.pos };
      }
      case 'SET': {
        this.advance();
        if (this.accept('TIME')) {
          this.expect('ZONE');
          if (this.accept('LOCAL')) return { kind: 'SetTimeZone', pos: t.pos };
          return { kind: 'SetTimeZone', value: this.parseExpression(), pos: t.pos };
        }
        this.expect('SESSION');
        const name = this.parseQualifiedName();
        this.expect('=');
        return { kind: 'SetSession', name, value: this.parseExpression(), pos: t.pos };
      }
      case 'RESET':
        this.advance();
        this.expect('SESSION');
        return { kind: 'ResetSession', name: this.parseQualifiedName(), pos: t.pos };
      case 'CREATE':
        return this.parseCreate();
      case 'DROP':
        return this.parseDrop();
      case 'INSERT': {
        this.advance();
        this.expect('INTO');
        const target = this.parseQualifiedName();
        const next = this.peek(1);
        const hasColumns = this.token.key === '(' && this.isIdentifier(next) && [',', ')'].includes(this.peek(2).key);
        const columns = hasColumns ? this.parseIdentifierList() : undefined;
        return { kind: 'Insert', target, ...(columns && { columns }), query: this.parseQuery(), pos: t.pos };
      }
      case 'DELETE': {
        this.advance();
        this.expect('FROM');
        const table = this.parseQualifiedName();
        if (!this.accept('WHERE')) return { kind: 'Delete', table, pos: t.pos };
        return { kind: 'Delete', table, where: this.parseExpression(), pos: t.pos };
      }
      case 'UPDATE':
        return this.parseUpdate();
      case 'MERGE':
        return this.parseMerge();
      case 'COMMENT': {
        this.advance();
        this.expect('ON');
        const target = this.token.key;
        if (target !== 'TABLE' && target !== 'VIEW' && target !== 'COLUMN') {
          this.noteKeys(['COLUMN', 'TABLE', 'VIEW']);
          throw this.fail();
        }
        this.advance();
        const name = this.parseQualifiedName();
        this.expect('IS');
        const comment = this.accept('NULL') ? null : this.parseStringValue();
        return { kind: 'Comment', target, name, comment, pos: t.pos };
      }
      case 'TRUNCATE':
        this.advance();
        this.expect('TABLE');
        return { kind: 'TruncateTable', table: this.parseQualifiedName(), pos: t.pos };
      case 'ALTER':
        return this.parseAlterTable();
      case 'PREPARE': {
        this.advance();
        const name = this.parseIdentifier();
        this.expect('FROM');
        this.enter();
        const statement = this.parseStatement();
        this.leave();
        return { kind: 'Prepare', name, statement, pos: t.pos };
      }
      case 'EXECUTE': {
        this.advance();
        // IMMEDIATE is not reserved: `EXECUTE immediate` runs a statement prepared under that name.
        if (this.token.key === 'IMMEDIATE' && this.isString(this.peek(1))) {
          this.advance();
          const literalPos = this.token.pos;
          const statement: StringLiteral = { kind: 'StringLiteral', value: this.parseStringValue(), pos: literalPos };
          const parameters = this.accept('USING') ? this.parseExpressionList() : [];
          return { kind: 'ExecuteImmediate', statement, parameters, pos: t.pos };
        }
        const name = this.parseIdentifier();
        const parameters = this.accept('USING') ? this.parseExpressionList() : [];
        return { kind: 'Execute', name, parameters, pos: t.pos };
      }
      case 'DEALLOCATE':
        this.advance();
        this.expect('PREPARE');
        return { kind: 'Deallocate', name: this.parseIdentifier(), pos: t.pos };
      case 'START':
        return this.parseStartTransaction();
      case 'COMMIT':
        this.advance();
        this.accept('WORK');
        return { kind: 'Commit', pos: t.pos };
      case 'ROLLBACK':
        this.advance();
        this.accept('WORK');
        return { kind: 'Rollback', pos: t.pos };
      case 'CALL':
        return this.parseCall();
      case 'ANALYZE': {
        this.advance();
        const table = this.parseQualifiedName();
        return { kind: 'Analyze', table, properties: this.parseProperties(), pos: t.pos };
      }
    }
    this.noteKeys(STATEMENT_KEYS);
    this.note('<query>');
    throw this.fail();
  }

  /** `EXPLAIN [ANALYZE] [VERBOSE] [(TYPE ..., FORMAT ...)] statement`. */
  private parseExplain(): Explain {
    const start = this.advance();
    const analyze = this.accept('ANALYZE');
    const verbose = this.accept('VERBOSE');
    let type: Explain['type'];
    let format: Explain['format'];
    const option = this.peek(1).key;
    if (this.token.key === '(' && (option === 'TYPE' || option === 'FORMAT')) {
      this.advance();
      do {
        const t = this.token;
        if (t.key === 'TYPE') {
          if (type) throw syntaxError('Duplicate EXPLAIN option: TYPE', t);
          this.advance();
          type = this.expectOneOf(['DISTRIBUTED', 'IO', 'LOGICAL', 'VALIDATE']) as Explain['type'];
        } else if (t.key === 'FORMAT') {
          if (format) throw syntaxError('Duplicate EXPLAIN option: FORMAT', t);
          this.advance();
          format = this.expectOneOf(['GRAPHVIZ', 'JSON', 'TEXT']) as Explain['format'];
        } else {
          this.noteKeys(['FORMAT', 'TYPE']);
          throw this.fail();
        }
      } while (this.accept(','));
      this.expect(')');
    } else {
      this.note("'('");
    }
    this.enter();
    const statement = this.parseStatement();
    this.leave();
    return {
      kind: 'Explain',
      analyze,
      verbose,
      ...(type && { type }),
      ...(format && { format }),
      statement,
      pos: start.pos,
    };
  }

  /** Consumes one of `keys` (non-reserved words) and returns it. */
  private expectOneOf(keys: readonly string[]): string {
    const key = this.token.key;
    if (keys.includes(key)) {
      this.advance();
      return key;
    }
    this.noteKeys(keys);
    throw this.fail();
  }

  /** `[LIKE 'pattern' [ESCAPE 'e']]`. */
  private parseLikeClause(): { like?: string; escape?: string } {
    if (!this.accept('LIKE')) return {};
    const like = this.parseStringValue();
    if (!this.accept('ESCAPE')) return { like };
    return { like, escape: this.parseStringValue() };
  }

  private parseShow(): Statement {
    const start = this.advance();
    const pos = start.pos;
    const t = this.token;
    switch (t.key) {
      case 'CATALOGS':
        this.advance();
        return { kind: 'ShowCatalogs', ...this.parseLikeClause(), pos };
      case 'SCHEMAS': {
        this.advance();
        const catalog = this.accept('FROM') || this.accept('IN') ? this.parseIdentifier() : undefined;
        return { kind: 'ShowSchemas', ...(catalog && { catalog }), ...this.parseLikeClause(), pos };
      }
      case 'TABLES': {
        this.advance();
        const schema = this.accept('FROM') || this.accept('IN') ? this.parseQualifiedName() : undefined;
        return { kind: 'ShowTables', ...(schema && { schema }), ...this.parseLikeClause(), pos };
      }
      case 'COLUMNS': {
        this.advance();
        if (!this.accept('FROM')) this.expect('IN');
        const table = this.parseQualifiedName();
        return { kind: 'ShowColumns', table, ...this.parseLikeClause(), pos };
      }
      case 'FUNCTIONS':
        this.advance();
        return { kind: 'ShowFunctions', ...this.parseLikeClause(), pos };
      case 'SESSION':
        this.advance();
        return { kind: 'ShowSession', ...this.parseLikeClause(), pos };
      case 'CREATE': {
        this.advance();
        const type = this.expectOneOf(['SCHEMA', 'TABLE', 'VIEW']) as 'SCHEMA' | 'TABLE' | 'VIEW';
        return { kind: 'ShowCreate', type, name: this.parseQualifiedName(), pos };
      }
      case 'STATS': {
        this.advance();
        this.expect('FOR');
        const open = this.token;
        if (this.accept('(')) {
          const relation = { kind: 'TableSubquery', query: this.parseSubqueryBody(), pos: open.pos } as const;
          return { kind: 'ShowStats', relation, pos };
        }
        const name = this.parseQualifiedName();
        return { kind: 'ShowStats', relation: { kind: 'Table', name, pos: name.pos }, pos };
      }
    }
    this.noteKeys(['CATALOGS', 'COLUMNS', 'CREATE', 'FUNCTIONS', 'SCHEMAS', 'SESSION', 'STATS', 'TABLES']);
    throw this.fail();
  }

  private parseDescribe(): Statement {
    const start = this.advance();
    const key = this.token.key;
    if (start.key === 'DESCRIBE' && (key === 'INPUT' || key === 'OUTPUT') && this.isIdentifier(this.peek(1))) {
      this.advance();
      const name = this.parseIdentifier();
      return { kind: key === 'INPUT' ? 'DescribeInput' : 'DescribeOutput', name, pos: start.pos };
    }
    return { kind: 'ShowColumns', table: this.parseQualifiedName(), pos: start.pos };
  }

  /** `IF NOT EXISTS` (IF is non-reserved, so it must be followed by NOT). */
  private parseIfNotExists(): boolean {
    if (this.token.key === 'IF' && this.peek(1).key === 'NOT') {
      this.advance();
      this.advance();
      this.expect('EXISTS');
      return true;
    }
    this.note("'IF'");
    return false;
  }

  private parseIfExists(): boolean {
    if (this.token.key === 'IF' && this.peek(1).key === 'EXISTS') {
      this.advance();
      this.advance();
      return true;
    }
    this.note("'IF'");
    return false;
  }

  /** `WITH (name = value, ...)`, or none. */
  private parseProperties(): Property[] {
    if (this.token.key !== 'WITH') {
      this.note("'WITH'");
      return [];
    }
    this.advance();
    this.expect('(');
    const properties: Property[] = [];
    do {
      const name = this.parseIdentifier();
      this.expect('=');
      properties.push({ kind: 'Property', name, value: this.parseExpression(), pos: name.pos });
    } while (this.accept(','));
    this.expect(')');
    return properties;
  }

  private parseComment(): string | undefined {
    return this.accept('COMMENT') ? this.parseStringValue() : undefined;
  }

  private parseCreate(): Statement {
    const start = this.advance();
    const pos = start.pos;
    const replace = this.accept('OR');
    if (replace) this.expect('REPLACE');
    const t = this.token;
    if (!replace && t.key === 'CATALOG') return this.parseCreateCatalog(pos);
    if (!replace && t.key === 'SCHEMA') {
      this.advance();
      const notExists = this.parseIfNotExists();
      const name = this.parseQualifiedName();
      return { kind: 'CreateSchema', name, notExists, properties: this.parseProperties(), pos };
    }
    if (t.key === 'TABLE') return this.parseCreateTable(pos, replace);
    if (t.key === 'VIEW') {
      this.advance();
      const name = this.parseQualifiedName();
      const comment = this.parseComment();
      this.expect('AS');
      const query = this.parseQuery();
      return { kind: 'CreateView', name, replace, ...(comment !== undefined && { comment }), query, pos };
    }
    this.noteKeys(replace ? ['TABLE', 'VIEW'] : ['CATALOG', 'OR', 'SCHEMA', 'TABLE', 'VIEW']);
    throw this.fail();
  }

  private parseCreateTable(pos: Statement['pos'], replace: boolean): Statement {
    this.advance();
    const notExists = this.parseIfNotExists();
    if (replace && notExists) {
      throw syntaxError("'OR REPLACE' and 'IF NOT EXISTS' clauses can not be used together", { pos });
    }
    const name = this.parseQualifiedName();
    const replacing = replace ? { replace: true } : {};
    const next = this.peek(1);
    const aliasList = this.token.key === '(' && this.isIdentifier(next) && [',', ')'].includes(this.peek(2).key);
    if (this.token.key === '(' && !aliasList) {
      this.advance();
      const columns = [this.parseTableElement()];
      while (this.accept(',')) columns.push(this.parseTableElement());
      this.expect(')');
      const comment = this.parseComment();
      const properties = this.parseProperties();
      return {
        kind: 'CreateTable',
        name,
        notExists,
        ...replacing,
        columns,
        ...(comment !== undefined && { comment }),
        properties,
        pos,
      };
    }
    const columnNames = aliasList ? this.parseIdentifierList() : undefined;
    if (!columnNames) this.note("'('");
    const comment = this.parseComment();
    const properties = this.parseProperties();
    if (!columnNames && properties.length > 0 && this.token.key !== 'AS') {
      // `CREATE TABLE t WITH (external_location = ...)`: the connector infers the columns.
      this.note("'AS'");
      return {
        kind: 'CreateTable',
        name,
        notExists,
        ...replacing,
        columns: [],
        ...(comment !== undefined && { comment }),
        properties,
        pos,
      };
    }
    this.expect('AS');
    const query = this.unwrapParenthesized(this.parseQuery());
    let withData = true;
    if (this.token.key === 'WITH') {
      this.advance();
      withData = !this.accept('NO');
      this.expect('DATA');
    } else {
      this.note("'WITH'");
    }
    return {
      kind: 'CreateTableAsSelect',
      name,
      notExists,
      ...replacing,
      ...(columnNames && { columnNames }),
      query,
      withData,
      ...(comment !== undefined && { comment }),
      properties,
      pos,
    };
  }

  /** `AS (query)` in CREATE TABLE is the query itself, not a query of a parenthesised query. */
  private unwrapParenthesized(query: Query): Query {
    const { body } = query;
    const bare = !query.with && !query.orderBy && !query.offset && !query.limit;
    return bare && body.kind === 'TableSubquery' ? body.query : query;
  }

  /** A column definition, or `LIKE table [INCLUDING | EXCLUDING PROPERTIES]`. */
  private parseTableElement(): ColumnDefinition | LikeClause {
    const t = this.token;
    if (t.key !== 'LIKE') return this.parseColumnDefinition();
    this.advance();
    const table = this.parseQualifiedName();
    let includingProperties = false;
    if (this.token.key === 'INCLUDING' || this.token.key === 'EXCLUDING') {
      includingProperties = this.advance().key === 'INCLUDING';
      this.expect('PROPERTIES');
    } else {
      this.noteKeys(['EXCLUDING', 'INCLUDING']);
    }
    return { kind: 'LikeClause', table, includingProperties, pos: t.pos };
  }

  private parseColumnDefinition(): ColumnDefinition {
    const name = this.parseIdentifier();
    const type = this.parseType();
    let nullable = true;
    if (this.token.key === 'NOT') {
      this.advance();
      this.expect('NULL');
      nullable = false;
    } else {
      this.note("'NOT'");
    }
    const comment = this.parseComment();
    const properties = this.parseProperties();
    return {
      kind: 'ColumnDefinition',
      name,
      type,
      nullable,
      ...(comment !== undefined && { comment }),
      properties,
      pos: name.pos,
    };
  }

  private parseCreateCatalog(pos: SourcePosition): Statement {
    this.advance();
    const notExists = this.parseIfNotExists();
    const name = this.parseIdentifier();
    this.expect('USING');
    const connectorName = this.parseIdentifier();
    const comment = this.parseComment();
    let authorization: Identifier | undefined;
    if (this.token.key === 'AUTHORIZATION') {
      this.advance();
      authorization = this.parseIdentifier();
    } else {
      this.note("'AUTHORIZATION'");
    }
    return {
      kind: 'CreateCatalog',
      name,
      notExists,
      connectorName,
      ...(comment !== undefined && { comment }),
      ...(authorization !== undefined && { authorization }),
      properties: this.parseProperties(),
      pos,
    };
  }

  private parseDrop(): Statement {
    const start = this.advance();
    const pos = start.pos;
    if (this.token.key === 'CATALOG') {
      this.advance();
      const exists = this.parseIfExists();
      const name = this.parseIdentifier();
      let cascade = false;
      if (this.accept('CASCADE')) cascade = true;
      else this.accept('RESTRICT');
      return { kind: 'DropCatalog', name, exists, cascade, pos };
    }
    const what = this.expectOneOf(['SCHEMA', 'TABLE', 'VIEW']);
    const exists = this.parseIfExists();
    const name = this.parseQualifiedName();
    if (what === 'TABLE') return { kind: 'DropTable', name, exists, pos };
    if (what === 'VIEW') return { kind: 'DropView', name, exists, pos };
    let cascade = false;
    if (this.accept('CASCADE')) cascade = true;
    else this.accept('RESTRICT');
    return { kind: 'DropSchema', name, exists, cascade, pos };
  }

  private parseUpdate(): Statement {
    const start = this.advance();
    const table = this.parseQualifiedName();
    this.expect('SET');
    const assignments = this.parseAssignments();
    if (!this.accept('WHERE')) return { kind: 'Update', table, assignments, pos: start.pos };
    return { kind: 'Update', table, assignments, where: this.parseExpression(), pos: start.pos };
  }

  /** `column = value, ...` of UPDATE SET and MERGE's UPDATE SET. */
  private parseAssignments(): UpdateAssignment[] {
    const assignments: UpdateAssignment[] = [];
    do {
      const name = this.parseIdentifier();
      this.expect('=');
      assignments.push({ kind: 'UpdateAssignment', name, value: this.parseExpression(), pos: name.pos });
    } while (this.accept(','));
    return assignments;
  }

  /** MERGE (Trino's grammar; MERGE and MATCHED are not reserved words). */
  private parseMerge(): Statement {
    const start = this.advance();
    this.expect('INTO');
    const target = this.parseQualifiedName();
    const targetAlias = this.parseOptionalAlias();
    this.expect('USING');
    const source = this.parseRelation();
    this.expect('ON');
    const condition = this.parseExpression();
    const cases: MergeCase[] = [];
    do cases.push(this.parseMergeCase());
    while (this.token.key === 'WHEN');
    return {
      kind: 'Merge',
      target,
      ...(targetAlias !== undefined && { targetAlias }),
      source,
      condition,
      cases,
      pos: start.pos,
    };
  }

  private parseMergeCase(): MergeCase {
    const when = this.token;
    this.expect('WHEN');
    const matched = !this.accept('NOT');
    this.expect('MATCHED');
    const condition = this.accept('AND') ? this.parseExpression() : undefined;
    this.expect('THEN');
    const pos = when.pos;
    const withCondition = condition === undefined ? {} : { condition };
    if (matched) {
      if (this.accept('DELETE')) return { kind: 'MergeDelete', ...withCondition, pos };
      this.expect('UPDATE');
      this.expect('SET');
      return { kind: 'MergeUpdate', ...withCondition, assignments: this.parseAssignments(), pos };
    }
    this.expect('INSERT');
    const columns = this.token.key === '(' ? this.parseIdentifierList() : undefined;
    this.expect('VALUES');
    this.expect('(');
    const values = this.parseExpressionList();
    this.expect(')');
    return { kind: 'MergeInsert', ...withCondition, ...(columns !== undefined && { columns }), values, pos };
  }

  private parseAlterTable(): Statement {
    const start = this.advance();
    const pos = start.pos;
    if (this.accept('VIEW')) {
      const source = this.parseQualifiedName();
      this.expect('RENAME');
      this.expect('TO');
      return { kind: 'RenameView', source, target: this.parseQualifiedName(), pos };
    }
    this.expect('TABLE');
    const tableExists = this.parseIfExists();
    const table = this.parseQualifiedName();
    const action = this.expectOneOf(['ADD', 'ALTER', 'DROP', 'RENAME']);
    if (action === 'ALTER') {
      this.expect('COLUMN');
      const column = this.parseIdentifier();
      this.expect('SET');
      this.expect('DATA');
      this.expect('TYPE');
      return { kind: 'SetColumnType', table, tableExists, column, type: this.parseType(), pos };
    }
    if (action === 'RENAME' && this.token.key !== 'COLUMN') {
      this.note("'COLUMN'");
      this.expect('TO');
      return { kind: 'RenameTable', exists: tableExists, source: table, target: this.parseQualifiedName(), pos };
    }
    this.expect('COLUMN');
    if (action === 'ADD') {
      const columnNotExists = this.parseIfNotExists();
      const column = this.parseColumnDefinition();
      return { kind: 'AddColumn', table, tableExists, columnNotExists, column, pos };
    }
    const columnExists = this.parseIfExists();
    const column = this.parseIdentifier();
    if (action === 'DROP') return { kind: 'DropColumn', table, tableExists, columnExists, column, pos };
    this.expect('TO');
    const target = this.parseIdentifier();
    return { kind: 'RenameColumn', table, tableExists, columnExists, source: column, target, pos };
  }

  /** `START TRANSACTION [ISOLATION LEVEL ... | READ ONLY | READ WRITE, ...]`. */
  private parseStartTransaction(): Statement {
    const start = this.advance();
    this.expect('TRANSACTION');
    const modes: string[] = [];
    if (this.token.key === 'ISOLATION' || this.token.key === 'READ') {
      do modes.push(this.parseTransactionMode());
      while (this.accept(','));
    } else {
      this.noteKeys(['ISOLATION', 'READ']);
    }
    return { kind: 'StartTransaction', modes, pos: start.pos };
  }

  private parseTransactionMode(): string {
    if (this.accept('READ')) return `READ ${this.expectOneOf(['ONLY', 'WRITE'])}`;
    this.expect('ISOLATION');
    this.expect('LEVEL');
    const level = this.expectOneOf(['READ', 'REPEATABLE', 'SERIALIZABLE']);
    if (level === 'READ') return `ISOLATION LEVEL READ ${this.expectOneOf(['COMMITTED', 'UNCOMMITTED'])}`;
    if (level === 'REPEATABLE') {
      this.expect('READ');
      return 'ISOLATION LEVEL REPEATABLE READ';
    }
    return 'ISOLATION LEVEL SERIALIZABLE';
  }

  /** `CALL name(value, name => value, ...)`. */
  private parseCall(): Statement {
    const start = this.advance();
    const name = this.parseQualifiedName();
    this.expect('(');
    const args: CallArgument[] = [];
    if (this.token.key !== ')') {
      this.note("')'");
      do args.push(this.parseCallArgument());
      while (this.accept(','));
    }
    this.expect(')');
    return { kind: 'Call', name, arguments: args, pos: start.pos };
  }

  private parseCallArgument(): CallArgument {
    const t = this.token;
    if (this.isIdentifier(t) && this.peek(1).key === '=>') {
      const name = this.parseIdentifier();
      this.advance();
      const value: Expression = this.parseExpression();
      return { kind: 'CallArgument', name, value, pos: t.pos };
    }
    return { kind: 'CallArgument', value: this.parseExpression(), pos: t.pos };
  }
}
