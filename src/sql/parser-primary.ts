/**
 * Primary expressions: literals (typed ones included), parameters, names and dereference chains,
 * function calls (with DISTINCT, ORDER BY, FILTER, IGNORE/RESPECT NULLS and OVER), lambdas,
 * parenthesised expressions, `(a, b)` rows, scalar subqueries, EXISTS, CURRENT_TIME and friends;
 * the other special forms are in parser-special-forms.ts, operators in parser-expression.ts.
 */
import type {
  Expression,
  FunctionCall,
  Identifier,
  QualifiedName,
  Query,
  QueryBody,
  RowConstructor,
  SortItem,
  TableSubquery,
  WindowReference,
  WindowSpecification,
} from './ast.js';
import { syntaxError } from './parse-error.js';
import { JsonFunctionParser } from './parser-json-functions.js';
import { integerLiteralInRange } from './parser-literals.js';
import { call } from './parser-special-forms.js';
import type { Mutable } from './parser-state.js';
import type { Token } from './token.js';

/** Keys that start a query: a parenthesis holding one of them holds a subquery. */
export function startsQuery(key: string): boolean {
  return key === 'SELECT' || key === 'WITH' || key === 'VALUES' || key === 'TABLE';
}

/** Keys that continue a query after a parenthesised query term: `(SELECT 1) UNION ...`. */
export function continuesQuery(key: string): boolean {
  switch (key) {
    case 'UNION':
    case 'INTERSECT':
    case 'EXCEPT':
    case 'ORDER':
    case 'LIMIT':
    case 'OFFSET':
    case 'FETCH':
      return true;
    default:
      return false;
  }
}

export abstract class PrimaryParser extends JsonFunctionParser {
  /** The most recent `(a, b)` list, which GROUP BY reads as a grouping set rather than a row. */
  protected lastBareRow: RowConstructor | undefined;

  abstract parseQuery(): Query;
  /** Continues a query whose first term, a parenthesised query, has been parsed. */
  protected abstract parseQueryRest(first: QueryBody): Query;

  protected parsePrimary(): Expression {
    const t = this.token;
    switch (t.kind) {
      case 'integer':
        this.advance();
        return this.integerLiteral(t.text, t);
      case 'decimal':
        this.advance();
        return { kind: 'DecimalLiteral', text: t.text, pos: t.pos };
      case 'double':
        this.advance();
        return { kind: 'DoubleLiteral', text: t.text, pos: t.pos };
      case 'string':
      case 'unicode_string':
        return { kind: 'StringLiteral', value: this.parseStringValue(), pos: t.pos };
      case 'binary':
        this.advance();
        return { kind: 'BinaryLiteral', hex: t.value, pos: t.pos };
      case 'quoted_identifier':
        // A quoted name can be a lambda parameter too: `"x y" -> ...`.
        if (this.peek(1).key === '->') return this.parseWordExpression(t);
        return this.parseNameOrCall();
      case 'identifier':
        return this.parseWordExpression(t);
      case 'keyword':
        return this.parseKeywordExpression(t);
      case 'punctuation':
        if (t.key === '(') return this.parseParenthesized();
        if (t.key === '?') {
          this.advance();
          return { kind: 'Parameter', index: this.nextParameterIndex(), pos: t.pos };
        }
        break;
      case 'unrecognized':
      case 'error':
      case 'eof':
        // Not the start of an expression: reported below.
        break;
    }
    this.note('<expression>');
    throw this.fail();
  }

  protected integerLiteral(text: string, at: Token): Expression {
    if (!integerLiteralInRange(text)) throw syntaxError(`Invalid numeric literal: ${text}`, at);
    return { kind: 'IntegerLiteral', text, pos: at.pos };
  }

