/**
 * Issue 13's HTTP-level hardening, on real processes (a coordinator and two workers with a shared
 * secret, plus a lone coordinator behind a "proxy"): every spelling of every internal route is
 * refused without a token and no rogue node can register; tokens go only to nodes that proved the
 * secret, in internal requests only, and are refused by any other node; one user's never-polled
 * queries leave run slots to others and are abandoned within the first-poll time-out; slow bodies
 * and headers are cut off and the servers stay up; invalid UTF-8 is refused; clients get no stack
 * traces; URIs are built from the address the client reached (or X-Forwarded-* when configured),
 * never from the Host header.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VERSION } from '../../../src/common/version.js';
import {
  audienceOf,
  COORDINATOR_AUDIENCE,
  createInternalToken,
  INTERNAL_BEARER_HEADER,
} from '../../../src/server/protocol/internal-auth.js';
import { eventually, type RoleProcess, runStatement, startRole, stopProcess } from './cluster-process-helpers.js';

const SECRET = 'hardening-test-secret';
const ENVIRONMENT = 'hardening_test';
// biome-ignore lint/suspicious/noExplicitAny: response JSON is checked field by field.
type Json = Record<string, any>;

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request with node:http, which sends the path and the Host header exactly as given. */
function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Writes `head`, then `pieces` one every `intervalMs` until the server closes the connection;
 * returns what the server answered and how many pieces were written by then.
 */
function trickle(baseUrl: string, head: string, pieces: string[], intervalMs: number) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ answer: string; written: number }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let written = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, written });
    });
    socket.write(head);
    const next = () => {
      if (socket.destroyed || written === pieces.length) return;
      socket.write(pieces[written++]);
      timer = setTimeout(next, intervalMs);
    };
    timer = setTimeout(next, intervalMs);
  });
}

