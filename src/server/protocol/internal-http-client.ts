/**
 * The HTTP client every node uses to talk to other nodes: one undici Agent with keep-alive
 * connection pools per origin, connect/header/body time-outs, and the signed internal header
 * (internal-auth.ts) on every request when a shared secret is configured, its audience the origin
 * of the URL requested (or the audience a request names, e.g. the coordinator's). Responses are
 * read whole (internal bodies are JSON or bounded page batches). A request its caller marks
 * `idempotent` is sent again, a few times with a growing pause, when its connection is reset or
 * closed before an answer (a pooled connection the other side dropped, a worker's socket torn
 * under load): as Trino's remote task retries its updates, rather than failing the query at the
 * first reset. A refused connection (nobody listens) and an answer with an error status are not
 * retried here.
 */
import { Agent } from 'undici';
import { requestWhole } from '../../common/whole-response-request.js';
import { audienceOf, INTERNAL_BEARER_HEADER, InternalTokenSource } from './internal-auth.js';

export interface InternalHttpClientOptions {
  readonly nodeId: string;
  readonly sharedSecret: string | undefined;
  /** Time-out for connecting and for the response headers unless a request says otherwise. */
  readonly timeoutMs?: number;
  /** Connections kept per origin. */
  readonly connectionsPerOrigin?: number;
  /** The CAs trusted for https:// nodes (issue 17: internal HTTPS); Node's defaults when undefined. */
  readonly trustedCertificates?: readonly string[];
}

export interface InternalRequest {
  readonly method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  readonly headers?: Readonly<Record<string, string>>;
  /** A string or bytes; objects are sent as JSON. */
  readonly body?: string | Uint8Array | object;
  /** Overrides the client's time-out (e.g. a long-poll that waits on the server). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** The token's audience when it is not the URL's origin (`COORDINATOR_AUDIENCE` for the discovery URI). */
  readonly audience?: string;
  /** The node handles the request the same when it comes again: resent after a reset connection. */
  readonly idempotent?: boolean;
}

/** Resends of an idempotent request after a reset, and the first pause (doubling after each). */
const TRANSIENT_RETRIES = 3;
const FIRST_RETRY_PAUSE_MS = 50;

/** Error codes of a connection torn before the answer (undici puts them on the error or its cause). */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether `error`, or an error it was caused by, carries one of `codes` (undici nests them). */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
  }
  return false;
}

/** Whether `error` says the connection was reset or closed, so that sending again may succeed. */
export function isTransientTransportError(error: unknown): boolean {
  return hasErrorCode(error, TRANSIENT_CODES);
}

export interface InternalResponse {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** A node answered, but not with a 2xx status (a task it does not know, a refused token). */
export class InternalHttpStatusError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'InternalHttpStatusError';
  }
}

export class InternalHttpClient {
  private readonly agent: Agent;
  /**
   * A pool for exchanges when this node trusts its own CAs (internal HTTPS, issue 17); exchanges
   * otherwise share their process-wide pool (http-exchange-client.ts).
   */
  readonly exchangeAgent: Agent | undefined;
  private readonly tokens: InternalTokenSource | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: InternalHttpClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.agent = new Agent({
      connections: options.connectionsPerOrigin ?? 16,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      connect: {
        timeout: this.timeoutMs,
        ...(options.trustedCertificates !== undefined ? { ca: [...options.trustedCertificates] } : {}),
      },
    });
    this.exchangeAgent =
      options.trustedCertificates === undefined
        ? undefined
        : new Agent({
            connections: 32,
            keepAliveTimeout: 30_000,
            keepAliveMaxTimeout: 60_000,
            connect: { ca: [...options.trustedCertificates] },
          });
    this.tokens = options.sharedSecret ? new InternalTokenSource(options.sharedSecret, options.nodeId) : undefined;
  }

  /** The headers an internal request to `url` carries: the token signed for that node and the caller's node id. */
  internalHeaders(url: string, audience = audienceOf(url)): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.options.nodeId };
    if (this.tokens) headers[INTERNAL_BEARER_HEADER.toLowerCase()] = this.tokens.current(audience);
    return headers;
  }

  async request(url: string, init: InternalRequest = {}): Promise<InternalResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(url, init);
      } catch (error) {
        const retry =
          init.idempotent === true &&
          attempt < TRANSIENT_RETRIES &&
          init.signal?.aborted !== true &&
          isTransientTransportError(error);
        if (!retry) throw error;
        await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_PAUSE_MS * 2 ** attempt));
      }
    }
  }

  private async send(url: string, init: InternalRequest): Promise<InternalResponse> {
    const headers: Record<string, string> = { ...this.internalHeaders(url, init.audience), ...init.headers };
    let body: string | Uint8Array | undefined;
    if (init.body instanceof Uint8Array || typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const timeout = init.timeoutMs ?? this.timeoutMs;
    return requestWhole(this.agent, url, {
      method: init.method ?? 'GET',
      headers,
      body,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: init.signal,
    });
  }

  /** A request whose answer must have a 2xx status (else an InternalHttpStatusError with its text). */
  async checked(url: string, init: InternalRequest = {}): Promise<InternalResponse> {
    const response = await this.request(url, init);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new InternalHttpStatusError(
        `${init.method ?? 'GET'} ${url} answered ${response.statusCode}: ${response.body.toString('utf8', 0, 500)}`,
        response.statusCode,
      );
    }
    return response;
  }

  /** GET (or another method) expecting a JSON answer with a 2xx status. */
  async json<T>(url: string, init: InternalRequest = {}): Promise<T> {
    const response = await this.checked(url, init);
    return JSON.parse(response.body.toString('utf8')) as T;
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.exchangeAgent?.close()]);
  }
}
