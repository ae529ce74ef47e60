/**
 * Queries: WITH, set operations (INTERSECT binds tighter than UNION and EXCEPT; all are
 * left-associative), SELECT with its clauses, VALUES, TABLE, parenthesised queries (a
 * TableSubquery body), ORDER BY / OFFSET / LIMIT / FETCH FIRST on the Query, and the relations
 * of FROM: tables, aliases with column lists, joins, subqueries, UNNEST, LATERAL.
 *
 * Presto's LIMIT, OFFSET, FETCH and WINDOW are non-reserved, so `FROM t limit` aliases `t` as
 * `limit`; they start their clause only when what follows fits the clause (`LIMIT 10`,
 * `OFFSET ?`, `FETCH FIRST`, `WINDOW w AS`), which is how Presto's parser resolves it too.
 */
import type {
  Expression,
  FetchFirst,
  GroupBy,
  GroupingElement,
  Identifier,
  Join,
  Limit,
  Offset,
  Query,
  QueryBody,
  QuerySpecification,
  Relation,
  SelectItem,
  SortItem,
  WindowDefinition,
  With,
  WithQuery,
} from './ast.js';
import { ExpressionParser } from './parser-expression.js';
import { continuesQuery, startsQuery } from './parser-primary.js';
import type { Mutable } from './parser-state.js';

const JOIN_KEYS = ['CROSS', 'FULL', 'INNER', 'JOIN', 'LEFT', 'NATURAL', 'RIGHT'];

export abstract class QueryParser extends ExpressionParser {
  parseQuery(): Query {
    this.enter();
    const start = this.token;
    let withClause: With | undefined;
    if (start.key === 'WITH') withClause = this.parseWith();
    const body = this.parseSetOperations(undefined);
    const query = this.parseQueryTail(body, withClause, start.pos);
    this.leave();
    return query;
  }

  protected parseQueryRest(first: QueryBody): Query {
    return this.parseQueryTail(this.parseSetOperations(first), undefined, first.pos);
  }

  private parseWith(): With {
    const start = this.advance();
    const recursive = this.accept('RECURSIVE');
    const queries: WithQuery[] = [];
    do {
      const name = this.parseIdentifier();
      const columnNames = this.token.key === '(' ? this.parseIdentifierList() : undefined;
      if (!columnNames) this.note("'('");
      this.expect('AS');
      this.expect('(');
      const query = this.parseSubqueryBody();
      queries.push({ kind: 'WithQuery', name, ...(columnNames && { columnNames }), query, pos: name.pos });
    } while (this.accept(','));
    return { kind: 'With', recursive, queries, pos: start.pos };
  }

  /** ORDER BY, OFFSET and LIMIT / FETCH FIRST after the body. */
  private parseQueryTail(body: QueryBody, withClause: With | undefined, pos: Query['pos']): Query {
    let orderBy: SortItem[] | undefined;
    if (this.accept('ORDER')) {
      this.expect('BY');
      orderBy = this.parseSortItems();
    }
    let offset: Offset | undefined;
    if (this.token.key === 'OFFSET') {
      const t = this.advance();
      offset = { kind: 'Offset', count: this.parseRowCount(), pos: t.pos };
      if (!this.accept('ROW')) this.accept('ROWS');
    } else {
      this.note("'OFFSET'");
    }
    let limit: Limit | FetchFirst | undefined;
    if (this.token.key === 'LIMIT') {
      const t = this.advance();
      limit = this.accept('ALL')
        ? { kind: 'Limit', pos: t.pos }
        : { kind: 'Limit', count: this.parseRowCount(), pos: t.pos };
    } else if (this.token.key === 'FETCH') {
      limit = this.parseFetchFirst();
    } else {
      this.noteKeys(['FETCH', 'LIMIT']);
    }
    const query: Mutable<Query> = { kind: 'Query', body, pos };
    if (withClause) query.with = withClause;
    if (orderBy) query.orderBy = orderBy;
    if (offset) query.offset = offset;
    if (limit) query.limit = limit;
    return query;
  }

  private parseFetchFirst(): FetchFirst {
    const t = this.advance();
    if (!this.accept('FIRST')) this.expect('NEXT');
    let count: Expression | undefined;
    if (this.token.key !== 'ROW' && this.token.key !== 'ROWS') count = this.parseRowCount();
    if (!this.accept('ROW')) this.expect('ROWS');
    let withTies = false;
    if (this.token.key === 'WITH') {
      this.advance();
      this.expect('TIES');
      withTies = true;
    } else {
      this.note("'WITH'");
      this.expect('ONLY');
    }
    return { kind: 'FetchFirst', ...(count && { count }), withTies, pos: t.pos };
  }

