/**
 * Runs statements in this process: parse, analyze, plan, optimize, plan locally into drivers,
 * run them cooperatively, and deliver result pages into the query's buffer. This is the
 * in-process engine API the servers and the tests use; the cluster milestone splits the same
 * plans into fragments that run on workers.
 */

import type { Logger } from 'pino';
import type { Session } from '../../analyzer/analysis-context.js';
import { analyzeStatement } from '../../analyzer/analyzer.js';
import { analyzeCreateTableAs, analyzeInsert } from '../../analyzer/write-analyzer.js';
import { toVivaceError, VivaceError } from '../../common/vivace-error.js';
import { blockOf } from '../../data/block-builder.js';
import { createPage, type Page } from '../../data/page.js';
import { intermediateTypeOf } from '../../execution/aggregation/aggregate-registry.js';
import type { ExchangeClient } from '../../execution/exchange/exchange-client.js';
import { EngineFunctions } from '../../execution/expression/engine-functions.js';
import { LocalPlanner } from '../../execution/local-planner.js';
import { type NodeMemoryPool, QueryMemoryPool } from '../../execution/memory-context.js';
import { readWriterReports } from '../../execution/operators/table-finish-operator.js';
import { PageBuffer } from '../../execution/page-buffer.js';
import { runDrivers } from '../../execution/task-executor.js';
import { defaultFunctionRegistry } from '../../functions/function-registry.js';
import { addExchanges } from '../../planner/add-exchanges.js';
import { fragmentPlan } from '../../planner/fragmenter.js';
import type { OutputNode, PlanNode } from '../../planner/plan-nodes.js';
import { printPlan } from '../../planner/plan-printer.js';
import { findNodes } from '../../planner/plan-utils.js';
import { planQuery } from '../../planner/query-planner.js';
import { createRuleContext } from '../../planner/rule.js';
import { StatsCalculator } from '../../planner/stats/stats-calculator.js';
import { planTableWrite } from '../../planner/table-write-planner.js';
import type { ConnectorPageSink } from '../../spi/connector.js';
import type { QualifiedObjectName } from '../../spi/metadata.js';
import type { Explain, Statement } from '../../sql/ast.js';
import { formatSql } from '../../sql/formatter.js';
import { parseStatement } from '../../sql/parser.js';
import { BIGINT, BOOLEAN, type Type, VARCHAR } from '../../types/type.js';
import { formatType } from '../../types/type-signature.js';
import type { InternalHttpClient } from '../cluster/internal-http-client.js';
import type { NodeInfo } from '../cluster/node-info.js';
import { QueryIdGenerator } from '../coordinator/query-ids.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import { referencedNames } from '../metadata/referenced-names.js';
import { StatementMetadata } from '../metadata/statement-metadata.js';
import { DistributedExecution } from '../scheduler/distributed-execution.js';
import { executeDataDefinition, isDataDefinition } from './data-definition.js';
import { executeModification, isDataModification } from './data-modification.js';
import { renderExplainAnalyze } from './explain-analyze.js';
import { explainStatement } from './explain-statement.js';
import { trackLocalStage } from './local-stage.js';
import { executeMetadataStatement, isMetadataStatement } from './metadata-statements.js';
import { type PlanPlacement, placePlan } from './plan-placement.js';
import {
  bindParameters,
  countParameters,
  isPreparedStatementOrTransaction,
  newTransactionId,
  parsePrepared,
  preparedSql,
  preparedText,
  requireNoTransaction,
  requireTransaction,
  statementName,
} from './prepared-statements.js';
import { executeAnalyze, executeCall } from './procedure-statements.js';
import { propertyValues } from './property-values.js';
import { COORDINATOR_ONLY_WARNING, QueryExecution, type QuerySession, type ResultColumn } from './query-execution.js';
import { DEFAULT_QUERY_TRACKER_OPTIONS, QueryTracker, type QueryTrackerOptions } from './query-tracker.js';
import { type ResolvedSessionProperties, SessionPropertyManager } from './session-properties.js';
import { executeSessionStatement, isSessionStatement } from './session-statements.js';

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