  /** An expression starting with a non-reserved word: a name, a call, or a form the word introduces. */
  private parseWordExpression(t: Token): Expression {
    const next = this.peek(1);
    switch (t.key) {
      case 'ROW':
        if (next.key === '(') return this.parseRowConstructor();
        break;
      case 'ARRAY':
        if (next.key === '[') return this.parseArrayConstructor();
        break;
      case 'INTERVAL':
        if (this.isString(next)) return this.parseIntervalLiteral();
        if ((next.key === '+' || next.key === '-') && this.isString(this.peek(2))) {
          return this.parseIntervalLiteral();
        }
        break;
      case 'POSITION':
        if (next.key === '(') return this.parsePosition();
        break;
      case 'SUBSTRING':
        if (next.key === '(') return this.parseSubstring();
        break;
      case 'TRY_CAST':
        if (next.key === '(') return this.parseCast(true);
        break;
      case 'DOUBLE':
        if (next.key === 'PRECISION' && this.isString(this.peek(2))) {
          this.advance();
          this.advance();
          return { kind: 'GenericLiteral', type: 'double', value: this.parseStringValue(), pos: t.pos };
        }
        break;
    }
    if (this.isString(next)) {
      // `DATE '2020-01-01'`, `DECIMAL '1.5'`, `REAL '1'`, ...: a literal of the named type.
      this.advance();
      const value = this.parseStringValue();
      if (t.key === 'DECIMAL') return { kind: 'DecimalLiteral', text: value.trim(), pos: t.pos };
      return { kind: 'GenericLiteral', type: t.key.toLowerCase(), value, pos: t.pos };
    }
    if (next.key === '->') {
      this.advance();
      this.advance();
      return { kind: 'Lambda', parameters: [this.identifierOf(t)], body: this.parseExpression(), pos: t.pos };
    }
    return this.parseNameOrCall();
  }

  private parseKeywordExpression(t: Token): Expression {
    switch (t.key) {
      case 'NULL':
        this.advance();
        return { kind: 'NullLiteral', pos: t.pos };
      case 'TRUE':
      case 'FALSE':
        this.advance();
        return { kind: 'BooleanLiteral', value: t.key === 'TRUE', pos: t.pos };
      case 'CASE':
        return this.parseCase();
      case 'CAST':
        return this.parseCast(false);
      case 'EXISTS': {
        this.advance();
        this.expect('(');
        const query = this.parseSubqueryBody();
        return { kind: 'Exists', query, pos: t.pos };
      }
      case 'EXTRACT':
        return this.parseExtract();
      case 'TRIM':
        return this.parseTrim();
      case 'LISTAGG':
        return this.parseListagg();
      case 'JSON_EXISTS':
        return this.parseJsonExists();
      case 'JSON_VALUE':
        return this.parseJsonValue();
      case 'JSON_QUERY':
        return this.parseJsonQuery();
      case 'JSON_OBJECT':
        return this.parseJsonObject();
      case 'JSON_ARRAY':
        return this.parseJsonArray();
      case 'NORMALIZE':
        return this.parseNormalize();
      case 'GROUPING':
        return this.parseGrouping();
      case 'CURRENT_USER':
        // The session user (issue 17), analysed as a constant; `current_user()` (how the
        // formatter writes it back) parses too.
        this.advance();
        if (this.accept('(')) this.expect(')');
        return call('current_user', [], t.pos);
      case 'CURRENT_CATALOG':
      case 'CURRENT_SCHEMA':
        // The session's catalog and schema, analysed as constants like CURRENT_USER.
        this.advance();
        if (this.accept('(')) this.expect(')');
        return call(t.key.toLowerCase(), [], t.pos);
      case 'CURRENT_DATE':
        this.advance();
        return { kind: 'CurrentTime', function: 'CURRENT_DATE', pos: t.pos };
      case 'CURRENT_TIME':
      case 'CURRENT_TIMESTAMP':
      case 'LOCALTIME':
      case 'LOCALTIMESTAMP': {
        this.advance();
        if (!this.accept('(')) return { kind: 'CurrentTime', function: t.key, pos: t.pos };
        const precision = this.token;
        if (precision.kind !== 'integer') {
          this.note('<integer>');
          throw this.fail();
        }
        this.advance();
        this.expect(')');
        return { kind: 'CurrentTime', function: t.key, precision: Number(precision.text), pos: t.pos };
      }
    }
    this.note('<expression>');
    throw this.fail();
  }

  /** A query after `(` up to and including the closing `)`. */
  protected parseSubqueryBody(): Query {
    const query = this.parseQuery();
    this.expect(')');
    return query;
  }

  /**
   * `a`, `a.b.c`, or a call `a.b(...)`. Dereferences after the name, subscripts and `.*` are
   * left to the postfix loop.
   */
  private parseNameOrCall(): Expression {
    const first = this.advance();
    const parts: Identifier[] = [this.identifierOf(first)];
    while (this.token.key === '.' && this.isIdentifier(this.peek(1))) {
      this.advance();
      parts.push(this.identifierOf(this.advance()));
    }
    if (this.token.key === '(') {
      return this.parseFunctionCall({ kind: 'QualifiedName', parts, pos: first.pos });
    }
    let expression: Expression = parts[0];
    for (let i = 1; i < parts.length; i++) {
      expression = { kind: 'Dereference', base: expression, field: parts[i], pos: first.pos };
    }
    return expression;
  }

