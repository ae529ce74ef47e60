/**
 * Expression operators with Presto's precedence, lowest first:
 *   OR < AND < NOT < predicate < `||` < `+ -` < `* / %` < unary `+ -` < AT TIME ZONE < postfix
 *   (`.field`, `[index]`) < primary.
 * A predicate (comparison, quantified comparison, [NOT] BETWEEN / IN / LIKE, IS [NOT] NULL,
 * IS [NOT] DISTINCT FROM) follows one value expression and does not chain: `a = b = c` is a
 * syntax error, as in Presto. Binary operators are left-associative and parsed by precedence
 * climbing, so long flat chains take no stack.
 *
 * Positions follow Trino's parser: a binary operator (arithmetic, `||`, comparison, AND, OR) is
 * located at its operator token and a predicate (BETWEEN, IN, LIKE, IS) at its first keyword
 * (`NOT` included), since that is where errors about them point; a postfix node takes the
 * position of its base's first token.
 *
 * `-` directly before a numeric literal is folded into the literal (`-5` is IntegerLiteral '-5'),
 * as Presto's grammar does, so that -9223372036854775808 is a valid bigint literal.
 */
import type { ArithmeticOperator, ComparisonOperator, Expression, SourcePosition } from './ast.js';
import { PrimaryParser, startsQuery } from './parser-primary.js';
import { call } from './parser-special-forms.js';

const VALUE_OPERATORS = ['%', '*', '+', '-', '/', '||'];

/** Binding strength of a value-level binary operator; 0 when `key` is none. */
function valuePrecedence(key: string): number {
  switch (key) {
    case '||':
      return 1;
    case '+':
    case '-':
      return 2;
    case '*':
    case '/':
    case '%':
      return 3;
    default:
      return 0;
  }
}

function isComparison(key: string): key is Exclude<ComparisonOperator, 'IS DISTINCT FROM'> {
  switch (key) {
    case '=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return true;
    default:
      return false;
  }
}

export abstract class ExpressionParser extends PrimaryParser {
  /**
   * Set when a postfix chain stops before `.*`: the select item parser turns exactly this
   * expression into `expr.*`; anywhere else the `.` is a syntax error.
   */
  protected starPrefix: Expression | undefined;

  /** Whether `expression` is the one a postfix chain left before `.*`. */
  protected isStarPrefix(expression: Expression): boolean {
    return this.starPrefix === expression;
  }

  parseExpression(): Expression {
    this.enter();
    let left = this.parseConjunction();
    while (this.token.key === 'OR') {
      const pos = this.advance().pos;
      const right = this.parseConjunction();
      left = { kind: 'LogicalBinary', operator: 'OR', left, right, pos };
    }
    this.note("'OR'");
    this.leave();
    return left;
  }

  private parseConjunction(): Expression {
    let left = this.parseNegation();
    while (this.token.key === 'AND') {
      const pos = this.advance().pos;
      const right = this.parseNegation();
      left = { kind: 'LogicalBinary', operator: 'AND', left, right, pos };
    }
    this.note("'AND'");
    return left;
  }

  private parseNegation(): Expression {
    const t = this.token;
    if (t.key !== 'NOT') return this.parsePredicate(this.parseValue(1));
    this.advance();
    this.enter();
    const value = this.parseNegation();
    this.leave();
    return { kind: 'Not', value, pos: t.pos };
  }

  protected parseValueExpression(): Expression {
    return this.parseValue(1);
  }

  /** The predicate after `value`, if any. */
  private parsePredicate(value: Expression): Expression {
    const key = this.token.key;
    // Trino locates a predicate at its operator or first keyword (NOT included), not its operand.
    const pos = this.token.pos;
    if (isComparison(key)) {
      this.advance();
      const quantifier = this.token.key;
      if (
        (quantifier === 'ANY' || quantifier === 'SOME' || quantifier === 'ALL') &&
        this.peek(1).key === '(' &&
        (this.peek(2).key === '(' || startsQuery(this.peek(2).key))
      ) {
        this.advance();
        this.advance();
        const query = this.parseSubqueryBody();
        return {
          kind: 'QuantifiedComparison',
          operator: key,
          quantifier: quantifier === 'ALL' ? 'ALL' : 'ANY',
          value,
          query,
          pos,
        };
      }
      return { kind: 'Comparison', operator: key, left: value, right: this.parseValue(1), pos };
    }
    if (key === 'NOT') {
      const next = this.peek(1).key;
      if (next === 'BETWEEN' || next === 'IN' || next === 'LIKE') {
        this.advance();
        return { kind: 'Not', value: this.parsePositivePredicate(value, pos), pos };
      }
    } else if (key === 'BETWEEN' || key === 'IN' || key === 'LIKE') {
      return this.parsePositivePredicate(value);
    } else if (key === 'IS') {
      return this.parseIsPredicate(value);
    }
    this.note('<predicate>');
    return value;
  }

