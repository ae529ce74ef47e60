/**
 * The statement resource (spec §2.1, §4.1): `POST /v1/statement` submits SQL, `GET` on the
 * returned `nextUri` pages through the results, `DELETE` cancels. Presto's protocol: every
 * response carries the query id, `infoUri`, `stats`, the `columns` once known, rows in `data`,
 * and a `nextUri` until the query is done; an error arrives as `error` in a 200 response. A token
 * in the URI numbers the responses: the same token again returns the same response.
 *
 * The SQL text must be UTF-8: a body with an invalid byte sequence is refused with 400 (naming the
 * byte offset) instead of being run with the bytes replaced, since that statement is not the one
 * the user wrote. URIs in answers are built by client-uris.ts, never from the Host header;
 * `failureInfo.stack` is sent only with `http-server.include-stack-traces`.
 *
 * A query belongs to its submitter (issue 17): its `nextUri` carries a random `slug` without which
 * the query id alone finds nothing (404), and its pages and DELETE answer only the owner and those
 * the access control's query rules allow (security/query-access.ts); the session's user is the
 * one the authentication established.
 */

import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../common/random-token.js';
import { VivaceError } from '../../common/vivace-error.js';
import { waitAtMost } from '../../common/wait-at-most.js';
import type { JsonValue } from '../../data/json-values.js';
import { ALLOW_ALL_ACCESS_CONTROL } from '../../spi/access-control.js';
import { clientTypeSignature } from '../../types/client-type-signature.js';
import { formatType } from '../../types/type-signature.js';
import { errorObject } from '../protocol/error-json.js';
import type { QuerySession, ResultColumn } from '../protocol/query-state.js';
import type { QueryExecution } from '../query/query-execution.js';
import { QueryAccess } from '../security/query-access.js';
import { type ClientUriSettings, clientBaseUri } from './client-uris.js';
import { ProtocolError, type ProtocolRequest, readProtocolRequest } from './protocol-headers.js';
import { statementStats, warningsOf } from './query-info.js';
import { ResultPager } from './result-pager.js';

export interface QuerySubmitter {
  submit(sql: string, session: QuerySession): QueryExecution;
  get(queryId: string): QueryExecution | undefined;
}

/** Rows per response are cut at about this many bytes of JSON (Presto's 1 MB target). */
const TARGET_RESULT_BYTES = 1024 * 1024;
const MAX_WAIT_MS = 1000;
const ANSWER_SWEEP_INTERVAL_MS = 1000;
/** The largest statement accepted, in bytes of UTF-8 (Presto's `query.max-length` is 1,000,000 characters). */
const MAX_STATEMENT_BYTES = 1_000_000;
const DEFAULT_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

