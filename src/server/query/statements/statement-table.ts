/**
 * Which module runs which statement: one table keyed by the statement's kind (the compiler checks
 * that every kind of the syntax tree has an entry), and the dispatcher that builds the statement's
 * context and calls the entry. EXECUTE binds its prepared statement and dispatches what it binds to.
 */
import type { Statement } from '../../../sql/ast.js';
import { referencedNames } from '../../metadata/referenced-names.js';
import { StatementMetadata } from '../../metadata/statement-metadata.js';
import { checkStatementAccess } from '../../security/statement-access.js';
import type { QueryExecution } from '../query-execution.js';
import type { ResolvedSessionProperties } from '../session-properties.js';
import { runCatalogStatement } from './catalog-statement.js';
import { runDataDefinition } from './data-definition.js';
import { runDataModification } from './data-modification.js';
import { runExplainAnalyze } from './explain-analyze.js';
import { runExplain } from './explain-statement.js';
import { runMetadataStatement } from './metadata-statements.js';
import { boundExecute, boundExecuteImmediate, runPreparedStatementCommand } from './prepared-statements.js';
import { runAnalyze, runCall } from './procedure-statements.js';
import { runQueryStatement } from './query-statement.js';
import { runSessionStatement } from './session-statements.js';
import type { QueryEngine, StatementContext, StatementHandler } from './statement-context.js';
import { runCreateTableAs, runInsert } from './write-statement.js';

type StatementTable = { readonly [K in Statement['kind']]: StatementHandler<Extract<Statement, { kind: K }>> };

const STATEMENTS: StatementTable = {
  // Queries and writes: analyzed, planned, placed, run.
  Query: runQueryStatement,
  Insert: runInsert,
  CreateTableAsSelect: runCreateTableAs,
  // EXPLAIN plans; EXPLAIN ANALYZE runs and measures.
  Explain: (statement, context) =>
    statement.analyze ? runExplainAnalyze(statement, context) : runExplain(statement, context),
  // Metadata answered by the coordinator, and USE.
  ShowCatalogs: runMetadataStatement,
  ShowSchemas: runMetadataStatement,
  ShowTables: runMetadataStatement,
  ShowColumns: runMetadataStatement,
  ShowFunctions: runMetadataStatement,
  ShowCreate: runMetadataStatement,
  ShowStats: runMetadataStatement,
  Use: runMetadataStatement,
  // Session properties.
  ShowSession: runSessionStatement,
  SetSession: runSessionStatement,
  ResetSession: runSessionStatement,
  SetTimeZone: runSessionStatement,
  // DDL.
  CreateSchema: runDataDefinition,
  DropSchema: runDataDefinition,
  CreateTable: runDataDefinition,
  DropTable: runDataDefinition,
  CreateView: runDataDefinition,
  DropView: runDataDefinition,
  Comment: runDataDefinition,
  RenameView: runDataDefinition,
  SetColumnType: runDataModification,
  // Catalogs added and removed at run time.
  CreateCatalog: runCatalogStatement,
  DropCatalog: runCatalogStatement,
  // Row-level changes and ALTER TABLE (the connector's rewrite capability).
  Delete: runDataModification,
  Update: runDataModification,
  Merge: runDataModification,
  TruncateTable: runDataModification,
  RenameTable: runDataModification,
  AddColumn: runDataModification,
  DropColumn: runDataModification,
  RenameColumn: runDataModification,
  // Prepared statements and transactions (state kept by the client).
  Prepare: runPreparedStatementCommand,
  Deallocate: runPreparedStatementCommand,
  DescribeInput: runPreparedStatementCommand,
  DescribeOutput: runPreparedStatementCommand,
  StartTransaction: runPreparedStatementCommand,
  Commit: runPreparedStatementCommand,
  Rollback: runPreparedStatementCommand,
  Execute: (statement, context) => dispatch(boundExecute(statement, context.query.session), context),
  ExecuteImmediate: (statement, context) => dispatch(boundExecuteImmediate(statement), context),
  Call: runCall,
  Analyze: runAnalyze,
};

function dispatch(statement: Statement, context: StatementContext): Promise<void> {
  // EXECUTE and EXECUTE IMMEDIATE are checked as the statement they bind to.
  const access = context.engine.accessControl;
  if (access !== undefined && statement.kind !== 'Execute' && statement.kind !== 'ExecuteImmediate')
    checkStatementAccess(statement, context.query.session, access);
  const handler = STATEMENTS[statement.kind] as StatementHandler<Statement>;
  return handler(statement, context);
}

/** Runs `statement` as `query`'s body; ends the query, or throws what failed it. */
export function runStatement(
  engine: QueryEngine,
  query: QueryExecution,
  statement: Statement,
  settings: ResolvedSessionProperties,
): Promise<void> {
  const session = query.session;
  const analyzerSession = {
    user: session.user,
    catalog: session.catalog,
    schema: session.schema,
    timeZone: session.timeZone,
  };
  const context: StatementContext = {
    engine,
    query,
    settings,
    session: analyzerSession,
    // The session may lower the configured per-query limit, never raise it (as Presto).
    memoryLimitBytes: Math.min(engine.queryMaxMemoryBytes ?? Number.POSITIVE_INFINITY, settings.queryMaxMemoryBytes),
    // What the statement names is resolved before analysis (connectors answer asynchronously);
    // analysis and planning then read this statement's cache only.
    analyzerOptions: (metadata) => ({
      session: analyzerSession,
      metadata,
      functions: engine.functions,
      ...(engine.accessControl !== undefined ? { accessControl: engine.accessControl } : {}),
    }),
    resolveMetadata: async (named) => {
      const metadata = new StatementMetadata(engine.metadata);
      await metadata.prefetch(referencedNames(named, analyzerSession));
      return metadata;
    },
  };
  return dispatch(statement, context);
}
