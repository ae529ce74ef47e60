/**
 * The thread password hashes are checked on (password-file.ts). bcrypt is CPU work on purpose
 * (tens of milliseconds per check at cost 10); bcryptjs's asynchronous mode still runs 100 ms
 * slices on the event loop, so a stream of wrong passwords would stall every other request of the
 * server. Here the checks run on a worker thread, one at a time, and the server's event loop only
 * waits for the answer. PBKDF2 hashes (Trino's other format) are checked with Node's crypto.
 */
import { pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

export interface HashCheckRequest {
  readonly id: number;
  readonly password: string;
  readonly hash: string;
}

export interface HashCheckResponse {
  readonly id: number;
  readonly matches: boolean;
}

function matches(password: string, hash: string): boolean {
  if (hash.startsWith('$2y$')) {
    // `$2y$` (what htpasswd -B writes) is the same algorithm as `$2b$`, which bcryptjs reads.
    return bcrypt.compareSync(password, `$2b$${hash.slice(4)}`);
  }
  const [iterations, saltHex, hashHex] = hash.split(':');
  const expected = Buffer.from(hashHex, 'hex');
  const actual = pbkdf2Sync(password, Buffer.from(saltHex, 'hex'), Number(iterations), expected.length, 'sha1');
  return timingSafeEqual(actual, expected);
}

parentPort?.on('message', (request: HashCheckRequest) => {
  let result = false;
  try {
    result = matches(request.password, request.hash);
  } catch {
    result = false;
  }
  parentPort?.postMessage({ id: request.id, matches: result } satisfies HashCheckResponse);
});
