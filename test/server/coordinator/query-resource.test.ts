/**
 * The query resource of a real server (spec §2.5, §4.4) and the statement statistics (§2.2):
 * every field of the query record and of `stats` with its type and format, the stage tree with
 * task records, the list, 404 for unknown queries, and cancel through `DELETE /v1/query/{id}`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startLocalServer } from '../../../src/server/startup/local-server.js';

let server: RunningServer;
before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => {
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response JSON is checked field by field.
type Json = Record<string, any>;
const headers = {
  'X-Service-User': 'alice',
  'X-Service-Source': 'query-test',
  'X-Service-Catalog': 'tpch',
  'X-Service-Schema': 'tiny',
};

async function run(sql: string): Promise<{ first: Json; last: Json }> {
  const first = (await (
    await fetch(`${server.url}/v1/statement`, { method: 'POST', headers, body: sql })
  ).json()) as Json;
  let last = first;
  while (last.nextUri) last = (await (await fetch(last.nextUri)).json()) as Json;
  return { first, last };
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DURATION = /^\d+\.\d{2}(ns|us|ms|s|m|h|d)$/;
const DATA_SIZE = /^\d+(\.\d{2})?(B|kB|MB|GB|TB|PB)$/;

function assertInteger(value: unknown, name: string): void {
  assert.ok(Number.isInteger(value), `${name} is an integer: ${String(value)}`);
}

describe('query resource', () => {
  it('returns the query record with every field of §2.5 in its format', async () => {
    const { first, last } = await run('SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag');
    assert.equal(first.infoUri, `${server.url}/v1/query/${first.id}`);
    assert.equal(first.partialCancelUri, `${server.url}/v1/stage/${first.id}.0`);
    assert.equal(last.stats.state, 'FINISHED');
    const response = await fetch(first.infoUri);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json');
    const record = (await response.json()) as Json;
    assert.equal(record.queryId, first.id);
    assert.equal(record.state, 'FINISHED');
    assert.equal(record.self, `${server.url}/v1/query/${first.id}`);
    assert.deepEqual(record.fieldNames, ['returnflag', '_col1']);
    assert.equal(record.query, 'SELECT returnflag, count(*) FROM lineitem GROUP BY returnflag');
    const session = record.session as Json;
    assert.equal(session.user, 'alice');
    assert.equal(session.source, 'query-test');
    assert.equal(session.catalog, 'tpch');
    assert.equal(session.schema, 'tiny');
    assert.equal(typeof session.remoteUserAddress, 'string');
    assert.equal(typeof session.userAgent, 'string');
    assertInteger(session.startTime, 'startTime');
    const stats = record.queryStats as Json;
    for (const field of ['createTime', 'executionStartTime', 'lastHeartbeat', 'endTime']) {
      assert.match(stats[field], TIMESTAMP, field);
    }
    for (const field of [
      'elapsedTime',
      'queuedTime',
      'analysisTime',
      'totalScheduledTime',
      'totalCpuTime',
      'totalBlockedTime',
    ]) {
      assert.match(stats[field], DURATION, field);
    }
    for (const field of ['totalMemoryReservation', 'rawInputDataSize', 'processedInputDataSize', 'outputDataSize']) {
      assert.match(stats[field], DATA_SIZE, field);
    }
    for (const field of [
      'totalTasks',
      'runningTasks',
      'completedTasks',
      'totalDrivers',
      'queuedDrivers',
      'runningDrivers',
      'completedDrivers',
      'rawInputPositions',
      'processedInputPositions',
      'outputPositions',
    ]) {
      assertInteger(stats[field], field);
    }
    assert.equal(stats.rawInputPositions, 60175, 'every lineitem row of tiny was read');
    assert.equal(stats.outputPositions, 3, 'three return flags');
    assert.equal(stats.completedTasks, stats.totalTasks);
    const stage = record.outputStage as Json;
    assert.equal(stage.stageId, `${first.id}.0`);
    assert.equal(stage.state, 'FINISHED');
    assert.ok(stage.tasks.length >= 1);
    const task = stage.tasks[0] as Json;
    assert.equal(task.taskId, `${first.id}.0.0`);
    assert.equal(task.state, 'FINISHED');
    assert.match(task.lastHeartbeat, TIMESTAMP);
    assert.ok(Array.isArray(task.stats.pipelines) && task.stats.pipelines.length > 0);
    const operators = task.stats.pipelines.flatMap((p: Json) => p.operatorSummaries) as Json[];
    assert.ok(operators.some((o) => o.operatorType === 'TableScanOperator' && o.outputPositions === 60175));
    for (const operator of operators) assert.match(operator.addInputWall, DURATION);
  });

  it('reports statement stats with every §2.2 field and a done root stage in the final response', async () => {
    const { last } = await run('SELECT count(*) FROM orders');
    const stats = last.stats as Json;
    assert.equal(stats.state, 'FINISHED');
    assert.equal(stats.scheduled, true);
    for (const field of [
      'nodes',
      'totalSplits',
      'queuedSplits',
      'runningSplits',
      'completedSplits',
      'cpuTimeMillis',
      'wallTimeMillis',
      'processedRows',
      'processedBytes',
    ]) {
      assertInteger(stats[field], field);
    }
    assert.equal(stats.processedRows, 15000);
    const root = stats.rootStage as Json;
    assert.equal(root.stageId, '0');
    assert.equal(root.state, 'FINISHED');
    assert.equal(root.done, true);
    assert.deepEqual(root.subStages, []);
    assert.equal(root.completedSplits, root.totalSplits);
  });

  it('lists queries with their state, user and text, filters by state, and answers 404 for unknown ids', async () => {
    const { first } = await run('SELECT 42');
    const list = (await (await fetch(`${server.url}/v1/query`)).json()) as Json[];
    const entry = list.find((q) => q.queryId === first.id);
    assert.ok(entry, 'the query is listed');
    assert.equal(entry.state, 'FINISHED');
    assert.equal(entry.session.user, 'alice');
    assert.equal(entry.query, 'SELECT 42');
    assert.equal(entry.outputStage, undefined, 'the list leaves the stage tree out');
    const running = (await (await fetch(`${server.url}/v1/query?state=running`)).json()) as Json[];
    assert.ok(running.every((q) => q.state === 'RUNNING'));
    assert.equal((await fetch(`${server.url}/v1/query/nope`)).status, 404);
    assert.equal((await fetch(`${server.url}/v1/query/nope`, { method: 'DELETE' })).status, 404);
  });

  it('cancels a running query with DELETE /v1/query/{id}: it fails with USER_CANCELED', async () => {
    const response = await fetch(`${server.url}/v1/statement`, {
      method: 'POST',
      headers,
      body: 'SELECT count(*) FROM tpch.sf100.lineitem',
    });
    const first = (await response.json()) as Json;
    const deleted = await fetch(`${server.url}/v1/query/${first.id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    let last = first;
    while (last.nextUri) last = (await (await fetch(last.nextUri)).json()) as Json;
    assert.equal(last.stats.state, 'FAILED');
    assert.equal(last.error.errorName, 'USER_CANCELED');
    const record = (await (await fetch(`${server.url}/v1/query/${first.id}`)).json()) as Json;
    assert.equal(record.state, 'FAILED');
    assert.equal(record.errorCode.name, 'USER_CANCELED');
  });

  it('pages a large result: all of tpch.sf1.orders reaches the client, about 1 MB per response', async () => {
    const first = (await (
      await fetch(`${server.url}/v1/statement`, { method: 'POST', headers, body: 'SELECT * FROM tpch.sf1.orders' })
    ).json()) as Json;
    let last = first;
    let rows = 0;
    let responses = 0;
    let largest = 0;
    while (last.nextUri) {
      const response = await fetch(last.nextUri);
      const text = await response.text();
      last = JSON.parse(text) as Json;
      if (last.data) {
        rows += last.data.length;
        responses++;
        largest = Math.max(largest, text.length);
        assert.equal(last.columns.length, 9, 'columns come with every page of rows');
      }
    }
    assert.equal(last.stats.state, 'FINISHED');
    assert.equal(rows, 1_500_000);
    assert.ok(responses > 50, `${responses} responses`);
    assert.ok(largest < 4 * 1024 * 1024, `the largest response was ${largest} bytes`);
  });

  it('stops a query early through partialCancelUri: it finishes with the rows it sent', async () => {
    const first = (await (
      await fetch(`${server.url}/v1/statement`, { method: 'POST', headers, body: 'SELECT * FROM tpch.sf1.lineitem' })
    ).json()) as Json;
    let last = (await (await fetch(first.nextUri)).json()) as Json;
    while (!last.data && last.nextUri) last = (await (await fetch(last.nextUri)).json()) as Json;
    let rows = last.data.length;
    assert.equal((await fetch(first.partialCancelUri, { method: 'DELETE' })).status, 204);
    while (last.nextUri) {
      last = (await (await fetch(last.nextUri)).json()) as Json;
      rows += last.data?.length ?? 0;
    }
    assert.equal(last.stats.state, 'FINISHED');
    assert.equal(last.error, undefined);
    assert.ok(rows > 0 && rows < 6_001_215, `${rows} rows before the stop`);
    assert.equal((await fetch(`${server.url}/v1/stage/nope.0`, { method: 'DELETE' })).status, 404);
  });
});
