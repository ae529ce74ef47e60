/**
 * Task statistics in the shape of the task record (spec §2.3): per pipeline the driver counts,
 * queued/elapsed time distributions, times, data sizes, positions and operator summaries, and
 * for the task their sums. Built from the drivers of a task (a worker's task, or the single
 * stage a coordinator runs itself), so every figure is measured, never estimated.
 *
 * Operator calls run synchronously on the event loop thread without waiting on I/O, so the wall
 * time of a call is its CPU time; CPU and user time are reported as that wall time, a scan's
 * including the decoding its page sources did between its calls (`readWall`).
 */
import { NANOS_PER_MILLI } from '../../common/units.js';
import type { Driver } from '../../execution/driver.js';
import { OperatorStats } from '../../execution/operator-context.js';
import { formatDataSize, formatDuration, formatTimestamp } from '../protocol/airlift-format.js';
import type { TaskFigures } from '../protocol/query-state.js';

/** The drivers of one pipeline, and where it sits in the task's data flow. */
export interface PipelineDrivers {
  readonly pipelineId: number;
  readonly drivers: readonly Driver[];
  /** Reads from outside the task (table scans, exchanges). */
  readonly inputPipeline: boolean;
  /** Writes the task's output. */
  readonly outputPipeline: boolean;
}

/** Extra information an operator reports (the exchange operator's client statuses). */
export type OperatorInfoSource = (operatorType: string, pipelineId: number, operatorId: number) => unknown;

export interface TaskTimes {
  readonly createTime: number;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly memoryReservationBytes: number;
  readonly peakMemoryBytes?: number;
}

/** Sums used by stage, query and statement statistics (numbers, not formatted). */
export type TaskTotals = { -readonly [K in keyof TaskFigures]: TaskFigures[K] };

export function emptyTotals(): TaskTotals {
  return {
    totalDrivers: 0,
    queuedDrivers: 0,
    runningDrivers: 0,
    completedDrivers: 0,
    scheduledNanos: 0,
    cpuNanos: 0,
    blockedNanos: 0,
    rawInputBytes: 0,
    rawInputPositions: 0,
    processedInputBytes: 0,
    processedInputPositions: 0,
    outputBytes: 0,
    outputPositions: 0,
  };
}

export function addTotals(into: TaskTotals, other: TaskFigures): void {
  for (const key of Object.keys(other) as (keyof TaskFigures)[]) into[key] += other[key];
}

const nanos = (value: number) => formatDuration(value / NANOS_PER_MILLI);

/** An operator's CPU time: its calls, and the decoding its page sources did between them (a scan's). */
function operatorCpu(stats: OperatorStats): number {
  return stats.addInputWall + stats.getOutputWall + stats.readWall + stats.finishWall;
}

/** Sums the statistics of each operator over the drivers of a pipeline. */
function summarizeOperators(
  drivers: readonly Driver[],
): { operatorType: string; stats: OperatorStats; memoryBytes: number; peakMemoryBytes: number }[] {
  const summaries: { operatorType: string; stats: OperatorStats; memoryBytes: number; peakMemoryBytes: number }[] = [];
  for (const driver of drivers) {
    driver.operators.forEach((operator, index) => {
      let summary = summaries[index];
      if (summary === undefined) {
        summary = {
          operatorType: operator.context.operatorType,
          stats: new OperatorStats(),
          memoryBytes: 0,
          peakMemoryBytes: 0,
        };
        summaries[index] = summary;
      }
      summary.stats.merge(operator.context.stats);
      summary.memoryBytes += operator.context.memory.reservedBytes;
      summary.peakMemoryBytes += operator.context.memory.peakBytes;
    });
  }
  return summaries;
}