export interface StatementResourceOptions {
  /** Where the URIs in answers point (client-uris.ts). */
  readonly uris?: ClientUriSettings;
  /** Send `failureInfo.stack` to clients (a debugging aid; stacks name the server's files). */
  readonly includeStackTraces?: boolean;
  /** Who may page and cancel whose queries (issue 17); everyone by default. */
  readonly access?: QueryAccess;
  /** How long encoding one answer's rows may take, in ms (result-pager.ts; tests cut answers with 0). */
  readonly encodeBudgetMs?: number;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence, or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0; // overlong
      if (b === 0xed) high = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90; // overlong
      if (b === 0xf4) high = 0x8f; // beyond U+10FFFF
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

interface CachedResponse {
  readonly token: number;
  readonly body: Buffer;
}

export function registerStatementResource(
  app: FastifyInstance,
  queries: QuerySubmitter,
  options: StatementResourceOptions = {},
): void {
  const lastResponse = new Map<string, CachedResponse>();
  const pager = new ResultPager(TARGET_RESULT_BYTES, options.encodeBudgetMs);
  // Answers of queries the coordinator has forgotten go too. The coordinator keeps every query
  // for 15 minutes (query.min-expire-age), thousands under a stream of small statements, so this
  // looks at most once a second, not on every POST (that had cost 70 µs a statement).
  let answersSweptAt = 0;
  const forgetExpiredAnswers = () => {
    const now = Date.now();
    if (now - answersSweptAt < ANSWER_SWEEP_INTERVAL_MS) return;
    answersSweptAt = now;
    for (const id of lastResponse.keys()) if (queries.get(id) === undefined) lastResponse.delete(id);
    pager.forgetUnknown((id) => queries.get(id) !== undefined);
  };
  const includeStack = options.includeStackTraces ?? false;
  const access = options.access ?? new QueryAccess(ALLOW_ALL_ACCESS_CONTROL);
  const baseOf = (request: FastifyRequest) => clientBaseUri(request, options.uris);

  // Bodies arrive as bytes: Fastify's text parser would replace invalid UTF-8 without a word.
  const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body);
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, keepBytes);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, keepBytes);

  app.post('/v1/statement', async (request, reply) => {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bytes.length > MAX_STATEMENT_BYTES) {
      return reply
        .code(413)
        .type('text/plain')
        .send(`Query text length (${bytes.length}) exceeds the maximum length (${MAX_STATEMENT_BYTES})`);
    }
    let sql: string;
    try {
      sql = STRICT_UTF8.decode(bytes);
    } catch {
      return reply
        .code(400)
        .type('text/plain')
        .send(`SQL statement is not valid UTF-8: invalid byte sequence at byte ${invalidUtf8Offset(bytes)}`);
    }
    if (sql.trim() === '') {
      return reply.code(400).type('text/plain').send('SQL statement is empty');
    }
    forgetExpiredAnswers();
    let protocol: ProtocolRequest;
    try {
      protocol = readProtocolRequest(request.headers, DEFAULT_TIME_ZONE);
    } catch (e) {
      if (e instanceof ProtocolError) return reply.code(400).type('text/plain').send(e.message);
      throw e;
    }
    // The user the authentication established (the user header, else the authenticated principal).
    const identity = access.identity(request);
    const session: QuerySession = {
      ...protocol.session,
      user: identity.user,
      ...(identity.principal !== undefined ? { principal: identity.principal } : {}),
      ...(protocol.preparedStatements.size > 0 ? { preparedStatements: protocol.preparedStatements } : {}),
      ...(protocol.transactionId !== undefined ? { transactionId: protocol.transactionId } : {}),
    };
    const query = queries.submit(sql, session);
    query.protocolPrefix = protocol.prefix;
    query.clientSlug = randomToken(16);
    query.remoteAddress = request.ip;
    query.userAgent = request.headers['user-agent'];
    // The first answer waits (briefly) for planning, so a normal query's columns come with it.
    await waitForPlanning(query, MAX_WAIT_MS);
    const body = render(baseOf(request), query, 1, undefined, includeStack, true);
    lastResponse.set(query.queryId, { token: 0, body });
    // Spec §4.1: the POST's answer is sent with chunked transfer encoding (a stream body has no
    // Content-Length), as Presto's is.
    return sendJson(reply, body, true);
  });

  app.get('/v1/statement/:queryId/:token', async (request, reply) => {
    const { queryId, token } = request.params as { queryId: string; token: string };
    const query = queries.get(queryId);
    // Without the slug of its nextUri, a query id alone finds nothing (issue 17).
    if (!query || !slugMatches(request, query)) {
      return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    }
    if (!access.canView(request, query))
      return reply.code(403).type('text/plain').send('Access Denied: Cannot view query');
    query.touch();
    const tokenNumber = Number(token);
    const cached = lastResponse.get(queryId);
    // Spec §4.1: GET answers vary by the client's encoding and User-Agent (as Presto's).
    reply.header('Vary', 'Accept-Encoding, User-Agent');
    if (cached && cached.token === tokenNumber) return sendJson(reply, cached.body);
    if (!cached || tokenNumber !== cached.token + 1) {
      return reply.code(410).type('text/plain').send(`Token ${token} is no longer valid for query ${queryId}`);
    }
    await waitForProgress(query, pager, MAX_WAIT_MS);
    const data = pager.next(query);
    const rowsLeft = pager.holdsRows(query);
    const body = render(baseOf(request), query, tokenNumber + 1, data, includeStack, false, rowsLeft);
    lastResponse.set(queryId, { token: tokenNumber, body });
    if (query.isDone) addSessionHeaders(reply, query);
    if (data !== undefined && (rowsLeft || !query.results.isDone())) pager.encodeAhead(query);
    return sendJson(reply, body);
  });

  app.delete('/v1/statement/:queryId/:token', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    const query = queries.get(queryId);
    if (query !== undefined && !slugMatches(request, query)) {
      return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    }
    if (query !== undefined && !access.canKill(request, query)) {
      return reply.code(403).type('text/plain').send('Access Denied: Cannot kill query');
    }
    query?.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    return reply.code(204).send();
  });
}

function slugMatches(request: FastifyRequest, query: QueryExecution): boolean {
  const { slug } = request.query as { slug?: string };
  return query.clientSlug === '' || slug === query.clientSlug;
}

/**
 * Session changes of a finished statement, as Presto's response headers under the prefix the
 * client used: Set-Catalog/Set-Schema (USE), Set-Session/Clear-Session (SET/RESET SESSION),
 * Added-Prepare/Deallocated-Prepare, Started-Transaction-Id/Clear-Transaction-Id.
 */
function addSessionHeaders(reply: FastifyReply, query: QueryExecution): void {
  const prefix = query.protocolPrefix;
  if (query.setCatalog !== undefined) reply.header(`${prefix}Set-Catalog`, query.setCatalog);
  if (query.setSchema !== undefined) reply.header(`${prefix}Set-Schema`, query.setSchema);
  // One header line per property (an array value makes Fastify repeat the header).
  const set = [...query.setSessionProperties].map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (set.length > 0) reply.header(`${prefix}Set-Session`, set);
  if (query.resetSessionProperties.length > 0)
    reply.header(`${prefix}Clear-Session`, [...query.resetSessionProperties]);
  // Names are encoded too: a quoted name may hold characters a header cannot (a newline).
  const added = [...query.addedPreparedStatements].map(
    ([name, sql]) => `${encodeURIComponent(name)}=${encodeURIComponent(sql)}`,
  );
  if (added.length > 0) reply.header(`${prefix}Added-Prepare`, added);
  if (query.deallocatedPreparedStatements.length > 0)
    reply.header(`${prefix}Deallocated-Prepare`, query.deallocatedPreparedStatements.map(encodeURIComponent));
  if (query.startedTransactionId !== undefined)
    reply.header(`${prefix}Started-Transaction-Id`, query.startedTransactionId);
  if (query.clearTransactionId) reply.header(`${prefix}Clear-Transaction-Id`, 'true');
}

