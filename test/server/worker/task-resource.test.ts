/**
 * The task resource of a real worker server over loopback HTTP (spec §4.2): a task created from
 * a plan fragment reads the splits it is given once each (a repeated update adds nothing), its
 * record has the §2.3 fields, the status long-polls on the caller's state, results follow the
 * token discipline (same token → same pages, later token acknowledges), DELETE cancels or aborts,
 * and malformed requests get 400/404 without harming the worker.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import type { TpchConnector } from '../../../src/connectors/tpch/tpch-connector.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { deserializePages } from '../../../src/data/page-serde.js';
import { addExchanges } from '../../../src/planner/add-exchanges.js';
import { addDynamicFilters } from '../../../src/planner/dynamic-filters.js';
import { serializeFragment } from '../../../src/planner/fragment-serde.js';
import { fragmentPlan, type PlanFragment } from '../../../src/planner/fragmenter.js';
import { findNodes, rewritePlan } from '../../../src/planner/plan-utils.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { loadNodeConfig } from '../../../src/server/protocol/node-config.js';
import { HttpExchangeClient } from '../../../src/server/task/http-exchange-client.js';
import {
  TASK_WITH_PAGES_CONTENT_TYPE,
  unframePages,
  unframeTaskWithPages,
} from '../../../src/server/task/results-framing.js';
import type { TaskUpdateRequest } from '../../../src/server/task/task-update.js';
import { type RunningWorker, startWorker } from '../../../src/server/worker/worker-server.js';
import { contextFor, plan } from '../../planner/plan-helpers.js';
import { eventually } from '../cluster/cluster-process-helpers.js';
import { TASK_RECORD_FIELDS } from '../task/task-record-fields.js';

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DURATION = /^\d+\.\d{2}(ns|us|ms|s|m|h|d)$/;
const DATA_SIZE = /^\d+(\.\d{2})?(B|kB|MB|GB)$/;

let worker: RunningWorker;
const metadata = new MetadataManager(createCatalogManager({ nodeId: 'test' }));

before(async () => {
  const config = loadNodeConfig(join(tmpdir(), 'vivace-no-such-etc'), {
    'node.id': 'task-test-worker',
    coordinator: 'false',
    'http-server.http.port': '0',
    // Announcements go nowhere: this test talks to the worker directly.
    'discovery.uri': 'http://127.0.0.1:9',
  });
  worker = await startWorker(config, { logger: pino({ level: 'silent' }) });
});

after(async () => {
  await worker?.close();
});

/** The leaf fragment of `SELECT nationkey, name FROM nation` at tiny, and its splits. */
function leafFragment(sql: string): { fragment: PlanFragment; splits: Record<string, unknown>[] } {
  const optimized = plan(sql);
  const context = contextFor(optimized);
  const fragments = fragmentPlan(addExchanges(optimized, context, { joinDistribution: 'AUTOMATIC' }), context.ids);
  const fragment = fragments.fragments.find((f) => f.partitioning === 'SOURCE')!;
  const scan = findNodes(fragment.root, 'TableScan')[0]!;
  const tpch = metadata.catalogs.connectorOf('tpch') as TpchConnector;
  const splits = tpch.listSplits({ table: { schema: 'tiny', table: scan.table.name }, desiredSplits: 3 });
  return { fragment, splits };
}

function createRequest(fragment: PlanFragment, splits: Record<string, unknown>[], noMore: boolean): TaskUpdateRequest {
  const scan = findNodes(fragment.root, 'TableScan')[0]!;
  return {
    session: { queryId: 'q1', user: 'test', timeZone: 'UTC', startTime: Date.now(), properties: {}, partition: 0 },
    fragment: serializeFragment(fragment),
    sources: [
      {
        planNodeId: scan.id,
        splits: splits.map((split, sequenceId) => ({ sequenceId, split })),
        ...(noMore ? { noMoreSplits: true } : {}),
      },
    ],
    outputIds: { type: 'ARBITRARY', bufferCount: 1 },
  };
}

