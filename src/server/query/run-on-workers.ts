/**
 * Runs a plan on the workers: composes its distributed form (planner/distributed-plan.ts, the same
 * function EXPLAIN uses; one stage without exchanges when the placement policy chose a single
 * node), hands the fragments to the scheduler (scheduler/distributed-execution.ts)
 * with the query's session and memory limit, and feeds the root stage's output into a buffer —
 * the query's results, or the writers' reports a distributed write commits. A cancel, a failure
 * or an early stop of the query reaches every task.
 */
import { toVivaceError } from '../../common/vivace-error.js';
import type { PageBuffer } from '../../execution/page-buffer.js';
import { planDistributed } from '../../planner/distributed-plan.js';
import type { OutputNode } from '../../planner/plan-nodes.js';
import { findNodes } from '../../planner/plan-utils.js';
import type { StatementMetadata } from '../metadata/statement-metadata.js';
import type { ResultColumn } from '../protocol/query-state.js';
import { DistributedExecution } from '../scheduler/distributed-execution.js';
import type { StatementPlacement } from './placement-policy.js';
import type { StatementContext } from './statements/statement-context.js';

/** A placement on the workers: which ones, and whether as a single stage (one task, no exchanges). */
export type WorkersPlacement = Extract<StatementPlacement, { runsOn: 'workers' }>;

/** Fragments `plan`, runs it on the placement's workers and feeds the root stage's output to `results`; throws its failure. */
export async function runOnWorkers(
  context: StatementContext,
  placement: WorkersPlacement,
  plan: OutputNode,
  metadata: StatementMetadata,
  results: PageBuffer,
): Promise<void> {
  const { query, settings, engine } = context;
  const { cluster, workers } = placement;
  const fragments = planDistributed(
    plan,
    { session: context.session, metadata, functions: engine.functions },
    {
      joinDistribution: settings.joinDistributionType,
      singleStage: placement.singleStage,
      dynamicFiltering: settings.enableDynamicFiltering,
      tableScanPartitioning: settings.useTableScanNodePartitioning,
      colocatedJoins: settings.colocatedJoin,
    },
  );
  const memoryLimit = context.memoryLimitBytes;
  const resultTypes = plan.outputs.map((s) => s.type);
  const run = (attempt: number, runWorkers: WorkersPlacement['workers']) =>
    new DistributedExecution({
      queryId: query.queryId,
      attempt,
      plan: fragments,
      workers: runWorkers,
      metadata: engine.metadata,
      http: cluster.http,
      session: {
        queryId: query.queryId,
        user: query.session.user,
        timeZone: query.session.timeZone,
        startTime: query.createTime,
        properties: query.session.properties,
        ...(settings.pageRows !== undefined ? { maxPageRows: settings.pageRows } : {}),
        ...(settings.partialAggregationUniqueRowsRatio !== undefined
          ? { partialAggregationUniqueRowsRatio: settings.partialAggregationUniqueRowsRatio }
          : {}),
        ...(Number.isFinite(memoryLimit) ? { memoryLimitBytes: memoryLimit } : {}),
      },
      hashPartitionCount: Math.max(1, Math.min(settings.hashPartitionCount, runWorkers.length)),
      minInputRowsPerTask: settings.minInputRowsPerTask,
      dynamicFilterWaitMs: settings.dynamicFilteringWaitTimeoutMs,
      isNodeActive: (nodeId) => cluster.activeWorkers().some((node) => node.nodeId === nodeId),
      resultTypes,
      createExchangeClient: (onFailure) => cluster.createExchangeClient('0', resultTypes, onFailure),
      results,
    });
  let execution = run(0, workers);
  query.stages = () => execution.snapshot();
  // A cancel or a failure elsewhere (time limit) reaches every task.
  const watchState = async () => {
    while (!query.isDone && !query.isStoppedEarly) await query.whenStateChanges();
    if (query.state === 'FAILED' || query.isStoppedEarly) execution.cancel();
  };
  void watchState();
  // A read whose task creation a dead worker refused (the failure detector had not noticed yet)
  // runs once more without that worker, as long as no row has reached the client; a write does
  // not (its first run may have begun writing elsewhere).
  const mayRetry = findNodes(plan, 'TableWriter').length === 0;
  let remaining = workers;
  for (let attempt = 0; ; attempt++) {
    try {
      await execution.start();
      query.transition('RUNNING');
      await execution.done;
      return;
    } catch (e) {
      execution.fail(toVivaceError(e));
      const refused = execution.refusedNodeId;
      remaining = remaining.filter((node) => node.nodeId !== refused);
      // A single-stage run had one worker: another active one takes its place.
      if (remaining.length === 0) {
        remaining = cluster
          .activeWorkers()
          .filter((node) => node.nodeId !== refused)
          .slice(0, workers.length);
      }
      const retry =
        mayRetry &&
        attempt === 0 &&
        refused !== undefined &&
        !execution.delivered &&
        remaining.length > 0 &&
        !query.isDone;
      if (!retry) throw e;
      execution = run(attempt + 1, remaining);
    }
  }
}

/** Runs a query's plan on the workers into the query's results, and ends the query. */
export async function runQueryOnWorkers(
  context: StatementContext,
  placement: WorkersPlacement,
  plan: OutputNode,
  columns: readonly ResultColumn[],
  metadata: StatementMetadata,
): Promise<void> {
  const query = context.query;
  query.columns = columns;
  query.transition('STARTING');
  try {
    await runOnWorkers(context, placement, plan, metadata, query.results);
    query.finish();
  } catch (e) {
    query.endAfterError(e, true);
  }
}
