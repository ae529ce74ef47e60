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
import { analyzeStatement } from '../../../analyzer/analyzer.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type {
  Commit,
  Deallocate,
  DescribeInput,
  DescribeOutput,
  Execute,
  ExecuteImmediate,
  Expression,
  Identifier,
  Prepare,
  Rollback,
  StartTransaction,
  Statement,
} from '../../../sql/ast.js';
import { parseStatement, parseStatementInLiteral } from '../../../sql/parser.js';
import { BIGINT, BOOLEAN, type Type, VARCHAR } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';
import type { QuerySession, ResultColumn } from '../../protocol/query-state.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRows } from './statement-results.js';

/** The statements this module runs (EXECUTE is bound here, then dispatched as what it binds to). */
export type PreparedStatementCommand =
  | Prepare
  | Deallocate
  | DescribeInput
  | DescribeOutput
  | StartTransaction
  | Commit
  | Rollback;

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
  if (
    statement.kind === 'Prepare' ||
    statement.kind === 'Execute' ||
    statement.kind === 'ExecuteImmediate' ||
    statement.kind === 'Deallocate'
  ) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Invalid statement type for prepared statement: ${statementKeyword(statement.kind)}`,
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

/** EXECUTE: the prepared statement the client sent, parsed, with the USING values bound. */
export function boundExecute(statement: Execute, session: QuerySession): Statement {
  const prepared = parsePrepared(preparedSql(session.preparedStatements ?? new Map(), statement.name));
  return bindParameters(prepared, statement.parameters);
}

/**
 * EXECUTE IMMEDIATE: the statement in the string, parsed where it stands in the query's text (so
 * its errors point into the string), with the USING values bound. Statements about prepared
 * statements are refused inside it, as inside PREPARE.
 */
export function boundExecuteImmediate(statement: ExecuteImmediate): Statement {
  const inner = parseStatementInLiteral(statement.statement.value, statement.statement.pos);
  if (
    inner.kind === 'Prepare' ||
    inner.kind === 'Execute' ||
    inner.kind === 'ExecuteImmediate' ||
    inner.kind === 'Deallocate'
  ) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Invalid statement type for EXECUTE IMMEDIATE: ${statementKeyword(inner.kind)}`,
      inner.pos,
    );
  }
  return bindParameters(inner, statement.parameters);
}

function statementKeyword(kind: Statement['kind']): string {
  return kind === 'ExecuteImmediate' ? 'EXECUTE IMMEDIATE' : kind.toUpperCase();
}

/** Runs PREPARE, DEALLOCATE, DESCRIBE INPUT/OUTPUT, START TRANSACTION, COMMIT or ROLLBACK and ends the query. */
export async function runPreparedStatementCommand(
  statement: PreparedStatementCommand,
  context: StatementContext,
): Promise<void> {
  const query = context.query;
  const session = query.session;
  const prepared = session.preparedStatements ?? new Map<string, string>();
  switch (statement.kind) {
    case 'Prepare':
      query.addedPreparedStatements.set(
        statementName(statement.name),
        preparedText(statement.statement, query.executableSql),
      );
      finishUpdate(query, 'PREPARE');
      return;
    case 'Deallocate':
      preparedSql(prepared, statement.name);
      query.deallocatedPreparedStatements.push(statementName(statement.name));
      finishUpdate(query, 'DEALLOCATE');
      return;
    case 'DescribeInput': {
      const count = countParameters(parsePrepared(preparedSql(prepared, statement.name)));
      const rows = Array.from({ length: count }, (_, i) => [i, 'unknown']);
      finishWithRows(query, DESCRIBE_INPUT_COLUMNS, rows);
      return;
    }
    case 'DescribeOutput':
      finishWithRows(
        query,
        DESCRIBE_OUTPUT_COLUMNS,
        await describeOutput(context, preparedSql(prepared, statement.name)),
      );
      return;
    case 'StartTransaction':
      requireNoTransaction(session.transactionId, statement);
      query.startedTransactionId = newTransactionId();
      finishUpdate(query, 'START TRANSACTION');
      return;
    case 'Commit':
    case 'Rollback':
      requireTransaction(session.transactionId, statement);
      query.clearTransactionId = true;
      finishUpdate(query, statement.kind === 'Commit' ? 'COMMIT' : 'ROLLBACK');
      return;
  }
}

const DESCRIBE_INPUT_COLUMNS: readonly ResultColumn[] = [
  { name: 'Position', type: BIGINT },
  { name: 'Type', type: VARCHAR },
];

/** DESCRIBE OUTPUT's columns, as Presto's. */
const DESCRIBE_OUTPUT_COLUMNS: readonly ResultColumn[] = [
  { name: 'Column Name', type: VARCHAR },
  { name: 'Catalog', type: VARCHAR },
  { name: 'Schema', type: VARCHAR },
  { name: 'Table', type: VARCHAR },
  { name: 'Type', type: VARCHAR },
  { name: 'Type Size', type: BIGINT },
  { name: 'Aliased', type: BOOLEAN },
];

/** Bytes of a fixed-width type's values (DESCRIBE OUTPUT's Type Size); 0 for variable-width types. */
function fixedWidthOf(type: Type): number {
  switch (type.kind) {
    case 'boolean':
    case 'tinyint':
      return 1;
    case 'smallint':
      return 2;
    case 'integer':
    case 'real':
    case 'date':
      return 4;
    case 'bigint':
    case 'double':
    case 'timestamp':
    case 'time':
    case 'interval day to second':
    case 'interval year to month':
      return 8;
    case 'decimal':
      return type.precision <= 18 ? 8 : 16;
    default:
      return 0;
  }
}

/** The columns a prepared query returns (parameters bound to NULL, as their types are open). */
async function describeOutput(context: StatementContext, sql: string): Promise<unknown[][]> {
  const parsed = parsePrepared(sql);
  if (parsed.kind !== 'Query') return [];
  const nulls = Array.from(
    { length: countParameters(parsed) },
    () => ({ kind: 'NullLiteral', pos: parsed.pos }) as const,
  );
  const bound = bindParameters(parsed, nulls as never);
  const metadata = await context.resolveMetadata(bound);
  const analyzed = await metadata.analyze(() => analyzeStatement(bound, context.analyzerOptions(metadata)));
  return analyzed.columns.map((column) => [
    column.name,
    '',
    '',
    '',
    formatType(column.type),
    fixedWidthOf(column.type),
    false,
  ]);
}
