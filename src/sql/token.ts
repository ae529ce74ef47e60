/**
 * The tokens the lexer hands to the parser. A token is a small plain object; every token of a
 * statement has the same shape so the parser's property reads stay monomorphic.
 */
import type { SourcePosition } from '../common/vivace-error.js';

/**
 * - `keyword`: a reserved word (see keywords.ts); never an identifier unless quoted.
 * - `identifier`: any other unquoted word, including the non-reserved keywords (`date`, `year`, ...).
 * - `quoted_identifier`: `"..."`, `value` is the name with `""` unescaped.
 * - `string`: `'...'`, `value` is the text with `''` unescaped.
 * - `unicode_string`: `U&'...'`, `value` is the text with `''` unescaped but the Unicode escapes still
 *   in it (they depend on a following `UESCAPE`, which the parser sees).
 * - `binary`: `X'...'`, `value` is the hex digits uppercased without whitespace.
 * - `integer`, `decimal`, `double`: numeric literals, `value` is the text.
 * - `punctuation`: operators and punctuation; `value` is the canonical form (`!=` is `<>`).
 * - `unrecognized`: a character that starts no token; the parser reports it as mismatched input,
 *   as Presto does.
 * - `error`: a malformed token (unterminated string, ...). The lexer stops after it; the parser
 *   reports `error` as the message when it reaches the token, so a syntax error earlier in the
 *   text is reported first.
 * - `eof`: the end of the text.
 */
export type TokenKind =
  | 'keyword'
  | 'identifier'
  | 'quoted_identifier'
  | 'string'
  | 'unicode_string'
  | 'binary'
  | 'integer'
  | 'decimal'
  | 'double'
  | 'punctuation'
  | 'unrecognized'
  | 'error'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The source text exactly as written (empty for `eof`). */
  readonly text: string;
  /** The value as described for each kind; the error message for `error`. */
  readonly value: string;
  /**
   * What the parser matches on: the uppercased word for `keyword` and `identifier`, the canonical
   * operator for `punctuation`, and the empty string for everything else (so a quoted identifier
   * never matches a keyword).
   */
  readonly key: string;
  /** Position of the first character. */
  readonly pos: SourcePosition;
  /** Offset just past the last character. */
  readonly end: number;
}
