/**
 * A worker task's record (spec §2.3): id, version, state, self, heartbeat, output buffers, the
 * sources whose splits are complete, statistics with pipelines and operator summaries (the
 * exchange operator carrying its client statuses in `info`), failures and outputs.
 */

import { formatDataSize, formatTimestamp } from '../protocol/airlift-format.js';
import { errorObject } from '../protocol/error-json.js';
import type { SqlTask } from './sql-task.js';
import { renderTaskStats } from './task-stats.js';

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
  const stats = renderTaskStats(
    {
      createTime: task.createTime,
      ...(task.startTime !== undefined ? { startTime: task.startTime } : {}),
      ...(task.endTime !== undefined ? { endTime: task.endTime } : {}),
      memoryReservationBytes: task.memory?.reservedBytes ?? 0,
      peakMemoryBytes: task.memory?.peakBytes ?? 0,
    },
    task.pipelines,
    (operatorType, pipelineId, operatorId) => {
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
    },
  );
  const outputBuffers = task.outputBuffer?.info() ?? {
    type: 'PARTITIONED',
    state: 'OPEN',
    masterSequenceId: 0,
    pagesAdded: 0,
    buffers: [],
  };
  const splits = task.splitProgress();
  const taskStatus = {
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
  const newer = task.dynamicFiltersNewerThan(dynamicFiltersSince);
  const dynamicFilters = newer === undefined ? {} : { dynamicFilters: newer };
  return {
    taskId: task.taskId,
    version: task.version,
    state: task.state,
    self,
    nodeId,
    taskStatus,
    lastHeartbeat: formatTimestamp(task.lastHeartbeat),
    outputBuffers: { masterSequenceId: 0, ...outputBuffers },
    noMoreSplits: [...task.noMoreSplits],
    stats: stats.json,
    failures: task.error
      ? [
          {
            ...(errorObject(task.error, true).failureInfo as Record<string, unknown>),
            errorCode: {
              code: task.error.errorCode.code,
              name: task.error.errorCode.name,
              type: task.error.errorCode.type,
            },
          },
        ]
      : [],
    outputs: {},
    splitProgress: splits,
    figures: stats.totals,
    ...dynamicFilters,
  };
}
