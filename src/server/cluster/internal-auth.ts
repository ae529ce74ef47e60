/**
 * Authentication of requests between Vivace nodes (issue §4). With
 * `internal-communication.shared-secret` configured, every internal request carries
 * `X-Service-Internal-Bearer: <nodeId>.<expiry>.<signature>` (node id in base64url, expiry in
 * epoch ms), the signature being an HMAC-SHA256 of `<nodeId>.<expiry>` under the secret; a node refuses internal resources (401) unless the
 * token verifies and has not expired. Tokens live a few minutes and are reused until close to
 * expiry, so signing costs one HMAC per node every few minutes, not one per request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const INTERNAL_BEARER_HEADER = 'X-Service-Internal-Bearer';

const TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A fresh token for `nodeId` valid until `nowMs + lifetimeMs`. */
export function createInternalToken(
  secret: string,
  nodeId: string,
  nowMs = Date.now(),
  lifetimeMs = TOKEN_LIFETIME_MS,
) {
  const payload = `${Buffer.from(nodeId).toString('base64url')}.${nowMs + lifetimeMs}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The node id a valid unexpired token names, or undefined for anything else. */
export function verifyInternalToken(secret: string, token: string | undefined, nowMs = Date.now()): string | undefined {
  if (!token) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [nodePart, expiryPart, signature] = parts;
  const expected = Buffer.from(sign(secret, `${nodePart}.${expiryPart}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const expiry = Number(expiryPart);
  if (!Number.isFinite(expiry) || expiry <= nowMs) return undefined;
  return Buffer.from(nodePart, 'base64url').toString();
}

/** Hands out this node's token, renewing it shortly before it expires. */
export class InternalTokenSource {
  private token = '';
  private expiresAt = 0;

  constructor(
    private readonly secret: string,
    private readonly nodeId: string,
  ) {}

  current(nowMs = Date.now()): string {
    if (nowMs + TOKEN_RENEWAL_MARGIN_MS >= this.expiresAt) {
      this.token = createInternalToken(this.secret, this.nodeId, nowMs);
      this.expiresAt = nowMs + TOKEN_LIFETIME_MS;
    }
    return this.token;
  }
}

/** Decides from method and path (without query string) whether a request is for an internal resource. */
export type InternalRoutePredicate = (method: string, path: string) => boolean;

/** On the coordinator: discovery and the task resource are internal; statement, info, node, query and UI stay open. */
export const COORDINATOR_INTERNAL_ROUTES: InternalRoutePredicate = (_method, path) =>
  path.startsWith('/v1/announcement') || path.startsWith('/v1/service') || path.startsWith('/v1/task');

/**
 * On a worker everything is internal except the read-only info resource and, as the spec's §4.2
 * shows them, GETs of the task records (`/v1/task`, `/v1/task/{taskId}`): they change nothing and
 * no authentication exists to decide who may read them (issue 17 will). Creating, updating and
 * deleting tasks and reading their results stay internal.
 */
export const WORKER_INTERNAL_ROUTES: InternalRoutePredicate = (method, path) =>
  !(
    (method === 'GET' || method === 'HEAD') &&
    (path === '/v1/info' || path === '/v1/info/state' || path === '/v1/task' || /^\/v1\/task\/[^/]+$/.test(path))
  );

/** The node id of the caller proved by the request's token (set by the hook below). */
export function internalCaller(request: FastifyRequest): string | undefined {
  return (request as FastifyRequest & { vivaceInternalCaller?: string }).vivaceInternalCaller;
}

/**
 * Installs an onRequest hook refusing internal requests without a valid token. Without a secret
 * nothing is checked (a single-machine development setup). Install before registering routes.
 */
export function installInternalAuthentication(
  app: FastifyInstance,
  secret: string | undefined,
  isInternal: InternalRoutePredicate,
): void {
  if (secret === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0];
    if (!isInternal(request.method, path)) return;
    const header = request.headers[INTERNAL_BEARER_HEADER.toLowerCase()];
    const caller = verifyInternalToken(secret, Array.isArray(header) ? header[0] : header);
    if (caller === undefined) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'X-Service-Internal-Bearer')
        .send({ error: 'internal request without a valid X-Service-Internal-Bearer token' });
    }
    (request as FastifyRequest & { vivaceInternalCaller?: string }).vivaceInternalCaller = caller;
  });
}