  /** BETWEEN, IN or LIKE after `value` (a preceding NOT already consumed). */
  private parsePositivePredicate(value: Expression, notPos?: SourcePosition): Expression {
    const t = this.advance();
    const pos = notPos ?? t.pos;
    if (t.key === 'BETWEEN') {
      const min = this.parseValue(1);
      this.expect('AND');
      return { kind: 'Between', value, min, max: this.parseValue(1), pos };
    }
    if (t.key === 'LIKE') {
      const pattern = this.parseValue(1);
      if (!this.accept('ESCAPE')) return { kind: 'Like', value, pattern, pos };
      return { kind: 'Like', value, pattern, escape: this.parseValue(1), pos };
    }
    this.expect('(');
    if (startsQuery(this.token.key)) {
      return { kind: 'InSubquery', value, query: this.parseSubqueryBody(), pos };
    }
    this.note('<query>');
    const list = this.parseExpressionList();
    this.expect(')');
    return { kind: 'InList', value, list, pos };
  }

  private parseIsPredicate(value: Expression): Expression {
    const pos = this.advance().pos;
    const negated = this.accept('NOT');
    if (this.accept('NULL')) {
      return negated ? { kind: 'IsNotNull', value, pos } : { kind: 'IsNull', value, pos };
    }
    this.expect('DISTINCT');
    this.expect('FROM');
    const distinct: Expression = {
      kind: 'Comparison',
      operator: 'IS DISTINCT FROM',
      left: value,
      right: this.parseValue(1),
      pos,
    };
    return negated ? { kind: 'Not', value: distinct, pos } : distinct;
  }

  /** Binary value operators binding at least as tightly as `minPrecedence`. */
  private parseValue(minPrecedence: number): Expression {
    let left = this.parseUnary();
    for (;;) {
      const key = this.token.key;
      const precedence = valuePrecedence(key);
      if (precedence === 0) {
        this.noteKeys(VALUE_OPERATORS);
        return left;
      }
      if (precedence < minPrecedence) return left;
      const pos = this.advance().pos;
      const right = this.parseValue(precedence + 1);
      left =
        key === '||'
          ? call('concat', [left, right], pos)
          : { kind: 'ArithmeticBinary', operator: key as ArithmeticOperator, left, right, pos };
    }
  }

  private parseUnary(): Expression {
    const t = this.token;
    if (t.key !== '-' && t.key !== '+') return this.parseAtTimeZone(this.parsePostfix(this.parsePrimary()));
    this.advance();
    const number = this.token;
    if (t.key === '-' && (number.kind === 'integer' || number.kind === 'decimal' || number.kind === 'double')) {
      this.advance();
      const text = `-${number.text}`;
      const literal: Expression =
        number.kind === 'integer'
          ? this.integerLiteral(text, t)
          : number.kind === 'decimal'
            ? { kind: 'DecimalLiteral', text, pos: t.pos }
            : { kind: 'DoubleLiteral', text, pos: t.pos };
      return this.parseAtTimeZone(this.parsePostfix(literal));
    }
    this.enter();
    const value = this.parseUnary();
    this.leave();
    return { kind: 'ArithmeticUnary', operator: t.key, value, pos: t.pos };
  }

  /** `value AT TIME ZONE 'zone'` or `... AT TIME ZONE INTERVAL '...' ...`, repeatable. */
  private parseAtTimeZone(value: Expression): Expression {
    while (this.token.key === 'AT' && this.peek(1).key === 'TIME' && this.peek(2).key === 'ZONE') {
      this.advance();
      this.advance();
      this.advance();
      const t = this.token;
      const next = this.peek(1);
      let zone: Expression;
      if (t.key === 'INTERVAL' && (this.isString(next) || next.key === '+' || next.key === '-')) {
        zone = this.parsePrimary();
      } else if (this.isString(t)) {
        zone = { kind: 'StringLiteral', value: this.parseStringValue(), pos: t.pos };
      } else {
        this.note("'INTERVAL'");
        this.note('<string>');
        throw this.fail();
      }
      value = { kind: 'AtTimeZone', value, zone, pos: value.pos };
    }
    this.note("'AT'");
    return value;
  }

  /** `.field` dereferences and `[index]` subscripts; stops before `.*` (see starPrefix). */
  private parsePostfix(base: Expression): Expression {
    for (;;) {
      const key = this.token.key;
      if (key === '.') {
        if (this.peek(1).key === '*') {
          this.starPrefix = base;
          return base;
        }
        this.advance();
        const field = this.parseIdentifier();
        base = { kind: 'Dereference', base, field, pos: base.pos };
      } else if (key === '[') {
        this.advance();
        const index = this.parseValue(1);
        this.expect(']');
        base = { kind: 'Subscript', base, index, pos: base.pos };
      } else {
        this.noteKeys(['.', '[']);
        return base;
      }
    }
  }
}
