/**
 * The coordinator's query manager: submits statements (a query id, admission through the query
 * tracker, planning on a later turn so the client gets its answer first), finds and lists them
 * (what `/v1/statement`, `/v1/query` and system.runtime.queries see), enforces their time limits,
 * logs their failures, and runs each through the statement table (statements/statement-table.ts)
 * with the services every statement shares. Cancel is the query's own (query-execution.ts).
 */
import type { Logger } from 'pino';
import { VivaceError } from '../../common/vivace-error.js';
import type { CatalogStore } from '../../connectors/catalog/catalog-store.js';
import { EngineFunctions } from '../../execution/expression/engine-functions.js';
import type { NodeMemoryPool } from '../../execution/memory-context.js';
import { defaultFunctionRegistry } from '../../functions/function-registry.js';
import type { AccessControl } from '../../spi/access-control.js';
import { parseStatement } from '../../sql/parser.js';
import { redactSensitiveStatement } from '../metadata/catalog-statements.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import type { QuerySession } from '../protocol/query-state.js';
import type { ClusterAccess } from '../scheduler/cluster-access.js';
import { QueryExecution } from './query-execution.js';
import { QueryIdGenerator } from './query-ids.js';
import { DEFAULT_QUERY_TRACKER_OPTIONS, QueryTracker, type QueryTrackerOptions } from './query-tracker.js';
import { type ResolvedSessionProperties, SessionPropertyManager } from './session-properties.js';
import type { QueryEngine } from './statements/statement-context.js';
import { runStatement } from './statements/statement-table.js';

export interface QueryManagerOptions {
  readonly metadata: MetadataManager;
  /** Where CREATE CATALOG writes (`catalog.management=dynamic`); absent: static catalogs only. */
  readonly catalogStore?: CatalogStore;
  /** Per-query memory limit in bytes (`query.max-memory`). */
  readonly queryMaxMemoryBytes?: number;
  /** This process's memory (`query.max-memory-per-node`), which queries run here reserve from. */
  readonly nodeMemory?: NodeMemoryPool;
  /** System session properties (defaults from the configuration). */
  readonly sessionProperties?: SessionPropertyManager;
  /** The node id of this process (task records of locally run stages). */
  readonly nodeId?: string;
  /** The workers, when this runner is a cluster's coordinator: queries over them run distributed. */
  readonly cluster?: ClusterAccess;
  /** Admission, abandonment and retention of queries (defaults: Presto's). */
  readonly queryManagement?: Partial<QueryTrackerOptions>;
  /** Where failed queries are logged with their stacks (clients see stacks only in debug mode). */
  readonly logger?: Logger;
  /** Who may do what (issue 17); everything is allowed without it. */
  readonly accessControl?: AccessControl;
}

export class QueryManager {
  private readonly ids = new QueryIdGenerator();
  private readonly tracker: QueryTracker;
  private readonly engine: QueryEngine;
  readonly sessionProperties: SessionPropertyManager;
  /** This server's base URI, once it listens (the `self` of locally run tasks). */
  coordinatorUri = 'http://127.0.0.1';

  constructor(private readonly options: QueryManagerOptions) {
    this.sessionProperties = options.sessionProperties ?? new SessionPropertyManager();
    this.tracker = new QueryTracker({ ...DEFAULT_QUERY_TRACKER_OPTIONS, ...options.queryManagement });
    this.engine = {
      metadata: options.metadata,
      functions: defaultFunctionRegistry(),
      engineFunctions: new EngineFunctions(),
      sessionProperties: this.sessionProperties,
      cluster: options.cluster,
      nodeMemory: options.nodeMemory,
      catalogStore: options.catalogStore,
      accessControl: options.accessControl,
      queryMaxMemoryBytes: options.queryMaxMemoryBytes,
      nodeId: options.nodeId ?? 'coordinator',
      coordinatorUri: () => this.coordinatorUri,
      newQueryId: () => this.ids.next(),
      runStatement: (query, statement, settings) => runStatement(this.engine, query, statement, settings),
    };
  }

