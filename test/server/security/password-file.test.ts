/**
 * The `file` password authenticator: the file's format and its errors (with line numbers, as
 * Trino words them), bcrypt `$2y$` and PBKDF2 entries, re-reading a changed file, and that a wrong
 * password, an unknown user and a broken file are three different answers.
 */
import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PasswordFileAuthenticator, parsePasswordFile } from '../../../src/server/security/password-file.js';
import { htpasswdLine } from './security-fixtures.js';

describe('password file parsing', () => {
  it('reads bcrypt ($2y$) and PBKDF2 lines, skipping blank lines', () => {
    const salt = 'a1b2c3d4';
    const hash = pbkdf2Sync('pw', Buffer.from(salt, 'hex'), 1000, 32, 'sha1').toString('hex');
    const users = parsePasswordFile(`${htpasswdLine('alice', 'pw')}\n\nbob:1000:${salt}:${hash}\n`);
    assert.deepEqual([...users.keys()], ['alice', 'bob']);
  });

  it('names the line and the reason of each invalid entry', () => {
    const cases: [string, RegExp][] = [
      ['alice', /line 1: Expected two parts for user and password/],
      [`${htpasswdLine('a', 'x')}\n${htpasswdLine('a', 'y')}`, /line 2: Duplicate user: a/],
      [`a:$2y$04$${'a'.repeat(53)}`, /line 1: Minimum cost of BCrypt password must be 8/],
      [`a:$2b$10$${'a'.repeat(53)}`, /line 1: Invalid BCrypt password/],
      ['a:10:abcd:abcd', /line 1: Minimum iterations of PBKDF2 password must be 1000/],
      ['a:plain-text', /line 1: Password hashing algorithm cannot be determined/],
    ];
    for (const [text, message] of cases) {
      assert.throws(
        () => parsePasswordFile(text),
        (e: Error & { errorName?: string }) => {
          assert.equal(e.errorName, 'CONFIGURATION_INVALID');
          assert.match(e.message, message);
          return true;
        },
      );
    }
  });
});

describe('password file authenticator', () => {
  const directory = mkdtempSync(join(tmpdir(), 'vivace-passwords-'));
  const path = join(directory, 'password.db');
  const authenticators: PasswordFileAuthenticator[] = [];
  const authenticator = (refreshMs = 0) => {
    const created = new PasswordFileAuthenticator({ path, refreshMs, cacheMaxSize: 10 });
    authenticators.push(created);
    return created;
  };
  after(async () => {
    for (const created of authenticators) await created.close();
  });

  it('accepts the right password and refuses a wrong one and an unknown user', async () => {
    writeFileSync(path, `${htpasswdLine('alice', 'secret')}\n`);
    const passwords = authenticator();
    assert.equal(await passwords.check('alice', 'secret'), 'valid');
    assert.equal(await passwords.check('alice', 'secret'), 'valid', 'remembered');
    assert.equal(await passwords.check('alice', 'Secret'), 'invalid');
    assert.equal(await passwords.check('mallory', 'secret'), 'invalid');
  });

  it('re-reads the file when it changes: a new password works, the old one no longer does', async () => {
    writeFileSync(path, `${htpasswdLine('alice', 'old')}\n`);
    const passwords = authenticator(0);
    assert.equal(await passwords.check('alice', 'old'), 'valid');
    writeFileSync(path, `${htpasswdLine('alice', 'new')}\n${htpasswdLine('bob', 'bobs')}\n`);
    assert.equal(await passwords.check('alice', 'old'), 'invalid');
    assert.equal(await passwords.check('alice', 'new'), 'valid');
    assert.equal(await passwords.check('bob', 'bobs'), 'valid');
  });

  it('fails logins with the file error, not "wrong password", while the file is broken', async () => {
    writeFileSync(path, 'alice:not-a-hash\n');
    const passwords = authenticator(0);
    await assert.rejects(passwords.check('alice', 'x'), /Error in password file line 1/);
    writeFileSync(path, `${htpasswdLine('alice', 'fixed')}\n`);
    assert.equal(await passwords.check('alice', 'fixed'), 'valid');
  });
});