function pipelineTotals(pipeline: PipelineDrivers, operators: { stats: OperatorStats }[]): TaskTotals {
  const totals = emptyTotals();
  for (const driver of pipeline.drivers) {
    totals.totalDrivers++;
    if (driver.endedAt !== undefined) totals.completedDrivers++;
    else if (driver.startedAt !== undefined) totals.runningDrivers++;
    else totals.queuedDrivers++;
    totals.scheduledNanos += driver.scheduledNanos;
  }
  for (const operator of operators) {
    totals.cpuNanos += operatorCpu(operator.stats);
    // The decoding of a scan's readers ran on this task's thread too, outside the driver's quanta.
    totals.scheduledNanos += operator.stats.readWall;
    totals.blockedNanos += operator.stats.blockedWall;
    totals.rawInputBytes += operator.stats.rawInputDataSize;
    totals.rawInputPositions += operator.stats.rawInputPositions;
  }
  const first = operators[0]?.stats;
  const last = operators[operators.length - 1]?.stats;
  if (first !== undefined && pipeline.inputPipeline) {
    // What the pipeline's source produced is what the task processed from its inputs; raw input
    // is what table scans read (exchanges move rows already counted where they were read).
    totals.processedInputBytes = first.outputDataSize;
    totals.processedInputPositions = first.outputPositions;
  }
  if (last !== undefined && pipeline.outputPipeline) {
    totals.outputBytes = last.inputDataSize;
    totals.outputPositions = last.inputPositions;
  }
  return totals;
}

/** Airlift's distribution snapshot of values in nanoseconds. */
export function distribution(values: readonly number[]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    maxError: 0,
    count: sorted.length,
    total,
    p01: at(0.01),
    p05: at(0.05),
    p10: at(0.1),
    p25: at(0.25),
    p50: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    min: Math.round(sorted[0] ?? 0),
    max: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}

function operatorSummaryJson(
  pipelineId: number,
  operatorId: number,
  operatorType: string,
  stats: OperatorStats,
  memory: { memoryBytes: number; peakMemoryBytes: number },
  info: unknown,
): Record<string, unknown> {
  const summary: Record<string, unknown> = {
    pipelineId,
    operatorId,
    operatorType,
    addInputCalls: stats.addInputCalls,
    addInputWall: nanos(stats.addInputWall),
    addInputCpu: nanos(stats.addInputWall),
    addInputUser: nanos(stats.addInputWall),
    getOutputCalls: stats.getOutputCalls,
    // A scan's readers decode between its calls; in Trino that work runs inside getOutput.
    getOutputWall: nanos(stats.getOutputWall + stats.readWall),
    getOutputCpu: nanos(stats.getOutputWall + stats.readWall),
    getOutputUser: nanos(stats.getOutputWall + stats.readWall),
    blockedWall: nanos(stats.blockedWall),
    finishCalls: stats.finishCalls,
    finishWall: nanos(stats.finishWall),
    finishCpu: nanos(stats.finishWall),
    finishUser: nanos(stats.finishWall),
    inputDataSize: formatDataSize(stats.inputDataSize),
    inputPositions: stats.inputPositions,
    outputDataSize: formatDataSize(stats.outputDataSize),
    outputPositions: stats.outputPositions,
    rawInputDataSize: formatDataSize(stats.rawInputDataSize),
    rawInputPositions: stats.rawInputPositions,
    memoryReservation: formatDataSize(memory.memoryBytes),
    peakUserMemoryReservation: formatDataSize(memory.peakMemoryBytes),
  };
  if (info !== undefined) summary.info = info;
  return summary;
}

/** The time, size and position fields of task, pipeline, stage and query statistics, formatted from their sums. */
export function formattedTotals(sums: TaskTotals): Record<string, string | number> {
  return {
    totalScheduledTime: nanos(sums.scheduledNanos),
    totalCpuTime: nanos(sums.cpuNanos),
    totalBlockedTime: nanos(sums.blockedNanos),
    rawInputDataSize: formatDataSize(sums.rawInputBytes),
    rawInputPositions: sums.rawInputPositions,
    processedInputDataSize: formatDataSize(sums.processedInputBytes),
    processedInputPositions: sums.processedInputPositions,
    outputDataSize: formatDataSize(sums.outputBytes),
    outputPositions: sums.outputPositions,
  };
}

export interface RenderedTaskStats {
  /** The task record's `stats` object, formatted when first read (from figures taken at render time). */
  readonly json: Record<string, unknown>;
  readonly totals: TaskTotals;
  /** Bytes each kind of operator holds now (the kinds holding any), summed over the pipelines. */
  readonly memoryByOperator: Record<string, number>;
}