/**
 * `Content-Type: application/json` exactly (a string body would get `; charset=utf-8` appended);
 * `chunked` sends the body as a one-chunk stream, so it goes with chunked transfer encoding.
 */
function sendJson(reply: FastifyReply, body: Buffer, chunked = false): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .header('X-Content-Type-Options', 'nosniff')
    .send(chunked ? Readable.from([body], { objectMode: false }) : body);
}

/** Waits until the query is planned (or done), at most `maxWaitMs`. */
async function waitForPlanning(query: QueryExecution, maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  while ((query.state === 'QUEUED' || query.state === 'PLANNING') && !query.isDone) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return;
    await waitAtMost(query.whenStateChanges(), remaining);
  }
}

/**
 * Waits until rows are available, the query ends, or the time is up — a state change on the way
 * (STARTING, RUNNING) does not answer a GET without rows: each such answer cost the client one
 * more round trip per statement. When every row has arrived but the query is not yet done, it
 * also waits for the end, so that the answer carrying the last rows is final (as Presto's).
 */
async function waitForProgress(query: QueryExecution, pager: ResultPager, maxWaitMs: number): Promise<void> {
  const ready = () => query.isDone || (pager.hasRows(query) && !query.results.noMorePages);
  if (ready()) return;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve();
    }, maxWaitMs);
  });
  while (!ready() && !timedOut) {
    const waits: Promise<void>[] = [query.whenStateChanges(), timeout];
    if (!query.results.noMorePages) waits.push(query.results.whenReady());
    await Promise.race(waits);
  }
  clearTimeout(timer);
}

/** The columns as Trino sends them (name, display type, typeSignature), made once per query. */
const renderedColumns = new WeakMap<readonly ResultColumn[], JsonValue>();
function columnsJson(columns: readonly ResultColumn[]): JsonValue {
  let json = renderedColumns.get(columns);
  if (json === undefined) {
    json = columns.map((c) => ({ name: c.name, type: formatType(c.type), typeSignature: clientTypeSignature(c.type) }));
    renderedColumns.set(columns, json);
  }
  return json;
}

function render(
  base: string,
  query: QueryExecution,
  nextToken: number,
  data: Buffer | undefined,
  includeStack: boolean,
  initial = false,
  rowsLeft = false,
): Buffer {
  // The POST's answer is never final: results and errors come on the GETs that follow (Presto).
  // A GET is final once the query is done and this answer carries the last of its rows (as in
  // Trino: no `nextUri` when the query is finished and its output drained), saving a round trip.
  // Rows the pager took out of the buffer and has not sent yet (an answer cut short) count too.
  const done = !initial && query.isDone && query.results.isDone() && !rowsLeft;
  if (done) query.finalAnswerSent = true;
  const response: Record<string, JsonValue> = {
    id: query.queryId,
    infoUri: `${base}/v1/query/${query.queryId}`,
  };
  if (initial) response.partialCancelUri = `${base}/v1/stage/${query.queryId}.0`;
  if (!done) response.nextUri = `${base}/v1/statement/${query.queryId}/${nextToken}?slug=${query.clientSlug}`;
  if (query.columns) response.columns = columnsJson(query.columns);
  // Plain JSON (no RawJson: only result values carry those, and they come as `data`), so the
  // native stringify: the recursive one was 2.4 % of a coordinator serving small statements.
  const head = JSON.stringify(response);
  const tail: Record<string, JsonValue> = {};
  tail.stats = statementStats(query, done || query.state !== 'FINISHED' ? query.state : 'RUNNING');

  if (query.warnings.length > 0) tail.warnings = warningsOf(query);
  if (query.error && done) tail.error = errorObject(query.error, includeStack);
  if (query.updateType && done) {
    tail.updateType = query.updateType;
    if (query.updateCount !== undefined) tail.updateCount = query.updateCount;
  }
  // `{head…` + `,"data":[…]` + `,tail…}`: the rows' bytes are spliced in without re-encoding.
  const parts: Buffer[] = [Buffer.from(head.slice(0, -1), 'utf8')];
  if (data) parts.push(Buffer.from(',"data":', 'latin1'), data);
  // Spec §4.1: "Final results have `data`": when every row went out in earlier answers, the final
  // one carries an empty array rather than none (clients append nothing; Trino's do the same).
  else if (done && query.state === 'FINISHED' && query.columns) parts.push(Buffer.from(',"data":[]', 'latin1'));
  parts.push(Buffer.from(`,${JSON.stringify(tail).slice(1)}`, 'utf8'));
  return Buffer.concat(parts);
}
