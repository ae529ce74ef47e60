/**
 * Trino's rules file as Vivace evaluates it: first matching rule decides, whole-string patterns,
 * the different meaning of an absent section and of a section where nothing matches, query rules
 * with `queryOwner`, impersonation with `$1` groups, and Trino's denial messages.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseAccessRules } from '../../../src/server/security/access-rules.js';
import { fileAccessControl, RulesAccessControl } from '../../../src/server/security/file-access-control.js';

const rulesOf = (json: unknown) => new RulesAccessControl(() => parseAccessRules(JSON.stringify(json)));
const table = (catalog: string, schema: string, name: string) => ({ catalog, schema, name });

function denied(action: () => void, message: string): void {
  assert.throws(action, (e: Error & { errorName?: string }) => {
    assert.equal(e.errorName, 'PERMISSION_DENIED');
    assert.equal(e.message, `Access Denied: ${message}`);
    return true;
  });
}

describe('file access control', () => {
  const twoUsers = rulesOf({
    catalogs: [
      { user: 'admin', allow: 'all' },
      { catalog: 'memory', allow: 'all' },
      { catalog: 'tpch', allow: 'read-only' },
    ],
    schemas: [
      { user: 'admin', owner: true },
      { user: '(alice|bob)', schema: 'x', owner: false },
    ],
    tables: [
      { user: 'admin', privileges: ['SELECT', 'INSERT', 'DELETE', 'UPDATE', 'OWNERSHIP'] },
      { user: 'alice', catalog: 'memory', schema: 'alice', privileges: ['SELECT', 'INSERT', 'OWNERSHIP'] },
      { user: 'bob', catalog: 'memory', schema: 'bob', privileges: ['SELECT'] },
      { catalog: 'tpch', privileges: ['SELECT'] },
    ],
  });

  it('grants table privileges by the first matching rule and words denials as Trino', () => {
    twoUsers.checkTablePrivilege('alice', table('memory', 'alice', 't'), 'SELECT', 'select from table %s');
    twoUsers.checkTablePrivilege('alice', table('memory', 'alice', 't'), 'INSERT', 'insert into table %s');
    denied(
      () => twoUsers.checkTablePrivilege('alice', table('memory', 'bob', 't'), 'SELECT', 'select from table %s'),
      'Cannot select from table memory.bob.t',
    );
    denied(
      () => twoUsers.checkTablePrivilege('bob', table('memory', 'bob', 't'), 'INSERT', 'insert into table %s'),
      'Cannot insert into table memory.bob.t',
    );
    twoUsers.checkTablePrivilege('carol', table('tpch', 'tiny', 'nation'), 'SELECT', 'select from table %s');
    // tpch is read-only for everyone but admin: no writes even with a matching table rule.
    denied(
      () => twoUsers.checkTablePrivilege('carol', table('tpch', 'tiny', 'nation'), 'INSERT', 'insert into table %s'),
      'Cannot insert into table tpch.tiny.nation',
    );
    // A catalog no rule names is denied once the section exists; system stays usable.
    denied(
      () => twoUsers.checkTablePrivilege('alice', table('other', 's', 't'), 'SELECT', 'select from table %s'),
      'Cannot select from table other.s.t',
    );
    twoUsers.checkTablePrivilege('alice', table('system', 'runtime', 'nodes'), 'SELECT', 'select from table %s');
  });

  it('patterns match the whole value', () => {
    const rules = rulesOf({ tables: [{ user: 'ali', privileges: ['SELECT'] }] });
    denied(
      () => rules.checkTablePrivilege('alice', table('c', 's', 't'), 'SELECT', 'select from table %s'),
      'Cannot select from table c.s.t',
    );
    rules.checkTablePrivilege('ali', table('c', 's', 't'), 'SELECT', 'select from table %s');
  });

  it('lists only the catalogs, schemas and tables a user may see', () => {
    assert.deepEqual(twoUsers.filterCatalogs('alice', ['memory', 'tpch', 'other', 'system']), [
      'memory',
      'tpch',
      'system',
    ]);
    assert.deepEqual(twoUsers.filterSchemas('alice', 'memory', ['alice', 'bob', 'default']), ['alice']);
    assert.deepEqual(twoUsers.filterSchemas('bob', 'memory', ['alice', 'bob', 'default']), ['bob']);
    assert.deepEqual(twoUsers.filterTables('alice', 'memory', 'alice', ['t', 'u']), ['t', 'u']);
    assert.deepEqual(twoUsers.filterTables('alice', 'memory', 'bob', ['t']), []);
    denied(() => twoUsers.checkCanShowTables('alice', 'memory', 'bob'), 'Cannot show tables of schema memory.bob');
    twoUsers.checkCanShowTables('alice', 'memory', 'alice');
  });

  it('without sections allows everything but system information and impersonation', () => {
    const empty = rulesOf({});
    empty.checkTablePrivilege('anyone', table('c', 's', 't'), 'OWNERSHIP', 'drop');
    empty.checkCanExecuteQuery('anyone');
    assert.equal(empty.canViewQueryOwnedBy('a', 'b'), true);
    empty.checkCanSetSystemSessionProperty('anyone', 'query_max_run_time');
    denied(() => empty.checkCanReadSystemInformation('anyone'), 'Cannot read system information');
    denied(() => empty.checkCanImpersonateUser('a', 'b'), 'User a cannot impersonate user b');
  });

  it('lets users see and kill their own queries, and others only as the query rules say', () => {
    const rules = rulesOf({
      queries: [
        { user: 'admin', allow: ['execute', 'view', 'kill'] },
        { user: 'support', queryOwner: 'alice', allow: ['view'] },
        { allow: ['execute'] },
      ],
    });
    assert.equal(rules.canViewQueryOwnedBy('bob', 'bob'), true);
    assert.equal(rules.canKillQueryOwnedBy('bob', 'bob'), true);
    assert.equal(rules.canViewQueryOwnedBy('bob', 'alice'), false);
    assert.equal(rules.canKillQueryOwnedBy('bob', 'alice'), false);
    assert.equal(rules.canViewQueryOwnedBy('admin', 'alice'), true);
    assert.equal(rules.canKillQueryOwnedBy('admin', 'alice'), true);
    assert.equal(rules.canViewQueryOwnedBy('support', 'alice'), true);
    assert.equal(rules.canKillQueryOwnedBy('support', 'alice'), false);
    // support's rule names an owner, so it never answers "execute": the catch-all does.
    rules.checkCanExecuteQuery('support');
    assert.throws(
      () => parseAccessRules(JSON.stringify({ queries: [{ queryOwner: 'a', allow: ['execute'] }] })),
      /queryOwner/,
    );
  });

  it('allows impersonation only as the rules say, with groups of original_user in new_user', () => {
    const rules = rulesOf({
      impersonation: [
        { original_user: 'admin', new_user: '.*' },
        { original_user: '(.*)-service', new_user: '$1' },
        { original_user: 'alice', new_user: 'root', allow: false },
      ],
    });
    rules.checkCanImpersonateUser('admin', 'anyone');
    rules.checkCanImpersonateUser('etl-service', 'etl');
    denied(
      () => rules.checkCanImpersonateUser('etl-service', 'alice'),
      'User etl-service cannot impersonate user alice',
    );
    denied(() => rules.checkCanImpersonateUser('alice', 'root'), 'User alice cannot impersonate user root');
  });

  it('reads system information and session property rules', () => {
    const rules = rulesOf({
      system_information: [{ user: 'ops', allow: ['read'] }],
      system_session_properties: [{ user: 'alice', property: 'query_max_.*', allow: false }, { allow: true }],
    });
    rules.checkCanReadSystemInformation('ops');
    denied(() => rules.checkCanReadSystemInformation('alice'), 'Cannot read system information');
    denied(
      () => rules.checkCanSetSystemSessionProperty('alice', 'query_max_run_time'),
      'Cannot set system session property query_max_run_time',
    );
    rules.checkCanSetSystemSessionProperty('bob', 'query_max_run_time');
  });

  it("gives a user's reads the row filter, masks and denied columns of their first matching table rule", () => {
    const rules = rulesOf({
      tables: [
        {
          user: 'bob',
          table: 'people',
          privileges: ['SELECT'],
          filter: "region = 'EU'",
          columns: [
            { name: 'SSN', mask: "'x'" },
            { name: 'salary', allow: false },
          ],
        },
        { privileges: ['SELECT'] },
      ],
    });
    const reads = rules.tableReadRules('bob', table('c', 's', 'people'));
    assert.equal(reads?.rowFilter, "region = 'EU'");
    assert.deepEqual([...(reads?.columnMasks ?? [])], [['ssn', "'x'"]]);
    assert.deepEqual([...(reads?.deniedColumns ?? [])], ['salary']);
    assert.equal(rules.tableReadRules('alice', table('c', 's', 'people')), undefined);
    assert.throws(
      () =>
        parseAccessRules(
          JSON.stringify({
            tables: [
              {
                privileges: [],
                columns: [
                  { name: 'a', mask: '1' },
                  { name: 'A', mask: '2' },
                ],
              },
            ],
          }),
        ),
      /Multiple masks defined for column a/,
    );
  });

  it('refuses an invalid rules file and re-reads a changed one after the refresh period', async () => {
    assert.throws(() => parseAccessRules('{"tables":[{"privileges":["READ"]}]}'), /unknown value 'READ'/);
    assert.throws(() => parseAccessRules('{"catalogs":[{"allow":"maybe"}]}'), /catalogs.allow/);
    const directory = mkdtempSync(join(tmpdir(), 'vivace-rules-'));
    const rulesFile = join(directory, 'rules.json');
    writeFileSync(rulesFile, JSON.stringify({ system_information: [{ user: 'ops', allow: ['read'] }] }));
    const control = fileAccessControl({ rulesFile, refreshMs: 1 });
    control.checkCanReadSystemInformation('ops');
    writeFileSync(rulesFile, JSON.stringify({ system_information: [{ user: 'alice', allow: ['read'] }] }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    control.checkCanReadSystemInformation('alice');
    denied(() => control.checkCanReadSystemInformation('ops'), 'Cannot read system information');
  });
});