  /** An integer literal or `?`. */
  private parseRowCount(): Expression {
    const t = this.token;
    if (t.kind === 'integer') {
      this.advance();
      return this.integerLiteral(t.text, t);
    }
    if (t.key === '?') {
      this.advance();
      return { kind: 'Parameter', index: this.nextParameterIndex(), pos: t.pos };
    }
    this.note("'?'");
    this.note('<integer>');
    throw this.fail();
  }

  /** UNION and EXCEPT over INTERSECT terms; `first` is an already parsed first term. */
  private parseSetOperations(first: QueryBody | undefined): QueryBody {
    let left = this.parseIntersections(first);
    for (;;) {
      const key = this.token.key;
      if (key !== 'UNION' && key !== 'EXCEPT') {
        this.noteKeys(['EXCEPT', 'UNION']);
        return left;
      }
      const pos = this.advance().pos;
      const distinct = this.parseSetQuantifier();
      const right = this.parseIntersections(undefined);
      left = { kind: 'SetOperation', operator: key, distinct, left, right, pos };
    }
  }

  private parseIntersections(first: QueryBody | undefined): QueryBody {
    let left = first ?? this.parseQueryPrimary();
    while (this.token.key === 'INTERSECT') {
      const pos = this.advance().pos;
      const distinct = this.parseSetQuantifier();
      const right = this.parseQueryPrimary();
      left = { kind: 'SetOperation', operator: 'INTERSECT', distinct, left, right, pos };
    }
    this.note("'INTERSECT'");
    return left;
  }

  /** `DISTINCT` (the default) or `ALL`. */
  private parseSetQuantifier(): boolean {
    if (this.accept('ALL')) return false;
    this.accept('DISTINCT');
    return true;
  }

  private parseQueryPrimary(): QueryBody {
    const t = this.token;
    switch (t.key) {
      case 'SELECT':
        return this.parseQuerySpecification();
      case 'TABLE':
        this.advance();
        return { kind: 'TableQuery', name: this.parseQualifiedName(), pos: t.pos };
      case 'VALUES': {
        this.advance();
        return { kind: 'Values', rows: this.parseExpressionList(), pos: t.pos };
      }
      case '(':
        this.advance();
        return { kind: 'TableSubquery', query: this.parseSubqueryBody(), pos: t.pos };
    }
    this.note('<query>');
    throw this.fail();
  }

  private parseQuerySpecification(): QuerySpecification {
    const start = this.advance();
    let distinct = false;
    if (this.accept('DISTINCT')) distinct = true;
    else this.accept('ALL');
    const select = [this.parseSelectItem()];
    while (this.accept(',')) select.push(this.parseSelectItem());
    let from: Relation | undefined;
    if (this.accept('FROM')) {
      from = this.parseRelation();
      while (this.accept(',')) {
        const right = this.parseRelation();
        from = { kind: 'Join', type: 'IMPLICIT', left: from, right, pos: from.pos } satisfies Join;
      }
    }
    const where = this.accept('WHERE') ? this.parseExpression() : undefined;
    let groupBy: GroupBy | undefined;
    if (this.token.key === 'GROUP') {
      const t = this.advance();
      this.expect('BY');
      groupBy = this.parseGroupBy(t.pos);
    } else {
      this.note("'GROUP'");
    }
    const having = this.accept('HAVING') ? this.parseExpression() : undefined;
    const windows: WindowDefinition[] = [];
    if (this.atClause('WINDOW')) {
      this.advance();
      do windows.push(this.parseWindowDefinition());
      while (this.accept(','));
    } else {
      this.note("'WINDOW'");
    }
    const specification: Mutable<QuerySpecification> = {
      kind: 'QuerySpecification',
      distinct,
      select,
      windows,
      pos: start.pos,
    };
    if (from) specification.from = from;
    if (where) specification.where = where;
    if (groupBy) specification.groupBy = groupBy;
    if (having) specification.having = having;
    return specification;
  }

  private parseWindowDefinition(): WindowDefinition {
    const name = this.parseIdentifier();
    this.expect('AS');
    return { kind: 'WindowDefinition', name, specification: this.parseWindowSpecification(), pos: name.pos };
  }

  /**
   * Whether the current token starts the non-reserved clause `key` (rather than being an alias):
   * `LIMIT` before a count or ALL, `OFFSET` before a count, `FETCH` before FIRST/NEXT, `WINDOW`
   * before `name AS`.
   */
  private atClause(key: string): boolean {
    const t = this.token;
    if (t.key !== key) return false;
    const next = this.peek(1);
    switch (key) {
      case 'LIMIT':
        return next.kind === 'integer' || next.key === '?' || next.key === 'ALL';
      case 'OFFSET':
        return next.kind === 'integer' || next.key === '?';
      case 'FETCH':
        return next.key === 'FIRST' || next.key === 'NEXT';
      case 'WINDOW':
        return this.isIdentifier(next) && this.peek(2).key === 'AS';
      default:
        return true;
    }
  }

