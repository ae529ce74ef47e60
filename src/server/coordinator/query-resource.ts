/**
 * The query resource (spec §4.4): `GET /v1/query` lists every query the coordinator knows,
 * running and recent (optionally `?state=RUNNING`), `GET /v1/query/{queryId}` returns one query
 * record (§2.5) with its stage tree, `DELETE /v1/query/{queryId}` cancels the query (204) —
 * the way several Presto clients and the web UI cancel — and `DELETE /v1/stage/{stageId}` stops a
 * query's output early (partial cancel).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VivaceError } from '../../common/vivace-error.js';
import type { QueryExecution } from '../engine/query-execution.js';
import { queryListEntry, queryRecord } from './query-info.js';

export interface QueryDirectory {
  get(queryId: string): QueryExecution | undefined;
  list(): QueryExecution[];
}

/** `http://host:port` as the client addressed us. */
export function requestBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}

/** `Content-Type: application/json` exactly (a string body would get `; charset=utf-8` appended). */
function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .send(Buffer.from(JSON.stringify(value), 'utf8'));
}

export function registerQueryResource(app: FastifyInstance, queries: QueryDirectory): void {
  app.get('/v1/query', async (request, reply) => {
    const { state } = request.query as { state?: string };
    const wanted = state?.toUpperCase();
    const base = requestBase(request);
    const entries = queries
      .list()
      .filter((query) => wanted === undefined || query.state === wanted)
      .sort((a, b) => a.createTime - b.createTime)
      .map((query) => queryListEntry(query, base));
    return sendJson(reply, entries);
  });

  app.get('/v1/query/:queryId', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    const query = queries.get(queryId);
    if (!query) return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    return sendJson(reply, queryRecord(query, requestBase(request)));
  });

  // Partial cancel (the statement's `partialCancelUri`): the client has seen enough rows; the
  // stage stops producing and the query finishes with what it sent.
  app.delete('/v1/stage/:stageId', async (request, reply) => {
    const { stageId } = request.params as { stageId: string };
    const dot = stageId.lastIndexOf('.');
    const query = dot > 0 ? queries.get(stageId.slice(0, dot)) : undefined;
    if (!query) return reply.code(404).type('text/plain').send(`Stage not found: ${stageId}`);
    query.stopEarly();
    return reply.code(204).send();
  });

  app.delete('/v1/query/:queryId', async (request, reply) => {
    const { queryId } = request.params as { queryId: string };
    const query = queries.get(queryId);
    if (!query) return reply.code(404).type('text/plain').send(`Query not found: ${queryId}`);
    query.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    return reply.code(204).send();
  });
}
