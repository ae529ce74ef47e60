/**
 * A worker task's record (spec §2.3): id, version, state, self, heartbeat, output buffers, the
 * sources whose splits are complete, statistics with pipelines and operator summaries (the
 * exchange operator carrying its client statuses in `info`), failures and outputs; and its
 * status (Trino's `GET /v1/task/{id}/status`): the record's `taskStatus` fields with the failures,
 * the split progress, the numeric totals and the memory per operator kind, without the formatted
 * statistics — what the coordinator polls for while the task runs.
 */

import { formatDataSize, formatTimestamp } from '../protocol/airlift-format.js';
import { errorObject } from '../protocol/error-json.js';
import type { SqlTask } from './sql-task.js';
import { type RenderedTaskStats, renderTaskStats } from './task-stats.js';

/** The task's statistics; `exchangeInfo`: with the exchange operators' client statuses (the record's, not the status's). */
function taskStats(task: SqlTask, exchangeInfo: boolean): RenderedTaskStats {
  return renderTaskStats(
    {
      createTime: task.createTime,
      ...(task.startTime !== undefined ? { startTime: task.startTime } : {}),
      ...(task.endTime !== undefined ? { endTime: task.endTime } : {}),
      memoryReservationBytes: task.memory?.reservedBytes ?? 0,
      peakMemoryBytes: task.memory?.peakBytes ?? 0,
    },
    task.pipelines,
    exchangeInfo
      ? (operatorType, pipelineId, operatorId) => exchangeOperatorInfo(task, operatorType, pipelineId, operatorId)
      : undefined,
  );
}

function exchangeOperatorInfo(task: SqlTask, operatorType: string, pipelineId: number, operatorId: number): unknown {
  if (operatorType !== 'ExchangeOperator' && operatorType !== 'MergeOperator') return undefined;
  const driver = task.pipelines[pipelineId]?.drivers[0];
  const operator = driver?.operators[operatorId];
  // The exchange operator of a pipeline reads the client created for its RemoteSource node.
  for (const client of task.exchangeClients.values()) {
    if (operator !== undefined && 'client' in operator && (operator as { client: unknown }).client === client) {
      const status = client.status();
      return {
        bufferedBytes: status.bufferedBytes,
        averageBytesPerRequest: status.averageBytesPerRequest ?? 0,
        bufferedPages: status.bufferedPages,
        noMoreLocations: status.noMoreLocations,
        pageBufferClientStatuses: status.pageBufferClientStatuses,
      };
    }
  }
  return undefined;
}

type SplitProgress = ReturnType<SqlTask['splitProgress']>;

/** The `taskStatus` section of a record, and the top of a status answer. */
function taskStatusFields(task: SqlTask, self: string, nodeId: string, splits: SplitProgress): Record<string, unknown> {
  return {
    taskId: task.taskId,
    taskInstanceId: task.instanceId,
    version: task.version,
    state: task.state,
    self,
    nodeId,
    queuedPartitionedDrivers: splits.reduce((sum, s) => sum + s.queued, 0),
    runningPartitionedDrivers: splits.reduce((sum, s) => sum + s.running, 0),
    // What the coordinator sums against the query's distributed limit.
    memoryReservation: formatDataSize(task.memory?.reservedBytes ?? 0),
    peakMemoryReservation: formatDataSize(task.memory?.peakBytes ?? 0),
    dynamicFiltersVersion: task.dynamicFiltersVersion,
  };
}

function taskFailures(task: SqlTask): Record<string, unknown>[] {
  if (!task.error) return [];
  return [
    {
      ...(errorObject(task.error, true).failureInfo as Record<string, unknown>),
      errorCode: {
        code: task.error.errorCode.code,
        name: task.error.errorCode.name,
        type: task.error.errorCode.type,
      },
    },
  ];
}

/** The published dynamic filters newer than `since` (the version the caller has), as a record's field. */
function newerDynamicFilters(task: SqlTask, since: number | undefined): Record<string, unknown> {
  const newer = task.dynamicFiltersNewerThan(since);
  return newer === undefined ? {} : { dynamicFilters: newer };
}

/**
 * The task's record; with `dynamicFiltersSince` (the version of its dynamic filters the
 * coordinator has), also the filters its join builds published, when there are newer ones.
 */
export function renderTaskInfo(
  task: SqlTask,
  self: string,
  nodeId: string,
  dynamicFiltersSince?: number,
): Record<string, unknown> {
  const stats = taskStats(task, true);
  const outputBuffers = task.outputBuffer?.info() ?? {
    type: 'PARTITIONED',
    state: 'OPEN',
    masterSequenceId: 0,
    pagesAdded: 0,
    buffers: [],
  };
  const splits = task.splitProgress();
  return {
    taskId: task.taskId,
    version: task.version,
    state: task.state,
    self,
    nodeId,
    taskStatus: taskStatusFields(task, self, nodeId, splits),
    lastHeartbeat: formatTimestamp(task.lastHeartbeat),
    outputBuffers: { masterSequenceId: 0, ...outputBuffers },
    noMoreSplits: [...task.noMoreSplits],
    stats: stats.json,
    failures: taskFailures(task),
    outputs: {},
    splitProgress: splits,
    figures: stats.totals,
    ...newerDynamicFilters(task, dynamicFiltersSince),
  };
}

/** The task's status while it runs (no formatted statistics), with newer dynamic filters as in the record. */
export function renderTaskStatus(
  task: SqlTask,
  self: string,
  nodeId: string,
  dynamicFiltersSince?: number,
): Record<string, unknown> {
  const stats = taskStats(task, false);
  const splits = task.splitProgress();
  return {
    ...taskStatusFields(task, self, nodeId, splits),
    failures: taskFailures(task),
    splitProgress: splits,
    figures: stats.totals,
    operatorMemory: stats.memoryByOperator,
    ...newerDynamicFilters(task, dynamicFiltersSince),
  };
}

/** A status answer built from a full record (a done task's, kept rendered), with the record attached. */
export function statusOfInfo(info: Record<string, unknown>): Record<string, unknown> {
  // The newer dynamic filters travel once, beside the record rather than in it.
  const { taskStatus, failures, splitProgress, figures, dynamicFilters, ...rest } = info;
  return {
    ...(taskStatus as Record<string, unknown>),
    failures,
    splitProgress,
    figures,
    operatorMemory: {},
    ...(dynamicFilters !== undefined ? { dynamicFilters } : {}),
    taskInfo: { ...rest, taskStatus, failures, splitProgress, figures },
  };
}
