/**
 * The statement resource (spec §2.1, §4.1): `POST /v1/statement` submits SQL, `GET` on the
 * returned `nextUri` pages through the results, `DELETE` cancels. Presto's protocol: every
 * response carries the query id, `infoUri`, `stats`, the `columns` once known, rows in `data`,
 * and a `nextUri` until the query is done; an error arrives as `error` in a 200 response. A token
 * in the URI numbers the responses: the same token again returns the same response.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VivaceError } from '../../common/vivace-error.js';
import { type JsonValue, jsonEncoderFor, stringifyJson } from '../../data/json-values.js';
import { formatType } from '../../types/type-signature.js';
import type { QueryExecution, QuerySession } from '../engine/query-execution.js';
import { errorObject } from './error-json.js';
import { statementStats } from './query-info.js';

export interface QuerySubmitter {
  submit(sql: string, session: QuerySession): QueryExecution;
  get(queryId: string): QueryExecution | undefined;
}

/** Rows per response are cut at about this many bytes of JSON (Presto's 1 MB target). */
const TARGET_RESULT_BYTES = 1024 * 1024;
const MAX_WAIT_MS = 1000;

interface CachedResponse {
  readonly token: number;
  readonly body: string;
}

export function registerStatementResource(app: FastifyInstance, queries: QuerySubmitter): void {
  const lastResponse = new Map<string, CachedResponse>();

  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/v1/statement', async (request, reply) => {
    const sql = typeof request.body === 'string' ? request.body : '';
    if (sql.trim() === '') {
      return reply.code(400).type('text/plain').send('SQL statement is empty');
    }
    const session = sessionFromHeaders(request);
    const query = queries.submit(sql, session);
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
    await waitForProgress(query, MAX_WAIT_MS);
    const data = takeRows(query);
    const body = render(request, query, tokenNumber + 1, data);
    lastResponse.set(queryId, { token: tokenNumber, body });
    if (query.isDone) addSessionHeaders(reply, query);
    return sendJson(reply, body);
  });

  app.delete('/v1/statement/:queryId/:token', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    queries.get(queryId)?.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    return reply.code(204).send();
  });
}

/** Session changes of a finished statement (USE), as Presto's Set-Catalog/Set-Schema headers. */
function addSessionHeaders(reply: FastifyReply, query: QueryExecution): void {
  if (query.setCatalog !== undefined) reply.header('X-Service-Set-Catalog', query.setCatalog);
  if (query.setSchema !== undefined) reply.header('X-Service-Set-Schema', query.setSchema);
  // One header line per property (an array value makes Fastify repeat the header).
  const set = [...query.setSessionProperties].map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (set.length > 0) reply.header('X-Service-Set-Session', set);
  if (query.resetSessionProperties.length > 0)
    reply.header('X-Service-Clear-Session', [...query.resetSessionProperties]);
}

/** `Content-Type: application/json` exactly (a string body would get `; charset=utf-8` appended). */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(body, 'utf8'));
}

function sessionFromHeaders(request: FastifyRequest): QuerySession {
  const header = (name: string) => {
    const value = request.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    user: header('X-Service-User') ?? 'anonymous',
    source: header('X-Service-Source'),
    catalog: header('X-Service-Catalog'),
    schema: header('X-Service-Schema'),
    timeZone: header('X-Service-Time-Zone') ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
    properties: sessionProperties(request.headers['x-service-session']),
  };
}

/** `X-Service-Session: a=1, b=x%2Cy` (the header may repeat): name → URL-decoded value. */
function sessionProperties(header: string | string[] | undefined): Record<string, string> {
  const properties: Record<string, string> = {};
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const pair of values.flatMap((v) => v.split(','))) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    properties[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return properties;
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
async function waitForProgress(query: QueryExecution, maxWaitMs: number): Promise<void> {
  if (query.results.bufferedPages > 0 || query.isDone) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  await Promise.race([query.results.whenReady(), query.whenStateChanges(), timeout]);
  clearTimeout(timer);
}

/** Encodes buffered pages into JSON rows, up to about the target size. */
function takeRows(query: QueryExecution): JsonValue[][] | undefined {
  const columns = query.columns;
  if (!columns) return undefined;
  const encoders = columns.map((c) => jsonEncoderFor(c.type));
  const rows: JsonValue[][] = [];
  let bytes = 0;
  while (bytes < TARGET_RESULT_BYTES) {
    const page = query.results.poll();
    if (!page) break;
    for (let position = 0; position < page.positionCount; position++) {
      const row = new Array<JsonValue>(encoders.length);
      for (let c = 0; c < encoders.length; c++) row[c] = encoders[c]!(page.blocks[c]!, position);
      rows.push(row);
    }
    bytes += page.positionCount * 16 * encoders.length;
  }
  return rows.length > 0 ? rows : undefined;
}

function render(
  request: FastifyRequest,
  query: QueryExecution,
  nextToken: number,
  data: JsonValue[][] | undefined,
  initial = false,
): string {
  const base = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  // The POST's answer is never final: results and errors come on the GETs that follow (Presto).
  const done = !initial && query.isDone && query.results.isDone() && data === undefined;
  const response: Record<string, JsonValue> = {
    id: query.queryId,
    infoUri: `${base}/v1/query/${query.queryId}`,
  };
  if (initial) response.partialCancelUri = `${base}/v1/stage/${query.queryId}.0`;
  if (!done) response.nextUri = `${base}/v1/statement/${query.queryId}/${nextToken}`;
  if (query.columns) {
    response.columns = query.columns.map((c) => ({ name: c.name, type: formatType(c.type) }));
  }
  if (data) response.data = data;
  response.stats = statementStats(query, done || query.state !== 'FINISHED' ? query.state : 'RUNNING');

  if (query.error && done) response.error = errorObject(query.error);
  if (query.updateType && done) {
    response.updateType = query.updateType;
    if (query.updateCount !== undefined) response.updateCount = query.updateCount;
  }
  return stringifyJson(response);
}
