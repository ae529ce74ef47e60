/**
 * Authentication of requests between Vivace nodes (issue §4, hardened in issue 13). With
 * `internal-communication.shared-secret` configured, every internal request carries
 * `X-Service-Internal-Bearer: <issuer>.<audience>.<expiry>.<signature>`: the issuing node's id and
 * the audience (the receiver the token is meant for) in base64url, the expiry in epoch ms, and an
 * HMAC-SHA256 of the first three parts under the secret. A node refuses internal resources (401)
 * unless the token verifies, has not expired and names this node as its audience, so a token
 * sent to one node cannot be replayed to another. The audience of a worker is the origin it
 * announced (every node addresses a worker by that URI); the coordinator's is the fixed name
 * `coordinator` (workers address it by `discovery.uri`, a name the coordinator cannot know).
 * Tokens live a few minutes and are reused until close to expiry, so signing costs one HMAC per
 * audience every few minutes, not one per request.
 *
 * Which requests are internal is decided on the route Fastify matched (its pattern and method),
 * never on the raw URL: the router decodes `%`-escapes, so a URL check can be walked around
 * (`/v1/servic%65`). Ambiguous spellings of a path are refused before this hook by
 * http-server.ts; requests that match no route get the router's 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const INTERNAL_BEARER_HEADER = 'X-Service-Internal-Bearer';

/** The audience of tokens meant for the coordinator. */
export const COORDINATOR_AUDIENCE = 'coordinator';

const TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_RENEWAL_MARGIN_MS = 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Origins of the URLs requested, by the text before their path (see `audienceOf`). */
const origins = new Map<string, string>();
const MAX_ORIGINS = 256;

/**
 * The audience a request to `url` carries: the URL's origin (`http://host:port`, normalized as the
 * WHATWG URL parser does), or `url` itself when it is not a URL (an audience name). Parsing a URL
 * cost more than the rest of an internal request's headers, so origins are kept by the text before
 * the path (`http://Host:80`): a node sends to the few origins of its cluster, over and over.
 */
