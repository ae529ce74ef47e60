/**
 * The `file` password authenticator (Trino's `password-authenticator.name=file`): a file of
 * `user:hash` lines, the hash written by `htpasswd -B` (bcrypt, `$2y$`, cost at least 8) or Trino's
 * PBKDF2 form (`iterations:saltHex:hashHex`). The file is looked at again at most once per
 * `file.refresh-period` and re-read when its size or modification time changed; a file that
 * cannot be read or parsed makes logins fail as a server error (CONFIGURATION_INVALID, with the
 * line), never as "wrong password".
 *
 * Checking a hash costs tens of milliseconds of CPU by design, so it runs on a worker thread
 * (password-hash-worker.ts) and never on the event loop; at most `MAX_PENDING_CHECKS` wait at
 * once (a flood of wrong passwords is refused beyond that rather than queued without end). A
 * verified pair is remembered (a digest of user and password, tied to the hash it matched) so the
 * many requests of one query (every `nextUri` page carries the credentials) cost no bcrypt; the
 * memory is dropped with the entry when the user's hash changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { VivaceError } from '../../common/vivace-error.js';
import type { HashCheckRequest, HashCheckResponse } from './password-hash-worker.js';
import type { PasswordFileSettings } from './security-config.js';

/** Hash checks waiting for the worker thread at most; more are refused as failed logins. */
export const MAX_PENDING_CHECKS = 64;

const BCRYPT = /^\$2y\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const PBKDF2 = /^(\d+):([0-9a-f]+):([0-9a-f]+)$/;

/** Parses a password file's text into user → hash; throws CONFIGURATION_INVALID naming the bad line. */
export function parsePasswordFile(text: string): Map<string, string> {
  const users = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const fail = (reason: string): never => {
      throw new VivaceError('CONFIGURATION_INVALID', `Error in password file line ${i + 1}: ${reason}`);
    };
    const colon = line.indexOf(':');
    if (colon <= 0 || colon === line.length - 1) fail('Expected two parts for user and password');
    const user = line.slice(0, colon);
    const hash = line.slice(colon + 1);
    if (users.has(user)) fail(`Duplicate user: ${user}`);
    const bcrypt = BCRYPT.exec(hash);
    const pbkdf2 = PBKDF2.exec(hash);
    if (bcrypt) {
      if (Number(bcrypt[1]) < 8) fail('Minimum cost of BCrypt password must be 8');
    } else if (pbkdf2) {
      if (Number(pbkdf2[1]) < 1000) fail('Minimum iterations of PBKDF2 password must be 1000');
      if (pbkdf2[2].length % 2 !== 0 || pbkdf2[3].length % 2 !== 0) fail('Invalid PBKDF2 password');
    } else if (hash.startsWith('$2')) {
      fail('Invalid BCrypt password (only $2y$ hashes, as htpasswd -B writes them, are read)');
    } else {
      fail('Password hashing algorithm cannot be determined');
    }
    users.set(user, hash);
  }
  return users;
}

/** Runs hash checks on one worker thread, started on first use. */
class HashChecker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (matches: boolean) => void>();

  get pendingCount(): number {
    return this.pending.size;
  }

  check(password: string, hash: string): Promise<boolean> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<boolean>((resolve) => {
      this.pending.set(id, resolve);
      // While checks wait, the thread keeps the process alive; idle, it does not.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, password, hash } satisfies HashCheckRequest);
    });
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(new URL('./password-hash-worker.js', import.meta.url));
    worker.unref();
    worker.on('message', (response: HashCheckResponse) => {
      const resolve = this.pending.get(response.id);
      this.pending.delete(response.id);
      if (this.pending.size === 0) worker.unref();
      resolve?.(response.matches);
    });
    const failAll = () => {
      for (const resolve of this.pending.values()) resolve(false);
      this.pending.clear();
      this.worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', failAll);
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }
}

export type PasswordCheck = 'valid' | 'invalid' | 'busy';

export class PasswordFileAuthenticator {
  private users: Map<string, string> | undefined;
  private loadError: VivaceError | undefined;
  private fileStamp = '';
  private lastLookMs = -Infinity;
  /** digest(user, password) → the hash it was verified against; insertion order is age. */
  private readonly verified = new Map<string, string>();
  private readonly checker = new HashChecker();

  constructor(private readonly settings: PasswordFileSettings) {}

  /**
   * Whether `password` is `user`'s; 'busy' when too many checks already wait. A file that cannot
   * be read or parsed throws its CONFIGURATION_INVALID / CONFIGURATION_UNAVAILABLE error.
   */
  async check(user: string, password: string): Promise<PasswordCheck> {
    const users = this.currentUsers();
    const hash = users.get(user);
    const key = createHash('sha256').update(user).update('\0').update(password).digest('base64');
    if (hash !== undefined && this.verified.get(key) === hash) return 'valid';
    if (this.checker.pendingCount >= MAX_PENDING_CHECKS) return 'busy';
    // An unknown user costs a check too, so the answer's timing does not tell which users exist.
    const matches = await this.checker.check(password, hash ?? UNKNOWN_USER_HASH);
    if (!matches || hash === undefined) return 'invalid';
    this.verified.delete(key);
    this.verified.set(key, hash);
    if (this.verified.size > this.settings.cacheMaxSize) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    return 'valid';
  }

  private currentUsers(): Map<string, string> {
    const now = Date.now();
    if (
      now - this.lastLookMs >= this.settings.refreshMs ||
      (this.users === undefined && this.loadError === undefined)
    ) {
      this.lastLookMs = now;
      this.reloadIfChanged();
    }
    if (this.loadError !== undefined) throw this.loadError;
    return this.users ?? new Map();
  }

  private reloadIfChanged(): void {
    let stamp: string;
    try {
      const stat = statSync(this.settings.path);
      stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    } catch (e) {
      this.users = undefined;
      this.fileStamp = '';
      this.loadError = new VivaceError(
        'CONFIGURATION_UNAVAILABLE',
        `Cannot read password file: ${(e as Error).message}`,
      );
      return;
    }
    if (stamp === this.fileStamp) return;
    try {
      this.users = parsePasswordFile(readFileSync(this.settings.path, 'utf8'));
      this.loadError = undefined;
      this.fileStamp = stamp;
      this.verified.clear();
    } catch (e) {
      this.users = undefined;
      this.fileStamp = stamp;
      this.loadError =
        e instanceof VivaceError
          ? e
          : new VivaceError('CONFIGURATION_UNAVAILABLE', `Cannot read password file: ${(e as Error).message}`);
    }
  }

  close(): Promise<void> {
    return this.checker.close();
  }
}

/** A valid bcrypt hash (cost 10) of a random value nobody knows, checked for unknown users. */
const UNKNOWN_USER_HASH = '$2y$10$CwTycUXWue0Thq9StjUM0uJ8.Y9N9Q5zJ2hQ3h1pN1yYgC6d4kq1e';