  /** An alias without AS: an identifier that does not start a following clause. */
  private atImplicitAlias(): boolean {
    const t = this.token;
    if (!this.isIdentifier(t)) return false;
    switch (t.key) {
      case 'LIMIT':
      case 'OFFSET':
      case 'FETCH':
      case 'WINDOW':
        return !this.atClause(t.key);
      case 'TABLESAMPLE': {
        // `t TABLESAMPLE BERNOULLI (10)` samples t; only otherwise is the word an alias.
        const type = this.peek(1).key;
        return !((type === 'BERNOULLI' || type === 'SYSTEM') && this.peek(2).key === '(');
      }
      default:
        return true;
    }
  }

  /** `[AS] alias`, or undefined when there is none. */
  protected parseOptionalAlias(): Identifier | undefined {
    if (this.accept('AS')) return this.parseIdentifier();
    if (this.atImplicitAlias()) return this.parseIdentifier();
    this.note('<identifier>');
    return undefined;
  }

  private parseSelectItem(): SelectItem {
    const t = this.token;
    if (t.key === '*') {
      this.advance();
      return { kind: 'AllColumns', pos: t.pos };
    }
    this.note("'*'");
    this.starPrefix = undefined;
    const expression = this.parseExpression();
    if (this.token.key === '.' && this.isStarPrefix(expression)) {
      this.advance();
      this.advance();
      if (this.accept('AS')) {
        const aliases = this.parseIdentifierList();
        return { kind: 'AllColumns', prefix: expression, aliases, pos: expression.pos };
      }
      return { kind: 'AllColumns', prefix: expression, pos: expression.pos };
    }
    const alias = this.parseOptionalAlias();
    if (!alias) return { kind: 'SingleColumn', expression, pos: expression.pos };
    return { kind: 'SingleColumn', expression, alias, pos: expression.pos };
  }

  private parseGroupBy(pos: GroupBy['pos']): GroupBy {
    let distinct = false;
    if (this.accept('DISTINCT')) distinct = true;
    else this.accept('ALL');
    const elements = [this.parseGroupingElement()];
    while (this.accept(',')) elements.push(this.parseGroupingElement());
    return { kind: 'GroupBy', distinct, elements, pos };
  }

  /**
   * One element of GROUP BY: ROLLUP(...), CUBE(...), GROUPING SETS(...), or a grouping set,
   * which is an expression, `(a, b)` or `()` (a SimpleGroupBy each, as in Presto).
   */
  private parseGroupingElement(): GroupingElement {
    const t = this.token;
    if (t.key === 'ROLLUP' || t.key === 'CUBE') {
      this.advance();
      this.expect('(');
      const expressions = this.token.key === ')' ? [] : this.parseExpressionList();
      this.expect(')');
      return { kind: t.key === 'ROLLUP' ? 'Rollup' : 'Cube', expressions, pos: t.pos };
    }
    if (t.key === 'GROUPING' && this.peek(1).key === 'SETS') {
      this.advance();
      this.advance();
      this.expect('(');
      const sets = [this.parseGroupingSet()];
      while (this.accept(',')) sets.push(this.parseGroupingSet());
      this.expect(')');
      return { kind: 'GroupingSets', sets, pos: t.pos };
    }
    this.noteKeys(['CUBE', 'GROUPING', 'ROLLUP']);
    return { kind: 'SimpleGroupBy', expressions: this.parseGroupingSet(), pos: t.pos };
  }

  /** `()`, `(a, b)` or a single expression. */
  private parseGroupingSet(): Expression[] {
    if (this.token.key === '(' && this.peek(1).key === ')') {
      this.advance();
      this.advance();
      return [];
    }
    this.note("'('");
    const expression = this.parseExpression();
    if (expression.kind === 'Row' && expression === this.lastBareRow) return [...expression.items];
    return [expression];
  }

  // ---------------------------------------------------------------------------------------------
  // Relations

