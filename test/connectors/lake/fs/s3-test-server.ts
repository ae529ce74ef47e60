/**
 * Helpers of the S3 tests and the S3 benchmark: a real S3-compatible server (s3rver, in a child
 * process, on loopback) and a recording proxy in front of it. The proxy keeps one port across
 * restarts of the server, records every request (method, path, query, Range), can inject
 * failures (503 SlowDown answers, connection resets) and adds what s3rver 3.7 lacks: conditional
 * PUTs (`If-None-Match: *` answered 412 when the object exists), AbortMultipartUpload, and
 * suffix ranges (`Range: bytes=-N`, which s3rver reads as `bytes=0-N`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Config } from '../../../../src/connectors/lake/fs/s3/s3-config.js';

const SERVER_PROCESS = fileURLToPath(new URL('./s3-server-process.js', import.meta.url));

export const TEST_ACCESS_KEY = 'S3RVER';
export const TEST_SECRET_KEY = 'S3RVER';

export interface S3ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
}

/** Starts s3rver on `directory` (port 0: any free one) with `buckets`, and waits until it listens. */
export async function startS3Server(directory: string, buckets: readonly string[], port = 0): Promise<S3ServerProcess> {
  const child = fork(SERVER_PROCESS, [directory, String(port), ...buckets], {
    // s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its
    // legacy provider: without it every truncated listing is a 500.
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start')), 30_000);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'ready' && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited: ${signal ?? code}`));
    });
  });
  return { child, port: ready };
}

