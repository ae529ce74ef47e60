/**
 * Existing Presto and Trino client libraries, unchanged, against a real coordinator process:
 * `trino-client` (X-Trino- headers, axios), `presto-client` (X-Presto- headers, callbacks) and
 * `lento` (X-Presto- headers, streams). Each runs a query with typed values, gets the server's
 * error message for bad SQL, sees a session change on its next query, and cancels a long query,
 * which then ends on the server FAILED with USER_CANCELED.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BasicAuth, Trino } from 'trino-client';
import { eventually, type RoleProcess, startRole, stopProcess } from '../server/cluster/cluster-process-helpers.js';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: untyped CommonJS client libraries.
const presto: any = require('presto-client');
// biome-ignore lint/suspicious/noExplicitAny: untyped CommonJS client libraries.
const lento: any = require('lento');

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const TYPED_QUERY = `SELECT CAST(7 AS bigint) AS b, 1.5e0 AS d, DECIMAL '12.34' AS dec, 'x' AS v, DATE '2020-01-02' AS dt,
  TIMESTAMP '2020-01-02 03:04:05.678' AS ts, ARRAY[1, 2] AS a, MAP(ARRAY['k'], ARRAY[1]) AS m,
  CAST(ROW(1, 'a') AS ROW(x integer, y varchar)) AS r, NULL AS n`;
const TYPED_ROW = [7, 1.5, '12.34', 'x', '2020-01-02', '2020-01-02 03:04:05.678', [1, 2], { k: 1 }, [1, 'a'], null];
const LONG_QUERY = 'SELECT count(*) FROM tpch.sf1000.lineitem';

let coordinator: RoleProcess;
let host: string;
let port: number;

before(async () => {
  const etc = mkdtempSync(join(tmpdir(), 'vivace-clients-etc-'));
  writeFileSync(join(etc, 'node.properties'), 'node.environment=clients\n');
  coordinator = await startRole(['coordinator', '--etc', etc, '--port', '0', '--node-id', 'coordinator']);
  const url = new URL(coordinator.url);
  host = url.hostname;
  port = Number(url.port);
});

after(async () => {
  if (coordinator) await stopProcess(coordinator.child);
});

async function queryRecord(id: string): Promise<Json> {
  return (await (await fetch(`${coordinator.url}/v1/query/${id}`)).json()) as Json;
}

async function canceledOnServer(id: string): Promise<void> {
  const record = await eventually('the query failed with USER_CANCELED', 10_000, async () => {
    const info = await queryRecord(id);
    return info.state === 'FAILED' ? info : undefined;
  });
  assert.equal(record.errorCode.name, 'USER_CANCELED');
}

describe('trino-client', { timeout: 60_000 }, () => {
  const trino = () =>
    Trino.create({
      server: coordinator.url,
      catalog: 'tpch',
      schema: 'tiny',
      source: 'trino-js',
      auth: new BasicAuth('ann'),
    });

  async function rows(client: Trino, sql: string): Promise<{ data: unknown[][]; error?: Json; id: string }> {
    const data: unknown[][] = [];
    let error: Json | undefined;
    let id = '';
    for await (const result of await client.query(sql)) {
      id = result.id;
      if (result.error) error = result.error as Json;
      data.push(...(result.data ?? []));
    }
    return { data, ...(error ? { error } : {}), id };
  }

  it('reads typed values', async () => {
    const { data, id } = await rows(trino(), TYPED_QUERY);
    assert.deepEqual(data, [TYPED_ROW]);
    const info = await queryRecord(id);
    assert.equal(info.session.user, 'ann');
    assert.equal(info.session.source, 'trino-js');
  });

  it("gets the server's error message", async () => {
    const { error } = await rows(trino(), 'SELECT nosuch FROM nation');
    assert.equal(error?.errorName, 'COLUMN_NOT_FOUND');
    assert.match(error?.message, /Column 'nosuch' cannot be resolved/);
  });

  it('follows USE into its next query', async () => {
    const client = trino();
    await rows(client, 'USE tpch.sf1');
    const { data } = await rows(client, 'SELECT count(*) FROM supplier');
    assert.deepEqual(data, [[10000]]);
  });

  it('cancels a running query with DELETE /v1/query/{id}', async () => {
    const client = trino();
    await client.query(LONG_QUERY);
    // Reading on would wait for the count: find the query's id in the query list, as a tool would.
    const id = await eventually('the query listed', 10_000, async () => {
      const list = (await (await fetch(`${coordinator.url}/v1/query`)).json()) as Json[];
      return list.find((q) => q.query === LONG_QUERY && q.session.user === 'ann' && q.state === 'RUNNING')?.queryId as
        | string
        | undefined;
    });
    await client.cancel(id);
    await canceledOnServer(id);
  });
});

describe('presto-client', { timeout: 60_000 }, () => {
  const client = () =>
    new presto.Client({ host, port, user: 'bob', source: 'presto-js', catalog: 'tpch', schema: 'tiny' });

  function execute(c: Json, query: string, extra: Json = {}): Promise<{ data: unknown[][]; error?: Json }> {
    return new Promise((resolve) => {
      const data: unknown[][] = [];
      c.execute({
        query,
        ...extra,
        data: (_error: unknown, chunk: unknown[][]) => data.push(...chunk),
        success: () => resolve({ data }),
        error: (error: Json) => resolve({ data, error }),
      });
    });
  }

  it('reads typed values', async () => {
    const { data, error } = await execute(client(), TYPED_QUERY);
    assert.equal(error, undefined);
    assert.deepEqual(data, [TYPED_ROW]);
  });

  it("gets the server's error message", async () => {
    const { error } = await execute(client(), 'SELECT nosuch FROM nation');
    assert.match(String(error?.message), /Column 'nosuch' cannot be resolved/);
  });

  it('sends a session property with its query', async () => {
    const { data } = await execute(client(), "SHOW SESSION LIKE 'join_distribution_type'", {
      session: 'join_distribution_type=BROADCAST',
    });
    assert.equal(data[0]![1], 'BROADCAST');
  });

  it('kills a running query', async () => {
    const c = client();
    const id = await new Promise<string>((resolve) => {
      let killed = false;
      c.execute({
        query: LONG_QUERY,
        state: (_error: unknown, queryId: string) => {
          if (killed || !queryId) return;
          killed = true;
          c.kill(queryId, () => resolve(queryId));
        },
        data: () => undefined,
        success: () => undefined,
        error: () => undefined,
      });
    });
    await canceledOnServer(id);
  });
});

describe('lento', { timeout: 60_000 }, () => {
  const client = () =>
    lento({ hostname: host, port, user: 'carol', catalog: 'tpch', schema: 'tiny', pollInterval: '100ms' });

  function query(c: Json, sql: string): Promise<unknown[]> {
    return new Promise((resolve, reject) =>
      c.query(sql, { rowFormat: 'array' }, (error: Error | null, rows: unknown[]) =>
        error ? reject(error) : resolve(rows),
      ),
    );
  }

  it('reads typed values', async () => {
    assert.deepEqual(await query(client(), TYPED_QUERY), [TYPED_ROW]);
  });

  it("gets the server's error message", async () => {
    await assert.rejects(query(client(), 'SELECT nosuch FROM nation'), /Column 'nosuch' cannot be resolved/);
  });

  it('keeps a SET SESSION for its next queries', async () => {
    const c = client();
    await new Promise<void>((resolve, reject) =>
      c.set('join_distribution_type', 'PARTITIONED', (e: Error | null) => (e ? reject(e) : resolve())),
    );
    const rows = (await query(c, "SHOW SESSION LIKE 'join_distribution_type'")) as unknown[][];
    assert.equal(rows[0]![1], 'PARTITIONED');
  });

  it('cancels a query when its stream is destroyed', async () => {
    const c = client();
    const stream = c.createPageStream(LONG_QUERY);
    const gotId = new Promise<string>((resolve) => stream.once('id', resolve));
    stream.resume();
    const id = await gotId;
    await eventually('the query running', 10_000, async () =>
      (await queryRecord(id)).state === 'RUNNING' ? true : undefined,
    );
    stream.destroy();
    await canceledOnServer(id);
  });
});
