/**
 * Query records shaped as Presto's query resource answers them (basic infos for the list, a full
 * record with a three-stage tree, tasks, pipelines and operator summaries for the detail page),
 * so the browser tests can check how the pages render every field the spec describes, and the
 * list's speed with hundreds of queries, independently of what the server fills in today.
 */

const STATES = ['RUNNING', 'FINISHED', 'FAILED', 'QUEUED'] as const;

export function basicQueryInfo(index: number): Record<string, unknown> {
  const state = STATES[index % STATES.length]!;
  const created = Date.UTC(2024, 0, 1, 12, 0, 0) + index * 1000;
  return {
    queryId: `20240101_120000_${String(index).padStart(5, '0')}_fixtr`,
    state,
    query: `SELECT ${index} AS n FROM tpch.tiny.lineitem /* query ${index} */`,
    session: { user: index % 3 === 0 ? 'alice' : 'bob', source: index % 2 === 0 ? 'cli' : 'dashboard' },
    queryStats: {
      createTime: new Date(created).toISOString(),
      elapsedTime: `${(index % 50) + 1}.00s`,
      totalCpuTime: `${(index * 7) % 97}.00ms`,
      peakUserMemoryReservation: `${(index * 13) % 101}MB`,
      processedInputPositions: index * 10,
      progressPercentage: state === 'RUNNING' ? 40 : undefined,
    },
    ...(state === 'FAILED'
      ? { errorType: 'USER_ERROR', errorCode: { code: 3, name: 'USER_CANCELED', type: 'USER_ERROR' } }
      : {}),
  };
}

function operator(operatorId: number, operatorType: string, wallMs: number, rows: number): Record<string, unknown> {
  return {
    operatorId,
    operatorType,
    addInputCalls: 1,
    addInputWall: `${wallMs / 2}ms`,
    addInputCpu: `${wallMs / 4}ms`,
    getOutputCalls: 1,
    getOutputWall: `${wallMs / 2}ms`,
    getOutputCpu: `${wallMs / 4}ms`,
    finishCalls: 1,
    finishWall: '0.00ns',
    finishCpu: '0.00ns',
    blockedWall: '1.00ms',
    inputDataSize: `${rows}B`,
    outputDataSize: `${rows}B`,
    inputPositions: rows,
    outputPositions: rows,
    memoryReservation: '0B',
  };
}

function task(taskId: string, node: string, operators: Record<string, unknown>[]): Record<string, unknown> {
  return {
    taskStatus: { taskId, state: 'FINISHED', self: `http://${node}/v1/task/${taskId}` },
    stats: {
      createTime: '2024-01-01T12:00:00.000Z',
      elapsedTime: '2.50s',
      totalDrivers: 4,
      completedDrivers: 4,
      runningDrivers: 0,
      totalCpuTime: '1.20s',
      rawInputPositions: 1000,
      rawInputDataSize: '10kB',
      pipelines: [{ inputPipeline: true, outputPipeline: true, operatorSummaries: operators }],
    },
  };
}

export const DETAIL_QUERY_ID = '20240101_120000_00042_fixtr';
export const DETAIL_SQL = 'SELECT returnflag,\n       sum(quantity)\nFROM tpch.tiny.lineitem GROUP BY 1';

export function queryInfo(state: 'RUNNING' | 'FAILED'): Record<string, unknown> {
  const stage = (id: number, operators: Record<string, unknown>[], subStages: Record<string, unknown>[]) => ({
    stageId: `${DETAIL_QUERY_ID}.${id}`,
    state: state === 'RUNNING' ? 'RUNNING' : 'FAILED',
    plan: { partitioning: id === 0 ? 'SINGLE' : id === 1 ? 'HASH' : 'SOURCE' },
    tasks: [
      task(`${DETAIL_QUERY_ID}.${id}.0`, 'worker-1:8081', operators),
      task(`${DETAIL_QUERY_ID}.${id}.1`, 'worker-2:8081', operators),
    ],
    subStages,
  });
  const leaf = stage(
    2,
    [operator(0, 'TableScanOperator', 900, 6000), operator(1, 'HashAggregationOperator', 300, 40)],
    [],
  );
  const middle = stage(
    1,
    [operator(0, 'ExchangeOperator', 20, 40), operator(1, 'HashAggregationOperator', 10, 4)],
    [leaf],
  );
  const root = stage(0, [operator(0, 'ExchangeOperator', 5, 4), operator(1, 'TaskOutputOperator', 1, 4)], [middle]);
  return {
    queryId: DETAIL_QUERY_ID,
    state,
    self: `http://coordinator/v1/query/${DETAIL_QUERY_ID}`,
    query: DETAIL_SQL,
    session: {
      user: 'alice',
      source: 'cli',
      catalog: 'tpch',
      schema: 'tiny',
      remoteUserAddress: '10.0.0.7',
      userAgent: 'vivace-cli',
    },
    queryStats: {
      createTime: '2024-01-01T12:00:00.000Z',
      executionStartTime: '2024-01-01T12:00:00.250Z',
      elapsedTime: '3.00s',
      queuedTime: '12.00ms',
      analysisTime: '80.00ms',
      totalTasks: 6,
      runningTasks: 0,
      completedTasks: 6,
      totalDrivers: 24,
      completedDrivers: 24,
      totalCpuTime: '7.20s',
      totalMemoryReservation: '12MB',
      rawInputPositions: 6000,
      rawInputDataSize: '60kB',
      outputPositions: 4,
      outputDataSize: '100B',
    },
    outputStage: root,
    warnings: [
      {
        warningCode: { code: 257, name: 'COORDINATOR_ONLY_EXECUTION' },
        message: 'No worker was active: the query ran on the coordinator only, as a single stage',
      },
    ],
    ...(state === 'FAILED'
      ? {
          errorType: 'USER_ERROR',
          errorCode: { code: 47, name: 'COLUMN_NOT_FOUND', type: 'USER_ERROR' },
          failureInfo: {
            type: 'io.vivace.VivaceError',
            message: "line 2:12: Column 'quantity' cannot be resolved",
            errorLocation: { lineNumber: 2, columnNumber: 12 },
          },
        }
      : {}),
  };
}