  /** A relation and the joins that follow it. */
  protected parseRelation(): Relation {
    this.enter();
    let left = this.parseSampledRelation();
    for (;;) {
      const key = this.token.key;
      if (key === 'CROSS') {
        this.advance();
        this.expect('JOIN');
        left = { kind: 'Join', type: 'CROSS', left, right: this.parseSampledRelation(), pos: left.pos };
      } else if (key === 'NATURAL') {
        this.advance();
        const type = this.parseJoinType();
        this.expect('JOIN');
        const right = this.parseSampledRelation();
        left = { kind: 'Join', type, left, right, criteria: { kind: 'NaturalJoin' }, pos: left.pos };
      } else if (key === 'JOIN' || key === 'INNER' || key === 'LEFT' || key === 'RIGHT' || key === 'FULL') {
        const type = this.parseJoinType();
        this.expect('JOIN');
        const right = this.parseRelation();
        if (this.accept('ON')) {
          const criteria = { kind: 'JoinOn', condition: this.parseExpression() } as const;
          left = { kind: 'Join', type, left, right, criteria, pos: left.pos };
        } else {
          this.expect('USING');
          const columns = this.parseIdentifierList();
          left = { kind: 'Join', type, left, right, criteria: { kind: 'JoinUsing', columns }, pos: left.pos };
        }
      } else {
        this.noteKeys(JOIN_KEYS);
        this.leave();
        return left;
      }
    }
  }

  private parseJoinType(): 'INNER' | 'LEFT' | 'RIGHT' | 'FULL' {
    const key = this.token.key;
    if (key === 'INNER') {
      this.advance();
      return 'INNER';
    }
    if (key === 'LEFT' || key === 'RIGHT' || key === 'FULL') {
      this.advance();
      this.accept('OUTER');
      return key;
    }
    return 'INNER';
  }

  /** A relation with its alias and, after it, `TABLESAMPLE BERNOULLI|SYSTEM (percentage)`. */
  private parseSampledRelation(): Relation {
    const relation = this.parseAliasedRelation();
    if (this.token.key !== 'TABLESAMPLE') {
      this.noteKeys(['TABLESAMPLE']);
      return relation;
    }
    this.advance();
    const sampleType: string = this.token.key;
    if (sampleType !== 'BERNOULLI' && sampleType !== 'SYSTEM') {
      this.noteKeys(['BERNOULLI', 'SYSTEM']);
      throw this.fail();
    }
    this.advance();
    this.expect('(');
    const percentage = this.parseExpression();
    this.expect(')');
    return { kind: 'SampledRelation', relation, sampleType, percentage, pos: relation.pos };
  }

  private parseAliasedRelation(): Relation {
    const relation = this.parseRelationPrimary();
    const alias = this.parseOptionalAlias();
    if (!alias) return relation;
    const columnNames = this.token.key === '(' ? this.parseIdentifierList() : undefined;
    if (!columnNames) this.note("'('");
    if (!columnNames) return { kind: 'AliasedRelation', relation, alias, pos: relation.pos };
    return { kind: 'AliasedRelation', relation, alias, columnNames, pos: relation.pos };
  }

  private parseRelationPrimary(): Relation {
    const t = this.token;
    if (this.isIdentifier(t)) {
      if (t.key === 'LATERAL' && this.peek(1).key === '(') {
        this.advance();
        this.advance();
        return { kind: 'Lateral', query: this.parseSubqueryBody(), pos: t.pos };
      }
      return { kind: 'Table', name: this.parseQualifiedName(), pos: t.pos };
    }
    if (t.key === 'UNNEST') {
      this.advance();
      this.expect('(');
      const expressions = this.parseExpressionList();
      this.expect(')');
      let withOrdinality = false;
      if (this.token.key === 'WITH' && this.peek(1).key === 'ORDINALITY') {
        this.advance();
        this.advance();
        withOrdinality = true;
      } else if (this.token.key !== 'WITH') {
        // A WITH not followed by ORDINALITY belongs to what follows (CREATE TABLE ... WITH DATA).
        this.note("'WITH'");
      }
      return { kind: 'Unnest', expressions, withOrdinality, pos: t.pos };
    }
    if (t.key === '(') return this.parseParenthesizedRelation();
    this.noteKeys(['(', 'LATERAL', 'UNNEST']);
    this.note('<identifier>');
    throw this.fail();
  }

  /** `(query)`, `(relation)`, or `((query) UNION ...)` found to be a query after its first term. */
  private parseParenthesizedRelation(): Relation {
    const open = this.advance();
    if (startsQuery(this.token.key)) {
      return { kind: 'TableSubquery', query: this.parseSubqueryBody(), pos: open.pos };
    }
    this.note('<query>');
    const inner = this.parseRelation();
    if (inner.kind === 'TableSubquery' && continuesQuery(this.token.key)) {
      const query = this.parseQueryRest(inner);
      this.expect(')');
      return { kind: 'TableSubquery', query, pos: open.pos };
    }
    this.expect(')');
    return inner;
  }
}
