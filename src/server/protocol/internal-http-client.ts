/**
 * The HTTP client every node uses to talk to other nodes: one undici Agent with keep-alive
 * connection pools per origin, connect/header/body time-outs, and the signed internal header
 * (internal-auth.ts) on every request when a shared secret is configured, its audience the origin
 * of the URL requested (or the audience a request names, e.g. the coordinator's). Responses are
 * read whole (internal bodies are JSON or bounded page batches).
 */
import { Agent, request } from 'undici';
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
    const headers: Record<string, string> = { ...this.internalHeaders(url, init.audience), ...init.headers };
    let body: string | Uint8Array | undefined;
    if (init.body instanceof Uint8Array || typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const timeout = init.timeoutMs ?? this.timeoutMs;
    const response = await request(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      dispatcher: this.agent,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: init.signal,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(chunk as Buffer);
    return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
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