const USER_HEADERS = { 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' };

async function post(baseUrl: string, sql: string, user: string, headers: Record<string, string> = {}): Promise<Json> {
  const answer = await send(
    baseUrl,
    'POST',
    '/v1/statement',
    { ...USER_HEADERS, 'X-Service-User': user, ...headers },
    sql,
  );
  assert.equal(answer.status, 200, answer.body);
  return JSON.parse(answer.body) as Json;
}

async function drain(first: Json): Promise<Json> {
  let last = first;
  while (last.nextUri) last = (await (await fetch(last.nextUri)).json()) as Json;
  return last;
}

/** The spellings of an internal path a router or proxy might take for it. */
function spellings(path: string): { ambiguous: string[]; distinct: string[] } {
  const [, version, resource, ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const last = resource.at(-1) as string;
  return {
    ambiguous: [
      `/${version}/${resource.slice(0, -1)}%${last.charCodeAt(0).toString(16)}${tail}`,
      `/%76${version.slice(1)}/${resource}${tail}`,
      `/${version}%2F${resource}${tail}`,
      `//${version}/${resource}${tail}`,
      `/${version}//${resource}${tail}`,
      `/${version}/./${resource}${tail}`,
      `/${version}/x/../${resource}${tail}`,
      `/${version}/${resource}${tail}/.`,
    ],
    distinct: [`${path}/`, path.toUpperCase(), `/${version.toUpperCase()}/${resource}${tail}`],
  };
}

interface InternalRoute {
  readonly method: string;
  readonly path: string;
  /** The answer without a token to the canonical path: 401, or 404 where no such route exists. */
  readonly unsigned: number;
  readonly body?: string;
}

describe('HTTP hardening of a coordinator and two workers', { timeout: 180_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-hardening-etc-'));
  writeFileSync(join(etc, 'node.properties'), `node.environment=${ENVIRONMENT}\n`);
  writeFileSync(
    join(etc, 'config.properties'),
    [
      'discovery.announcement-interval=1s',
      'http-server.request-headers-timeout=1s',
      'http-server.request-timeout=2s',
      'query.max-concurrent-queries=4',
      'query.client.first-poll-timeout=10s',
      '',
    ].join('\n'),
  );
  const env = { VIVACE_INTERNAL_SHARED_SECRET: SECRET };
  let coordinator: RoleProcess;
  const workers: RoleProcess[] = [];
  /** A server the test controls, playing a node that should never get a token. */
  let rogue: Server;
  let rogueUrl = '';
  const rogueRequests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

  const signed = (issuer: string, audience: string) => ({
    [INTERNAL_BEARER_HEADER]: createInternalToken(SECRET, issuer, audience),
  });
  const announcement = (uri: string, version = VERSION) =>
    JSON.stringify({
      environment: ENVIRONMENT,
      pool: 'general',
      services: [
        { id: 'rogue-service', type: 'vivace', properties: { http: uri, node_version: version, coordinator: 'false' } },
      ],
    });
  const serviceNodeIds = async (): Promise<string[]> => {
    const answer = await send(coordinator.url, 'GET', '/v1/service', signed('test', COORDINATOR_AUDIENCE));
    assert.equal(answer.status, 200);
    return (JSON.parse(answer.body) as Json).services.map((service: Json) => service.nodeId).sort();
  };

  before(async () => {
    rogue = createServer((req, res) => {
      rogueRequests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('"ACTIVE"');
    });
    await new Promise<void>((resolve) => rogue.listen(0, '127.0.0.1', resolve));
    const address = rogue.address();
    rogueUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator'], env);
    const startWorker = (nodeId: string) =>
      startRole(['worker', '--etc', etc, '--port', '0', '--node-id', nodeId, '--discovery-uri', coordinator.url], env);
    workers.push(...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')])));
    await eventually('workers used for queries', 30_000, async () => {
      const last = await drain(await post(coordinator.url, 'SELECT count(*) FROM orders', 'test'));
      return last.stats?.nodes >= 2 ? true : undefined;
    });
  });

  after(async () => {
    await Promise.all([...workers, coordinator].filter(Boolean).map((role) => stopProcess(role.child)));
    await new Promise((resolve) => rogue?.close(resolve));
  });

  it('refuses every spelling of every internal route without a token, and lets no rogue node register', async () => {
    const rogueAnnouncement = announcement(rogueUrl);
    const coordinatorRoutes: InternalRoute[] = [
      { method: 'PUT', path: '/v1/announcement/rogue', unsigned: 401, body: rogueAnnouncement },
      { method: 'DELETE', path: '/v1/announcement/worker-1', unsigned: 401 },
      { method: 'GET', path: '/v1/service', unsigned: 401 },
      { method: 'GET', path: '/v1/service/vivace', unsigned: 401 },
      { method: 'GET', path: '/v1/service/vivace/general', unsigned: 401 },
      { method: 'GET', path: '/v1/task', unsigned: 404 },
    ];
    const taskUpdate = JSON.stringify({ sources: [] });
    const workerRoutes: InternalRoute[] = [
      { method: 'GET', path: '/v1/status', unsigned: 401 },
      // Task records are open to GET (spec §4.2, issue 19): no token needed, a wrong one ignored.
      { method: 'GET', path: '/v1/task', unsigned: 200 },
      { method: 'POST', path: '/v1/task/rogue.0.0', unsigned: 401, body: taskUpdate },
      { method: 'GET', path: '/v1/task/rogue.0.0', unsigned: 404 },
      { method: 'DELETE', path: '/v1/task/rogue.0.0', unsigned: 401 },
      { method: 'GET', path: '/v1/task/rogue.0.0/results/0/0', unsigned: 401 },
      { method: 'GET', path: '/v1/task/rogue.0.0/results/0/0/acknowledge', unsigned: 401 },
      { method: 'DELETE', path: '/v1/task/rogue.0.0/results/0', unsigned: 401 },
    ];
    const check = async (baseUrl: string, routes: InternalRoute[]) => {
      for (const route of routes) {
        const headers: Record<string, string> = route.body ? { 'content-type': 'application/json' } : {};
        const attempt = (path: string, extra: Record<string, string> = {}) =>
          send(baseUrl, route.method, path, { ...headers, ...extra }, route.body);
        const what = (path: string) => `${route.method} ${baseUrl}${path}`;
        assert.equal((await attempt(route.path)).status, route.unsigned, what(route.path));
        // A valid token for another node (here a worker's, or the coordinator's) is no token here.
        const elsewhere = baseUrl === coordinator.url ? audienceOf(workers[0].url) : COORDINATOR_AUDIENCE;
        assert.equal((await attempt(route.path, signed('coordinator', elsewhere))).status, route.unsigned);
        const { ambiguous, distinct } = spellings(route.path);
        for (const path of ambiguous) assert.equal((await attempt(path)).status, 400, what(path));
        for (const path of distinct) assert.ok([401, 404].includes((await attempt(path)).status), what(path));
      }
    };
    await check(coordinator.url, coordinatorRoutes);
    await check(workers[0].url, workerRoutes);

    assert.deepEqual(await serviceNodeIds(), ['worker-1', 'worker-2'], 'no rogue, and worker-1 not withdrawn');
    const tasks = await send(workers[0].url, 'GET', '/v1/task', signed('coordinator', audienceOf(workers[0].url)));
    assert.equal(
      (JSON.parse(tasks.body) as Json[]).some((task) => String(task.taskId).startsWith('rogue')),
      false,
      'no task was created',
    );
    // The coordinator keeps pinging its workers; the rogue, never registered, hears nothing.
    const pings = async () =>
      ((await (await fetch(`${coordinator.url}/v1/node`)).json()) as Json[]).reduce(
        (sum, node) => sum + node.recentRequests,
        0,
      );
    const before = await pings();
    await eventually('a few more heartbeats', 20_000, async () => ((await pings()) > before + 4 ? true : undefined));
    assert.deepEqual(rogueRequests, []);
  });

  it('sends tokens only in internal requests to nodes that proved the secret, and each works only at its node', async () => {
    // A node that holds the secret announces; its version differs, so no work is scheduled on it.
    const put = (nodeId: string, issuer: string) =>
      send(
        coordinator.url,
        'PUT',
        `/v1/announcement/${nodeId}`,
        { 'content-type': 'application/json', ...signed(issuer, COORDINATOR_AUDIENCE) },
        announcement(rogueUrl, 'another-version'),
      );
    assert.equal((await put('worker-1', 'fake-node')).status, 403, 'a node announces only itself');
    assert.equal((await put('fake-node', 'fake-node')).status, 202);
    try {
      // The failure detector pings it over the open /v1/info/state, without a token.
      await eventually('pings of the announced node', 10_000, async () =>
        rogueRequests.length >= 2 ? true : undefined,
      );
      for (const seen of rogueRequests) {
        assert.equal(seen.url, '/v1/info/state');
        assert.equal(seen.headers[INTERNAL_BEARER_HEADER.toLowerCase()], undefined);
      }
    } finally {
      const withdrawn = await send(
        coordinator.url,
        'DELETE',
        '/v1/announcement/fake-node',
        signed('fake-node', COORDINATOR_AUDIENCE),
      );
      assert.equal(withdrawn.status, 204);
    }
    // A token the coordinator would send that node (audience: its origin) is refused by a worker.
    const worker = workers[0].url;
    assert.equal((await send(worker, 'GET', '/v1/status', signed('coordinator', audienceOf(rogueUrl)))).status, 401);
    assert.equal(
      (await send(worker, 'GET', '/v1/status', signed('coordinator', audienceOf(workers[1].url)))).status,
      401,
    );
    assert.equal((await send(worker, 'GET', '/v1/status', signed('coordinator', audienceOf(worker)))).status, 200);
  });

  it("gives another user's query a slot while one user's unpolled queries pile up, and abandons those soon", async () => {
    // Each would run until its client read its rows; nobody does.
    const heavy = 'SELECT * FROM tpch.sf1.lineitem';
    const pile = await Promise.all(Array.from({ length: 8 }, () => post(coordinator.url, heavy, 'alice')));
    const states = async () =>
      Promise.all(
        pile.map(async (query) => (await (await fetch(`${coordinator.url}/v1/query/${query.id}`)).json()) as Json),
      );
    const last = await drain(await post(coordinator.url, 'SELECT 1', 'bob'));
    assert.equal(last.error, undefined);
    assert.equal(last.stats.state, 'FINISHED');
    // Without a share alice would hold all 4 slots until her queries are abandoned; bob was first.
    const seen = (await states()).map((record) => record.state);
    assert.ok(
      seen.some((state) => state !== 'FAILED'),
      `bob finished only once alice's queries were abandoned: ${seen}`,
    );
    const holding = seen.filter((state) => state !== 'QUEUED' && state !== 'FAILED');
    assert.ok(holding.length <= 2, `alice holds at most her share of 2 slots: ${seen}`);
    // Never polled: abandoned after query.client.first-poll-timeout (10 s), not query.client.timeout (5 m).
    const records = await eventually('the unpolled queries abandoned', 40_000, async () => {
      const all = await states();
      return all.every((record) => record.state === 'FAILED') ? all : undefined;
    });
    for (const record of records) assert.equal(record.errorCode.name, 'ABANDONED_QUERY');
  });

  it('cuts off a body trickled byte by byte and headers sent slowly, and stays up', async () => {
    const bodyHead =
      'POST /v1/statement HTTP/1.1\r\nHost: x\r\nX-Service-User: slow\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n';
    const body = await trickle(coordinator.url, bodyHead, Array.from('SELECT 1'.padEnd(100, ' ')), 400);
    assert.match(body.answer, /^HTTP\/1\.1 408 /);
    assert.ok(body.written < 20, `cut off after ${body.written} bytes of 100 (http-server.request-timeout=2s)`);
    for (const target of [coordinator.url, workers[0].url]) {
      const headers = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: y\r\n`);
      const slow = await trickle(target, 'GET /v1/info HTTP/1.1\r\nHost: x\r\n', headers, 200);
      assert.match(slow.answer, /^HTTP\/1\.1 408 /, target);
      assert.ok(slow.written < 20, `cut off after ${slow.written} header lines`);
      assert.equal((await fetch(`${target}/v1/info`)).status, 200);
    }
    assert.deepEqual(await runStatement(coordinator.url, 'SELECT 1'), [[1]]);
  });

  it('refuses SQL text with invalid UTF-8 with 400 and runs nothing', async () => {
    const text = Buffer.concat([Buffer.from("SELECT 'caf"), Buffer.from([0xe9, 0x27])]);
    const answer = await send(coordinator.url, 'POST', '/v1/statement', { 'X-Service-User': 'utf8' }, text);
    assert.equal(answer.status, 400);
    assert.equal(answer.body, 'SQL statement is not valid UTF-8: invalid byte sequence at byte 11');
    const queries = (await (await fetch(`${coordinator.url}/v1/query`)).json()) as Json[];
    assert.equal(
      queries.some((query) => query.session.user === 'utf8'),
      false,
    );
  });

  it('sends failures from the workers without stack traces', async () => {
    const last = await drain(await post(coordinator.url, 'SELECT sum(1 / (orderkey - orderkey)) FROM orders', 'test'));
    assert.equal(last.error?.errorName, 'DIVISION_BY_ZERO');
    assert.deepEqual(last.error.failureInfo.stack, []);
    const record = (await (await fetch(`${coordinator.url}/v1/query/${last.id}`)).json()) as Json;
    assert.deepEqual(record.failureInfo.stack, []);
    const failures: Json[] = [];
    const collect = (stage: Json | undefined) => {
      if (!stage) return;
      for (const task of stage.tasks) failures.push(...task.failures);
      for (const child of stage.subStages) collect(child);
    };
    collect(record.outputStage);
    assert.ok(failures.length > 0, 'a task failed');
    for (const failure of failures) assert.deepEqual(failure.stack, []);
  });

  it('builds URIs from the address the client reached, not from Host or unconfigured X-Forwarded-*', async () => {
    const forged = { Host: 'evil.example:666', 'X-Forwarded-Host': 'proxy.example', 'X-Forwarded-Proto': 'https' };
    const first = await post(coordinator.url, 'SELECT 1', 'test', forged);
    for (const field of ['nextUri', 'infoUri', 'partialCancelUri']) {
      assert.ok(String(first[field]).startsWith(`${coordinator.url}/v1/`), `${field}: ${first[field]}`);
    }
    await drain(first);
    const record = await send(coordinator.url, 'GET', `/v1/query/${first.id}`, forged);
    assert.equal((JSON.parse(record.body) as Json).self, `${coordinator.url}/v1/query/${first.id}`);
  });
});

describe('a coordinator behind a proxy (http-server.process-forwarded=true)', { timeout: 60_000 }, () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-forwarded-etc-'));
  writeFileSync(join(etc, 'config.properties'), 'http-server.process-forwarded=true\n');
  let coordinator: RoleProcess;

  before(async () => {
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator']);
  });

  after(async () => {
    if (coordinator) await stopProcess(coordinator.child);
  });

  it('builds URIs from X-Forwarded-Proto/Host/Port', async () => {
    const forwarded = {
      Host: 'coordinator.internal:8080',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'sql.example.com',
      'X-Forwarded-Port': '8443',
    };
    const first = await post(coordinator.url, 'SELECT 1', 'test', forwarded);
    assert.equal(first.infoUri, `https://sql.example.com:8443/v1/query/${first.id}`);
    assert.ok(String(first.nextUri).startsWith('https://sql.example.com:8443/v1/statement/'));
    // Without the headers (a client that reached the coordinator directly), the Host it sent.
    const direct = await post(coordinator.url, 'SELECT 1', 'test', { Host: 'coordinator.internal:8080' });
    assert.equal(direct.infoUri, `http://coordinator.internal:8080/v1/query/${direct.id}`);
    for (const query of [first, direct]) {
      await send(coordinator.url, 'DELETE', `/v1/query/${query.id}`);
    }
  });
});