  /**
   * No query runs or waits, and none is still open: a query whose execution ended but whose client
   * has not read all of its rows yet is still being served.
   */
  isIdle(now = Date.now()): boolean {
    return this.tracker.isIdle() && !this.tracker.list().some((query) => this.tracker.isServing(query, now));
  }

  /** Stops the background sweep of abandoned and expired queries. */
  close(): void {
    this.tracker.close();
  }

  get(queryId: string): QueryExecution | undefined {
    return this.tracker.get(queryId);
  }

  list(): QueryExecution[] {
    return this.tracker.list();
  }

  submit(sql: string, session: QuerySession): QueryExecution {
    const query = this.newQuery(sql, session);
    if (this.options.logger) void query.executionFinished.then(() => this.logFailure(query));
    // Planning starts on a later turn of the event loop so the submitter gets its answer first.
    this.tracker.admit(query, () =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run(query).catch((e) => query.fail(e))),
    );
    return query;
  }

  /** A query whose shown text has CREATE CATALOG's secrets masked (the text as written is what runs). */
  private newQuery(sql: string, session: QuerySession): QueryExecution {
    const shown = redactSensitiveStatement(sql, this.options.metadata.catalogs);
    return new QueryExecution(this.ids.next(), shown, session, sql);
  }

  /** Logs a failed query with its stack: errors of the engine as errors, the user's own at info level. */
  private logFailure(query: QueryExecution): void {
    const error = query.error;
    const logger = this.options.logger;
    if (error === undefined || logger === undefined) return;
    const type = error.errorCode.type;
    const level = type === 'INTERNAL_ERROR' ? 'error' : type === 'USER_ERROR' ? 'info' : 'warn';
    logger[level](
      { queryId: query.queryId, user: query.session.user, errorName: error.errorName, err: error },
      'query failed',
    );
  }

  /** Runs a statement to completion and returns its execution (tests and tools). */
  async execute(sql: string, session: QuerySession): Promise<QueryExecution> {
    const query = this.newQuery(sql, session);
    if (this.options.logger) void query.executionFinished.then(() => this.logFailure(query));
    // The caller is the query's client and waits for it: it counts as polled.
    query.touch();
    this.tracker.admit(query, () => this.run(query).catch((e) => query.fail(e)));
    await query.executionFinished;
    return query;
  }

  private async run(query: QueryExecution): Promise<void> {
    query.transition('PLANNING');
    const session = query.session;
    const metadata = this.options.metadata;
    let timeLimit: NodeJS.Timeout | undefined;
    try {
      const settings = this.sessionProperties.resolve(session.properties, (catalog) =>
        metadata.catalogSessionProperties(catalog),
      );
      timeLimit = this.enforceTimeLimit(query, settings);
      await runStatement(this.engine, query, parseStatement(query.executableSql), settings);
    } finally {
      clearTimeout(timeLimit);
      query.markExecutionFinished();
    }
  }

  /** Fails the query with EXCEEDED_TIME_LIMIT when it runs past `query_max_run_time`/`query_max_execution_time`. */
  private enforceTimeLimit(query: QueryExecution, settings: ResolvedSessionProperties): NodeJS.Timeout | undefined {
    const limitMs = Math.min(settings.queryMaxRunTimeMs, settings.queryMaxExecutionTimeMs);
    // Timers cannot wait longer than 2^31-1 ms (about 24.8 days); such limits never fire in practice.
    if (limitMs >= 2 ** 31 - 1) return undefined;
    const timer = setTimeout(() => {
      const property =
        settings.queryMaxRunTimeMs <= settings.queryMaxExecutionTimeMs
          ? 'query_max_run_time'
          : 'query_max_execution_time';
      const text = query.session.properties[property] ?? this.sessionProperties.get(property)?.defaultValue;
      query.cancel(new VivaceError('EXCEEDED_TIME_LIMIT', `Query exceeded maximum time limit of ${text}`));
    }, limitMs);
    timer.unref();
    return timer;
  }
}
