/**
 * The statement resource of a real server: the POST waits for planning (columns in the first
 * answer; errors on the next GET), session properties from `X-Service-Session`, and the session
 * headers that SET SESSION, RESET SESSION and USE send back.
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

interface Results {
  nextUri?: string;
  columns?: { name: string; type: string; typeSignature: unknown }[];
  data?: unknown[][];
  error?: { errorName: string; message: string; errorLocation?: { lineNumber: number; columnNumber: number } };
  stats: { state: string };
}

const baseHeaders = { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'tiny' };

async function post(sql: string, headers: Record<string, string> = {}): Promise<Results> {
  const response = await fetch(`${server.url}/v1/statement`, {
    method: 'POST',
    headers: { ...baseHeaders, ...headers },
    body: sql,
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Results;
}

/** Follows nextUri to the end; returns the last response and its headers. */
async function drain(first: Results): Promise<{ last: Results; headers: Headers; rows: unknown[][] }> {
  let last = first;
  let headers = new Headers();
  const rows: unknown[][] = [...(first.data ?? [])];
  while (last.nextUri) {
    const response = await fetch(last.nextUri, { headers: baseHeaders });
    headers = response.headers;
    last = (await response.json()) as Results;
    rows.push(...(last.data ?? []));
  }
  return { last, headers, rows };
}

describe('statement resource over HTTP', () => {
  it('answers the POST once the query is planned, with its columns', async () => {
    const first = await post('SELECT name, regionkey FROM nation ORDER BY nationkey LIMIT 2');
    assert.deepEqual(first.columns, [
      {
        name: 'name',
        type: 'varchar(25)',
        typeSignature: { rawType: 'varchar', arguments: [{ kind: 'LONG', value: 25 }] },
      },
      { name: 'regionkey', type: 'bigint', typeSignature: { rawType: 'bigint', arguments: [] } },
    ]);
    assert.ok(first.nextUri);
    const { last, rows } = await drain(first);
    assert.equal(last.stats.state, 'FINISHED');
    assert.deepEqual(rows, [
      ['ALGERIA', 0],
      ['ARGENTINA', 1],
    ]);
  });

  it('gives a failing query an id and nextUri first, and its error on the next GET', async () => {
    const first = await post('SELECT nosuch FROM nation');
    assert.ok(first.nextUri);
    assert.equal(first.error, undefined);
    const { last } = await drain(first);
    assert.equal(last.stats.state, 'FAILED');
    assert.equal(last.error?.errorName, 'COLUMN_NOT_FOUND');
    assert.deepEqual(last.error?.errorLocation, { lineNumber: 1, columnNumber: 8 });
  });

  it('applies session properties from X-Service-Session', async () => {
    const { last } = await drain(
      await post('SELECT orderkey, count(*) FROM lineitem GROUP BY orderkey', {
        'X-Service-Session': 'query_max_memory=100kB',
      }),
    );
    assert.equal(last.error?.errorName, 'EXCEEDED_MEMORY_LIMIT');
    const bad = await drain(await post('SELECT 1', { 'X-Service-Session': 'no_such=1' }));
    assert.equal(bad.last.error?.errorName, 'INVALID_SESSION_PROPERTY');
  });

  it('refuses session header values out of range, under either header family', async () => {
    const trino = { 'X-Trino-User': 'test', 'X-Trino-Catalog': 'tpch', 'X-Trino-Schema': 'tiny' };
    const run = async (headers: Record<string, string>) => {
      const response = await fetch(`${server.url}/v1/statement`, { method: 'POST', headers, body: 'SELECT 1' });
      assert.equal(response.status, 200);
      return drain((await response.json()) as Results);
    };
    for (const [headers, message] of [
      [
        { ...baseHeaders, 'X-Service-Session': 'hash_partition_count=99999999' },
        'hash_partition_count must be in the range [1, 1000]: 99999999',
      ],
      [
        { ...trino, 'X-Trino-Session': 'query_max_run_time=99999999999d' },
        'query_max_run_time must be in the range [1ms, 100d]: 99999999999d',
      ],
      [{ ...trino, 'X-Trino-Session': 'task_concurrency=6' }, 'task_concurrency must be a power of 2: 6'],
    ] as const) {
      const { last } = await run(headers);
      assert.equal(last.error?.errorName, 'INVALID_SESSION_PROPERTY', message);
      assert.equal(last.error?.message, message);
    }
    const ok = await run({ ...trino, 'X-Trino-Session': 'hash_partition_count=8,query_max_run_time=1h' });
    assert.deepEqual(ok.rows, [[1]]);
  });

  it('sends Set-Session, Clear-Session, Set-Catalog and Set-Schema headers', async () => {
    const set = await drain(await post("SET SESSION query_max_memory = '1GB'"));
    assert.equal(set.headers.get('x-service-set-session'), 'query_max_memory=1GB');
    const reset = await drain(await post('RESET SESSION query_max_memory'));
    assert.equal(reset.headers.get('x-service-clear-session'), 'query_max_memory');
    const use = await drain(await post('USE memory.default'));
    assert.equal(use.headers.get('x-service-set-catalog'), 'memory');
    assert.equal(use.headers.get('x-service-set-schema'), 'default');
  });
});
