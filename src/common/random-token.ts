/**
 * Unguessable tokens (the statement protocol's slugs) drawn from a pool of cryptographically random
 * bytes: one `randomBytes` call per 256 tokens instead of one per token (a synchronous call into
 * the system's generator was 1-2 % of the coordinator's CPU for small statements). Bytes are never
 * handed out twice: an exhausted pool is replaced by a fresh one.
 */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as base64url text. */
export function randomToken(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('base64url');
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return token;
}