/** One pipeline's figures as taken at render time. */
interface PipelineFigures {
  readonly pipeline: PipelineDrivers;
  readonly operators: ReturnType<typeof summarizeOperators>;
  readonly sums: TaskTotals;
  readonly queued: readonly number[];
  readonly elapsed: readonly number[];
  readonly infos: readonly unknown[] | undefined;
}

/**
 * The `stats` object of a task record, and its numeric totals. The figures are taken now; the
 * JSON (hundreds of formatted sizes, durations and distributions) is built only if it is read:
 * the statement protocol's progress needs only the totals, and most small queries' records are
 * never asked for.
 */
export function renderTaskStats(
  times: TaskTimes,
  pipelines: readonly PipelineDrivers[],
  operatorInfo?: OperatorInfoSource,
  now = Date.now(),
): RenderedTaskStats {
  const totals = emptyTotals();
  const figures: PipelineFigures[] = pipelines.map((pipeline) => {
    const operators = summarizeOperators(pipeline.drivers);
    const sums = pipelineTotals(pipeline, operators);
    addTotals(totals, sums);
    return {
      pipeline,
      operators,
      sums,
      queued: pipeline.drivers.map((d) => ((d.startedAt ?? now) - d.createdAt) * NANOS_PER_MILLI),
      elapsed: pipeline.drivers.map((d) => ((d.endedAt ?? now) - d.createdAt) * NANOS_PER_MILLI),
      infos:
        operatorInfo === undefined
          ? undefined
          : operators.map((operator, operatorId) =>
              operatorInfo(operator.operatorType, pipeline.pipelineId, operatorId),
            ),
    };
  });
  const memoryByOperator: Record<string, number> = {};
  for (const { operators } of figures) {
    for (const operator of operators) {
      if (operator.memoryBytes > 0)
        memoryByOperator[operator.operatorType] = (memoryByOperator[operator.operatorType] ?? 0) + operator.memoryBytes;
    }
  }
  let json: Record<string, unknown> | undefined;
  return {
    totals,
    memoryByOperator,
    get json() {
      json ??= taskStatsJson(times, figures, totals, now);
      return json;
    },
  };
}

function taskStatsJson(
  times: TaskTimes,
  figures: readonly PipelineFigures[],
  totals: TaskTotals,
  now: number,
): Record<string, unknown> {
  const pipelineJson = figures.map(({ pipeline, operators, sums, queued, elapsed, infos }) => ({
    pipelineId: pipeline.pipelineId,
    inputPipeline: pipeline.inputPipeline,
    outputPipeline: pipeline.outputPipeline,
    totalDrivers: sums.totalDrivers,
    queuedDrivers: sums.queuedDrivers,
    runningDrivers: sums.runningDrivers,
    completedDrivers: sums.completedDrivers,
    memoryReservation: formatDataSize(operators.reduce((sum, o) => sum + o.memoryBytes, 0)),
    queuedTime: distribution(queued),
    elapsedTime: distribution(elapsed),
    ...formattedTotals(sums),
    operatorSummaries: operators.map((operator, operatorId) =>
      operatorSummaryJson(
        pipeline.pipelineId,
        operatorId,
        operator.operatorType,
        operator.stats,
        operator,
        infos?.[operatorId],
      ),
    ),
    drivers: [],
  }));
  const start = times.startTime;
  const end = times.endTime;
  return {
    createTime: formatTimestamp(times.createTime),
    ...(start !== undefined ? { startTime: formatTimestamp(start) } : {}),
    ...(end !== undefined && start !== undefined ? { endTime: formatTimestamp(end) } : {}),
    elapsedTime: formatDuration((end ?? now) - times.createTime),
    queuedTime: formatDuration((start ?? now) - times.createTime),
    totalDrivers: totals.totalDrivers,
    queuedDrivers: totals.queuedDrivers,
    runningDrivers: totals.runningDrivers,
    completedDrivers: totals.completedDrivers,
    memoryReservation: formatDataSize(times.memoryReservationBytes),
    peakTotalMemoryReservation: formatDataSize(times.peakMemoryBytes ?? times.memoryReservationBytes),
    ...formattedTotals(totals),
    pipelines: pipelineJson,
  };
}
