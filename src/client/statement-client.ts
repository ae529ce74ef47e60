/**
 * A statement-protocol client: POSTs SQL, follows `nextUri` until the query is done, and hands
 * each response to the caller as it comes (so rows stream instead of piling up). Retries 503
 * ("try again") with back-off as Presto's clients do, cancels with DELETE on the current
 * `nextUri`, and collects the session changes the server announces in response headers.
 * Connections are pooled and kept alive by undici.
 */
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import { requestWhole } from '../common/whole-response-request.js';
import {
  type ClientSession,
  emptySessionUpdates,
  readSessionUpdates,
  type SessionUpdates,
  sessionHeaders,
} from './client-session.js';
import type { QueryResults } from './query-results.js';

/** Raised when the server answers outside the protocol (4xx/5xx, not JSON). */
export class ClientProtocolError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ClientProtocolError';
  }
}

const defaultAgent = new Agent({ keepAliveTimeout: 30_000, connections: 16 });
const tlsAgents = new WeakMap<NonNullable<ClientSession['tls']>, Agent>();

/** The agent for `session`'s server: the default one, or one with the session's TLS settings. */
function agentOf(session: ClientSession, options: StatementClientOptions): Agent {
  if (options.agent !== undefined) return options.agent;
  const tls = session.tls;
  if (tls === undefined) return defaultAgent;
  let agent = tlsAgents.get(tls);
  if (agent === undefined) {
    const connect = {
      ...(tls.ca !== undefined ? { ca: [...rootCertificates, tls.ca] } : {}),
      ...(tls.insecure === true ? { rejectUnauthorized: false } : {}),
    };
    agent = new Agent({ keepAliveTimeout: 30_000, connections: 16, connect });
    tlsAgents.set(tls, agent);
  }
  return agent;
}

export interface StatementClientOptions {
  /** Upper bound on retries of one request answered with 503 or a connection error. */
  readonly maxRetries?: number;
  readonly agent?: Agent;
  /** Abort requests after this long (ms); the server long-polls for at most about 1 s. */
  readonly requestTimeoutMs?: number;
  /** Told the size in bytes of every response body (for progress displays and benchmarks). */
  readonly onResponseBytes?: (bytes: number) => void;
}

export class StatementClient {
  private results: QueryResults;
  private cancelled = false;
  readonly sessionUpdates: SessionUpdates = emptySessionUpdates();

  private constructor(
    private readonly session: ClientSession,
    private readonly options: StatementClientOptions,
    first: QueryResults,
  ) {
    this.results = first;
  }

  /** Submits `sql` and returns a client positioned on the server's first response. */
  static async submit(
    session: ClientSession,
    sql: string,
    options: StatementClientOptions = {},
  ): Promise<StatementClient> {
    const headers = { ...sessionHeaders(session), 'content-type': 'text/plain; charset=utf-8' };
    const updates = emptySessionUpdates();
    const first = await sendWithRetry(
      `${session.server}/v1/statement`,
      'POST',
      headers,
      sql,
      options,
      session,
      updates,
    );
    const client = new StatementClient(session, options, first);
    mergeUpdates(client.sessionUpdates, updates);
    return client;
  }

  /** The latest response. */
  current(): QueryResults {
    return this.results;
  }

  /** True while there is a `nextUri` to follow. */
  get isRunning(): boolean {
    return this.results.nextUri !== undefined && !this.cancelled;
  }

  /** Fetches the next response; false when the query was already done. */
  async advance(): Promise<boolean> {
    const next = this.results.nextUri;
    if (next === undefined || this.cancelled) return false;
    const headers = sessionHeaders(this.session);
    this.results = await sendWithRetry(
      next,
      'GET',
      headers,
      undefined,
      this.options,
      this.session,
      this.sessionUpdates,
    );
    return true;
  }

  /** Cancels the query (DELETE on the current nextUri). */
  async cancel(): Promise<void> {
    const next = this.results.nextUri;
    this.cancelled = true;
    if (next === undefined) return;
    const response = await request(next, {
      method: 'DELETE',
      headers: sessionHeaders(this.session),
      dispatcher: agentOf(this.session, this.options),
    });
    await response.body.dump();
  }
}

function mergeUpdates(into: SessionUpdates, from: SessionUpdates): void {
  if (from.setCatalog !== undefined) into.setCatalog = from.setCatalog;
  if (from.setSchema !== undefined) into.setSchema = from.setSchema;
  for (const [k, v] of from.setProperties) into.setProperties.set(k, v);
  for (const k of from.clearedProperties) into.clearedProperties.add(k);
  for (const [k, v] of from.addedPrepared) into.addedPrepared.set(k, v);
  for (const k of from.deallocatedPrepared) into.deallocatedPrepared.add(k);
  if (from.startedTransactionId !== undefined) into.startedTransactionId = from.startedTransactionId;
  if (from.clearTransactionId) into.clearTransactionId = true;
}

async function sendWithRetry(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | undefined,
  options: StatementClientOptions,
  session: ClientSession,
  updates: SessionUpdates,
): Promise<QueryResults> {
  const maxRetries = options.maxRetries ?? 10;
  for (let attempt = 0; ; attempt++) {
    let status: number;
    let text: string;
    try {
      const response = await requestWhole(agentOf(session, options), url, {
        method,
        headers,
        ...(body !== undefined && { body }),
        headersTimeout: options.requestTimeoutMs ?? 60_000,
        bodyTimeout: options.requestTimeoutMs ?? 60_000,
      });
      status = response.statusCode;
      text = response.body.toString('utf8');
      options.onResponseBytes?.(Number(response.headers['content-length'] ?? text.length));
      if (status === 200) {
        readSessionUpdates(response.headers, session.headerPrefix ?? 'X-Service-', updates);
        return JSON.parse(text) as QueryResults;
      }
    } catch (e) {
      // A statement's POST to a refused port is not sent again: no server listens there (the CLI
      // waited 11 s of back-off to say so). A reset is retried: most often a kept-alive socket the
      // server had just closed. A nextUri request (a restarting coordinator) is retried either way.
      if (attempt >= maxRetries || !isTransient(e) || (method === 'POST' && errorCode(e) === 'ECONNREFUSED')) throw e;
      await sleep(backoffMs(attempt));
      continue;
    }
    if (status === 503 && attempt < maxRetries) {
      await sleep(backoffMs(attempt));
      continue;
    }
    throw new ClientProtocolError(`${method} ${url} failed: HTTP ${status}: ${text.slice(0, 500)}`, status);
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}

function isTransient(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

function backoffMs(attempt: number): number {
  return Math.min(50 * 2 ** attempt, 2000);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
