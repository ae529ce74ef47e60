/**
 * The Fastify instance every Vivace node serves HTTP from (coordinator and worker), with what
 * any server facing untrusted clients needs before routing:
 *
 * - Time-outs for slow clients: the request line and headers must arrive within
 *   `http-server.request-headers-timeout` and the whole request, body included, within
 *   `http-server.request-timeout` (Node answers 408 and closes the connection). Node checks these
 *   only every `connectionsCheckingInterval` (30 s by default), so the interval is shortened to
 *   make the limits hold to about a second. Responses are not limited: long polls stay possible.
 * - One spelling per path: a path that could reach a route in more than one way (percent-encoded
 *   unreserved characters or `/`, `//`, `.` and `..` segments, backslashes, fragments) is refused
 *   with 400 before any hook or handler sees it, so a check on one spelling can't be walked around
 *   with another. Fastify's router stays case-sensitive and strict about trailing slashes (its
 *   defaults), so `/V1/SERVICE` and `/v1/service/` match nothing or a route of their own.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

export interface HttpServerTimeouts {
  /** Time for the request line and headers to arrive. */
  readonly requestHeadersTimeoutMs: number;
  /** Time for the whole request (headers and body) to arrive. */
  readonly requestTimeoutMs: number;
}

export const DEFAULT_HTTP_SERVER_TIMEOUTS: HttpServerTimeouts = {
  requestHeadersTimeoutMs: 5_000,
  requestTimeoutMs: 15_000,
};

/** Characters RFC 3986 calls unreserved: they never need encoding, so an encoded one is a disguise. */
const ENCODED_UNRESERVED_OR_SEPARATOR = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e|2f|5c)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
/** Anything the checks below look for: an escape, a backslash, a fragment, `//` or a dot segment's start. */
const MAYBE_AMBIGUOUS = /[%\\#]|\/\/|\/\./;
/** An absolute-form request target (`GET http://host/path`): its path is what the router sees. */
const ABSOLUTE_FORM_PREFIX = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Why the path of request target `url` is ambiguous, or undefined when it has one spelling only. */
export function ambiguousPathReason(url: string): string | undefined {
  let path = url;
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  // The common case in one scan: an origin-form path with nothing that could disguise a spelling.
  if (path.charCodeAt(0) === 0x2f && !MAYBE_AMBIGUOUS.test(path)) return undefined;
  path = path.replace(ABSOLUTE_FORM_PREFIX, '');
  if (path.includes('#')) return 'a fragment in the request path';
  if (path.includes('\\')) return 'a backslash in the request path';
  if (path.includes('//')) return 'an empty segment (//) in the request path';
  if (MALFORMED_ESCAPE.test(path)) return 'a malformed percent-escape in the request path';
  if (ENCODED_UNRESERVED_OR_SEPARATOR.test(path)) {
    return 'a percent-encoded unreserved character or separator in the request path';
  }
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return 'a dot segment (. or ..) in the request path';
  }
  return undefined;
}

/** A Fastify app with the time-outs and the path check above; add routes and listen as usual. */
export function createNodeHttpServer(
  bodyLimit: number,
  timeouts: HttpServerTimeouts = DEFAULT_HTTP_SERVER_TIMEOUTS,
): FastifyInstance {
  const headersTimeout = Math.min(timeouts.requestHeadersTimeoutMs, timeouts.requestTimeoutMs);
  const app = Fastify({
    logger: false,
    bodyLimit,
    requestTimeout: timeouts.requestTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const reason = ambiguousPathReason(request.raw.url ?? '');
    if (reason !== undefined) {
      return reply.code(400).type('text/plain').send(`Bad request path: ${reason}`);
    }
  });
  return app;
}

/**
 * Logs errors that escape a route handler (5xx) with their stack, then lets Fastify's default
 * handler answer, which sends the message only.
 */
export function logHandlerErrors(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error, request, _reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) logger.error({ err: error, method: request.method, url: request.url }, 'request failed');
    throw error;
  });
}
