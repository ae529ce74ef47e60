/**
 * Splits text typed or read from a file into complete SQL statements at `;`, ignoring semicolons
 * inside string literals, quoted identifiers and comments, and keeps the unfinished remainder
 * (the interactive shell keeps reading lines until a statement is complete).
 */

export interface SplitStatements {
  /** Complete statements, without their terminating `;`, trimmed, empty ones dropped. */
  readonly statements: string[];
  /** Text after the last `;` (an unfinished statement, possibly only whitespace or comments). */
  readonly remainder: string;
}

export function splitStatements(text: string): SplitStatements {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 /* ' */ || c === 34 /* " */ || c === 96 /* ` */) {
      i = skipQuoted(text, i, c);
    } else if (c === 45 /* - */ && text.charCodeAt(i + 1) === 45) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === 59 /* ; */) {
      const statement = text.slice(start, i).trim();
      if (!isOnlyComments(statement)) statements.push(statement);
      i++;
      start = i;
    } else {
      i++;
    }
  }
  return { statements, remainder: text.slice(start) };
}

/** Index after the closing quote (a doubled quote is an escaped one); the end when unterminated. */
function skipQuoted(text: string, open: number, quote: number): number {
  let i = open + 1;
  while (i < text.length) {
    if (text.charCodeAt(i) === quote) {
      if (text.charCodeAt(i + 1) === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return text.length;
}

/** True when `text` has nothing but whitespace and comments. */
export function isOnlyComments(text: string): boolean {
  const stripped = text
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .trim();
  return stripped === '';
}
