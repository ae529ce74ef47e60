/**
 * A secured cluster of real processes: coordinator and worker serving HTTPS only, talking to each
 * other over HTTPS (`internal-communication.https.required`) with certificates the test made, and
 * users authenticated by a bcrypt password file. The npm `trino-client` and `presto-client` and
 * `vivace cli --password` log in over HTTPS; the worker's task records answer only the users the
 * system information rules allow; a bounded run of wrong passwords does not hold up another
 * user's queries (checks run off the event loop).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { BasicAuth, Trino } from 'trino-client';
import { Agent, request } from 'undici';
import {
  eventually,
  type RoleProcess,
  startRole,
  stopProcess,
  VIVACE_BIN,
} from '../cluster/cluster-process-helpers.js';
import { basic, htpasswdLine, makeTestTls, writeSecureEtc } from './security-fixtures.js';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: untyped CommonJS client library.
const presto: any = require('presto-client');
// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const USERS = { alice: 'alice-pw', bob: 'bob-pw', admin: 'admin-pw' };

describe('a secured cluster of processes', { timeout: 180_000 }, () => {
  const tls = makeTestTls();
  const agent = new Agent({ connect: { ca: tls.caPem } });
  let coordinator: RoleProcess;
  let worker: RoleProcess;

  before(async () => {
    const etc = writeSecureEtc({
      config: {
        'http-server.http.enabled': 'false',
        'http-server.https.enabled': 'true',
        'http-server.https.port': '0',
        'http-server.https.keystore.path': tls.keystorePath,
        'http-server.authentication.type': 'PASSWORD',
        'internal-communication.https.required': 'true',
        'internal-communication.shared-secret': 'cluster-test-secret',
        'discovery.announcement-interval': '200ms',
        'failure-detector.warmup-interval': '200ms',
      },
      users: USERS,
      rules: { system_information: [{ user: 'admin', allow: ['read'] }] },
    });
    // A slow hash for the user the guessing targets, so checks on the event loop would show.
    const { writeFileSync, readFileSync } = await import('node:fs');
    const passwordFile = `${etc}/password.db`;
    writeFileSync(
      passwordFile,
      readFileSync(passwordFile, 'utf8').replace(/^alice:.*$/m, htpasswdLine('alice', USERS.alice, 11)),
    );
    coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator']);
    assert.match(coordinator.url, /^https:\/\//);
    worker = await startRole([
      'worker',
      '--etc',
      etc,
      '--port',
      '0',
      '--node-id',
      'w1',
      '--discovery-uri',
      coordinator.url,
    ]);
    assert.match(worker.url, /^https:\/\//);
    await eventually('the worker active', 30_000, async () => {
      const active = await statement(
        "SELECT count(*) FROM system.runtime.nodes WHERE NOT coordinator AND state = 'active' AND http_uri LIKE 'https://%'",
        'admin',
      );
      return active.rows[0]?.[0] === 1 ? true : undefined;
    });
  });

  after(async () => {
    if (worker) await stopProcess(worker.child);
    if (coordinator) await stopProcess(coordinator.child);
    await agent.close();
  });

  async function get(url: string, user?: keyof typeof USERS, password?: string) {
    const headers: Record<string, string> = {};
    if (user !== undefined) headers.authorization = basic(user, password ?? USERS[user]);
    const response = await request(url, { headers, dispatcher: agent });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, text, json };
  }

  async function statement(sql: string, user: keyof typeof USERS): Promise<Json> {
    const headers = { authorization: basic(user, USERS[user]), 'X-Trino-Catalog': 'tpch', 'X-Trino-Schema': 'tiny' };
    let response = await request(`${coordinator.url}/v1/statement`, {
      method: 'POST',
      body: sql,
      headers,
      dispatcher: agent,
    });
    let answer = (await response.body.json()) as Json;
    const rows: unknown[][] = [];
    while (answer.nextUri) {
      response = await request(answer.nextUri, { headers, dispatcher: agent });
      answer = (await response.body.json()) as Json;
      rows.push(...(answer.data ?? []));
    }
    return { ...answer, rows };
  }

  it('runs a distributed query over internal HTTPS', async () => {
    const answer = await statement('SELECT count(*), current_user FROM lineitem', 'bob');
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    assert.deepEqual(answer.rows, [[60175, 'bob']]);
    const tasks = (await get(`${worker.url}/v1/task`, 'admin')).json as Json[];
    assert.ok(
      tasks.some((task) => String(task.taskId).startsWith(answer.id)),
      'the worker ran a task',
    );
  });

  it("answers the worker's task records to allowed users only", async () => {
    assert.equal((await get(`${worker.url}/v1/task`)).status, 401);
    const alice = await get(`${worker.url}/v1/task`, 'bob');
    assert.equal(alice.status, 403);
    assert.equal(alice.text, 'Access Denied: Cannot read system information');
    const admin = await get(`${worker.url}/v1/task`, 'admin');
    assert.equal(admin.status, 200);
    assert.ok(Array.isArray(admin.json));
  });

  it('logs in trino-client and presto-client with basic auth over HTTPS', async () => {
    const trino = Trino.create({
      server: coordinator.url,
      catalog: 'tpch',
      schema: 'tiny',
      auth: new BasicAuth('bob', USERS.bob),
      ssl: { ca: tls.caPem },
    });
    const rows: unknown[][] = [];
    for await (const result of await trino.query('SELECT current_user, count(*) FROM nation')) {
      assert.equal(result.error, undefined, JSON.stringify(result.error));
      rows.push(...(result.data ?? []));
    }
    assert.deepEqual(rows, [['bob', 25]]);

    const url = new URL(coordinator.url);
    const client = new presto.Client({
      host: url.hostname,
      port: Number(url.port),
      user: 'admin',
      catalog: 'tpch',
      schema: 'tiny',
      ssl: { ca: tls.caPem },
      basic_auth: { user: 'admin', password: USERS.admin },
    });
    const prestoRows = await new Promise<unknown[][]>((resolve, reject) => {
      const data: unknown[][] = [];
      client.execute({
        query: 'SELECT current_user',
        data: (_error: unknown, chunk: unknown[][]) => data.push(...chunk),
        success: () => resolve(data),
        error: (error: unknown) => reject(new Error(JSON.stringify(error))),
      });
    });
    assert.deepEqual(prestoRows, [['admin']]);
    const wrong = new presto.Client({
      host: url.hostname,
      port: Number(url.port),
      user: 'admin',
      ssl: { ca: tls.caPem },
      basic_auth: { user: 'admin', password: 'nope' },
    });
    const failure = await new Promise<unknown>((resolve) => {
      wrong.execute({
        query: 'SELECT 1',
        success: () => resolve(undefined),
        error: (error: unknown) => resolve(error),
      });
    });
    assert.ok(failure !== undefined, 'a wrong password fails the query');
  });

  it('logs in vivace cli with --password (VIVACE_PASSWORD) and checks the certificate', async () => {
    const cli = (args: string[], password?: string) =>
      promisify(execFile)(process.execPath, [VIVACE_BIN, 'cli', '--server', coordinator.url, ...args], {
        env: { ...process.env, ...(password !== undefined ? { VIVACE_PASSWORD: password } : {}) },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const ok = await cli(
      ['--user', 'alice', '--password', '--truststore-path', tls.caPath, '--execute', 'SELECT current_user'],
      USERS.alice,
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.stdout.trim(), '"alice"');
    const insecure = await cli(['--user', 'bob', '--password', '--insecure', '--execute', 'SELECT 7'], USERS.bob);
    assert.equal(insecure.stdout.trim(), '"7"');
    const untrusted = await cli(['--user', 'bob', '--password', '--execute', 'SELECT 1'], USERS.bob);
    assert.notEqual(untrusted.code, 0, 'an unknown CA is refused');
    const wrong = await cli(['--user', 'bob', '--password', '--insecure', '--execute', 'SELECT 1'], 'nope');
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /401|Invalid credentials/);
    const plain = await promisify(execFile)(
      process.execPath,
      [
        VIVACE_BIN,
        'cli',
        '--server',
        coordinator.url.replace('https://', 'http://'),
        '--user',
        'bob',
        '--password',
        '--execute',
        'SELECT 1',
      ],
      { env: { ...process.env, VIVACE_PASSWORD: 'x' } },
    ).catch((error: { stderr: string }) => error);
    assert.match((plain as { stderr: string }).stderr, /requires HTTPS/);
  });

  it("keeps another user's queries going while wrong passwords are guessed", async () => {
    const guesses = 20;
    let refused = 0;
    const attack = Promise.all(
      Array.from({ length: guesses }, async (_, i) => {
        const answer = await get(`${coordinator.url}/v1/query`, 'alice', `guess-${i}`);
        if (answer.status === 401) refused++;
      }),
    );
    const latencies: number[] = [];
    let attacking = true;
    void attack.then(() => {
      attacking = false;
    });
    while (attacking || latencies.length < 3) {
      const started = Date.now();
      const answer = await statement('SELECT 1', 'bob');
      assert.deepEqual(answer.rows, [[1]]);
      latencies.push(Date.now() - started);
    }
    await attack;
    assert.equal(refused, guesses);
    // Generous: a query takes milliseconds; checks on the event loop would hold each for seconds.
    assert.ok(Math.max(...latencies) < 2500, `latencies during the guessing: ${latencies.join(', ')} ms`);
    const status = await get(`${coordinator.url}/v1/status`, 'admin');
    assert.ok((status.json as Json).failedAuthentications >= guesses);
  });
});
