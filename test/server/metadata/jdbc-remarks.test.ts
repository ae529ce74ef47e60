/**
 * JDBC's getTables and getColumns read comments from system.jdbc's REMARKS: a table's and a view's
 * comment, set by CREATE ... COMMENT and changed by COMMENT ON, appear there (and go with NULL).
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

async function rows(sql: string): Promise<unknown[][]> {
  const headers = { 'X-Trino-User': 'u', 'X-Trino-Catalog': 'memory', 'X-Trino-Schema': 'default' };
  // biome-ignore lint/suspicious/noExplicitAny: protocol JSON.
  let page: any = await (await fetch(`${server.url}/v1/statement`, { method: 'POST', body: sql, headers })).json();
  const out: unknown[][] = [...(page.data ?? [])];
  while (page.nextUri) {
    page = await (await fetch(page.nextUri, { headers })).json();
    out.push(...(page.data ?? []));
  }
  assert.equal(page.error, undefined, JSON.stringify(page.error));
  return out;
}

describe('system.jdbc REMARKS', () => {
  it('shows table, view and column comments as they are set and removed', async () => {
    await rows("CREATE TABLE memory.default.remarked (a bigint COMMENT 'key') COMMENT 'a table'");
    await rows('CREATE VIEW memory.default.remarked_view AS SELECT a FROM memory.default.remarked');
    await rows("COMMENT ON VIEW memory.default.remarked_view IS 'a view'");
    const tables =
      "SELECT table_name, table_type, remarks FROM system.jdbc.tables WHERE table_name LIKE 'remarked%' ORDER BY 1";
    assert.deepEqual(await rows(tables), [
      ['remarked', 'TABLE', 'a table'],
      ['remarked_view', 'VIEW', 'a view'],
    ]);
    assert.deepEqual(await rows("SELECT column_name, remarks FROM system.jdbc.columns WHERE table_name = 'remarked'"), [
      ['a', 'key'],
    ]);
    await rows('COMMENT ON TABLE memory.default.remarked IS NULL');
    assert.deepEqual((await rows(tables))[0], ['remarked', 'TABLE', null]);
  });
});
