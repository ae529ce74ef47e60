/**
 * What a statement module gets to run one statement: the query it answers for, the session's
 * resolved properties, the analyzer's view of the session, the engine's shared services, and the
 * statement's metadata (names it references resolved once, before analysis, as connectors answer
 * asynchronously). Built by the dispatcher (statement-table.ts) for every statement.
 */
import type { Session } from '../../../analyzer/analysis-context.js';
import type { AnalyzerOptions } from '../../../analyzer/analyzer.js';
import type { CatalogStore } from '../../../connectors/catalog/catalog-store.js';
import type { EngineFunctions } from '../../../execution/expression/engine-functions.js';
import type { NodeMemoryPool } from '../../../execution/memory-context.js';
import type { FunctionRegistry } from '../../../functions/function-registry.js';
import type { AccessControl } from '../../../spi/access-control.js';
import type { Statement } from '../../../sql/ast.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import type { StatementMetadata } from '../../metadata/statement-metadata.js';
import type { ClusterAccess } from '../../scheduler/cluster-access.js';
import type { QueryExecution } from '../query-execution.js';
import type { ResolvedSessionProperties, SessionPropertyManager } from '../session-properties.js';

/** The services every statement of the coordinator shares (one per query manager). */
export interface QueryEngine {
  readonly metadata: MetadataManager;
  readonly functions: FunctionRegistry;
  readonly engineFunctions: EngineFunctions;
  readonly sessionProperties: SessionPropertyManager;
  /** The workers, when this is a cluster's coordinator. */
  readonly cluster: ClusterAccess | undefined;
  /** This process's memory, which queries run here reserve from. */
  readonly nodeMemory: NodeMemoryPool | undefined;
  /** Where CREATE CATALOG writes (`catalog.management=dynamic`); absent: static catalogs only. */
  readonly catalogStore: CatalogStore | undefined;
  /** Who may do what (issue 17); everything is allowed without it. */
  readonly accessControl: AccessControl | undefined;
  /** `query.max-memory` in bytes (configured). */
  readonly queryMaxMemoryBytes: number | undefined;
  /** This process's node id (task records of local stages, data held here). */
  readonly nodeId: string;
  /** This server's base URI (the `self` of locally run tasks). */
  coordinatorUri(): string;
  /** A fresh query id (sub-queries of one statement must not share task ids on the workers). */
  newQueryId(): string;
  /** Runs `statement` as `query`'s body (EXECUTE, sub-queries of DML and EXPLAIN ANALYZE). */
  runStatement(query: QueryExecution, statement: Statement, settings: ResolvedSessionProperties): Promise<void>;
}

export interface StatementContext {
  readonly engine: QueryEngine;
  readonly query: QueryExecution;
  readonly settings: ResolvedSessionProperties;
  /** The session as the analyzer and planner see it. */
  readonly session: Session;
  /** The per-query memory limit: the configured one, lowered (never raised) by the session. */
  readonly memoryLimitBytes: number;
  /** The analyzer's options over `metadata`: the session, the functions, the access control. */
  analyzerOptions(metadata: StatementMetadata): AnalyzerOptions;
  /** Resolves what `statement` names and returns the statement's metadata cache. */
  resolveMetadata(statement: Statement): Promise<StatementMetadata>;
}

export type StatementHandler<S extends Statement> = (statement: S, context: StatementContext) => Promise<void>;