  /** `name(...)` with its optional FILTER, null treatment and OVER; the current token is `(`. */
  private parseFunctionCall(name: QualifiedName): Expression {
    this.advance();
    const args: Expression[] = [];
    let distinct = false;
    let orderBy: SortItem[] | undefined;
    if (this.token.key === '*') {
      this.advance();
    } else if (this.token.key !== ')') {
      this.noteKeys([')', '*']);
      if (this.token.key === 'DISTINCT') {
        this.advance();
        distinct = true;
      } else if (!this.accept('ALL')) {
        this.note("'DISTINCT'");
      }
      if (this.token.key !== 'ORDER' || distinct) {
        if (!distinct) this.note("'ORDER'");
        args.push(this.parseExpression());
        while (this.accept(',')) args.push(this.parseExpression());
      }
      if (this.accept('ORDER')) {
        this.expect('BY');
        orderBy = this.parseSortItems();
      }
    }
    this.expect(')');
    const filter = this.parseFilterClause();
    let nullTreatment: 'IGNORE' | 'RESPECT' | undefined;
    const key = this.token.key;
    if ((key === 'IGNORE' || key === 'RESPECT') && this.peek(1).key === 'NULLS') {
      this.advance();
      this.advance();
      nullTreatment = key;
      if (this.token.key !== 'OVER') {
        this.note("'OVER'");
        throw this.fail();
      }
    } else {
      this.noteKeys(['IGNORE', 'RESPECT']);
    }
    let window: WindowSpecification | WindowReference | undefined;
    const afterOver = this.peek(1);
    if (this.token.key === 'OVER' && (afterOver.key === '(' || this.isIdentifier(afterOver))) {
      this.advance();
      window = this.at('(') ? this.parseWindowSpecification() : this.windowReference();
    } else {
      this.note("'OVER'");
    }
    const node: Mutable<FunctionCall> = { kind: 'FunctionCall', name, args, distinct, pos: name.pos };
    if (filter) node.filter = filter;
    if (orderBy) node.orderBy = orderBy;
    if (window) node.window = window;
    if (nullTreatment) node.nullTreatment = nullTreatment;
    return node;
  }

  /**
   * After `(`: a lambda `(x, y) -> ...`, a scalar subquery, a row `(a, b)`, or a parenthesised
   * expression (returned as is: parentheses leave no node).
   */
  private parseParenthesized(): Expression {
    const open = this.advance();
    if (this.lambdaAhead()) {
      const parameters: Identifier[] = [];
      if (this.token.key !== ')') {
        do parameters.push(this.parseIdentifier());
        while (this.accept(','));
      }
      this.expect(')');
      this.expect('->');
      return { kind: 'Lambda', parameters, body: this.parseExpression(), pos: open.pos };
    }
    if (startsQuery(this.token.key)) {
      return { kind: 'SubqueryExpression', query: this.parseSubqueryBody(), pos: open.pos };
    }
    this.note('<query>');
    const first = this.parseExpression();
    if (this.token.key === ',') {
      const items = [first];
      while (this.accept(',')) items.push(this.parseExpression());
      this.expect(')');
      const row: RowConstructor = { kind: 'Row', items, pos: open.pos };
      this.lastBareRow = row;
      return row;
    }
    if (first.kind === 'SubqueryExpression' && continuesQuery(this.token.key)) {
      const body: TableSubquery = { kind: 'TableSubquery', query: first.query, pos: first.pos };
      const query = this.parseQueryRest(body);
      this.expect(')');
      return { kind: 'SubqueryExpression', query, pos: open.pos };
    }
    this.note("','");
    this.expect(')');
    return first;
  }

  /** After `(`: whether `)` or `ident, ident, ... )` and then `->` follow. */
  private lambdaAhead(): boolean {
    let k = 0;
    if (this.token.key !== ')') {
      for (;;) {
        if (!this.isIdentifier(this.peek(k))) return false;
        k++;
        const separator = this.peek(k).key;
        if (separator === ')') break;
        if (separator !== ',') return false;
        k++;
      }
    }
    return this.peek(k + 1).key === '->';
  }
}
