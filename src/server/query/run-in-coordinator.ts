/**
 * Runs a plan in the coordinator's own process, as one SINGLE stage with one task (what runs
 * here: statements without workers, tables only the coordinator reads, system and metadata
 * queries): reserves the query's memory from this node's pool, plans drivers (execution's
 * LocalPlanner), runs them cooperatively into the query's result buffer and, for a write, commits
 * what the sinks wrote through TableFinish. Ends the query: FINISHED, or FAILED with what the
 * sinks buffered dropped.
 */
import { LocalPlanner } from '../../execution/local-planner.js';
import { QueryMemoryPool } from '../../execution/memory-context.js';
import { adaptivePartialAggregation } from '../../execution/operators/hash-aggregation-operator.js';
import { runDrivers } from '../../execution/task-executor.js';
import type { OutputNode } from '../../planner/plan-nodes.js';
import { printPlan } from '../../planner/plan-printer.js';
import type { ConnectorPageSink } from '../../spi/connector.js';
import type { ResultColumn } from '../protocol/query-state.js';
import { trackLocalStage } from './local-stage.js';
import type { StatementContext } from './statements/statement-context.js';

/** A write's side of a plan run here: the target's columns and where the committed row count goes. */
export interface CoordinatorWrite {
  readonly columns: readonly string[];
  committed(rows: number): void;
  /** The connector's insert handle (its commit may need it). */
  readonly handle?: unknown;
}

export async function runInCoordinator(
  context: StatementContext,
  plan: OutputNode,
  columns: readonly ResultColumn[],
  write: CoordinatorWrite | undefined,
): Promise<void> {
  const { query, settings, engine } = context;
  query.columns = columns;
  query.transition('STARTING');
  const memoryLimit = context.memoryLimitBytes;
  const nodeMemory = engine.nodeMemory;
  const memory =
    nodeMemory === undefined
      ? new QueryMemoryPool(query.queryId, memoryLimit)
      : memoryLimit < nodeMemory.limitBytes
        ? nodeMemory.acquireQueryPool(query.queryId, memoryLimit, 'per-query')
        : nodeMemory.acquireQueryPool(query.queryId, nodeMemory.limitBytes, 'per-node');
  const sinks: ConnectorPageSink[] = [];
  const metadata = engine.metadata;
  let committedRows: number | undefined;
  const planner = new LocalPlanner({
    functions: engine.engineFunctions,
    session: { timeZone: query.session.timeZone, startTime: query.createTime },
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
    isCancelled: () => query.shouldStop,
    maxPageRows: settings.pageRows,
    ...(settings.partialAggregationUniqueRowsRatio !== undefined
      ? { adaptivePartialAggregation: adaptivePartialAggregation(settings.partialAggregationUniqueRowsRatio) }
      : {}),
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
              committedRows = rows;
              write.committed(rows);
            },
            abort: (node, fragments) => metadata.abortInsert(node.target, fragments),
          },
  });
  const drivers = planner.planQuery(plan, query.results);
  trackLocalStage(query, drivers, memory, engine.coordinatorUri(), engine.nodeId, () => printPlan(plan));
  // A full node kills the query holding the most: closing its drivers returns its memory at once.
  memory.onKill((error) => {
    query.fail(error);
    for (const driver of drivers) driver.close();
  });
  query.transition('RUNNING');
  try {
    await runDrivers(drivers, { isCancelled: () => query.shouldStop }).finally(() => {
      query.reservedMemoryBytes = memory.reservedBytes;
      memory.close();
      if (nodeMemory !== undefined) nodeMemory.releaseQueryPool(memory);
    });
    query.peakMemoryBytes = memory.peakBytes;
    if (write !== undefined) query.updateCount = committedRows ?? 0;
    query.finish();
  } catch (e) {
    // Whatever the sinks buffered is dropped: a failed write leaves the table as it was.
    for (const sink of sinks) void Promise.resolve(sink.abort()).catch(() => undefined);
    query.endAfterError(e, write === undefined);
    // A write that did not commit leaves its caller to undo what it created (CREATE TABLE AS).
    if (write !== undefined) throw e;
  }
}
