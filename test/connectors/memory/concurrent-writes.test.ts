/**
 * Writers and readers on the same memory tables at the same time, through a real server: UPDATEs
 * that move amounts between rows never let a reader see a half-applied change (the total stays
 * the same in every read), and INSERTs racing with DELETEs that rewrite the table lose nothing
 * (a statement that lost a race fails with TRANSACTION_CONFLICT and is run again).
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

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

async function run(sql: string): Promise<{ rows: unknown[][]; error?: Json }> {
  let last = (await (
    await fetch(`${server.url}/v1/statement`, { method: 'POST', body: sql, headers: { 'X-Service-User': 'w' } })
  ).json()) as Json;
  const rows: unknown[][] = [...(last.data ?? [])];
  while (last.nextUri) {
    last = (await (await fetch(last.nextUri)).json()) as Json;
    rows.push(...(last.data ?? []));
  }
  return { rows, ...(last.error ? { error: last.error } : {}) };
}

/** Runs a statement until it does not lose a race. */
async function runToSuccess(sql: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const { error } = await run(sql);
    if (!error) return attempt;
    assert.equal(error.errorName, 'TRANSACTION_CONFLICT', error.message);
  }
}

describe('concurrent writes on memory tables', { timeout: 120_000 }, () => {
  it('keeps every read consistent while UPDATEs move amounts between rows', async () => {
    await run('CREATE SCHEMA memory.bank');
    await run('CREATE TABLE memory.bank.accounts AS SELECT nationkey AS id, 100 AS balance FROM tpch.tiny.nation');
    const transfers = Array.from({ length: 30 }, (_, i) => {
      const from = i % 25;
      const to = from === (i * 7 + 3) % 25 ? (from + 1) % 25 : (i * 7 + 3) % 25;
      return runToSuccess(
        `UPDATE memory.bank.accounts SET balance = balance + CASE WHEN id = ${from} THEN -1 WHEN id = ${to} THEN 1 ELSE 0 END WHERE id IN (${from}, ${to})`,
      );
    });
    const totals: unknown[] = [];
    const readers = Array.from({ length: 30 }, async () => {
      const { rows, error } = await run('SELECT sum(balance), count(*) FROM memory.bank.accounts');
      assert.equal(error, undefined);
      totals.push(rows[0]);
    });
    await Promise.all([...transfers, ...readers]);
    for (const total of totals) assert.deepEqual(total, [2500, 25], 'a reader saw a half-applied transfer');
    const { rows } = await run('SELECT sum(balance) FROM memory.bank.accounts');
    assert.deepEqual(rows, [[2500]]);
  });

  it('loses no INSERT racing with DELETEs that rewrite the table', async () => {
    await run('CREATE TABLE memory.bank.log (id bigint)');
    const inserts = Array.from({ length: 25 }, (_, i) => runToSuccess(`INSERT INTO memory.bank.log VALUES (${i})`));
    const deletes = Array.from({ length: 10 }, () => runToSuccess('DELETE FROM memory.bank.log WHERE id < 0'));
    await Promise.all([...inserts, ...deletes]);
    const { rows } = await run('SELECT count(*), count(DISTINCT id), min(id), max(id) FROM memory.bank.log');
    assert.deepEqual(rows, [[25, 25, 0, 24]]);
  });
});
