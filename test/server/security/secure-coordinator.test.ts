/**
 * A coordinator with HTTPS (an encrypted PEM keystore made by the test), PASSWORD and JWT
 * authentication and a rules file, over real loopback connections: what plain HTTP may do, what
 * 401 says, the failed-login counter, current_user, JWTs, two users who each see only their own
 * schema and queries (pages, cancel, list and records of another user's query are refused),
 * impersonation, and the task records as system information.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import pino from 'pino';
import { Agent, request } from 'undici';
import { loadNodeConfig } from '../../../src/server/protocol/node-config.js';
import { type RunningCoordinator, startCoordinator } from '../../../src/server/startup/coordinator-bootstrap.js';
import { basic, makeTestTls, writeSecureEtc } from './security-fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: protocol JSON is checked field by field.
type Json = Record<string, any>;

const USERS = { alice: 'alice-pw', bob: 'bob-pw', admin: 'admin-pw' };
const RULES = {
  catalogs: [
    { user: 'admin', allow: 'all' },
    { catalog: '(memory|tpch)', allow: 'all' },
  ],
  schemas: [
    { user: 'admin', owner: true },
    { user: 'alice', schema: 'alice', owner: true },
    { user: 'bob', schema: 'bob', owner: true },
  ],
  tables: [
    { user: 'admin', privileges: ['SELECT', 'INSERT', 'DELETE', 'UPDATE', 'OWNERSHIP'] },
    { user: 'alice', catalog: 'memory', schema: 'alice', privileges: ['SELECT', 'INSERT', 'OWNERSHIP'] },
    {
      user: 'bob',
      catalog: 'memory',
      schema: 'shared',
      table: 'people',
      privileges: ['SELECT'],
      filter: "region = 'EU'",
      columns: [
        { name: 'ssn', mask: "'***-' || substr(ssn, 8)" },
        { name: 'salary', allow: false },
      ],
    },
    { user: 'bob', catalog: 'memory', schema: 'bob', privileges: ['SELECT', 'INSERT', 'OWNERSHIP'] },
    { catalog: 'tpch', privileges: ['SELECT'] },
  ],
  queries: [{ user: 'admin', allow: ['execute', 'view', 'kill'] }, { allow: ['execute'] }],
  impersonation: [{ original_user: 'admin', new_user: '.*' }],
  system_information: [{ user: 'admin', allow: ['read'] }],
  system_session_properties: [{ user: '(alice|bob)', property: 'query_max_run_time', allow: false }, { allow: true }],
};

describe('a coordinator with HTTPS, passwords, JWT and a rules file', { timeout: 120_000 }, () => {
  const tls = makeTestTls();
  const jwtSecret = randomBytes(32);
  let coordinator: RunningCoordinator;
  let https: string;
  let http: string;
  const agent = new Agent({ connect: { ca: tls.caPem } });

  before(async () => {
    const jwtKeyFile = join(tls.directory, 'jwt.key');
    writeFileSync(jwtKeyFile, jwtSecret.toString('base64'));
    const etc = writeSecureEtc({
      config: {
        'http-server.https.enabled': 'true',
        'http-server.https.port': '0',
        'http-server.https.keystore.path': tls.encryptedKeystorePath,
        'http-server.https.keystore.key': tls.passphrase,
        'http-server.authentication.type': 'PASSWORD,JWT',
        'http-server.authentication.jwt.key-file': jwtKeyFile,
        'internal-communication.shared-secret': 'secret-for-this-test',
      },
      users: USERS,
      rules: RULES,
    });
    coordinator = await startCoordinator(loadNodeConfig(etc, { 'http-server.http.port': '0', 'node.id': 'c' }), {
      logger: pino({ level: 'silent' }),
    });
    http = coordinator.url;
    assert.ok(coordinator.httpsUrl);
    https = coordinator.httpsUrl;
  });

  after(async () => {
    await coordinator?.close();
    await agent.close();
  });

  async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const response = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers,
      body: init.body,
      dispatcher: agent,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }

  /** Runs `sql` following nextUri with the same headers; the final answer (with every row in `rows`). */
  async function run(sql: string, headers: Record<string, string>): Promise<Json> {
    const posted = await call(`${https}/v1/statement`, { method: 'POST', headers, body: sql });
    assert.equal(posted.status, 200, posted.text);
    let answer = JSON.parse(posted.text) as Json;
    const rows: unknown[][] = [];
    while (answer.nextUri) {
      const next = await call(answer.nextUri, { headers });
      assert.equal(next.status, 200, next.text);
      answer = JSON.parse(next.text) as Json;
      rows.push(...(answer.data ?? []));
    }
    return { ...answer, rows };
  }

  const as = (user: keyof typeof USERS, extra: Record<string, string> = {}) => ({
    authorization: basic(user, USERS[user]),
    ...extra,
  });

  async function failedLogins(): Promise<number> {
    const status = await call(`${https}/v1/status`, { headers: as('admin') });
    assert.equal(status.status, 200, status.text);
    return JSON.parse(status.text).failedAuthentications;
  }

  it('serves nothing but the public resources over plain HTTP, and no password crosses it', async () => {
    const info = await fetch(`${http}/v1/info`);
    assert.equal(info.status, 200);
    const refused = await fetch(`${http}/v1/statement`, {
      method: 'POST',
      body: 'SELECT 1',
      headers: { authorization: basic('alice', USERS.alice) },
    });
    assert.equal(refused.status, 403);
    assert.equal(await refused.text(), 'Authentication over HTTP is not enabled');
    assert.equal((await fetch(`${http}/v1/query`)).status, 403);
    const ui = await fetch(`${http}/ui/`, { redirect: 'manual' });
    assert.equal(ui.status, 303);
    assert.equal(ui.headers.get('location'), '/ui/disabled.html');
  });

  it('answers 401 with a challenge per authenticator and no detail, and counts failed logins', async () => {
    const none = await call(`${https}/v1/statement`, { method: 'POST', body: 'SELECT 1' });
    assert.equal(none.status, 401);
    assert.equal(none.text, 'Unauthorized');
    assert.deepEqual(none.headers['www-authenticate'], [
      'Basic realm="Vivace"',
      'Bearer realm="Vivace", token_type="JWT"',
    ]);
    const before = await failedLogins();
    const wrong = await call(`${https}/v1/statement`, {
      method: 'POST',
      body: 'SELECT 1',
      headers: { authorization: basic('alice', 'guess') },
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.text, 'Access Denied: Invalid credentials');
    const unknown = await call(`${https}/v1/query`, { headers: { authorization: basic('mallory', 'guess') } });
    assert.equal(unknown.text, 'Access Denied: Invalid credentials', 'an unknown user looks like a wrong password');
    assert.equal(await failedLogins(), before + 2);
  });

  it('runs statements as the authenticated user: current_user', async () => {
    const answer = await run('SELECT current_user', as('alice'));
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    assert.deepEqual(answer.rows, [['alice']]);
  });

  it('accepts valid JWTs and refuses forged, expired and wrongly signed ones', async () => {
    const sign = (claims: Record<string, unknown>, key: Uint8Array = jwtSecret) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key);
    const good = await sign({ sub: 'bob', exp: Math.floor(Date.now() / 1000) + 300 });
    const answer = await run('SELECT current_user', { authorization: `Bearer ${good}` });
    assert.deepEqual(answer.rows, [['bob']]);
    const refusals = [
      await sign({ sub: 'bob', exp: Math.floor(Date.now() / 1000) - 5 }),
      await sign({ sub: 'admin', exp: Math.floor(Date.now() / 1000) + 300 }, randomBytes(32)),
      `${good.split('.').slice(0, 2).join('.')}.${Buffer.from('forged').toString('base64url')}`,
    ];
    for (const token of refusals) {
      const refused = await call(`${https}/v1/statement`, {
        method: 'POST',
        body: 'SELECT 1',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(refused.status, 401, token);
      assert.doesNotMatch(refused.text, /bob|admin/, 'the answer names no user');
    }
  });

  it('gives each user their own schema and nothing of the other', async () => {
    for (const user of ['alice', 'bob'] as const) {
      assert.equal((await run(`CREATE SCHEMA memory.${user}`, as('admin'))).error, undefined);
      const created = await run(`CREATE TABLE memory.${user}.notes AS SELECT '${user}' AS owner`, as(user));
      assert.equal(created.error, undefined, JSON.stringify(created.error));
    }
    assert.deepEqual((await run('SELECT owner FROM memory.alice.notes', as('alice'))).rows, [['alice']]);
    const denied = await run('SELECT owner FROM memory.bob.notes', as('alice'));
    assert.equal(denied.error?.errorName, 'PERMISSION_DENIED');
    assert.equal(denied.error?.message, 'Access Denied: Cannot select from table memory.bob.notes');
    // Also when the table hides in a subquery.
    const hidden = await run('SELECT 1 WHERE EXISTS (SELECT * FROM memory.bob.notes)', as('alice'));
    assert.equal(hidden.error?.message, 'Access Denied: Cannot select from table memory.bob.notes');
    const insert = await run("INSERT INTO memory.bob.notes VALUES ('mallory')", as('alice'));
    assert.equal(insert.error?.message, 'Access Denied: Cannot insert into table memory.bob.notes');
    // Owners' changes are denied in Trino's words.
    for (const [sql, message] of [
      ["COMMENT ON TABLE memory.bob.notes IS 'x'", 'Cannot comment table to memory.bob.notes'],
      ["COMMENT ON COLUMN memory.bob.notes.owner IS 'x'", 'Cannot comment column to memory.bob.notes'],
      ['ALTER TABLE memory.bob.notes ADD COLUMN n integer', 'Cannot add a column to table memory.bob.notes'],
      ['ALTER TABLE memory.bob.notes DROP COLUMN owner', 'Cannot drop a column from table memory.bob.notes'],
      ['ALTER TABLE memory.bob.notes RENAME COLUMN owner TO o', 'Cannot rename a column in table memory.bob.notes'],
      ['ALTER TABLE memory.bob.notes RENAME TO mine', 'Cannot rename table from memory.bob.notes to memory.bob.mine'],
      [
        'ALTER TABLE memory.alice.notes RENAME TO memory.bob.mine',
        'Cannot rename table from memory.alice.notes to memory.bob.mine',
      ],
      ['DROP TABLE memory.bob.notes', 'Cannot drop table memory.bob.notes'],
      ['SHOW CREATE TABLE memory.bob.notes', 'Cannot show create table for memory.bob.notes'],
    ] as const) {
      const answer = await run(sql, as('alice'));
      assert.equal(answer.error?.message, `Access Denied: ${message}`, sql);
    }
    // MERGE needs the privilege of each kind of case it has: alice may insert, not update.
    const mergeInsert = await run(
      "MERGE INTO memory.alice.notes t USING (VALUES 'carol') s(o) ON t.owner = s.o WHEN NOT MATCHED THEN INSERT VALUES (s.o)",
      as('alice'),
    );
    assert.equal(mergeInsert.error, undefined, JSON.stringify(mergeInsert.error));
    const mergeUpdate = await run(
      "MERGE INTO memory.alice.notes t USING (VALUES 'carol') s(o) ON t.owner = s.o WHEN MATCHED THEN UPDATE SET owner = 'x'",
      as('alice'),
    );
    assert.equal(mergeUpdate.error?.errorName, 'PERMISSION_DENIED');
    assert.match(mergeUpdate.error?.message ?? '', /Cannot update .*memory\.alice\.notes/);
    assert.deepEqual((await run('SELECT count(*) FROM memory.alice.notes', as('alice'))).rows, [[2]]);
    const schemas = await run('SHOW SCHEMAS FROM memory', as('alice'));
    assert.deepEqual(
      schemas.rows.map((row: unknown[]) => row[0]),
      ['alice', 'information_schema'],
    );
    const tables = await run('SHOW TABLES FROM memory.bob', as('alice'));
    assert.equal(tables.error?.message, 'Access Denied: Cannot show tables of schema memory.bob');
    const catalogs = await run('SHOW CATALOGS', as('bob'));
    assert.ok(catalogs.rows.some((row: unknown[]) => row[0] === 'memory'));
  });

  it('lists in information_schema, system.jdbc and system.runtime only what the user may see', async () => {
    const names = async (sql: string, user: keyof typeof USERS) => {
      const answer = await run(sql, as(user));
      assert.equal(answer.error, undefined, `${sql}: ${JSON.stringify(answer.error)}`);
      return answer.rows.map((row: unknown[]) => row.join('.'));
    };
    assert.deepEqual(
      await names(
        "SELECT table_schema, table_name FROM memory.information_schema.tables WHERE table_schema <> 'information_schema' ORDER BY 1, 2",
        'alice',
      ),
      ['alice.notes'],
    );
    assert.deepEqual(
      await names(
        "SELECT schema_name FROM memory.information_schema.schemata WHERE schema_name <> 'information_schema'",
        'bob',
      ),
      ['bob'],
    );
    assert.deepEqual(
      await names(
        "SELECT table_schem, table_name FROM system.jdbc.tables WHERE table_cat = 'memory' AND table_schem <> 'information_schema' ORDER BY 1, 2",
        'bob',
      ),
      ['bob.notes'],
    );
    assert.deepEqual(
      await names(
        "SELECT DISTINCT table_schem FROM system.jdbc.columns WHERE table_cat = 'memory' AND table_schem <> 'information_schema'",
        'alice',
      ),
      ['alice'],
    );
    const adminTables = await names(
      "SELECT table_schema FROM memory.information_schema.tables WHERE table_schema IN ('alice', 'bob') ORDER BY 1",
      'admin',
    );
    assert.deepEqual(adminTables, ['alice', 'bob']);
    // Queries: each user sees their own, the admin everyone's.
    assert.deepEqual(await names('SELECT DISTINCT "user" FROM system.runtime.queries', 'bob'), ['bob']);
    const everyone = await names('SELECT DISTINCT "user" FROM system.runtime.queries ORDER BY 1', 'admin');
    assert.ok(everyone.includes('alice') && everyone.includes('bob'), everyone.join());
  });

  it('reads through row filters and column masks, and refuses denied columns', async () => {
    assert.equal((await run('CREATE SCHEMA memory.shared', as('admin'))).error, undefined);
    const created = await run(
      `CREATE TABLE memory.shared.people AS SELECT * FROM (VALUES
         ('ann', '123-45-6789', 'EU', 100), ('ben', '987-65-4321', 'US', 200), ('cid', '555-55-1234', 'EU', 300)
       ) AS t (name, ssn, region, salary)`,
      as('admin'),
    );
    assert.equal(created.error, undefined, JSON.stringify(created.error));
    const masked = await run('SELECT name, ssn FROM memory.shared.people ORDER BY name', as('bob'));
    assert.equal(masked.error, undefined, JSON.stringify(masked.error));
    assert.deepEqual(masked.rows, [
      ['ann', '***-6789'],
      ['cid', '***-1234'],
    ]);
    assert.deepEqual((await run('SELECT count(*) FROM memory.shared.people p', as('bob'))).rows, [[2]]);
    for (const sql of ['SELECT salary FROM memory.shared.people', 'SELECT * FROM memory.shared.people']) {
      const denied = await run(sql, as('bob'));
      assert.equal(denied.error?.errorName, 'PERMISSION_DENIED', sql);
      assert.equal(
        denied.error?.message,
        'Access Denied: Cannot select from columns [salary] in table or view memory.shared.people',
      );
    }
    // Unmasked for the admin, whose rule has neither.
    assert.deepEqual((await run('SELECT count(*), max(ssn) FROM memory.shared.people', as('admin'))).rows, [
      [3, '987-65-4321'],
    ]);
  });

  it("keeps a user's query from other users: its pages, its cancel, the list and its record", async () => {
    const posted = await call(`${https}/v1/statement`, {
      method: 'POST',
      headers: as('alice'),
      body: 'SELECT count(*) FROM tpch.tiny.lineitem',
    });
    const first = JSON.parse(posted.text) as Json;
    const id = first.id as string;
    // A query id without the nextUri's slug reaches nothing, whoever asks.
    const bare = first.nextUri.replace(/\?.*$/, '');
    assert.equal((await call(bare, { headers: as('alice') })).status, 404);
    const bobPage = await call(first.nextUri, { headers: as('bob') });
    assert.equal(bobPage.status, 403);
    assert.equal(bobPage.text, 'Access Denied: Cannot view query');
    const bobCancel = await call(first.nextUri, { method: 'DELETE', headers: as('bob') });
    assert.equal(bobCancel.status, 403);
    assert.equal(bobCancel.text, 'Access Denied: Cannot kill query');
    assert.equal((await call(`${https}/v1/query/${id}`, { method: 'DELETE', headers: as('bob') })).status, 403);
    assert.equal((await call(`${https}/v1/query/${id}`, { headers: as('bob') })).status, 403);
    const bobList = JSON.parse((await call(`${https}/v1/query`, { headers: as('bob') })).text) as Json[];
    assert.ok(!bobList.some((query) => query.queryId === id), 'not in bob list');
    const adminList = JSON.parse((await call(`${https}/v1/query`, { headers: as('admin') })).text) as Json[];
    assert.ok(
      adminList.some((query) => query.queryId === id),
      'in admin list',
    );
    // The owner still gets every row after bob's attempts.
    let answer = first;
    const rows: unknown[][] = [];
    while (answer.nextUri) {
      const next = await call(answer.nextUri, { headers: as('alice') });
      assert.equal(next.status, 200, next.text);
      answer = JSON.parse(next.text) as Json;
      rows.push(...(answer.data ?? []));
    }
    assert.deepEqual(rows, [[60175]]);
    assert.equal((await call(`${https}/v1/query/${id}`, { headers: as('alice') })).status, 200);
  });

  it('lets users set only the session properties the rules allow, by SET SESSION or header', async () => {
    const set = await run("SET SESSION query_max_run_time = '1h'", as('alice'));
    assert.equal(set.error?.message, 'Access Denied: Cannot set system session property query_max_run_time');
    const header = await run('SELECT 1', as('bob', { 'X-Trino-Session': 'query_max_run_time=1h' }));
    assert.equal(header.error?.message, 'Access Denied: Cannot set system session property query_max_run_time');
    assert.equal((await run("SET SESSION query_max_run_time = '1h'", as('admin'))).error, undefined);
    assert.deepEqual(
      (await run('SELECT 1', as('bob', { 'X-Trino-Session': 'join_distribution_type=BROADCAST' }))).rows,
      [[1]],
    );
  });

  it('lets a user act as another only where the impersonation rules say', async () => {
    const refused = await run('SELECT current_user', as('alice', { 'X-Trino-User': 'bob' }));
    assert.equal(refused.error?.errorName, 'PERMISSION_DENIED');
    assert.equal(refused.error?.message, 'Access Denied: User alice cannot impersonate user bob');
    const allowed = await run('SELECT current_user', as('admin', { 'X-Trino-User': 'bob' }));
    assert.deepEqual(allowed.rows, [['bob']]);
    const resource = await call(`${https}/v1/query`, { headers: as('alice', { 'X-Trino-User': 'bob' }) });
    assert.equal(resource.status, 403);
    // Naming the owner in the user header does not open another user's query either.
    const posted = JSON.parse(
      (await call(`${https}/v1/statement`, { method: 'POST', headers: as('bob'), body: 'SELECT 1' })).text,
    ) as Json;
    const sneaky = await call(posted.nextUri, { headers: as('alice', { 'X-Trino-User': 'bob' }) });
    assert.equal(sneaky.status, 403);
  });

  it('shows the nodes only to users the system information rules allow', async () => {
    for (const path of ['/v1/node', '/v1/node/failed']) {
      const alice = await call(`${https}${path}`, { headers: as('alice') });
      assert.equal(alice.status, 403, path);
      assert.equal(alice.text, 'Access Denied: Cannot read system information');
      assert.equal((await call(`${https}${path}`, { headers: as('admin') })).status, 200, path);
    }
  });
});
