/**
 * Runs statements in this process: parse, analyze, plan, optimize, plan locally into drivers,
 * run them cooperatively, and deliver result pages into the query's buffer. This is the
 * in-process engine API the servers and the tests use; the cluster milestone splits the same
 * plans into fragments that run on workers.
 */

import { analyzeStatement } from '../../analyzer/analyzer.js';
import { toVivaceError, VivaceError } from '../../common/vivace-error.js';
import { EngineFunctions } from '../../execution/expression/engine-functions.js';
import { LocalPlanner } from '../../execution/local-planner.js';
import { QueryMemoryPool } from '../../execution/memory-context.js';
import { runDrivers } from '../../execution/task-executor.js';
import { defaultFunctionRegistry } from '../../functions/function-registry.js';
import { planQuery } from '../../planner/query-planner.js';
import { parseStatement } from '../../sql/parser.js';
import { QueryIdGenerator } from '../coordinator/query-ids.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';
import { QueryExecution, type QuerySession } from './query-execution.js';

export interface LocalQueryRunnerOptions {
  readonly metadata: MetadataManager;
  /** Per-query memory limit in bytes (`query.max-memory`). */
  readonly queryMaxMemoryBytes?: number;
  /** Finished queries are kept this long for clients and the query list. */
  readonly retentionMs?: number;
}

export class LocalQueryRunner {
  private readonly ids = new QueryIdGenerator();
  private readonly queries = new Map<string, QueryExecution>();
  private readonly functions = defaultFunctionRegistry();
  private readonly engineFunctions = new EngineFunctions();

  constructor(private readonly options: LocalQueryRunnerOptions) {}

  get(queryId: string): QueryExecution | undefined {
    return this.queries.get(queryId);
  }

  list(): QueryExecution[] {
    return [...this.queries.values()];
  }

  submit(sql: string, session: QuerySession): QueryExecution {
    const query = new QueryExecution(this.ids.next(), sql, session);
    this.queries.set(query.queryId, query);
    // Planning starts on the next turn of the event loop so the submitter gets its answer first.
    setImmediate(() => {
      this.run(query).catch((e) => query.fail(e));
    });
    return query;
  }

  /** Runs a statement to completion and returns its execution (tests and tools). */
  async execute(sql: string, session: QuerySession): Promise<QueryExecution> {
    const query = new QueryExecution(this.ids.next(), sql, session);
    this.queries.set(query.queryId, query);
    await this.run(query).catch((e) => query.fail(e));
    return query;
  }

  private async run(query: QueryExecution): Promise<void> {
    query.transition('PLANNING');
    const session = query.session;
    const statement = parseStatement(query.sql);
    const analyzed = analyzeStatement(statement, {
      session: { user: session.user, catalog: session.catalog, schema: session.schema, timeZone: session.timeZone },
      metadata: this.options.metadata,
      functions: this.functions,
    });
    const plan = planQuery(analyzed, { metadata: this.options.metadata, functions: this.functions, session });
    query.columns = analyzed.columns;
    query.transition('STARTING');
    const memory = new QueryMemoryPool(query.queryId, this.options.queryMaxMemoryBytes ?? Number.POSITIVE_INFINITY);
    const planner = new LocalPlanner({
      functions: this.engineFunctions,
      session: { timeZone: session.timeZone, startTime: query.createTime },
      memory,
      scanSource: (node) =>
        this.options.metadata.scanSource(
          node.table,
          node.assignments.map((a) => a.column),
          node.outputs.map((o) => o.type),
          node.constraint,
          node.limit,
        ),
      isCancelled: () => query.isCanceled,
    });
    const drivers = planner.planQuery(plan, query.results);
    query.transition('RUNNING');
    try {
      await runDrivers(drivers, { isCancelled: () => query.isCanceled });
      query.peakMemoryBytes = memory.peakBytes;
      query.transition('FINISHING');
      query.transition('FINISHED');
    } catch (e) {
      const error = toVivaceError(e);
      if (!(error instanceof VivaceError && error.errorName === 'USER_CANCELED' && query.isCanceled)) query.fail(error);
    }
  }
}
