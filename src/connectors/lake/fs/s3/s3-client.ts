/**
 * The HTTP side of the S3 file system: one request = URL (path-style or virtual-hosted), SigV4
 * signature, a slot of the bounded concurrency, and retries with exponential back-off and jitter
 * on what S3 documents as transient — 500, 502, 503 (SlowDown), 504, 429, 400 RequestTimeout —
 * and on connection errors (resets, refused connections, sockets closed mid-answer). Requests are
 * idempotent as Vivace sends them (PUTs carry their whole body; a multipart part is re-sent
 * whole), so every one may be retried. Answers are read whole (ranged reads are bounded by the
 * coalescing limit, 16 MiB). Failures become VivaceErrors naming the object: 404 →
 * HIVE_FILE_NOT_FOUND, 403 and everything else → HIVE_FILESYSTEM_ERROR with S3's code and
 * message. Counters (requests, bytes, retries) feed tests and the benchmark.
 */
import { Agent, request } from 'undici';
import { lakeError, messageOf } from '../../lake-errors.js';
import type { S3Config } from './s3-config.js';
import { xmlText } from './s3-xml.js';
import { canonicalQueryString, EMPTY_PAYLOAD_HASH, SigV4Signer, sha256Hex, uriEncode } from './sigv4.js';

export interface S3Request {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  readonly bucket: string;
  /** Object key ('' for bucket-level requests such as listing). */
  readonly key: string;
  readonly query?: ReadonlyArray<readonly [string, string]>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
  /** For messages: what is being done (`read`, `list`, ...) and to which location. */
  readonly operation: string;
  readonly location: string;
  /** Statuses handed back to the caller instead of raised (e.g. 404 for `exists`, 412 for exclusive creates). */
  readonly allowStatuses?: readonly number[];
  /** Overrides `s3.max-error-retries` (0 for a reachability check). */
  readonly maxRetries?: number;
}

export interface S3Response {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Uint8Array;
}

/** What a client has done so far (monotonic counters). */
export interface S3Stats {
  requests: number;
  getRequests: number;
  putRequests: number;
  listRequests: number;
  retries: number;
  bytesReceived: number;
  bytesSent: number;
}

export function emptyS3Stats(): S3Stats {
  return { requests: 0, getRequests: 0, putRequests: 0, listRequests: 0, retries: 0, bytesReceived: 0, bytesSent: 0 };
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_BACKOFF_MILLIS = 2000;

/** A counting semaphore: at most `permits` holders; the rest wait in arrival order. */
class Semaphore {
  private readonly waiting: (() => void)[] = [];
  private available: number;

  constructor(permits: number) {
    this.available = permits;
  }

  async acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.available++;
  }
}

class TransientError extends Error {}

