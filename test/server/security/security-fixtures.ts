/**
 * What the security tests set up: certificates made on the spot with Debian's openssl (a CA, a
 * server certificate for 127.0.0.1/localhost signed by it, the PEM keystore Trino reads — key and
 * chain in one file — and the same with the key encrypted), password-file lines as `htpasswd -B`
 * writes them, and an `etc` directory with config.properties, the password authenticator and an
 * optional rules file. Nothing here is committed: every test run makes its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';

export interface TestTls {
  readonly directory: string;
  /** The CA certificate (PEM): what clients trust. */
  readonly caPath: string;
  readonly caPem: string;
  /** Key + server certificate + CA certificate in one PEM file. */
  readonly keystorePath: string;
  /** The same with the key encrypted under `passphrase`. */
  readonly encryptedKeystorePath: string;
  readonly passphrase: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A fresh CA and server certificate for 127.0.0.1 and localhost, valid for two days. */
export function makeTestTls(directory = mkdtempSync(join(tmpdir(), 'vivace-tls-'))): TestTls {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Vivace test CA'],
    directory,
  );
  openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], directory);
  writeFileSync(join(directory, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    ],
    directory,
  );
  const passphrase = 'keystore-pass';
  openssl(
    ['pkey', '-in', 'server.key', '-aes256', '-passout', `pass:${passphrase}`, '-out', 'server.enc.key'],
    directory,
  );
  const read = (name: string) => readFileSync(join(directory, name), 'utf8');
  const chain = `${read('server.pem')}${read('ca.pem')}`;
  // Certificates before the key in one file and after it in the other: Trino reads either order.
  writeFileSync(join(directory, 'keystore.pem'), `${chain}${read('server.key')}`);
  writeFileSync(join(directory, 'keystore-encrypted.pem'), `${read('server.enc.key')}${chain}`);
  return {
    directory,
    caPath: join(directory, 'ca.pem'),
    caPem: read('ca.pem'),
    keystorePath: join(directory, 'keystore.pem'),
    encryptedKeystorePath: join(directory, 'keystore-encrypted.pem'),
    passphrase,
  };
}

/** A password-file line as `htpasswd -B -C <cost>` writes it (`$2y$`). */
export function htpasswdLine(user: string, password: string, cost = 8): string {
  return `${user}:${bcrypt.hashSync(password, cost).replace(/^\$2[ab]\$/, '$2y$')}`;
}

export interface SecureEtcOptions {
  /** config.properties entries. */
  readonly config: Record<string, string>;
  /** user → password, written as a bcrypt password file with password-authenticator.properties. */
  readonly users?: Record<string, string>;
  /** password-authenticator.properties entries besides name and file. */
  readonly passwordAuthenticator?: Record<string, string>;
  /** The rules JSON, with access-control.properties naming it. */
  readonly rules?: unknown;
  readonly accessControl?: Record<string, string>;
}

function properties(entries: Record<string, string>): string {
  return `${Object.entries(entries)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

/** Writes an etc directory for a secured node; returns its path. */
export function writeSecureEtc(
  options: SecureEtcOptions,
  directory = mkdtempSync(join(tmpdir(), 'vivace-etc-')),
): string {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'config.properties'), properties(options.config));
  if (options.users !== undefined) {
    const passwordFile = join(directory, 'password.db');
    writeFileSync(
      passwordFile,
      `${Object.entries(options.users)
        .map(([user, password]) => htpasswdLine(user, password))
        .join('\n')}\n`,
    );
    writeFileSync(
      join(directory, 'password-authenticator.properties'),
      properties({
        'password-authenticator.name': 'file',
        'file.password-file': passwordFile,
        ...options.passwordAuthenticator,
      }),
    );
  }
  if (options.rules !== undefined) {
    const rulesFile = join(directory, 'rules.json');
    writeFileSync(rulesFile, JSON.stringify(options.rules, null, 2));
    writeFileSync(
      join(directory, 'access-control.properties'),
      properties({ 'access-control.name': 'file', 'security.config-file': rulesFile, ...options.accessControl }),
    );
  }
  return directory;
}

/** `Authorization: Basic …` for `user:password`. */
export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
