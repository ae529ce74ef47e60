/**
 * The stage tree of a query the coordinator runs itself (statements without workers, writes to
 * the memory connector, metadata queries): one SINGLE stage `0` with one task on the coordinator,
 * whose record and statistics come from the query's real drivers, so the statement and query
 * resources show the same fields whether a query ran locally or across workers.
 */
import type { Driver } from '../../execution/driver.js';
import type { QueryMemoryPool } from '../../execution/memory-context.js';
import { formatTimestamp } from '../protocol/airlift-format.js';
import type { StageSnapshot, StageState } from '../protocol/query-state.js';
import { type PipelineDrivers, renderTaskStats } from '../task/task-stats.js';
import type { QueryExecution } from './query-execution.js';

const SOURCE_OPERATORS = new Set(['TableScanOperator', 'ValuesOperator', 'ExchangeOperator', 'MergeOperator']);

function stageStateOf(query: QueryExecution): StageState {
  switch (query.state) {
    case 'QUEUED':
    case 'PLANNING':
      return 'PLANNED';
    case 'STARTING':
      return 'SCHEDULING';
    case 'RUNNING':
    case 'FINISHING':
      return 'RUNNING';
    case 'FINISHED':
      return 'FINISHED';
    case 'FAILED':
      return query.isCanceled ? 'ABORTED' : 'FAILED';
  }
}

/** Task states matching the stage's (Presto: a task ends FINISHED, CANCELED, ABORTED or FAILED). */
function taskStateOf(stage: StageState): string {
  if (stage === 'PLANNED' || stage === 'SCHEDULING' || stage === 'SCHEDULED') return 'PLANNED';
  return stage;
}

/** Sets `query.stages` to report the drivers of a locally run plan as stage `0`. */
export function trackLocalStage(
  query: QueryExecution,
  drivers: readonly Driver[],
  memory: QueryMemoryPool,
  coordinatorUri: string,
  nodeId: string,
  /** The plan as text, printed when first read. */
  printedPlan?: () => string,
): void {
  let planText: string | undefined;
  let pipelines: PipelineDrivers[] = drivers.map((driver, pipelineId) => ({
    pipelineId,
    drivers: [driver],
    inputPipeline: SOURCE_OPERATORS.has(driver.operators[0]?.context.operatorType ?? ''),
    // The local planner adds the pipeline that delivers results last.
    outputPipeline: pipelineId === drivers.length - 1,
  }));
  const taskId = `${query.queryId}.0.0`;
  const driverCount = drivers.length;
  let version = 0;
  let lastState = '';
  let frozen: StageSnapshot | undefined;
  const snapshot = (): StageSnapshot => {
    const state = stageStateOf(query);
    const taskState = taskStateOf(state);
    if (taskState !== lastState) {
      version++;
      lastState = taskState;
    }
    const now = Date.now();
    const stats = renderTaskStats(
      {
        createTime: query.createTime,
        startTime: query.startTime,
        endTime: query.endTime,
        memoryReservationBytes: memory.reservedBytes,
        peakMemoryBytes: memory.peakBytes,
      },
      pipelines,
      undefined,
      now,
    );
    const results = query.results;
    const outputBuffers = {
      type: 'ARBITRARY',
      state: results.isDone() ? 'FINISHED' : 'OPEN',
      masterSequenceId: 0,
      pagesAdded: results.pagesAdded,
      buffers: [
        {
          bufferId: '0',
          finished: results.isDone(),
          bufferedPages: results.bufferedPages,
          pagesSent: results.pagesSent,
        },
      ],
    };
    const inputPipelines = pipelines;
    const taskVersion = version;
    const error = query.error;
    // Taken now, written out only when the query resource asks (a statement's progress reads the figures).
    const taskInfo = (): Record<string, unknown> => ({
      taskId,
      version: taskVersion,
      state: taskState,
      self: `${coordinatorUri}/v1/task/${taskId}`,
      nodeId,
      lastHeartbeat: formatTimestamp(now),
      outputBuffers,
      noMoreSplits:
        driverCount > 0 && state !== 'PLANNED'
          ? inputPipelines.filter((p) => p.inputPipeline).map((p) => String(p.pipelineId))
          : [],
      stats: stats.json,
      failures: error ? [{ type: error.errorName, message: error.message }] : [],
      outputs: {},
    });
    let info: Record<string, unknown> | undefined;
    return {
      stageId: '0',
      state,
      partitioning: 'SINGLE',
      // A getter in the literal itself (a spread would call it at once).
      get plan() {
        if (printedPlan !== undefined) planText ??= printedPlan();
        return planText;
      },
      tasks: [
        {
          nodeId,
          state: taskState,
          get info() {
            info ??= taskInfo();
            return info;
          },
          figures: stats.totals,
        },
      ],
      subStages: [],
    };
  };
  query.stages = () => frozen ?? snapshot();
  // A done query keeps its stage as last seen, not its drivers: the query history must not hold
  // the operators' pages and tables.
  void (async () => {
    while (!query.isDone) await query.whenStateChanges();
    frozen = snapshot();
    pipelines = [];
  })();
}
