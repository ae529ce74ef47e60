/** The coordinator's check of a query's distributed memory limit over its tasks' reported reservations. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { distributedMemoryFailure } from '../../../src/server/scheduler/distributed-memory-limit.js';

const MB = 1024 * 1024;

function taskInfo(reservation: string, operators: [string, string][]): Record<string, unknown> {
  return {
    taskStatus: { memoryReservation: reservation },
    stats: {
      pipelines: [
        {
          operatorSummaries: operators.map(([operatorType, memoryReservation]) => ({
            operatorType,
            memoryReservation,
          })),
        },
      ],
    },
  };
}

describe('distributed memory limit', () => {
  it('passes while the tasks together hold no more than the limit', () => {
    const infos = [taskInfo('60MB', [['HashBuilderOperator', '60MB']]), taskInfo('40MB', []), undefined];
    assert.equal(distributedMemoryFailure(100 * MB, infos), undefined);
  });

  it('fails a query whose tasks pass it together, though no one node does, naming the largest operators', () => {
    const infos = [
      taskInfo('70MB', [
        ['HashBuilderOperator', '60MB'],
        ['TableScanOperator', '0B'],
      ]),
      taskInfo('65MB', [
        ['HashBuilderOperator', '55MB'],
        ['HashAggregationOperator', '8MB'],
        ['OrderByOperator', '1MB'],
        ['TopNOperator', '512kB'],
      ]),
    ];
    const failure = distributedMemoryFailure(100 * MB, infos);
    assert.equal(failure?.errorName, 'EXCEEDED_MEMORY_LIMIT');
    assert.equal(
      failure?.message,
      'Query exceeded distributed user memory limit of 100MB [Allocated: 135MB, ' +
        'Top Consumers: {HashBuilderOperator=115MB, HashAggregationOperator=8MB, OrderByOperator=1MB}]',
    );
  });

  it("takes the operators' memory from the tasks' latest statuses over their older records", () => {
    const stale = taskInfo('90MB', [['TableScanOperator', '90MB']]);
    const infos = [
      { ...stale, operatorMemory: { HashBuilderOperator: 80 * MB, OrderByOperator: 10 * MB } },
      { taskStatus: { memoryReservation: '30MB' }, operatorMemory: { HashAggregationOperator: 30 * MB } },
    ];
    assert.equal(
      distributedMemoryFailure(100 * MB, infos)?.message,
      'Query exceeded distributed user memory limit of 100MB [Allocated: 120MB, ' +
        'Top Consumers: {HashBuilderOperator=80MB, HashAggregationOperator=30MB, OrderByOperator=10MB}]',
    );
  });
});
