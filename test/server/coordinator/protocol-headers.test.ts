/**
 * The statement protocol's headers on a real server: the same family under `X-Service-`,
 * `X-Presto-` and `X-Trino-`, answered in kind; a request mixing prefixes, an unknown time zone
 * and an oversized statement are 4xx; prepared statements travel through Added-Prepare and
 * Prepared-Statement headers (PREPARE on one request, EXECUTE ... USING on another), DESCRIBE
 * INPUT/OUTPUT and DEALLOCATE work; transactions start, commit and roll back with their headers.
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

async function run(
  sql: string,
  headers: Record<string, string>,
): Promise<{ last: Json; rows: unknown[][]; headers: Headers }> {
  const response = await fetch(`${server.url}/v1/statement`, { method: 'POST', body: sql, headers });
  assert.equal(response.status, 200, await response.clone().text());
  let last = (await response.json()) as Json;
  let lastHeaders = response.headers;
  const rows: unknown[][] = [...(last.data ?? [])];
  while (last.nextUri) {
    const next = await fetch(last.nextUri, { headers });
    lastHeaders = next.headers;
    last = (await next.json()) as Json;
    rows.push(...(last.data ?? []));
  }
  return { last, rows, headers: lastHeaders };
}

const family = (prefix: string) => ({
  [`${prefix}User`]: 'alice',
  [`${prefix}Catalog`]: 'tpch',
  [`${prefix}Schema`]: 'tiny',
});

describe('protocol headers', () => {
  for (const prefix of ['X-Service-', 'X-Presto-', 'X-Trino-']) {
    it(`reads the session from ${prefix} headers and answers session changes in kind`, async () => {
      const { rows } = await run('SELECT count(*) FROM nation', family(prefix));
      assert.deepEqual(rows, [[25]]);
      const use = await run('USE tpch.sf1', family(prefix));
      assert.equal(use.headers.get(`${prefix}Set-Catalog`), 'tpch');
      assert.equal(use.headers.get(`${prefix}Set-Schema`), 'sf1');
      const set = await run("SET SESSION query_max_run_time = '1h'", family(prefix));
      assert.equal(set.headers.get(`${prefix}Set-Session`), 'query_max_run_time=1h');
      const zoned = await run('SELECT current_timezone()', { ...family(prefix), [`${prefix}Time-Zone`]: 'Asia/Tokyo' });
      assert.deepEqual(zoned.rows, [['Asia/Tokyo']]);
    });
  }

  it('refuses a request mixing prefixes, an unknown time zone and an oversized statement', async () => {
    const mixed = await fetch(`${server.url}/v1/statement`, {
      method: 'POST',
      body: 'SELECT 1',
      headers: { 'X-Presto-User': 'a', 'X-Trino-Catalog': 'tpch' },
    });
    assert.equal(mixed.status, 400);
    assert.match(await mixed.text(), /mixes protocol header prefixes/);
    const zone = await fetch(`${server.url}/v1/statement`, {
      method: 'POST',
      body: 'SELECT 1',
      headers: { 'X-Trino-User': 'a', 'X-Trino-Time-Zone': 'Mars/Olympus' },
    });
    assert.equal(zone.status, 400);
    assert.match(await zone.text(), /Time zone not supported: Mars\/Olympus/);
    const huge = await fetch(`${server.url}/v1/statement`, {
      method: 'POST',
      body: `SELECT '${'x'.repeat(1_000_001)}'`,
      headers: { 'X-Trino-User': 'a' },
    });
    assert.equal(huge.status, 413);
    assert.match(await huge.text(), /exceeds the maximum length/);
  });

  it('encodes prepared statement names and sends the statement as written (no header of quadratic size)', async () => {
    const headers = family('X-Trino-');
    const quoted = await run('PREPARE "odd\nname, a=b" FROM SELECT 1 + ?', headers);
    assert.equal(quoted.last.updateType, 'PREPARE');
    const added = quoted.headers.get('X-Trino-Added-Prepare');
    assert.equal(added, `${encodeURIComponent('odd\nname, a=b')}=${encodeURIComponent('SELECT 1 + ?')}`);
    const executed = await run('EXECUTE "odd\nname, a=b" USING 41', {
      ...headers,
      'X-Trino-Prepared-Statement': added!,
    });
    assert.deepEqual(executed.rows, [[42]]);
    const depth = 200;
    const nested = `${'(SELECT '.repeat(depth)}1${')'.repeat(depth)}`;
    const deep = await run(`PREPARE deep FROM SELECT ${nested}`, headers);
    const header = deep.headers.get('X-Trino-Added-Prepare')!;
    assert.ok(header.length < 4 * nested.length, `a header of ${header.length} characters`);
    const again = await run('EXECUTE deep', { ...headers, 'X-Trino-Prepared-Statement': header });
    assert.deepEqual(again.rows, [[1]]);
  });

  it('prepares on one request and executes on another through the prepared-statement headers', async () => {
    const headers = family('X-Trino-');
    const prepared = await run(
      'PREPARE by_region FROM SELECT name FROM nation WHERE regionkey = ? AND nationkey < ? ORDER BY name',
      headers,
    );
    assert.equal(prepared.last.updateType, 'PREPARE');
    const added = prepared.headers.get('X-Trino-Added-Prepare');
    assert.ok(added?.startsWith('by_region='));
    const withPrepared = { ...headers, 'X-Trino-Prepared-Statement': added! };
    const executed = await run('EXECUTE by_region USING 1, 20', withPrepared);
    assert.deepEqual(executed.rows, [['ARGENTINA'], ['BRAZIL'], ['CANADA'], ['PERU']]);
    const wrongCount = await run('EXECUTE by_region USING 1', withPrepared);
    assert.equal(wrongCount.last.error.errorName, 'INVALID_PARAMETER_USAGE');
    const input = await run('DESCRIBE INPUT by_region', withPrepared);
    assert.deepEqual(input.rows, [
      [0, 'unknown'],
      [1, 'unknown'],
    ]);
    const output = await run('DESCRIBE OUTPUT by_region', withPrepared);
    assert.deepEqual(
      output.last.columns.map((c: Json) => c.name),
      ['Column Name', 'Catalog', 'Schema', 'Table', 'Type', 'Type Size', 'Aliased'],
    );
    assert.deepEqual(output.rows[0]!.slice(0, 1), ['name']);
    assert.equal(output.rows[0]![4], 'varchar(25)');
    const missing = await run('EXECUTE nope', withPrepared);
    assert.equal(missing.last.error.errorName, 'NOT_FOUND');
    assert.match(missing.last.error.message, /Prepared statement not found: nope/);
    const dropped = await run('DEALLOCATE PREPARE by_region', withPrepared);
    assert.equal(dropped.headers.get('X-Trino-Deallocated-Prepare'), 'by_region');
  });

  it('sets the session time zone with SET TIME ZONE through the session headers, as Trino', async () => {
    const headers = family('X-Trino-');
    const named = await run("SET TIME ZONE 'America/Los_Angeles'", headers);
    assert.equal(named.last.updateType, 'SET TIME ZONE');
    const setting = named.headers.get('X-Trino-Set-Session');
    assert.equal(setting, 'time_zone_id=America%2FLos_Angeles');
    // The client sends the property back: it wins over the Time-Zone header.
    const zoned = { ...headers, 'X-Trino-Time-Zone': 'Asia/Tokyo', 'X-Trino-Session': setting! };
    assert.deepEqual((await run('SELECT current_timezone()', zoned)).rows, [['America/Los_Angeles']]);
    const offset = await run("SET TIME ZONE INTERVAL -'08:30' HOUR TO MINUTE", headers);
    assert.equal(offset.headers.get('X-Trino-Set-Session'), 'time_zone_id=-08%3A30');
    const local = await run('SET TIME ZONE LOCAL', headers);
    assert.equal(local.headers.get('X-Trino-Clear-Session'), 'time_zone_id');
    const wrongType = await run('SET TIME ZONE 42', headers);
    assert.equal(wrongType.last.error.errorName, 'TYPE_MISMATCH');
    assert.match(
      wrongType.last.error.message,
      /Expected expression of varchar or interval day-time type, but '42' has integer type/,
    );
    const seconds = await run("SET TIME ZONE INTERVAL '10' SECOND", headers);
    assert.match(seconds.last.error.message, /interval contains seconds/);
    const unknown = await run("SET TIME ZONE 'Mars/Olympus'", headers);
    assert.match(unknown.last.error.message, /line 1:15: Time zone not supported: Mars\/Olympus/);
  });

  it('runs EXECUTE IMMEDIATE with its parameters, and points its errors into the string', async () => {
    const headers = family('X-Trino-');
    // Trino's Python client probes for EXECUTE IMMEDIATE with exactly this statement.
    assert.deepEqual((await run("EXECUTE IMMEDIATE 'SELECT 1'", headers)).rows, [[1]]);
    const bound = await run(
      "EXECUTE IMMEDIATE 'SELECT name FROM nation WHERE regionkey = ? AND nationkey < ? ORDER BY name' USING 1, 20",
      headers,
    );
    assert.deepEqual(bound.rows, [['ARGENTINA'], ['BRAZIL'], ['CANADA'], ['PERU']]);
    const inserted = await run("EXECUTE IMMEDIATE 'CREATE TABLE memory.default.imm AS SELECT ? AS a' USING 7", headers);
    assert.equal(inserted.last.updateType, 'CREATE TABLE');
    assert.deepEqual((await run('SELECT a FROM memory.default.imm', headers)).rows, [[7]]);
    const wrongCount = await run("EXECUTE IMMEDIATE 'SELECT ?' USING 1, 2", headers);
    assert.equal(wrongCount.last.error.errorName, 'INVALID_PARAMETER_USAGE');
    const syntax = await run("EXECUTE IMMEDIATE\n  'SELECT *\n   FRM nation'", headers);
    assert.equal(syntax.last.error.errorName, 'SYNTAX_ERROR');
    assert.deepEqual(syntax.last.error.errorLocation, { lineNumber: 3, columnNumber: 4 });
    const unknown = await run("EXECUTE IMMEDIATE 'SELECT nope FROM nation'", headers);
    assert.equal(unknown.last.error.errorName, 'COLUMN_NOT_FOUND');
    assert.deepEqual(unknown.last.error.errorLocation, { lineNumber: 1, columnNumber: 27 });
    const nested = await run("EXECUTE IMMEDIATE 'PREPARE p FROM SELECT 1'", headers);
    assert.equal(nested.last.error.errorName, 'NOT_SUPPORTED');
    assert.match(nested.last.error.message, /Invalid statement type for EXECUTE IMMEDIATE: PREPARE/);
  });

  it('starts, commits and rolls back transactions with their headers', async () => {
    const headers = family('X-Presto-');
    const started = await run('START TRANSACTION', headers);
    const id = started.headers.get('X-Presto-Started-Transaction-Id');
    assert.match(id ?? '', /^[0-9a-f-]{36}$/);
    const inside = { ...headers, 'X-Presto-Transaction-Id': id! };
    assert.deepEqual((await run('SELECT 1', inside)).rows, [[1]]);
    const committed = await run('COMMIT', inside);
    assert.equal(committed.headers.get('X-Presto-Clear-Transaction-Id'), 'true');
    assert.equal(committed.last.updateType, 'COMMIT');
    const rolledBack = await run('ROLLBACK', inside);
    assert.equal(rolledBack.last.updateType, 'ROLLBACK');
    const outside = await run('COMMIT', headers);
    assert.equal(outside.last.error.errorName, 'NOT_IN_TRANSACTION');
    const nested = await run('START TRANSACTION', inside);
    assert.equal(nested.last.error.errorName, 'NOT_SUPPORTED');
  });
});