async function post(taskId: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${worker.url}/v1/task/${taskId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function readAll(taskId: string, types: Parameters<typeof deserializePages>[1]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  let failure: Error | undefined;
  const client = new HttpExchangeClient({
    bufferId: '0',
    types,
    maxResponseBytes: 1 << 20,
    maxBufferedBytes: 1 << 24,
    headers: () => ({}),
    onFailure: (error) => {
      failure = error;
    },
  });
  client.addLocation(`${worker.url}/v1/task/${taskId}`);
  client.noMoreLocations();
  while (!client.isFinished()) {
    if (failure) throw failure;
    const page = client.pollPage();
    if (page) rows.push(...pageToJsonRows(page, types));
    else await client.whenReady();
  }
  return rows;
}

describe('task resource', { timeout: 60_000 }, () => {
  it('runs a fragment over its splits, each once however often an update repeats them', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    const first = await post('q1.1.0', createRequest(fragment, splits.slice(0, 1), false));
    assert.equal(first.status, 200);
    // A retried update repeats split 0; the second adds the rest and closes the source.
    assert.equal((await post('q1.1.0', createRequest(fragment, splits.slice(0, 1), false))).status, 200);
    const scan = findNodes(fragment.root, 'TableScan')[0]!;
    const rest: TaskUpdateRequest = {
      sources: [
        {
          planNodeId: scan.id,
          splits: splits.map((split, sequenceId) => ({ sequenceId, split })),
          noMoreSplits: true,
        },
      ],
    };
    assert.equal((await post('q1.1.0', rest)).status, 200);
    const rows = await readAll(
      'q1.1.0',
      fragment.root.outputs.map((s) => s.type),
    );
    assert.equal(rows.length, 25, 'each of the 25 nations once');
    assert.equal(new Set(rows.map((r) => r[0])).size, 25);
  });

  it('serves the task record with the fields of spec §2.3 and long-polls on the known state', async () => {
    // The consumer's DELETE of the buffer (sent as it finished reading) ends FLUSHING: long-poll for it.
    let record = (await (await fetch(`${worker.url}/v1/task/q1.1.0`)).json()) as Json;
    for (let i = 0; i < 10 && record.state !== 'FINISHED'; i++) {
      const headers = { 'X-Service-Current-State': record.state, 'X-Service-Max-Wait': '500ms' };
      record = (await (await fetch(`${worker.url}/v1/task/q1.1.0`, { headers })).json()) as Json;
    }
    for (const field of TASK_RECORD_FIELDS) {
      assert.ok(field in record, field);
    }
    assert.equal(record.taskId, 'q1.1.0');
    assert.equal(record.state, 'FINISHED');
    assert.ok(Number.isInteger(record.version));
    assert.equal(record.self, `${worker.url}/v1/task/q1.1.0`);
    assert.match(record.lastHeartbeat, TIMESTAMP);
    assert.deepEqual(
      Object.keys(record.outputBuffers)
        .filter((k) => ['state', 'masterSequenceId', 'pagesAdded', 'buffers'].includes(k))
        .sort(),
      ['buffers', 'masterSequenceId', 'pagesAdded', 'state'],
    );
    assert.equal(record.outputBuffers.buffers[0].bufferId, '0');
    assert.equal(record.outputBuffers.buffers[0].finished, true);
    assert.ok(record.noMoreSplits.length === 1);
    const stats = record.stats as Json;
    for (const field of ['createTime', 'startTime', 'endTime']) assert.match(stats[field], TIMESTAMP, field);
    for (const field of ['elapsedTime', 'queuedTime', 'totalScheduledTime', 'totalCpuTime', 'totalBlockedTime']) {
      assert.match(stats[field], DURATION, field);
    }
    for (const field of ['memoryReservation', 'rawInputDataSize', 'processedInputDataSize', 'outputDataSize']) {
      assert.match(stats[field], DATA_SIZE, field);
    }
    assert.equal(stats.rawInputPositions, 25);
    const pipeline = stats.pipelines[0] as Json;
    for (const key of [
      'maxError',
      'count',
      'total',
      'p01',
      'p05',
      'p10',
      'p25',
      'p50',
      'p75',
      'p90',
      'p95',
      'p99',
      'min',
      'max',
    ]) {
      assert.equal(typeof pipeline.queuedTime[key], 'number', `queuedTime.${key}`);
    }
    const summaries = pipeline.operatorSummaries as Json[];
    assert.deepEqual(
      summaries.map((s) => s.operatorType),
      ['TableScanOperator', 'FilterAndProjectOperator', 'TaskOutputOperator'].filter((t) =>
        summaries.some((s) => s.operatorType === t),
      ),
    );
    for (const field of ['addInputWall', 'addInputCpu', 'getOutputWall', 'blockedWall', 'finishWall']) {
      assert.match(summaries[0]![field], DURATION, field);
    }
    // A finished task answers at once, whatever the caller knows.
    const started = Date.now();
    await fetch(`${worker.url}/v1/task/q1.1.0`, {
      headers: { 'X-Service-Current-State': 'FINISHED', 'X-Service-Max-Wait': '2s' },
    });
    assert.ok(Date.now() - started < 1500);
    const list = (await (await fetch(`${worker.url}/v1/task`)).json()) as Json[];
    assert.ok(list.some((t) => t.taskId === 'q1.1.0'));
  });

  it('serves a light status while a task runs (GET .../status, POST ?summarize), with the record once it is done or when asked', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    // Splits still to come: the task runs until noMoreSplits.
    const created = (await (
      await post('q9.1.0?summarize', createRequest(fragment, splits.slice(0, 1), false))
    ).json()) as Json;
    assert.equal(created.taskId, 'q9.1.0');
    assert.equal(created.stats, undefined, 'a summarized answer carries no statistics');
    assert.equal(created.taskInfo, undefined);
    for (const field of [
      'taskInstanceId',
      'version',
      'state',
      'self',
      'nodeId',
      'memoryReservation',
      'dynamicFiltersVersion',
    ]) {
      assert.ok(field in created, field);
    }
    assert.ok(Array.isArray(created.splitProgress) && Array.isArray(created.failures));
    const status = async (headers: Record<string, string> = {}) =>
      (await (await fetch(`${worker.url}/v1/task/q9.1.0/status`, { headers })).json()) as Json;
    let running = await status();
    for (let i = 0; i < 20 && running.splitProgress[0]?.completed !== 1; i++) {
      running = await status({ 'X-Service-Current-Version': String(running.version), 'X-Service-Max-Wait': '200ms' });
    }
    assert.equal(running.state, 'RUNNING');
    assert.equal(running.splitProgress[0].completed, 1);
    assert.equal(typeof running.figures.rawInputPositions, 'number');
    assert.equal(running.stats, undefined);
    assert.equal(running.taskInfo, undefined);
    // Nothing new: the long-poll waits its time, then answers the same version.
    const started = Date.now();
    const same = await status({ 'X-Service-Current-Version': String(running.version), 'X-Service-Max-Wait': '300ms' });
    assert.equal(same.version, running.version);
    assert.ok(Date.now() - started >= 250, 'the status long-polls');
    // A refresh of the statistics asks for the record.
    const refreshed = await status({ 'X-Vivace-Task-Info': 'true' });
    assert.equal(refreshed.taskInfo.taskId, 'q9.1.0');
    assert.ok(Array.isArray(refreshed.taskInfo.stats.pipelines));
    const scan = findNodes(fragment.root, 'TableScan')[0]!;
    const rest = (await (
      await post('q9.1.0?summarize', { sources: [{ planNodeId: scan.id, splits: [], noMoreSplits: true }] })
    ).json()) as Json;
    assert.equal(rest.stats, undefined);
    await readAll(
      'q9.1.0',
      fragment.root.outputs.map((s) => s.type),
    );
    let done = await status();
    for (let i = 0; i < 20 && done.state !== 'FINISHED'; i++) {
      done = await status({ 'X-Service-Current-Version': String(done.version), 'X-Service-Max-Wait': '200ms' });
    }
    assert.equal(done.state, 'FINISHED');
    // The last status brings the final record with it: the coordinator needs no other request.
    assert.equal(done.taskInfo.state, 'FINISHED');
    assert.equal(done.taskInfo.stats.rawInputPositions, done.figures.rawInputPositions);
    assert.ok(done.figures.rawInputPositions > 0);
    assert.equal((await fetch(`${worker.url}/v1/task/q9.9.9/status`)).status, 404);
  });

  it('holds a creation with X-Vivace-Max-Wait-Done until the task is done, or until that time', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    const types = fragment.root.outputs.map((s) => s.type);
    const create = (taskId: string, wait: string) =>
      post(taskId, createRequest(fragment, splits, true), { 'X-Vivace-Max-Wait-Done': wait });
    // Its results read meanwhile (the coordinator asks for them with the creation): answered FINISHED.
    const [created, rows] = await Promise.all([create('q24.1.0', '5s'), readAll('q24.1.0', types)]);
    assert.equal(created.status, 200);
    assert.equal(((await created.json()) as Json).state, 'FINISHED');
    assert.equal(rows.length, 25);
    // Nobody reads its output: it cannot finish, and the creation is answered after the wait.
    const started = Date.now();
    const held = (await (await create('q25.1.0', '300ms')).json()) as Json;
    assert.ok(Date.now() - started >= 250, 'held for the wait');
    assert.equal(held.state, 'FLUSHING');
    const bad = await create('q26.1.0', 'soon');
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Invalid X-Vivace-Max-Wait-Done/);
  });

  it('answers the creation of a task with its whole output inline when asked and it fits (X-Vivace-Inline-Results)', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    const types = fragment.root.outputs.map((s) => s.type);
    const create = (taskId: string, inline: string) =>
      post(taskId, createRequest(fragment, splits, true), {
        'X-Vivace-Max-Wait-Done': '5s',
        'X-Vivace-Inline-Results': inline,
      });
    const answer = await create('q40.1.0', '1MB');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), TASK_WITH_PAGES_CONTENT_TYPE);
    const { info, statsJson, pages } = unframeTaskWithPages(new Uint8Array(await answer.arrayBuffer()));
    const record = info as Json;
    // The statistics travel apart, as text the coordinator parses only when read.
    assert.equal(record.stats, undefined);
    assert.ok(Array.isArray((JSON.parse(statsJson ?? '{}') as Json).pipelines), 'statistics with pipelines');
    // The output was taken as a consumer takes it: the task is over, its rows counted as sent.
    assert.equal(record.state, 'FINISHED');
    assert.equal(record.outputBuffers.totalRowsSent, 25);
    const rows = pages.flatMap((frame) =>
      deserializePages(frame, types).flatMap((page) => pageToJsonRows(page, types)),
    );
    assert.equal(rows.length, 25);
    assert.deepEqual(rows[0], [0, 'ALGERIA']);
    // Its buffer is gone: nothing is left to read.
    const after = await fetch(`${worker.url}/v1/task/q40.1.0/results/0/0`);
    assert.equal(after.headers.get('x-service-buffer-complete'), 'true');
    assert.equal(unframePages(new Uint8Array(await after.arrayBuffer())).length, 0);
    // An output larger than the size asked for is answered without it, and read as usual.
    const large = await create('q41.1.0', '10B');
    assert.equal(large.headers.get('content-type'), 'application/json');
    assert.notEqual(((await large.json()) as Json).state, 'FINISHED');
    assert.equal((await readAll('q41.1.0', types)).length, 25);
    const bad = await create('q42.1.0', 'all of it');
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Invalid X-Vivace-Inline-Results/);
  });

  it('does not answer a status long-poll with FLUSHING at once: the end usually follows', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    const running = (await (await post('q27.1.0', createRequest(fragment, splits.slice(0, 1), false))).json()) as Json;
    assert.equal(running.state, 'RUNNING', 'waiting for more splits');
    // Once its first split is done (a version of its own), the task waits for more: nothing changes.
    let version = Number(running.version);
    for (let i = 0; i < 20; i++) {
      const headers = { 'X-Service-Current-Version': String(version), 'X-Service-Max-Wait': '300ms' };
      const seen = (await (await fetch(`${worker.url}/v1/task/q27.1.0`, { headers })).json()) as Json;
      if (seen.version === version) break;
      version = Number(seen.version);
    }
    let updated = 0;
    const poll = fetch(`${worker.url}/v1/task/q27.1.0`, {
      headers: { 'X-Service-Current-Version': String(version), 'X-Service-Max-Wait': '5s' },
    }).then(async (r) => ({ record: (await r.json()) as Json, after: Date.now() - updated }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The rest of the splits: the drivers end, the task is FLUSHING (nobody reads its output).
    updated = Date.now();
    await post('q27.1.0', { sources: createRequest(fragment, splits.slice(1), true).sources });
    const { record, after } = await poll;
    if (record.state === 'RUNNING') {
      // A loaded machine: the drivers outlasted the 50 ms window after the split update, so this
      // answer says nothing about FLUSHING; the task still gets there.
      let state = record.state;
      for (let i = 0; i < 50 && state === 'RUNNING'; i++) {
        state = ((await (await fetch(`${worker.url}/v1/task/q27.1.0`)).json()) as Json).state;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(state, 'FLUSHING');
      return;
    }
    assert.equal(record.state, 'FLUSHING');
    assert.ok(after >= 40, `answered after the coalescing window, not at once (${after} ms)`);
  });

  it('answers a status long-poll at once when a scan is left with at most one split to start', async () => {
    // Coalescing split progress (50 ms) must not leave a scan without splits: with nothing queued
    // the task needs the next ones now. Read time and HTTP take a few milliseconds; the window
    // alone would take 50. Three tries, so that one hiccup of a loaded machine does not decide.
    const { fragment, splits } = leafFragment('SELECT orderkey FROM lineitem');
    assert.ok(splits.length >= 2, 'lineitem at tiny has several splits');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 3 && !waits.some((ms) => ms < 40); attempt++) {
      const taskId = `q28${attempt}.1.0`;
      const created = (await (await post(taskId, createRequest(fragment, splits.slice(0, 1), false))).json()) as Json;
      let version = Number(created.version);
      // The first split read, the task waits for more (no noMoreSplits): its version settles.
      for (let i = 0; i < 50; i++) {
        const headers = { 'X-Service-Current-Version': String(version), 'X-Service-Max-Wait': '200ms' };
        const seen = (await (await fetch(`${worker.url}/v1/task/${taskId}`, { headers })).json()) as Json;
        if (seen.version === version) break;
        version = Number(seen.version);
      }
      let sent = 0;
      const poll = fetch(`${worker.url}/v1/task/${taskId}/status`, {
        headers: { 'X-Service-Current-Version': String(version), 'X-Service-Max-Wait': '5s' },
      }).then(async (r) => ({ status: (await r.json()) as Json, after: Date.now() - sent }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent = Date.now();
      const more = (createRequest(fragment, splits.slice(1, 2), false).sources ?? []).map((source) => ({
        ...source,
        splits: source.splits.map((split) => ({ ...split, sequenceId: 1 })),
      }));
      await post(taskId, { sources: more });
      const { status, after } = await poll;
      assert.equal(status.state, 'RUNNING', 'still waiting for splits');
      waits.push(after);
      await fetch(`${worker.url}/v1/task/${taskId}`, { method: 'DELETE' });
    }
    assert.ok(
      waits.some((ms) => ms < 40),
      `answered at once, not after the coalescing window (${waits.join(', ')} ms)`,
    );
  });

  it('returns the same pages for the same token and nothing before an acknowledged token', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey FROM nation');
    await post('q2.1.0', createRequest(fragment, splits, true));
    const get = async (token: number) => {
      const response = await fetch(`${worker.url}/v1/task/q2.1.0/results/0/${token}`, {
        headers: { 'X-Service-Max-Size': '1MB' },
      });
      return { response, pages: unframePages(new Uint8Array(await response.arrayBuffer())) };
    };
    let first = await get(0);
    while (first.pages.length === 0 && first.response.headers.get('x-service-buffer-complete') !== 'true')
      first = await get(0);
    const again = await get(0);
    assert.equal(again.pages.length, first.pages.length);
    assert.deepEqual(
      again.pages.map((p) => p.length),
      first.pages.map((p) => p.length),
    );
    assert.equal(first.response.headers.get('x-service-page-sequence-id'), '0');
    const next = Number(first.response.headers.get('x-service-page-end-sequence-id'));
    assert.ok(next >= 1);
    assert.ok(first.response.headers.get('x-service-task-instance-id'));
    const later = await get(next);
    assert.equal(later.response.headers.get('x-service-page-sequence-id'), String(next));
    const stale = await get(0);
    assert.equal(stale.pages.length, 0, 'pages before an acknowledged token are gone');
    assert.equal((await fetch(`${worker.url}/v1/task/q2.1.0/results/0`, { method: 'DELETE' })).status, 204);
  });

  it('cancels with DELETE and aborts with ?abort=true', async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey FROM nation');
    await post('q3.1.0', createRequest(fragment, splits, false));
    const canceled = (await (await fetch(`${worker.url}/v1/task/q3.1.0`, { method: 'DELETE' })).json()) as Json;
    assert.equal(canceled.state, 'CANCELED');
    await post('q4.1.0', createRequest(fragment, splits, false));
    const aborted = (await (
      await fetch(`${worker.url}/v1/task/q4.1.0?abort=true`, { method: 'DELETE' })
    ).json()) as Json;
    assert.equal(aborted.state, 'ABORTED');
  });

  it('holds a results request for a task not yet created until its first update', async () => {
    const { fragment, splits } = leafFragment('SELECT regionkey, name FROM region');
    // The consumer asks first (the coordinator creates a query's tasks all at once).
    const early = fetch(`${worker.url}/v1/task/q7.1.0/results/0/0`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await post('q7.1.0', createRequest(fragment, splits, true))).status, 200);
    const response = await early;
    assert.equal(response.status, 200);
    assert.ok(response.headers.get('x-service-task-instance-id'));
    await response.arrayBuffer();
    const rows = await readAll(
      'q7.1.0',
      fragment.root.outputs.map((s) => s.type),
    );
    assert.equal(rows.length, 5);
  });

  it("applies the coordinator's dynamic filters to a scan's rows, and rejects malformed ones", async () => {
    const { fragment, splits } = leafFragment('SELECT nationkey, name FROM nation');
    const scan = findNodes(fragment.root, 'TableScan')[0]!;
    const key = scan.outputs.find((o) => o.name.startsWith('nationkey'))!.name;
    const filtered = rewritePlan(fragment.root, (node) =>
      node.kind === 'TableScan' ? { ...node, dynamicFilters: [{ id: 'df_7', symbol: key }] } : node,
    );
    const request = {
      ...createRequest({ ...fragment, root: filtered }, splits, true),
      dynamicFilterDomains: { df_7: { min: 3, max: 21, values: [21, 3, 9] } },
    };
    assert.equal((await post('q21.1.0', request)).status, 200);
    const rows = await readAll(
      'q21.1.0',
      fragment.root.outputs.map((s) => s.type),
    );
    assert.deepEqual(
      rows.map((r) => r[0]).sort((a, b) => Number(a) - Number(b)),
      [3, 9, 21],
    );
    const published = (await (await fetch(`${worker.url}/v1/task/q21.1.0/dynamicfilters`)).json()) as Json;
    assert.deepEqual(published, { version: 0, dynamicFilterDomains: {} }, 'a task without joins publishes none');
    const malformed = await post('q22.1.0', { ...request, dynamicFilterDomains: { df_7: { min: 3 } } });
    assert.equal(malformed.status, 400);
    assert.match(await malformed.text(), /dynamic filter df_7 is malformed/);
  });

  /** The one fragment of a single-stage join plan, its join's dynamic filter, and all its tiny splits. */
  function joinFragment(sql: string) {
    const optimized = plan(sql);
    const [fragment] = fragmentPlan(addDynamicFilters(optimized), contextFor(optimized).ids).fragments;
    assert.ok(fragment !== undefined);
    const join = findNodes(fragment.root, 'Join')[0];
    const filterId = join?.dynamicFilters?.[0]?.id;
    assert.ok(join !== undefined && filterId !== undefined, 'the join collects a filter');
    const tpch = metadata.catalogs.connectorOf('tpch') as TpchConnector;
    const sources = findNodes(fragment.root, 'TableScan').map((scan) => ({
      planNodeId: scan.id,
      splits: tpch
        .listSplits({ table: { schema: 'tiny', table: scan.table.name }, desiredSplits: 1 })
        .map((split, sequenceId) => ({ sequenceId, split })),
      noMoreSplits: true,
    }));
    return { fragment, join, filterId, sources };
  }

  it("publishes its join builds' dynamic filters with its status, and forgets them once the coordinator has them", async () => {
    // One fragment with both scans (a single-stage plan): region's keys of ASIA build the join.
    const { fragment, filterId, sources } = joinFragment(
      "SELECT n.name FROM nation n JOIN region r ON n.regionkey = r.regionkey WHERE r.name = 'ASIA'",
    );
    const request: TaskUpdateRequest = {
      session: { queryId: 'q23', user: 'test', timeZone: 'UTC', startTime: Date.now(), properties: {}, partition: 0 },
      fragment: serializeFragment(fragment),
      sources,
      outputIds: { type: 'ARBITRARY', bufferCount: 1 },
    };
    assert.equal((await post('q23.0.0', request)).status, 200);
    const rows = await readAll(
      'q23.0.0',
      fragment.root.outputs.map((s) => s.type),
    );
    assert.equal(rows.length, 5, 'the five nations of ASIA');
    const status = (since: number) =>
      fetch(`${worker.url}/v1/task/q23.0.0`, { headers: { 'X-Vivace-Dynamic-Filters-Version': String(since) } }).then(
        (r) => r.json() as Promise<Json>,
      );
    const first = await status(0);
    assert.equal(first.taskStatus.dynamicFiltersVersion, 1);
    // ASIA is region 2: the build's one key.
    assert.deepEqual(first.dynamicFilters, { [filterId]: { min: 2, max: 2, values: [2] } });
    await eventually('the task done', 10_000, async () => ((await status(1)).state === 'FINISHED' ? true : undefined));
    // The coordinator said it has version 1 of a finished task: the key sets are gone.
    const after = (await (await fetch(`${worker.url}/v1/task/q23.0.0/dynamicfilters`)).json()) as Json;
    assert.deepEqual(after, { version: 1, dynamicFilterDomains: {} });
  });

  it("keeps at most its share of a partitioned join's filter keys, past it every key; all of a replicated one's", async () => {
    // ASIA's five nations build the join; a task of a stage of n tasks keeps 100,000 / n keys
    // when the join is partitioned (its build holds a share of the keys), all 100,000 when replicated.
    const { fragment, join, filterId, sources } = joinFragment(
      'SELECT c.name FROM customer c JOIN nation n ON c.nationkey = n.nationkey WHERE n.regionkey = 2',
    );
    assert.equal(join.distribution, 'REPLICATED');
    const replicated = serializeFragment(fragment);
    const partitioned = replicated.replace('"distribution":"REPLICATED"', '"distribution":"PARTITIONED"');
    assert.notEqual(partitioned, replicated);
    const published = async (queryId: string, fragmentJson: string, partitionCount: number) => {
      const taskId = `${queryId}.0.0`;
      const session = { queryId, user: 'test', timeZone: 'UTC', startTime: Date.now(), properties: {}, partition: 0 };
      const request: TaskUpdateRequest = {
        session: { ...session, partitionCount },
        fragment: fragmentJson,
        sources,
        outputIds: { type: 'ARBITRARY', bufferCount: 1 },
      };
      assert.equal((await post(taskId, request)).status, 200);
      await readAll(
        taskId,
        fragment.root.outputs.map((s) => s.type),
      );
      const status = await fetch(`${worker.url}/v1/task/${taskId}`, {
        headers: { 'X-Vivace-Dynamic-Filters-Version': '0' },
      }).then((r) => r.json() as Promise<Json>);
      const summary = (status.dynamicFilters as Json)[filterId] as { values?: number[] };
      return summary.values ? { ...summary, values: [...summary.values].sort((a, b) => a - b) } : summary;
    };
    const asia = { min: 8, max: 21, values: [8, 9, 12, 18, 21] };
    assert.deepEqual(await published('q24', partitioned, 20_000), asia);
    assert.deepEqual(await published('q25', partitioned, 25_000), { all: true });
    assert.deepEqual(await published('q26', replicated, 25_000), asia);
  });

  it('sends the coordinator only what prunes splits of a filter its own scans probe in a partitioned join', async () => {
    // Customers with a balance over 5,000 build the join: several hundred keys, past the 256 a
    // split constraint lists. The orders scan probing them is in the same fragment.
    const { fragment, join, filterId, sources } = joinFragment(
      'SELECT o.orderkey FROM orders o JOIN customer c ON o.custkey = c.custkey WHERE c.acctbal > 5000',
    );
    assert.equal(join.distribution, 'REPLICATED');
    assert.ok(findNodes(fragment.root, 'TableScan').some((s) => s.dynamicFilters?.some((f) => f.id === filterId)));
    const replicated = serializeFragment(fragment);
    const partitioned = replicated.replace('"distribution":"REPLICATED"', '"distribution":"PARTITIONED"');
    const published = async (queryId: string, fragmentJson: string) => {
      const taskId = `${queryId}.0.0`;
      const request: TaskUpdateRequest = {
        session: { queryId, user: 'test', timeZone: 'UTC', startTime: Date.now(), properties: {}, partition: 0 },
        fragment: fragmentJson,
        sources,
        outputIds: { type: 'ARBITRARY', bufferCount: 1 },
      };
      assert.equal((await post(taskId, request)).status, 200);
      const rows = await readAll(
        taskId,
        fragment.root.outputs.map((s) => s.type),
      );
      const status = await fetch(`${worker.url}/v1/task/${taskId}`, {
        headers: { 'X-Vivace-Dynamic-Filters-Version': '0' },
      }).then((r) => r.json() as Promise<Json>);
      return { rows: rows.length, summary: (status.dynamicFilters as Json)[filterId] as Json };
    };
    // A replicated join's filter goes whole to the coordinator: its first report completes it for
    // tasks whose own builds may not have ended.
    const whole = await published('q27', replicated);
    const keys = whole.summary.values as number[];
    assert.ok(keys.length > 256, `${keys.length} keys`);
    const range = { min: Math.min(...keys), max: Math.max(...keys) };
    assert.deepEqual({ min: whole.summary.min, max: whole.summary.max }, range);
    // Partitioned, the task's scans use its own keys; the coordinator gets their range.
    const pruning = await published('q28', partitioned);
    assert.deepEqual(pruning.summary, range);
    assert.equal(pruning.rows, whole.rows, 'the same rows either way');
  });

  it('answers malformed requests with 400 and unknown tasks with 404, and stays up', async () => {
    const bad = await fetch(`${worker.url}/v1/task/q5.1.0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"sources": 7}',
    });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Invalid task update/);
    assert.equal((await post('not-a-task-id', {})).status, 400);
    const brokenFragment = await post('q6.1.0', {
      session: { queryId: 'q6', user: 'u', timeZone: 'UTC', startTime: 0, properties: {}, partition: 0 },
      fragment: '{"nonsense": true}',
      outputIds: { type: 'ARBITRARY', bufferCount: 1 },
    });
    assert.equal(brokenFragment.status, 200);
    assert.equal(
      ((await brokenFragment.json()) as Json).state,
      'FAILED',
      'a fragment that cannot be planned fails the task',
    );
    assert.equal((await fetch(`${worker.url}/v1/task/nope.1.0`)).status, 404);
    assert.equal((await fetch(`${worker.url}/v1/task/nope.1.0/results/0/0`)).status, 404);
    assert.equal((await fetch(`${worker.url}/v1/info`)).status, 200);
  });
});