/** Statements without rows of their own answer `result: true`. */
const UPDATE_RESULT_COLUMNS: readonly ResultColumn[] = [{ name: 'result', type: BOOLEAN }];

/** INSERT and CREATE TABLE AS answer one row: the number of rows written. */
const WRITE_RESULT_COLUMNS: readonly ResultColumn[] = [{ name: 'rows', type: BIGINT }];

interface WriteInProgress {
  readonly target: QualifiedObjectName;
  readonly columns: readonly string[];
  /** CREATE TABLE AS created the table: a failure drops it again. */
  readonly createdTable: boolean;
  /** The connector's insert handle (its commit may need it). */
  readonly handle?: unknown;
  committedRows?: number;
}

export interface LocalQueryRunnerOptions {
  readonly metadata: MetadataManager;
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
}

/** What the coordinator's runner needs to run queries on workers. */
export interface ClusterAccess {
  activeWorkers(): readonly NodeInfo[];
  readonly http: InternalHttpClient;
  /** Reads buffer `bufferId` of remote tasks into the coordinator. */
  createExchangeClient(
    bufferId: string,
    types: readonly Type[],
    onFailure: (error: VivaceError) => void,
  ): ExchangeClient;
  /** Whether workers should be there: a query that finds none active then runs here with a warning. */
  workersExpected(): boolean;
}

export class LocalQueryRunner {
  private readonly ids = new QueryIdGenerator();
  private readonly tracker: QueryTracker;
  private readonly functions = defaultFunctionRegistry();
  private readonly engineFunctions = new EngineFunctions();
  readonly sessionProperties: SessionPropertyManager;
  /** This server's base URI, once it listens (the `self` of locally run tasks). */
  coordinatorUri = 'http://127.0.0.1';

  constructor(private readonly options: LocalQueryRunnerOptions) {
    this.sessionProperties = options.sessionProperties ?? new SessionPropertyManager();
    this.tracker = new QueryTracker({ ...DEFAULT_QUERY_TRACKER_OPTIONS, ...options.queryManagement });
  }

