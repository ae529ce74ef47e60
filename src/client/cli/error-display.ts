/**
 * Shows a failed query the way Presto's CLI does: `Query <id> failed: <message>`, then for SQL
 * errors with a location the statement's lines with a caret under the failing column.
 */
import type { QueryError } from '../query-results.js';

export function formatQueryError(queryId: string | undefined, sql: string, error: QueryError, debug: boolean): string {
  let text = queryId === undefined ? `Query failed: ${error.message}\n` : `Query ${queryId} failed: ${error.message}\n`;
  const location = error.errorLocation;
  if (location !== undefined && error.errorType === 'USER_ERROR')
    text += caretListing(sql, location.lineNumber, location.columnNumber);
  if (debug && error.failureInfo !== undefined) text += `${JSON.stringify(error.failureInfo, null, 2)}\n`;
  return text;
}

/** The statement with a `^` under line `lineNumber`, column `columnNumber` (both 1-based). */
export function caretListing(sql: string, lineNumber: number, columnNumber: number): string {
  const lines = sql.split('\n');
  if (lineNumber < 1 || lineNumber > lines.length) return '';
  let text = '';
  for (let i = 0; i < lineNumber; i++) text += `${lines[i]}\n`;
  const line = lines[lineNumber - 1];
  // Keep tabs so the caret lines up under the same column in the terminal.
  let indent = '';
  for (let i = 0; i < columnNumber - 1 && i < line.length; i++) indent += line[i] === '\t' ? '\t' : ' ';
  text += `${indent}^\n`;
  for (let i = lineNumber; i < lines.length; i++) text += `${lines[i]}\n`;
  return text;
}
