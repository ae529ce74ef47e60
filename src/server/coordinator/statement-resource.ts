/**
 * The statement resource (spec §2.1, §4.1): `POST /v1/statement` submits SQL, `GET` on the
 * returned `nextUri` pages through the results, `DELETE` cancels. Presto's protocol: every
 * response carries the query id, `infoUri`, `stats`, the `columns` once known, rows in `data`,
 * and a `nextUri` until the query is done; an error arrives as `error` in a 200 response. A token
 * in the URI numbers the responses: the same token again returns the same response.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VivaceError } from '../../common/vivace-error.js';
import { type JsonValue, stringifyJson } from '../../data/json-values.js';
import { formatType } from '../../types/type-signature.js';
import type { QueryExecution, QuerySession } from '../engine/query-execution.js';
import { errorObject } from './error-json.js';
import { ProtocolError, type ProtocolRequest, readProtocolRequest } from './protocol-headers.js';
import { statementStats } from './query-info.js';
import { ResultPager } from './result-pager.js';

export interface QuerySubmitter {
  submit(sql: string, session: QuerySession): QueryExecution;
  get(queryId: string): QueryExecution | undefined;
}

/** Rows per response are cut at about this many bytes of JSON (Presto's 1 MB target). */
const TARGET_RESULT_BYTES = 1024 * 1024;
const MAX_WAIT_MS = 1000;
/** The largest statement accepted, in bytes of UTF-8 (Presto's `query.max-length` is 1,000,000 characters). */
const MAX_STATEMENT_BYTES = 1_000_000;
const DEFAULT_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

interface CachedResponse {
  readonly token: number;
  readonly body: Buffer;
}

export function registerStatementResource(app: FastifyInstance, queries: QuerySubmitter): void {
  const lastResponse = new Map<string, CachedResponse>();
  const pager = new ResultPager(TARGET_RESULT_BYTES);

  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/v1/statement', async (request, reply) => {
    const sql = typeof request.body === 'string' ? request.body : '';
    if (sql.trim() === '') {
      return reply.code(400).type('text/plain').send('SQL statement is empty');
    }
    const length = Buffer.byteLength(sql, 'utf8');
    if (length > MAX_STATEMENT_BYTES) {
      return reply
        .code(413)
        .type('text/plain')
        .send(`Query text length (${length}) exceeds the maximum length (${MAX_STATEMENT_BYTES})`);
    }
    // Answers of queries the coordinator has forgotten go too.
    for (const id of lastResponse.keys()) if (queries.get(id) === undefined) lastResponse.delete(id);
    pager.forgetUnknown((id) => queries.get(id) !== undefined);
    let protocol: ProtocolRequest;
    try {
      protocol = readProtocolRequest(request.headers, DEFAULT_TIME_ZONE);
    } catch (e) {
      if (e instanceof ProtocolError) return reply.code(400).type('text/plain').send(e.message);
      throw e;
    }
    const session: QuerySession = {
      ...protocol.session,
      ...(protocol.preparedStatements.size > 0 ? { preparedStatements: protocol.preparedStatements } : {}),
      ...(protocol.transactionId !== undefined ? { transactionId: protocol.transactionId } : {}),
    };
    const query = queries.submit(sql, session);
    query.protocolPrefix = protocol.prefix;
    query.remoteAddress = request.ip;
    query.userAgent = request.headers['user-agent'];
    // The first answer waits (briefly) for planning, so a normal query's columns come with it.
    await waitForPlanning(query, MAX_WAIT_MS);
    const body = render(request, query, 1, undefined, true);
    lastResponse.set(query.queryId, { token: 0, body });
    return sendJson(reply, body);
  });

  app.get('/v1/statement/:queryId/:token', async (request, reply) => {
    const { queryId, token } = request.params as { queryId: string; token: string };
    const query = queries.get(queryId);
    if (!query) return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    query.touch();
    const tokenNumber = Number(token);
    const cached = lastResponse.get(queryId);
    if (cached && cached.token === tokenNumber) return sendJson(reply, cached.body);
    if (!cached || tokenNumber !== cached.token + 1) {
      return reply.code(410).type('text/plain').send(`Token ${token} is no longer valid for query ${queryId}`);
    }
    await waitForProgress(query, pager, MAX_WAIT_MS);
    const data = pager.next(query);
    const body = render(request, query, tokenNumber + 1, data);
    lastResponse.set(queryId, { token: tokenNumber, body });
    if (query.isDone) addSessionHeaders(reply, query);
    if (data !== undefined && !query.results.isDone()) pager.encodeAhead(query);
    return sendJson(reply, body);
  });

  app.delete('/v1/statement/:queryId/:token', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    queries.get(queryId)?.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    return reply.code(204).send();
  });
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

/** `Content-Type: application/json` exactly (a string body would get `; charset=utf-8` appended). */
function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}

/** Waits until the query is planned (or done), at most `maxWaitMs`. */
async function waitForPlanning(query: QueryExecution, maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  while ((query.state === 'QUEUED' || query.state === 'PLANNING') && !query.isDone) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      query.whenStateChanges(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, remaining);
      }),
    ]);
    clearTimeout(timer);
  }
}

/** Waits until rows are available, the query's state changes, or the time is up. */
async function waitForProgress(query: QueryExecution, pager: ResultPager, maxWaitMs: number): Promise<void> {
  if (pager.hasRows(query) || query.isDone) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  await Promise.race([query.results.whenReady(), query.whenStateChanges(), timeout]);
  clearTimeout(timer);
}

function render(
  request: FastifyRequest,
  query: QueryExecution,
  nextToken: number,
  data: Buffer | undefined,
  initial = false,
): Buffer {
  const base = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  // The POST's answer is never final: results and errors come on the GETs that follow (Presto).
  // A GET is final once the query is done and this answer carries the last of its rows (as in
  // Trino: no `nextUri` when the query is finished and its output drained), saving a round trip.
  const done = !initial && query.isDone && query.results.isDone();
  const response: Record<string, JsonValue> = {
    id: query.queryId,
    infoUri: `${base}/v1/query/${query.queryId}`,
  };
  if (initial) response.partialCancelUri = `${base}/v1/stage/${query.queryId}.0`;
  if (!done) response.nextUri = `${base}/v1/statement/${query.queryId}/${nextToken}`;
  if (query.columns) {
    response.columns = query.columns.map((c) => ({ name: c.name, type: formatType(c.type) }));
  }
  const head = stringifyJson(response);
  const tail: Record<string, JsonValue> = {};
  tail.stats = statementStats(query, done || query.state !== 'FINISHED' ? query.state : 'RUNNING');

  if (query.error && done) tail.error = errorObject(query.error);
  if (query.updateType && done) {
    tail.updateType = query.updateType;
    if (query.updateCount !== undefined) tail.updateCount = query.updateCount;
  }
  // `{head…` + `,"data":[…]` + `,tail…}`: the rows' bytes are spliced in without re-encoding.
  const parts: Buffer[] = [Buffer.from(head.slice(0, -1), 'utf8')];
  if (data) parts.push(Buffer.from(',"data":', 'latin1'), data);
  parts.push(Buffer.from(`,${stringifyJson(tail).slice(1)}`, 'utf8'));
  return Buffer.concat(parts);
}
