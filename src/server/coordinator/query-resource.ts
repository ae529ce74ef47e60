/**
 * The query resource (spec §4.4): `GET /v1/query` lists every query the coordinator knows,
 * running and recent (optionally `?state=RUNNING`), `GET /v1/query/{queryId}` returns one query
 * record (§2.5) with its stage tree, `DELETE /v1/query/{queryId}` cancels the query (204) —
 * the way several Presto clients and the web UI cancel — and `DELETE /v1/stage/{stageId}` stops a
 * query's output early (partial cancel). URIs are built by client-uris.ts (never from the Host
 * header); stacks are left out unless `http-server.include-stack-traces` is on. Whose queries a
 * request may list, read and cancel follows the query rules (issue 17, security/query-access.ts):
 * others' queries are left out of the list and answer 403.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VivaceError } from '../../common/vivace-error.js';
import { ALLOW_ALL_ACCESS_CONTROL } from '../../spi/access-control.js';
import type { QueryExecution } from '../query/query-execution.js';
import { QueryAccess } from '../security/query-access.js';
import { type ClientUriSettings, clientBaseUri } from './client-uris.js';
import { queryListEntry, queryRecord } from './query-info.js';

export interface QueryDirectory {
  get(queryId: string): QueryExecution | undefined;
  list(): QueryExecution[];
}

/** `Content-Type: application/json` exactly (a string body would get `; charset=utf-8` appended). */
function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .send(Buffer.from(JSON.stringify(value), 'utf8'));
}

export interface QueryResourceOptions {
  readonly uris?: ClientUriSettings;
  readonly includeStackTraces?: boolean;
  /** Whose queries a request may see and cancel (issue 17): the query rules; everyone by default. */
  readonly access?: QueryAccess;
}

const CANNOT_VIEW = 'Access Denied: Cannot view query';
const CANNOT_KILL = 'Access Denied: Cannot kill query';

export function registerQueryResource(
  app: FastifyInstance,
  queries: QueryDirectory,
  options: QueryResourceOptions = {},
): void {
  const includeStack = options.includeStackTraces ?? false;
  const access = options.access ?? new QueryAccess(ALLOW_ALL_ACCESS_CONTROL);
  const baseOf = (request: FastifyRequest) => clientBaseUri(request, options.uris);
  app.get('/v1/query', async (request, reply) => {
    const { state } = request.query as { state?: string };
    const wanted = state?.toUpperCase();
    const base = baseOf(request);
    const entries = queries
      .list()
      .filter((query) => (wanted === undefined || query.state === wanted) && access.canView(request, query))
      .sort((a, b) => a.createTime - b.createTime)
      .map((query) => queryListEntry(query, base, includeStack));
    return sendJson(reply, entries);
  });

  app.get('/v1/query/:queryId', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    const query = queries.get(queryId);
    if (!query) return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    if (!access.canView(request, query)) return reply.code(403).type('text/plain').send(CANNOT_VIEW);
    return sendJson(reply, queryRecord(query, baseOf(request), includeStack));
  });

  // Partial cancel (the statement's `partialCancelUri`): the client has seen enough rows; the
  // stage stops producing and the query finishes with what it sent.
  app.delete('/v1/stage/:stageId', async (request, reply) => {
    const { stageId } = request.params as { stageId: string };
    const dot = stageId.lastIndexOf('.');
    const query = dot > 0 ? queries.get(stageId.slice(0, dot)) : undefined;
    if (!query) return reply.code(404).type('text/plain').send(`Stage not found: ${stageId}`);
    if (!access.canKill(request, query)) return reply.code(403).type('text/plain').send(CANNOT_KILL);
    query.stopEarly();
    return reply.code(204).send();
  });

  app.delete('/v1/query/:queryId', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    const query = queries.get(queryId);
    if (!query) return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    if (!access.canKill(request, query)) return reply.code(403).type('text/plain').send(CANNOT_KILL);
    query.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    return reply.code(204).send();
  });
}
