/** The UI's readers of the resources' JSON: airlift numbers, query summaries, stage trees, operators, error positions, routes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes, formatCount, formatDuration, parseDataSize, parseDuration } from '../../ui/src/format.js';
import {
  errorRange,
  failureOf,
  flattenStages,
  offsetOf,
  operatorRows,
  queryList,
  selectQueries,
  slowestOperators,
  stageTree,
  summarizeQuery,
} from '../../ui/src/query-model.js';
import { parseRoute } from '../../ui/src/router.js';
import { basicQueryInfo, DETAIL_QUERY_ID, queryInfo } from './query-fixtures.js';

describe('UI number formats', () => {
  it('parses airlift durations and data sizes, and plain numbers', () => {
    assert.equal(parseDuration('1.50s'), 1500);
    assert.equal(parseDuration('250.00us'), 0.25);
    assert.equal(parseDuration('3.20m'), 192_000);
    assert.equal(parseDuration(42), 42);
    assert.equal(parseDuration('fast'), undefined);
    assert.equal(parseDataSize('10MB'), 10 * 1024 * 1024);
    assert.equal(parseDataSize('6.08kB'), 6.08 * 1024);
    assert.equal(parseDataSize('12B'), 12);
    assert.equal(parseDataSize('12 parsecs'), undefined);
  });

  it('formats durations, bytes and counts compactly', () => {
    assert.equal(formatDuration(0.5), '500µs');
    assert.equal(formatDuration(12), '12ms');
    assert.equal(formatDuration(1500), '1.50s');
    assert.equal(formatDuration(125_000), '2m 5s');
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(1536), '1.50 KiB');
    assert.equal(formatCount(950), '950');
    assert.equal(formatCount(12_345), '12.3K');
    assert.equal(formatCount(4_560_000), '4.56M');
    assert.equal(formatCount(undefined), '–');
  });
});

describe('query list selection', () => {
  const queries = queryList(Array.from({ length: 12 }, (_, i) => basicQueryInfo(i)));

  it('puts running and queued queries first when asked, newest first within each group', () => {
    const ordered = selectQueries(queries, 'all', '', 'any', 'created', true, true);
    const firstInactive = ordered.findIndex((q) => q.state !== 'RUNNING' && q.state !== 'QUEUED');
    assert.ok(firstInactive > 0, 'some active queries lead');
    assert.ok(ordered.slice(firstInactive).every((q) => q.state !== 'RUNNING' && q.state !== 'QUEUED'));
    const active = ordered.slice(0, firstInactive).map((q) => q.createTime ?? 0);
    assert.deepEqual(
      active,
      [...active].sort((a, b) => b - a),
    );
    // Without the option the order is by creation time alone.
    const plain = selectQueries(queries, 'all', '', 'any', 'created', true).map((q) => q.createTime ?? 0);
    assert.deepEqual(
      plain,
      [...plain].sort((a, b) => b - a),
    );
  });

  it('filters by user and by state', () => {
    assert.ok(selectQueries(queries, 'all', 'alice', 'user', 'created', true).every((q) => q.user === 'alice'));
    assert.equal(
      selectQueries(queries, 'FAILED', '', 'any', 'created', true).length,
      queries.filter((q) => q.state === 'FAILED').length,
    );
  });
});

describe('query summaries', () => {
  it('reads the basic query info of the list', () => {
    const [running, , failed] = queryList([basicQueryInfo(0), basicQueryInfo(1), basicQueryInfo(2)]);
    assert.equal(running!.state, 'RUNNING');
    assert.equal(running!.user, 'alice');
    assert.equal(running!.source, 'cli');
    assert.equal(running!.progress, 40);
    assert.equal(running!.elapsedMs, 1000);
    assert.equal(failed!.errorName, 'USER_CANCELED');
    assert.equal(failed!.memoryBytes, 26 * 1024 * 1024);
    assert.deepEqual(queryList({ queries: [basicQueryInfo(5)] }).length, 1);
    assert.deepEqual(queryList('not a list'), []);
  });

  it('accepts flat fields too and derives the elapsed time from the creation time', () => {
    const summary = summarizeQuery({
      queryId: 'q',
      state: 'FINISHED',
      user: 'u',
      createTime: 1000,
      endTime: 3500,
      errorName: 'X',
    });
    assert.equal(summary.user, 'u');
    assert.equal(summary.elapsedMs, 2500);
    assert.equal(summary.progress, 100);
    assert.equal(summary.errorName, 'X');
  });
});

describe('query records', () => {
  it('builds the stage tree with tasks, sums and partitioning', () => {
    const root = stageTree(queryInfo('FAILED').outputStage);
    const stages = flattenStages(root);
    assert.deepEqual(
      stages.map((s) => [s.stageId.split('.')[1], s.partitioning, s.tasks.length]),
      [
        ['0', 'SINGLE', 2],
        ['1', 'HASH', 2],
        ['2', 'SOURCE', 2],
      ],
    );
    assert.equal(stages[2]!.rows, 2000);
    assert.equal(stages[2]!.cpuMs, 2400);
    assert.equal(stages[2]!.tasks[0]!.node, 'worker-1:8081');
    assert.equal(stageTree(undefined), undefined);
  });

  it('sums operator summaries over tasks and picks the slowest three', () => {
    const rows = operatorRows(queryInfo('FAILED'));
    assert.equal(rows.length, 6);
    const scan = rows.find((r) => r.operatorType === 'TableScanOperator')!;
    assert.equal(scan.wallMs, 1800);
    assert.equal(scan.cpuMs, 900);
    assert.equal(scan.inputRows, 12_000);
    const slowest = [...slowestOperators(rows)].map((key) => rows.find((r) => r.key === key)!.operatorType);
    assert.deepEqual(slowest, ['TableScanOperator', 'HashAggregationOperator', 'ExchangeOperator']);
    assert.deepEqual(
      operatorRows({
        queryStats: { operatorSummaries: [{ operatorId: 1, operatorType: 'X', getOutputWall: '5ms' }] },
      })[0]!.wallMs,
      5,
    );
  });

  it('reads the failure and its position', () => {
    const failure = failureOf(queryInfo('FAILED'))!;
    assert.equal(failure.name, 'COLUMN_NOT_FOUND');
    assert.equal(failure.type, 'USER_ERROR');
    assert.deepEqual(failure.position, { line: 2, column: 12 });
    assert.equal(failureOf(queryInfo('RUNNING')), undefined);
  });

  it('turns a line and column into the marked range of the SQL', () => {
    const sql = 'SELECT a,\n  bad_col + 1\nFROM t';
    assert.equal(offsetOf(sql, { line: 2, column: 3 }), 12);
    assert.deepEqual(errorRange(sql, { line: 2, column: 3 }), { from: 12, to: 19 });
    assert.deepEqual(errorRange(sql, { line: 2, column: 11 }), { from: 20, to: 21 }, 'a symbol marks one character');
    assert.equal(offsetOf(sql, { line: 9, column: 1 }), sql.length);
  });
});

describe('UI routes', () => {
  it('maps hashes and Presto query.html addresses to pages', () => {
    assert.deepEqual(parseRoute(''), { page: 'overview' });
    assert.deepEqual(parseRoute('#/queries'), { page: 'queries' });
    assert.deepEqual(parseRoute('#/workers'), { page: 'workers' });
    assert.deepEqual(parseRoute('#/workbench'), { page: 'workbench' });
    assert.deepEqual(parseRoute(`#/query/${DETAIL_QUERY_ID}`), { page: 'query', queryId: DETAIL_QUERY_ID });
    assert.deepEqual(parseRoute('', '/ui/query.html', '?abc_1'), { page: 'query', queryId: 'abc_1' });
    assert.deepEqual(parseRoute('#/nope'), { page: 'not-found', path: '/nope' });
  });
});
