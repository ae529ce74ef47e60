/**
 * Prepared statements and transactions, the way Presto's protocol carries them: the server keeps
 * no per-client state. PREPARE answers with the statement for the client to keep (the response
 * header `Added-Prepare: name=sql`); the client sends its statements back on every request
 * (`Prepared-Statement: name=sql,...`), so EXECUTE, DESCRIBE INPUT/OUTPUT and DEALLOCATE read them
 * from the request. EXECUTE ... USING substitutes the values for the `?` parameters of the parsed
 * statement and runs it. START TRANSACTION / COMMIT / ROLLBACK succeed with auto-commit semantics
 * (every statement commits on its own) and hand out and clear a transaction id.
 */
import { randomUUID } from 'node:crypto';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Expression, Identifier, Statement } from '../../../sql/ast.js';
import { parseStatement } from '../../../sql/parser.js';

export type PreparedStatementKind =
  | 'Prepare'
  | 'Execute'
  | 'Deallocate'
  | 'DescribeInput'
  | 'DescribeOutput'
  | 'StartTransaction'
  | 'Commit'
  | 'Rollback';

const KINDS = new Set<string>([
  'Prepare',
  'Execute',
  'Deallocate',
  'DescribeInput',
  'DescribeOutput',
  'StartTransaction',
  'Commit',
  'Rollback',
]);

export function isPreparedStatementOrTransaction(statement: Statement): boolean {
  return KINDS.has(statement.kind);
}

/** Prepared statement names compare case-insensitively unless quoted, like other identifiers. */
export function statementName(name: Identifier): string {
  return name.quoted ? name.value : name.value.toLowerCase();
}

/** The prepared statement's SQL from the request's header, or NOT_FOUND. */
export function preparedSql(prepared: ReadonlyMap<string, string>, name: Identifier): string {
  const key = statementName(name);
  for (const [candidate, sql] of prepared) {
    if (candidate === key || candidate.toLowerCase() === key) return sql;
  }
  throw new VivaceError('NOT_FOUND', `Prepared statement not found: ${key}`, name.pos);
}

/**
 * The SQL PREPARE stores: the inner statement's own text from the PREPARE (parameters stay `?`).
 * Not the formatted statement: pretty-printing indents every nesting level, so a statement of 200
 * nested subqueries (1.8 kB) formatted to 240 kB, and the Added-Prepare header that carries it to
 * the client grew past what HTTP clients accept.
 */
export function preparedText(statement: Statement, sql: string): string {
  if (statement.kind === 'Prepare' || statement.kind === 'Execute' || statement.kind === 'Deallocate') {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Invalid statement type for prepared statement: ${statement.kind.toUpperCase()}`,
      statement.pos,
    );
  }
  return sql.slice(statement.pos.offset).trim();
}

/** How many `?` parameters a statement has. */
export function countParameters(node: unknown): number {
  if (node === null || typeof node !== 'object') return 0;
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countParameters(item), 0);
  const record = node as Record<string, unknown>;
  if (record.kind === 'Parameter') return 1;
  let sum = 0;
  for (const [key, value] of Object.entries(record)) if (key !== 'pos') sum += countParameters(value);
  return sum;
}

/** The statement with its `?` parameters replaced by `values`, in order. */
export function bindParameters(statement: Statement, values: readonly Expression[]): Statement {
  const expected = countParameters(statement);
  if (expected !== values.length) {
    throw new VivaceError(
      'INVALID_PARAMETER_USAGE',
      `Incorrect number of parameters: expected ${expected} but found ${values.length}`,
      statement.pos,
    );
  }
  const substitute = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(substitute);
    const record = node as Record<string, unknown>;
    if (record.kind === 'Parameter') return values[record.index as number];
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) out[key] = key === 'pos' ? value : substitute(value);
    return out;
  };
  return substitute(statement) as Statement;
}

/** Parses the SQL of a prepared statement. */
export function parsePrepared(sql: string): Statement {
  return parseStatement(sql);
}

/** Transaction ids handed out by START TRANSACTION (auto-commit: nothing is held for them). */
export function newTransactionId(): string {
  return randomUUID();
}

export function requireTransaction(transactionId: string | undefined, statement: Statement): void {
  if (transactionId === undefined) {
    throw new VivaceError('NOT_IN_TRANSACTION', 'No transaction in progress', statement.pos);
  }
}

export function requireNoTransaction(transactionId: string | undefined, statement: Statement): void {
  if (transactionId !== undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'Nested transactions not supported', statement.pos);
  }
}