export function audienceOf(url: string): string {
  const scheme = url.indexOf('://');
  const pathStart = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
  const authority = pathStart < 0 ? undefined : url.slice(0, pathStart);
  // An authority with characters that may need decoding or carry user info is parsed every time.
  const cacheable = authority !== undefined && !/[%@\\?#]/.test(authority);
  if (cacheable) {
    const known = origins.get(authority);
    if (known !== undefined) return known;
  }
  let audience: string;
  try {
    const origin = new URL(url).origin;
    audience = origin === 'null' ? url : origin;
  } catch {
    return url;
  }
  if (cacheable && audience !== url) {
    if (origins.size >= MAX_ORIGINS) origins.clear();
    origins.set(authority, audience);
  }
  return audience;
}
/** A fresh token from `nodeId` for `audience`, valid until `nowMs + lifetimeMs`. */
export function createInternalToken(
  secret: string,
  nodeId: string,
  audience: string,
  nowMs = Date.now(),
  lifetimeMs = TOKEN_LIFETIME_MS,
) {
  const payload = `${Buffer.from(nodeId).toString('base64url')}.${Buffer.from(audience).toString('base64url')}.${nowMs + lifetimeMs}`;
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The issuing node's id of a valid unexpired token whose audience `acceptsAudience` accepts, or
 * undefined for anything else.
 */
export function verifyInternalToken(
  secret: string,
  token: string | undefined,
  acceptsAudience: (audience: string) => boolean,
  nowMs = Date.now(),
): string | undefined {
  if (!token) return undefined;
  const claims = verifiedClaims(secret, token);
  if (claims === undefined) return undefined;
  if (!Number.isFinite(claims.expiry) || claims.expiry <= nowMs) return undefined;
  if (!acceptsAudience(claims.audience)) return undefined;
  return claims.issuer;
}

interface TokenClaims {
  readonly issuer: string;
  readonly audience: string;
  readonly expiry: number;
}

/**
 * Tokens whose signature verified under a secret, with their claims. A node reuses its token for
 * an audience for minutes, so each is checked by HMAC once, not on every request (the HMAC was
 * 40 µs a request, five requests a small statement). Expiry and audience are still checked on
 * every use. Keyed by secret and token, so nodes with different secrets in one process never
 * share a verdict; cleared when it grows past a bound (tokens of nodes that come and go).
 */
const verifiedTokens = new Map<string, TokenClaims>();
const MAX_VERIFIED_TOKENS = 1024;

function verifiedClaims(secret: string, token: string): TokenClaims | undefined {
  const key = `${secret}\u0000${token}`;
  const known = verifiedTokens.get(key);
  if (known !== undefined) return known;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [nodePart, audiencePart, expiryPart, signature] = parts;
  const expected = Buffer.from(sign(secret, `${nodePart}.${audiencePart}.${expiryPart}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = {
    issuer: Buffer.from(nodePart, 'base64url').toString(),
    audience: Buffer.from(audiencePart, 'base64url').toString(),
    expiry: Number(expiryPart),
  };
  if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
  verifiedTokens.set(key, claims);
  return claims;
}

/** Hands out this node's token for each audience, renewing it shortly before it expires. */
export class InternalTokenSource {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly nodeId: string,
  ) {}

  current(audience: string, nowMs = Date.now()): string {
    let entry = this.tokens.get(audience);
    if (entry === undefined || nowMs + TOKEN_RENEWAL_MARGIN_MS >= entry.expiresAt) {
      // Audiences are the few nodes of the cluster; forget expired ones so restarts on new ports don't pile up.
      for (const [key, old] of this.tokens) if (old.expiresAt <= nowMs) this.tokens.delete(key);
      entry = {
        token: createInternalToken(this.secret, this.nodeId, audience, nowMs),
        expiresAt: nowMs + TOKEN_LIFETIME_MS,
      };
      this.tokens.set(audience, entry);
    }
    return entry.token;
  }
}

/** Decides from the method and the matched route's pattern (e.g. `/v1/task/:taskId`) whether a request is internal. */
export type InternalRoutePredicate = (method: string, routePattern: string) => boolean;

/** On the coordinator: discovery and the task resource are internal; statement, info, node, query and UI stay open. */
export const COORDINATOR_INTERNAL_ROUTES: InternalRoutePredicate = (_method, route) =>
  route.startsWith('/v1/announcement') || route.startsWith('/v1/service') || route.startsWith('/v1/task');

/**
 * On a worker everything is internal except the read-only info resource and, as the spec's §4.2
 * shows them, GETs of the task records (`/v1/task`, `/v1/task/:taskId`): they change nothing, and
 * the user authentication (server/security, issue 17) decides who else may read them. Creating,
 * updating and deleting tasks and reading their results stay internal.
 */
export const WORKER_INTERNAL_ROUTES: InternalRoutePredicate = (method, route) =>
  !(
    (method === 'GET' || method === 'HEAD') &&
    (route === '/v1/info' || route === '/v1/info/state' || route === '/v1/task' || route === '/v1/task/:taskId')
  );

/**
 * GETs of the task records (`/v1/task`, `/v1/task/:taskId`): readable by internal callers and,
 * without a valid token, by users the user authentication (server/security) lets read system
 * information (issue 17); an invalid token counts as none.
 */
export const TASK_RECORD_READS: InternalRoutePredicate = (method, route) =>
  (method === 'GET' || method === 'HEAD') && (route === '/v1/task' || route === '/v1/task/:taskId');

/** The node id of the caller proved by the request's token (set by the hook below). */
export function internalCaller(request: FastifyRequest): string | undefined {
  return (request as FastifyRequest & { vivaceInternalCaller?: string }).vivaceInternalCaller;
}

/**
 * Installs an onRequest hook refusing internal requests without a valid token for this node
 * (`acceptsAudience`). Without a secret nothing is checked (a single-machine development setup).
 * Install before registering routes.
 */
export function installInternalAuthentication(
  app: FastifyInstance,
  secret: string | undefined,
  isInternal: InternalRoutePredicate,
  acceptsAudience: (audience: string) => boolean,
): void {
  if (secret === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // No route matched: the router's 404 follows, which says nothing about internal resources.
    if (route === undefined) return;
    const header = request.headers[INTERNAL_BEARER_HEADER.toLowerCase()];
    const taskRead = TASK_RECORD_READS(request.method, route);
    if (!taskRead && !isInternal(request.method, route)) return;
    const caller = verifyInternalToken(secret, Array.isArray(header) ? header[0] : header, acceptsAudience);
    // Task records answer users too: without a valid token, user authentication decides (issue 17).
    if (caller === undefined && taskRead) return;
    if (caller === undefined) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'X-Service-Internal-Bearer')
        .send({ error: 'internal request without a valid X-Service-Internal-Bearer token for this node' });
    }
    (request as FastifyRequest & { vivaceInternalCaller?: string }).vivaceInternalCaller = caller;
  });
}
