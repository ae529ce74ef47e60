/**
 * `vivace format`: parse one statement and print it back through the formatter, or the syntax
 * error in Presto's form.
 */
import { toVivaceError } from '../common/vivace-error.js';
import { formatSql } from '../sql/formatter.js';
import { parseStatement } from '../sql/parser.js';

export function formatStatementText(sql: string): { ok: boolean; text: string } {
  try {
    return { ok: true, text: formatSql(parseStatement(sql)) };
  } catch (e) {
    const error = toVivaceError(e);
    return { ok: false, text: `${error.errorName}: ${error.message}` };
  }
}