export function headerValue(headers: S3Response['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class S3Client {
  readonly stats: S3Stats = emptyS3Stats();
  private agent: Agent;
  /** Closed by `close` (a dropped catalog); a query still running on it gets a fresh pool. */
  private closed = false;
  private readonly signer: SigV4Signer | undefined;
  private readonly slots: Semaphore;
  private readonly endpoint: URL;

  constructor(readonly config: S3Config) {
    this.endpoint = new URL(config.endpoint);
    this.agent = this.newAgent();
    this.signer =
      config.credentials === undefined ? undefined : new SigV4Signer(config.credentials, config.region, 's3');
    this.slots = new Semaphore(config.maxConnections);
  }

  private newAgent(): Agent {
    return new Agent({
      connections: this.config.maxConnections,
      keepAliveTimeout: 4_000,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
  }

  /** Whether `close` released the connection pool (and no request has reopened one since). */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Lets the requests in flight finish, then closes the pool's connections. */
  async close(): Promise<void> {
    this.closed = true;
    await this.agent.close();
  }

  /** Sends a request, retrying transient failures; non-2xx answers not in `allowStatuses` throw. */
  async send(req: S3Request): Promise<S3Response> {
    let attempt = 0;
    for (;;) {
      try {
        return await this.sendOnce(req);
      } catch (error) {
        if (!(error instanceof TransientError) || attempt >= (req.maxRetries ?? this.config.maxErrorRetries)) {
          if (error instanceof TransientError) {
            throw lakeError(
              'HIVE_FILESYSTEM_ERROR',
              `Failed to ${req.operation} ${req.location}: ${error.message} (after ${attempt + 1} attempts)`,
              error.cause,
            );
          }
          throw error;
        }
        attempt++;
        this.stats.retries++;
        const ceiling = Math.min(MAX_BACKOFF_MILLIS, this.config.retryBaseDelayMillis * 2 ** (attempt - 1));
        await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
      }
    }
  }

  private async sendOnce(req: S3Request): Promise<S3Response> {
    const { url, host, encodedPath } = this.urlOf(req.bucket, req.key, req.query ?? []);
    const payloadHash = req.body === undefined ? EMPTY_PAYLOAD_HASH : sha256Hex(req.body);
    const baseHeaders: Record<string, string> = { ...(req.headers ?? {}) };
    if (req.body !== undefined) baseHeaders['content-length'] = String(req.body.byteLength);
    const headers =
      this.signer === undefined
        ? { ...baseHeaders, 'x-amz-content-sha256': payloadHash }
        : this.signer.sign({
            method: req.method,
            host,
            encodedPath,
            query: req.query ?? [],
            headers: baseHeaders,
            payloadHash,
          });
    delete headers.host; // undici sends the URL's host, which is what was signed
    this.stats.requests++;
    if (req.method === 'GET' && req.key !== '') this.stats.getRequests++;
    else if (req.method === 'GET') this.stats.listRequests++;
    else if (req.method === 'PUT') this.stats.putRequests++;
    if (req.body !== undefined) this.stats.bytesSent += req.body.byteLength;
    if (this.closed) {
      // A query that was running when its catalog was dropped goes on; its idle connections
      // close after the keep-alive time-out.
      this.closed = false;
      this.agent = this.newAgent();
    }
    await this.slots.acquire();
    let status: number;
    let responseHeaders: S3Response['headers'];
    let body: Uint8Array;
    try {
      const response = await request(url, {
        method: req.method,
        headers,
        body:
          req.body === undefined ? undefined : Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength),
        dispatcher: this.agent,
        // undici closes the connection after every HEAD unless told not to (for servers that send
        // a body with one); S3 does not, and a new connection per stat costs a TLS handshake.
        reset: false,
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      body = new Uint8Array(await response.body.arrayBuffer());
    } catch (error) {
      throw new TransientError(messageOf(error), { cause: error });
    } finally {
      this.slots.release();
    }
    this.stats.bytesReceived += body.byteLength;
    if ((status >= 200 && status < 300) || req.allowStatuses?.includes(status) === true) {
      return { status, headers: responseHeaders, body };
    }
    const xml = new TextDecoder().decode(body);
    const code = xmlText(xml, 'Code') ?? '';
    const message = xmlText(xml, 'Message') ?? '';
    const detail = `S3 ${status}${code === '' ? '' : ` ${code}`}${message === '' ? '' : `: ${message}`}`;
    if (RETRYABLE_STATUSES.has(status) || code === 'RequestTimeout' || code === 'SlowDown') {
      throw new TransientError(detail);
    }
    if (status === 404 && code !== 'NoSuchBucket' && code !== 'NoSuchUpload') {
      throw lakeError('HIVE_FILE_NOT_FOUND', `File not found: ${req.location}`);
    }
    if (status === 403) {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `Access Denied: cannot ${req.operation} ${req.location} (${detail})`);
    }
    throw lakeError('HIVE_FILESYSTEM_ERROR', `Failed to ${req.operation} ${req.location}: ${detail}`);
  }

  private urlOf(
    bucket: string,
    key: string,
    query: ReadonlyArray<readonly [string, string]>,
  ): { url: string; host: string; encodedPath: string } {
    const encodedKey = uriEncode(key, true);
    const queryString = canonicalQueryString(query);
    const suffix = queryString === '' ? '' : `?${queryString}`;
    if (this.config.pathStyleAccess) {
      const encodedPath = `/${uriEncode(bucket, false)}${key === '' ? '' : `/${encodedKey}`}`;
      return { url: `${this.endpoint.origin}${encodedPath}${suffix}`, host: this.endpoint.host, encodedPath };
    }
    const host = `${bucket}.${this.endpoint.host}`;
    const encodedPath = `/${encodedKey}`;
    return { url: `${this.endpoint.protocol}//${host}${encodedPath}${suffix}`, host, encodedPath };
  }
}