  /** Stops the background sweep of abandoned and expired queries. */
  /** No query runs or waits. */
  isIdle(): boolean {
    return this.tracker.isIdle();
  }

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
    const query = new QueryExecution(this.ids.next(), sql, session);
    if (this.options.logger) void query.executionFinished.then(() => this.logFailure(query));
    // Planning starts on a later turn of the event loop so the submitter gets its answer first.
    this.tracker.admit(query, () =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run(query).catch((e) => query.fail(e))),
    );
    return query;
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
    const query = new QueryExecution(this.ids.next(), sql, session);
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
      const settings = this.sessionProperties.resolve(session.properties, (catalog) => metadata.catalogExists(catalog));
      timeLimit = this.enforceTimeLimit(query, settings);
      await this.runStatement(query, settings);
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
      const text = query.session.properties[property] ?? this.sessionProperties.get(property)!.defaultValue;
      query.cancel(new VivaceError('EXCEEDED_TIME_LIMIT', `Query exceeded maximum time limit of ${text}`));
    }, limitMs);
    timer.unref();
    return timer;
  }

  private async runStatement(query: QueryExecution, settings: ResolvedSessionProperties): Promise<void> {
    const session = query.session;
    let statement = parseStatement(query.sql);
    if (statement.kind === 'Execute') {
      const prepared = parsePrepared(preparedSql(session.preparedStatements ?? new Map(), statement.name));
      statement = bindParameters(prepared, statement.parameters);
    }
    if (isPreparedStatementOrTransaction(statement)) {
      await this.runPreparedOrTransaction(query, statement);
      return;
    }
    if (isSessionStatement(statement)) {
      const change = executeSessionStatement(statement, {
        properties: this.sessionProperties,
        current: session.properties,
        catalogExists: (catalog) => this.options.metadata.catalogExists(catalog),
      });
      if (change.kind === 'rows') {
        this.finishWithRows(query, change.columns, change.rows);
        return;
      }
      if (change.kind === 'set') query.setSessionProperties.set(change.name, change.value);
      else query.resetSessionProperties.push(change.name);
      this.finishUpdate(query, change.updateType);
      return;
    }
    const analyzerSession = {
      user: session.user,
      catalog: session.catalog,
      schema: session.schema,
      timeZone: session.timeZone,
    };
    // What the statement names is resolved before analysis (connectors answer asynchronously);
    // analysis and planning then read this statement's cache only.
    const statementMetadata = new StatementMetadata(this.options.metadata);
    await statementMetadata.prefetch(referencedNames(statement, analyzerSession));
    const analyzerOptions = { session: analyzerSession, metadata: statementMetadata, functions: this.functions };
    const planContextOf = () => ({ metadata: statementMetadata, functions: this.functions, session });
    if (isMetadataStatement(statement)) {
      const result = await executeMetadataStatement(statement, {
        catalog: session.catalog,
        schema: session.schema,
        metadata: this.options.metadata,
        functions: this.functions,
        queryStatistics: (inner) =>
          statementMetadata.analyze(() => {
            const analyzed = analyzeStatement(inner, analyzerOptions);
            const plan = planQuery(analyzed, planContextOf());
            const estimate = new StatsCalculator(statementMetadata).estimate(plan.source);
            return {
              ...(estimate.rowCount !== undefined ? { rowCount: estimate.rowCount } : {}),
              columns: plan.columns.map((symbol, i) => ({
                name: analyzed.columns[i]!.name,
                type: analyzed.columns[i]!.type,
                ...estimate.symbols.get(symbol),
              })),
            };
          }),
      });
      if (result.kind === 'use') {
        query.setCatalog = result.catalog;
        query.setSchema = result.schema;
        this.finishUpdate(query, 'USE');
        return;
      }
      this.finishWithRows(query, result.columns, result.rows);
      return;
    }
    if (statement.kind === 'Explain' && statement.analyze) {
      await this.explainAnalyze(query, statement, settings);
      return;
    }
    if (statement.kind === 'Explain') {
      const explained = await statementMetadata.analyze(() =>
        explainStatement(statement, {
          analyzer: analyzerOptions,
          planner: planContextOf(),
          joinDistribution: settings.joinDistributionType,
        }),
      );
      this.finishWithRows(query, explained.columns, explained.rows);
      return;
    }
    if (isDataModification(statement)) {
      const result = await executeModification(statement, {
        session: analyzerSession,
        metadata: this.options.metadata,
        runQuery: (sql) => this.collectPages(query, sql, settings),
      });
      if (result.updateCount === undefined) {
        this.finishUpdate(query, result.updateType);
      } else {
        query.updateType = result.updateType;
        this.finishWithRowCount(query, result.updateCount);
      }
      return;
    }
    if (statement.kind === 'Call') {
      await executeCall(statement, analyzerSession, this.options.metadata);
      this.finishUpdate(query, 'CALL');
      return;
    }
    if (statement.kind === 'Analyze') {
      query.updateType = 'ANALYZE';
      this.finishWithRowCount(query, await executeAnalyze(statement, analyzerSession, this.options.metadata));
      return;
    }
    if (isDataDefinition(statement)) {
      const updateType = await executeDataDefinition(statement, {
        session: analyzerSession,
        metadata: this.options.metadata,
        statementMetadata,
        functions: this.functions,
      });
      this.finishUpdate(query, updateType);
      return;
    }
    const planContext = planContextOf();
    let plan: OutputNode;
    let columns: readonly ResultColumn[];
    let write: WriteInProgress | undefined;
    switch (statement.kind) {
      case 'Query': {
        const planned = await statementMetadata.analyze(() => {
          const analyzed = analyzeStatement(statement, analyzerOptions);
          return { plan: planQuery(analyzed, planContext), columns: analyzed.columns };
        });
        plan = planned.plan;
        columns = planned.columns;
        const workers = this.options.cluster?.activeWorkers() ?? [];
        const placement = this.placement(plan, undefined, workers.length);
        if (placement.runsOn === 'workers') {
          await this.executeDistributed(query, plan, columns, settings, workers, analyzerSession, statementMetadata);
          return;
        }
        if (placement.forWantOfWorkers && this.options.cluster?.workersExpected())
          query.warnings.push(COORDINATOR_ONLY_WARNING);
        break;
      }
      case 'Insert': {
        const analyzed = await statementMetadata.analyze(() => analyzeInsert(statement, analyzerOptions));
        const handle = await this.options.metadata.insertHandle(analyzed.target);
        plan = await statementMetadata.analyze(() =>
          planTableWrite(analyzed.source, analyzed.target, analyzed.columns, planContext, handle),
        );
        columns = WRITE_RESULT_COLUMNS;
        query.updateType = 'INSERT';
        write = {
          target: analyzed.target,
          columns: analyzed.columns.map((c) => c.name),
          createdTable: false,
          handle,
        };
        break;
      }
      case 'CreateTableAsSelect': {
        const analyzed = await statementMetadata.analyze(() => analyzeCreateTableAs(statement, analyzerOptions));
        query.updateType = 'CREATE TABLE';
        if (analyzed.skip) {
          this.finishWithRowCount(query, 0);
          return;
        }
        await this.options.metadata.createTable(
          analyzed.target,
          analyzed.columns,
          propertyValues(statement.properties, 'TABLE'),
        );
        if (!analyzed.withData) {
          this.finishWithRowCount(query, 0);
          return;
        }
        const handle = await this.options.metadata.insertHandle(analyzed.target);
        plan = await statementMetadata.analyze(() =>
          planTableWrite(analyzed.source, analyzed.target, analyzed.columns, planContext, handle),
        );
        columns = WRITE_RESULT_COLUMNS;
        write = { target: analyzed.target, columns: analyzed.columns.map((c) => c.name), createdTable: true, handle };
        break;
      }
      default:
        throw new VivaceError('NOT_SUPPORTED', `${statement.kind} statements are not supported yet`, statement.pos);
    }
    try {
      if (write !== undefined) {
        const workers = this.options.cluster?.activeWorkers() ?? [];
        const placement = this.placement(plan, write.target, workers.length);
        if (placement.runsOn === 'workers') {
          await this.executeDistributedWrite(query, plan, write, settings, workers, analyzerSession, statementMetadata);
          return;
        }
        if (placement.forWantOfWorkers && this.options.cluster?.workersExpected())
          query.warnings.push(COORDINATOR_ONLY_WARNING);
      }
      await this.executePlan(query, plan, columns, write, settings);
    } catch (e) {
      // A failed CREATE TABLE AS leaves no table behind.
      if (write?.createdTable) await this.dropQuietly(write.target);
      throw e;
    }
  }

  private async executePlan(
    query: QueryExecution,
    plan: OutputNode,
    columns: readonly ResultColumn[],
    write: WriteInProgress | undefined,
    settings: ResolvedSessionProperties,
  ): Promise<void> {
    const session = query.session;
    query.columns = columns;
    query.transition('STARTING');
    // The session may lower the configured per-query limit, never raise it (as Presto).
    const memoryLimit = Math.min(
      this.options.queryMaxMemoryBytes ?? Number.POSITIVE_INFINITY,
      settings.queryMaxMemoryBytes,
    );
    const nodeMemory = this.options.nodeMemory;
    const memory =
      nodeMemory === undefined
        ? new QueryMemoryPool(query.queryId, memoryLimit)
        : memoryLimit < nodeMemory.limitBytes
          ? nodeMemory.acquireQueryPool(query.queryId, memoryLimit, 'per-query')
          : nodeMemory.acquireQueryPool(query.queryId, nodeMemory.limitBytes, 'per-node');
    const sinks: ConnectorPageSink[] = [];
    const metadata = this.options.metadata;
    const planner = new LocalPlanner({
      functions: this.engineFunctions,
      session: { timeZone: session.timeZone, startTime: query.createTime },
      memory,
      scanSource: (node) =>
        metadata.scanSource(
          node.table,
          node.handle,
          node.assignments.map((a) => a.column),
          node.outputs.map((o) => o.type),
          node.constraint,
          node.limit,
        ),
      isCancelled: () => query.isCanceled || query.isStoppedEarly,
      maxPageRows: settings.pageRows,
      writes:
        write === undefined
          ? undefined
          : {
              createPageSink: (node) => {
                const sink = metadata.createPageSink(node.target, node.columns, node.handle);
                sinks.push(sink);
                return sink;
              },
              commit: async (node, fragments, rows) => {
                await metadata.finishInsert(node.target, write.columns, fragments, write.handle);
                write.committedRows = rows;
              },
              abort: (node, fragments) => metadata.abortInsert(node.target, fragments),
            },
    });
    const drivers = planner.planQuery(plan, query.results);
    trackLocalStage(query, drivers, memory, this.coordinatorUri, this.nodeId, printPlan(plan));
    // A full node kills the query holding the most: closing its drivers returns its memory at once.
    memory.onKill((error) => {
      query.fail(error);
      for (const driver of drivers) driver.close();
    });
    query.transition('RUNNING');
    try {
      await runDrivers(drivers, {
        isCancelled: () => query.isCanceled || query.isStoppedEarly || query.state === 'FAILED',
      }).finally(() => {
        query.reservedMemoryBytes = memory.reservedBytes;
        memory.close();
        if (nodeMemory !== undefined) nodeMemory.releaseQueryPool(memory);
      });
      query.peakMemoryBytes = memory.peakBytes;
      if (write !== undefined) query.updateCount = write.committedRows ?? 0;
      query.transition('FINISHING');
      query.transition('FINISHED');
    } catch (e) {
      // Whatever the sinks buffered is dropped: a failed write leaves the table as it was.
      for (const sink of sinks) void Promise.resolve(sink.abort()).catch(() => undefined);
      const error = toVivaceError(e);
      if (query.isStoppedEarly && write === undefined) {
        query.transition('FINISHING');
        query.transition('FINISHED');
        return;
      }
      if (!(error instanceof VivaceError && error.errorName === 'USER_CANCELED' && query.isCanceled)) query.fail(error);
      if (write?.createdTable) await this.dropQuietly(write.target);
    }
  }

  /** PREPARE, DEALLOCATE, DESCRIBE INPUT/OUTPUT, START TRANSACTION, COMMIT, ROLLBACK. */
  private async runPreparedOrTransaction(query: QueryExecution, statement: Statement): Promise<void> {
    const session = query.session;
    const prepared = session.preparedStatements ?? new Map<string, string>();
    const finishUpdate = (updateType: string) => this.finishUpdate(query, updateType);
    switch (statement.kind) {
      case 'Prepare':
        query.addedPreparedStatements.set(statementName(statement.name), preparedText(statement.statement, query.sql));
        finishUpdate('PREPARE');
        return;
      case 'Deallocate':
        preparedSql(prepared, statement.name);
        query.deallocatedPreparedStatements.push(statementName(statement.name));
        finishUpdate('DEALLOCATE');
        return;
      case 'DescribeInput': {
        const count = countParameters(parsePrepared(preparedSql(prepared, statement.name)));
        const rows = Array.from({ length: count }, (_, i) => [i, 'unknown']);
        this.finishWithRows(
          query,
          [
            { name: 'Position', type: BIGINT },
            { name: 'Type', type: VARCHAR },
          ],
          rows,
        );
        return;
      }
      case 'DescribeOutput':
        this.finishWithRows(
          query,
          DESCRIBE_OUTPUT_COLUMNS,
          await this.describeOutput(query, preparedSql(prepared, statement.name)),
        );
        return;
      case 'StartTransaction':
        requireNoTransaction(session.transactionId, statement);
        query.startedTransactionId = newTransactionId();
        finishUpdate('START TRANSACTION');
        return;
      case 'Commit':
      case 'Rollback':
        requireTransaction(session.transactionId, statement);
        query.clearTransactionId = true;
        finishUpdate(statement.kind === 'Commit' ? 'COMMIT' : 'ROLLBACK');
        return;
      default:
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `${statement.kind} is not a prepared-statement command`);
    }
  }

  /** The columns a prepared query returns (parameters bound to NULL, as their types are open). */
  private async describeOutput(query: QueryExecution, sql: string): Promise<unknown[][]> {
    const parsed = parsePrepared(sql);
    if (parsed.kind !== 'Query') return [];
    const nulls = Array.from(
      { length: countParameters(parsed) },
      () => ({ kind: 'NullLiteral', pos: parsed.pos }) as const,
    );
    const bound = bindParameters(parsed, nulls as never);
    const session = query.session;
    const analyzerSession = {
      user: session.user,
      catalog: session.catalog,
      schema: session.schema,
      timeZone: session.timeZone,
    };
    const metadata = new StatementMetadata(this.options.metadata);
    await metadata.prefetch(referencedNames(bound, analyzerSession));
    const analyzed = await metadata.analyze(() =>
      analyzeStatement(bound, { session: analyzerSession, metadata, functions: this.functions }),
    );
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

  /** Runs a query for a statement of `parent` (DELETE, UPDATE) and returns all its pages. */
  private async collectPages(
    parent: QueryExecution,
    sql: string,
    settings: ResolvedSessionProperties,
  ): Promise<Page[]> {
    // Its own id: tasks of two sub-queries of one statement (UPDATE counts, then rewrites) must not
    // share task ids on the workers.
    const run = new QueryExecution(this.ids.next(), sql, parent.session);
    const pages: Page[] = [];
    const drained = (async () => {
      while (!run.results.isDone()) {
        const page = run.results.poll();
        if (page) pages.push(page);
        else await run.results.whenReady();
      }
    })();
    const stop = async () => {
      while (!parent.isDone && !run.isDone) await Promise.race([parent.whenStateChanges(), run.whenStateChanges()]);
      if (parent.isDone && !run.isDone)
        run.cancel(parent.error ?? new VivaceError('USER_CANCELED', 'Query was canceled'));
    };
    void stop();
    run.transition('PLANNING');
    try {
      await this.runStatement(run, settings);
    } finally {
      run.markExecutionFinished();
    }
    await drained.catch(() => undefined);
    if (run.error) throw run.error;
    return pages;
  }

  /** Runs the explained statement, then answers its stages with the statistics they measured. */
  private async explainAnalyze(
    query: QueryExecution,
    statement: Explain,
    settings: ResolvedSessionProperties,
  ): Promise<void> {
    const inner = statement.statement;
    if (inner.kind !== 'Query' && inner.kind !== 'Insert' && inner.kind !== 'CreateTableAsSelect') {
      throw new VivaceError('NOT_SUPPORTED', `EXPLAIN ANALYZE does not support ${inner.kind} statements`, inner.pos);
    }
    const run = new QueryExecution(query.queryId, formatSql(inner), query.session);
    const stopWhenCanceled = async () => {
      while (!query.isDone && !run.isDone) await Promise.race([query.whenStateChanges(), run.whenStateChanges()]);
      if (query.isDone && !run.isDone)
        run.cancel(query.error ?? new VivaceError('USER_CANCELED', 'Query was canceled'));
    };
    void stopWhenCanceled();
    // The explained query's rows are counted, not returned.
    const drained = (async () => {
      while (!run.results.isDone()) {
        if (run.results.poll() === null) await run.results.whenReady();
      }
    })();
    run.transition('PLANNING');
    try {
      await this.runStatement(run, settings);
    } finally {
      run.markExecutionFinished();
    }
    await drained.catch(() => undefined);
    if (run.error) throw run.error;
    query.stages = run.stages;
    const text = renderExplainAnalyze(
      {
        queryId: query.queryId,
        state: run.state,
        elapsedMs: (run.endTime ?? Date.now()) - run.createTime,
        queuedMs: (run.startTime ?? run.createTime) - run.createTime,
        root: run.stages?.(),
      },
      statement.verbose,
    );
    this.finishWithRows(query, [{ name: 'Query Plan', type: VARCHAR }], [[text]]);
  }

  /** This process's node id (task records of local stages, data held here). */
  private get nodeId(): string {
    return this.options.nodeId ?? 'coordinator';
  }

  /**
   * Where `plan` runs (writing `target`, if given), from what the connectors of its tables declare
   * (plan-placement.ts); throws when it can run nowhere.
   */
  private placement(plan: PlanNode, target: QualifiedObjectName | undefined, activeWorkers: number): PlanPlacement {
    const metadata = this.options.metadata;
    const reads = findNodes(plan, 'TableScan').map((scan) => ({
      table: scan.table,
      placement: metadata.splitPlacement(scan.table, scan.handle),
    }));
    const write = target === undefined ? undefined : { table: target, placement: metadata.splitPlacement(target) };
    return placePlan(reads, write, {
      cluster: this.options.cluster !== undefined,
      activeWorkers,
      coordinatorNodeId: this.nodeId,
    });
  }

  private async executeDistributed(
    query: QueryExecution,
    plan: OutputNode,
    columns: readonly ResultColumn[],
    settings: ResolvedSessionProperties,
    workers: readonly NodeInfo[],
    analyzerSession: Session,
    metadata: StatementMetadata,
  ): Promise<void> {
    query.columns = columns;
    query.transition('STARTING');
    try {
      await this.runOnWorkers(query, plan, settings, workers, analyzerSession, metadata, query.results);
      query.transition('FINISHING');
      query.transition('FINISHED');
    } catch (e) {
      const error = toVivaceError(e);
      if (query.isStoppedEarly) {
        query.transition('FINISHING');
        query.transition('FINISHED');
        return;
      }
      if (!(error instanceof VivaceError && error.errorName === 'USER_CANCELED' && query.isCanceled)) query.fail(error);
    }
  }

  /**
   * A write on the workers: the writers run where their rows are and report what they wrote
   * (rows, commit fragment) to the root stage, whose output the coordinator reads here instead of
   * sending it to the client; then the coordinator commits every fragment at once — what
   * TableFinish does in a plan run in this process — and answers the row count.
   */
  private async executeDistributedWrite(
    query: QueryExecution,
    plan: OutputNode,
    write: WriteInProgress,
    settings: ResolvedSessionProperties,
    workers: readonly NodeInfo[],
    analyzerSession: Session,
    metadata: StatementMetadata,
  ): Promise<void> {
    const finish = plan.source;
    const writer = finish.kind === 'TableFinish' ? finish.source : undefined;
    if (writer?.kind !== 'TableWriter')
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a write plan ends in TableFinish');
    const writerPlan: OutputNode = {
      kind: 'Output',
      id: plan.id,
      source: writer,
      columnNames: writer.outputs.map((o) => o.name),
      columns: writer.outputs.map((o) => o.name),
      outputs: writer.outputs,
    };
    query.columns = WRITE_RESULT_COLUMNS;
    query.transition('STARTING');
    const reports = new PageBuffer(Number.POSITIVE_INFINITY);
    const fragments: unknown[] = [];
    let rows = 0;
    const collect = () => {
      for (let page = reports.poll(); page !== null; page = reports.poll()) {
        rows += readWriterReports(page, 0, 1, fragments);
      }
    };
    try {
      await this.runOnWorkers(query, writerPlan, settings, workers, analyzerSession, metadata, reports);
      collect();
      if (query.isCanceled) throw query.error ?? new VivaceError('USER_CANCELED', 'Query was canceled');
      await this.options.metadata.finishInsert(write.target, write.columns, fragments, write.handle);
      write.committedRows = rows;
      query.updateCount = rows;
      query.results.add(createPage([blockOf(BIGINT, [rows])], 1));
      query.results.finish();
      query.transition('FINISHING');
      query.transition('FINISHED');
    } catch (e) {
      collect();
      await this.options.metadata.abortInsert(write.target, fragments).catch(() => undefined);
      if (write.createdTable) await this.dropQuietly(write.target);
      const error = toVivaceError(e);
      if (!(error instanceof VivaceError && error.errorName === 'USER_CANCELED' && query.isCanceled)) query.fail(error);
    }
  }

  /** Fragments `plan`, runs it on the workers and feeds the root stage's output to `results`; throws its failure. */
  private async runOnWorkers(
    query: QueryExecution,
    plan: OutputNode,
    settings: ResolvedSessionProperties,
    workers: readonly NodeInfo[],
    analyzerSession: Session,
    metadata: StatementMetadata,
    results: PageBuffer,
  ): Promise<void> {
    const cluster = this.options.cluster!;
    const ruleContext = createRuleContext(plan, {
      session: analyzerSession,
      metadata,
      functions: this.functions,
    });
    const distributed = addExchanges(plan, ruleContext, {
      joinDistribution: settings.joinDistributionType,
      intermediateType: intermediateTypeOf,
    });
    const fragments = fragmentPlan(distributed, ruleContext.ids);
    const memoryLimit = Math.min(
      this.options.queryMaxMemoryBytes ?? Number.POSITIVE_INFINITY,
      settings.queryMaxMemoryBytes,
    );
    const execution = new DistributedExecution({
      queryId: query.queryId,
      plan: fragments,
      workers,
      metadata: this.options.metadata,
      http: cluster.http,
      session: {
        queryId: query.queryId,
        user: query.session.user,
        timeZone: query.session.timeZone,
        startTime: query.createTime,
        properties: query.session.properties,
        ...(settings.pageRows !== undefined ? { maxPageRows: settings.pageRows } : {}),
        ...(Number.isFinite(memoryLimit) ? { memoryLimitBytes: memoryLimit } : {}),
      },
      hashPartitionCount: Math.max(1, Math.min(settings.hashPartitionCount, workers.length)),
      isNodeActive: (nodeId) => cluster.activeWorkers().some((node) => node.nodeId === nodeId),
      createExchangeClient: (onFailure) =>
        cluster.createExchangeClient(
          '0',
          plan.outputs.map((s) => s.type),
          onFailure,
        ),
      results,
    });
    query.stages = () => execution.snapshot();
    // A cancel or a failure elsewhere (time limit) reaches every task.
    const watchState = async () => {
      while (!query.isDone && !query.isStoppedEarly) await query.whenStateChanges();
      if (query.state === 'FAILED' || query.isStoppedEarly) execution.cancel();
    };
    void watchState();
    try {
      await execution.start();
      query.transition('RUNNING');
      await execution.done;
    } catch (e) {
      execution.fail(toVivaceError(e) as VivaceError);
      throw e;
    }
  }

  /**
   * Ends a statement that changes something and returns no rows of its own (DDL, USE, SET
   * SESSION, PREPARE, transactions): its update type, and, as Presto answers, one row with a
   * boolean `result` of true (clients such as lento check it).
   */
  private finishUpdate(query: QueryExecution, updateType: string): void {
    query.updateType = updateType;
    this.finishWithRows(query, UPDATE_RESULT_COLUMNS, [[true]]);
  }

  /** Ends a statement whose rows the coordinator computed itself (SHOW, EXPLAIN). */
  private finishWithRows(query: QueryExecution, columns: readonly ResultColumn[], rows: readonly unknown[][]): void {
    query.columns = columns;
    if (rows.length > 0) {
      query.results.add(
        createPage(
          columns.map((c, i) =>
            blockOf(
              c.type,
              rows.map((row) => row[i]),
            ),
          ),
          rows.length,
        ),
      );
    }
    query.results.finish();
    query.transition('FINISHING');
    query.transition('FINISHED');
  }

  /** Ends a write statement that wrote nothing (CTAS WITH NO DATA, IF NOT EXISTS on an existing table). */
  private finishWithRowCount(query: QueryExecution, rows: number): void {
    query.updateCount = rows;
    this.finishWithRows(query, WRITE_RESULT_COLUMNS, [[rows]]);
  }

  private async dropQuietly(target: QualifiedObjectName): Promise<void> {
    try {
      await this.options.metadata.dropTable(target);
    } catch {
      // The table may already be gone (e.g. dropped concurrently); nothing is left to undo.
    }
  }
}
