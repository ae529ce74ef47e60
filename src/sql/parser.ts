/**
 * The SQL parser's entry points: a statement, a standalone expression, or a data type, each
 * followed by nothing else (a statement may end with one `;`). Every failure is a VivaceError
 * SYNTAX_ERROR at the offending token, in Presto's wording.
 *
 * The grammar is split by layer, each class extending the previous one: parser-state.ts (tokens,
 * expected sets, names), parser-types.ts, parser-special-forms.ts, parser-primary.ts,
 * parser-expression.ts (operators), parser-query.ts (queries and relations),
 * parser-statements.ts.
 */
import { type SourcePosition, VivaceError } from '../common/vivace-error.js';
import type { DataType, Expression, Statement } from './ast.js';
import { TokenBuffer } from './lexer.js';
import { TOO_DEEPLY_NESTED } from './parse-error.js';
import { MISMATCH } from './parser-state.js';
import { StatementParser } from './parser-statements.js';

/**
 * Runs `parse` over the tokens of `sql`. A first run records nothing; if it fails on a mismatch,
 * a second, recording run over the same tokens fails at the same token with the expected set.
 */
function run<T>(sql: string, parse: (parser: StatementParser) => T): T {
  const tokens = new TokenBuffer(sql);
  try {
    try {
      return parse(new StatementParser(tokens, false));
    } catch (e) {
      if (e !== MISMATCH) throw e;
      parse(new StatementParser(tokens, true));
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'The parser failed once but not when run again');
    }
  } catch (e) {
    // The explicit depth limit normally fires first; this covers a caller already deep in the stack.
    if (e instanceof RangeError) {
      throw new VivaceError('SYNTAX_ERROR', TOO_DEEPLY_NESTED, { line: 1, column: 1, offset: 0 }, { cause: e });
    }
    throw e;
  }
}

/** Parses one SQL statement. */
export function parseStatement(sql: string): Statement {
  return run(sql, (parser) => parser.parseSingleStatement());
}

/**
 * Parses a statement written inside a string literal that starts at `literal` (the position of its
 * opening quote), such as EXECUTE IMMEDIATE's: the text is parsed behind as many blank lines and
 * columns as precede it, so positions in errors and in the tree are those of the enclosing
 * statement, as Trino reports them (exact unless the literal holds escaped quotes).
 */
export function parseStatementInLiteral(text: string, literal: SourcePosition): Statement {
  return parseStatement(`${'\n'.repeat(literal.line - 1)}${' '.repeat(literal.column)}${text}`);
}

/** Parses a standalone expression (no trailing `;`). */
export function parseExpression(sql: string): Expression {
  return run(sql, (parser) => {
    const expression = parser.parseExpression();
    parser.expectEnd();
    return expression;
  });
}

/** Parses a data type such as `decimal(10, 2)` or `row(a bigint, b array(varchar))`. */
export function parseDataType(sql: string): DataType {
  return run(sql, (parser) => {
    const type = parser.parseType();
    parser.expectEnd();
    return type;
  });
}