export async function stopS3Server(server: S3ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

export interface RecordedRequest {
  readonly method: string;
  /** Path without the query (`/bucket/key`). */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly range?: string;
}

/** What the proxy does with one request instead of forwarding it (return true when handled). */
export type RequestInterceptor = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => boolean;

export class S3Proxy {
  readonly requests: RecordedRequest[] = [];
  /** Interceptors tried in order before forwarding; each may answer the request itself. */
  readonly interceptors: RequestInterceptor[] = [];
  /** Called once the response headers from the server have been forwarded (to kill it mid-body). */
  onResponseStarted: ((recorded: RecordedRequest) => void) | undefined;
  readonly abortedUploads: string[] = [];
  /** Each request waits this long before it is handled (to make concurrent requests overlap). */
  delayMillis = 0;
  /** The most requests the proxy has had open at once (reset by the tests). */
  peakInFlight = 0;
  private inFlight = 0;

  private constructor(
    private readonly server: Server,
    public upstreamPort: number,
  ) {}

  static async start(upstreamPort: number): Promise<S3Proxy> {
    const server = createServer();
    const proxy = new S3Proxy(server, upstreamPort);
    server.on('request', (req, res) => {
      proxy.handle(req, res).catch(() => res.destroy());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Requests of `method` whose path starts with `pathPrefix`. */
  count(method: string, pathPrefix = ''): number {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length;
  }

  /** Answers the next `times` requests matching `filter` with `status` (503 SlowDown by default). */
  failNext(times: number, filter: (r: RecordedRequest) => boolean = () => true, status = 503): void {
    let left = times;
    this.interceptors.push((_req, res, recorded) => {
      if (left <= 0 || !filter(recorded)) return false;
      left--;
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${status === 503 ? 'SlowDown' : 'InternalError'}</Code><Message>Please reduce your request rate.</Message></Error>`,
      );
      return true;
    });
  }

  /** Resets the connection of the next `times` requests matching `filter` without answering. */
  resetNext(times: number, filter: (r: RecordedRequest) => boolean = () => true): void {
    let left = times;
    this.interceptors.push((req, _res, recorded) => {
      if (left <= 0 || !filter(recorded)) return false;
      left--;
      req.socket.destroy();
      return true;
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      ...(typeof req.headers.range === 'string' ? { range: req.headers.range } : {}),
    };
    this.requests.push(recorded);
    this.peakInFlight = Math.max(this.peakInFlight, ++this.inFlight);
    res.on('close', () => this.inFlight--);
    if (this.delayMillis > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMillis));
    for (const intercept of this.interceptors) if (intercept(req, res, recorded)) return;
    const body = await readBody(req);
    // AbortMultipartUpload (s3rver 3.7 has none): forget the upload; its parts are never visible.
    if (recorded.method === 'DELETE' && url.searchParams.has('uploadId')) {
      this.abortedUploads.push(url.searchParams.get('uploadId') ?? '');
      res.writeHead(204).end();
      return;
    }
    // Conditional PUT (s3rver 3.7 ignores If-None-Match on writes).
    if (
      (recorded.method === 'PUT' || (recorded.method === 'POST' && url.searchParams.has('uploadId'))) &&
      req.headers['if-none-match'] === '*'
    ) {
      const head = await this.forward('HEAD', url.pathname, req.headers, undefined);
      head.resume();
      if (head.statusCode === 200) {
        res.writeHead(412, { 'content-type': 'application/xml' });
        res.end(
          '<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
        );
        return;
      }
    }
    // Suffix range: resolved against the object's size, as S3 does.
    const suffix = /^bytes=-(\d+)$/.exec(recorded.range ?? '');
    if (recorded.method === 'GET' && suffix !== null) {
      const head = await this.forward('HEAD', url.pathname, req.headers, undefined);
      head.resume();
      const size = Number(head.headers['content-length'] ?? '0');
      if (head.statusCode === 200 && size > 0) {
        req.headers.range = `bytes=${Math.max(0, size - Number(suffix[1]))}-${size - 1}`;
      } else if (head.statusCode === 200) {
        res.writeHead(416, { 'content-type': 'application/xml' });
        res.end('<Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>');
        return;
      }
    }
    let upstream: IncomingMessage;
    try {
      upstream = await this.forward(recorded.method, `${url.pathname}${url.search}`, req.headers, body);
    } catch {
      req.socket.destroy(); // the server is down: the client sees a broken connection
      return;
    }
    res.writeHead(upstream.statusCode ?? 502, upstream.headers);
    this.onResponseStarted?.(recorded);
    upstream.on('error', () => res.destroy());
    upstream.on('aborted', () => res.destroy());
    upstream.on('close', () => {
      if (!upstream.complete) res.destroy();
    });
    upstream.pipe(res);
  }

  private forward(
    method: string,
    path: string,
    headers: IncomingMessage['headers'],
    body: Buffer | undefined,
  ): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const forwarded = { ...headers, host: `127.0.0.1:${this.upstreamPort}` };
      if (method === 'HEAD') {
        delete forwarded['content-length'];
        delete forwarded['if-none-match'];
        delete forwarded.range;
      }
      const out = httpRequest(
        { host: '127.0.0.1', port: this.upstreamPort, method, path, headers: forwarded },
        resolve,
      );
      out.on('error', reject);
      out.end(body);
    });
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An S3 configuration for the test server behind `endpoint` (few, fast retries). */
export function testS3Config(endpoint: string, overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint,
    region: 'us-east-1',
    pathStyleAccess: true,
    credentials: { accessKeyId: TEST_ACCESS_KEY, secretAccessKey: TEST_SECRET_KEY },
    maxConnections: 16,
    partSize: 5 * 1024 * 1024,
    exclusiveCreate: true,
    maxErrorRetries: 3,
    retryBaseDelayMillis: 5,
    ...overrides,
  };
}

/** The catalog properties (Trino's keys) of the test server behind `endpoint`. */
export function testS3Properties(endpoint: string): Record<string, string> {
  return {
    'fs.native-s3.enabled': 'true',
    's3.endpoint': endpoint,
    's3.region': 'us-east-1',
    's3.path-style-access': 'true',
    's3.aws-access-key': TEST_ACCESS_KEY,
    's3.aws-secret-key': TEST_SECRET_KEY,
  };
}

/** A server and proxy for one test file, on a fresh storage directory. */
export interface S3TestEnvironment {
  readonly directory: string;
  server: S3ServerProcess;
  readonly proxy: S3Proxy;
  /** Restarts the server (same directory, same proxy port). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3TestEnvironment(
  directory: string,
  buckets: readonly string[],
): Promise<S3TestEnvironment> {
  const storage = join(directory, 's3rver');
  const server = await startS3Server(storage, buckets);
  const proxy = await S3Proxy.start(server.port);
  const environment: S3TestEnvironment = {
    directory: storage,
    server,
    proxy,
    async restart() {
      await stopS3Server(environment.server, 'SIGKILL');
      environment.server = await startS3Server(storage, buckets);
      proxy.upstreamPort = environment.server.port;
    },
    async close() {
      await proxy.close();
      await stopS3Server(environment.server);
      await rm(storage, { recursive: true, force: true });
    },
  };
  return environment;
}
