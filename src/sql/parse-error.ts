/**
 * Syntax-error construction for the parser, in Presto's wording:
 * `mismatched input 'FORM'. Expecting: ',', 'FROM', ..., <EOF>`.
 *
 * Expected items are either quoted tokens (`'FROM'`, `','`) or categories in angle brackets
 * (`<expression>`, `<identifier>`, `<query>`, `<type>`, `<string>`, `<integer>`, `<predicate>`,
 * `<EOF>`). They are listed sorted by plain string order and without duplicates, which puts the
 * quoted tokens first, as Presto does.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Token } from './token.js';

/**
 * Nesting levels (expressions, queries, relations, types) a statement may have. Chosen so that
 * the deepest-recursing constructs stay well inside Node's default stack even before the parser
 * is optimised; a stack overflow beyond it is still caught and reported the same way.
 */
export const MAX_NESTING_DEPTH = 500;

export const TOO_DEEPLY_NESTED = 'Statement is too deeply nested';

/** The expected-set label of a keyword or punctuation key. */
export function quoteKey(key: string): string {
  return `'${key}'`;
}

/** How an offending token is shown: its text, or `<EOF>` at the end. */
function describeInput(token: Token): string {
  return token.kind === 'eof' ? '<EOF>' : token.text;
}

/**
 * The error for `token` not fitting any of `expected`. A malformed token reports its own lexer
 * message instead (the parser only reaches it when everything before it was well formed).
 */
export function mismatchError(token: Token, expected: readonly string[]): VivaceError {
  if (token.kind === 'error') return new VivaceError('SYNTAX_ERROR', token.value, token.pos);
  const items = [...new Set(expected)].sort();
  const message =
    items.length === 0
      ? `mismatched input '${describeInput(token)}'`
      : `mismatched input '${describeInput(token)}'. Expecting: ${items.join(', ')}`;
  return new VivaceError('SYNTAX_ERROR', message, token.pos);
}

export function tooDeeplyNested(token: Token): VivaceError {
  return new VivaceError('SYNTAX_ERROR', TOO_DEEPLY_NESTED, token.pos);
}

/** A syntax error about the construct starting at `token` (invalid literal, unknown field...). */
export function syntaxError(message: string, token: Token | { readonly pos: Token['pos'] }): VivaceError {
  return new VivaceError('SYNTAX_ERROR', message, token.pos);
}
