/**
 * The results of a task's output buffers (spec §4.2), pulled by consumer tasks and the
 * coordinator: `GET /v1/task/{taskId}/results/{bufferId}/{token}` returns the pages from sequence
 * `token` on (at most `X-Service-Max-Size`, default 16MB, at least one page), waiting up to about a
 * second when none is there yet, with `X-Service-Page-Sequence-Id` (the token),
 * `X-Service-Page-End-Sequence-Id` (the next token), `X-Service-Buffer-Complete` and
 * `X-Service-Task-Instance-Id`. Asking for token N acknowledges the pages before N, the same token
 * again returns the same pages; `GET .../{token}/acknowledge` acknowledges without reading;
 * `DELETE .../results/{bufferId}` says the consumer is done. A results request for a task not yet
 * created waits for it (up to about a second) — a query's tasks are created all at once — and is
 * then a 404.
 */
import type { FastifyInstance } from 'fastify';
import type { OutputBuffer } from '../../execution/exchange/output-buffer.js';
import { parseDataSize } from '../protocol/airlift-format.js';
import { framePages, PAGES_CONTENT_TYPE } from './results-framing.js';

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const MAX_WAIT_MS = 1000;

/** The task's output, waiting up to `maxWaitMs` for a task not yet created (0: no wait). */
export type TaskOutputLookup = (
  taskId: string,
  maxWaitMs: number,
) => Promise<{ outputBuffer: OutputBuffer; instanceId: string } | undefined>;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function registerTaskResultsRoute(app: FastifyInstance, lookup: TaskOutputLookup): void {
  app.get('/v1/task/:taskId/results/:bufferId/:token', async (request, reply) => {
    const { taskId, bufferId, token } = request.params as { taskId: string; bufferId: string; token: string };
    const task = await lookup(taskId, MAX_WAIT_MS);
    if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
    const sequence = Number(token);
    if (!Number.isInteger(sequence) || sequence < 0) {
      return reply.code(400).type('text/plain').send(`Invalid token: ${token}`);
    }
    let maxBytes = DEFAULT_MAX_BYTES;
    const maxSize = header(request.headers['x-service-max-size']);
    if (maxSize !== undefined) {
      try {
        maxBytes = parseDataSize(maxSize);
      } catch {
        return reply.code(400).type('text/plain').send(`Invalid X-Service-Max-Size: ${maxSize}`);
      }
    }
    let result: Awaited<ReturnType<OutputBuffer['get']>>;
    try {
      result = await task.outputBuffer.get(bufferId, sequence, maxBytes, MAX_WAIT_MS);
    } catch (e) {
      return reply
        .code(404)
        .type('text/plain')
        .send(e instanceof Error ? e.message : String(e));
    }
    return reply
      .code(200)
      .header('Content-Type', PAGES_CONTENT_TYPE)
      .header('X-Service-Task-Instance-Id', task.instanceId)
      .header('X-Service-Page-Sequence-Id', String(result.token))
      .header('X-Service-Page-End-Sequence-Id', String(result.nextToken))
      .header('X-Service-Buffer-Complete', String(result.bufferComplete))
      .send(framePages(result.pages));
  });

  app.get('/v1/task/:taskId/results/:bufferId/:token/acknowledge', async (request, reply) => {
    const { taskId, bufferId, token } = request.params as { taskId: string; bufferId: string; token: string };
    const task = await lookup(taskId, 0);
    if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
    task.outputBuffer.acknowledgeTo(bufferId, Number(token));
    return reply.code(204).send();
  });

  app.delete('/v1/task/:taskId/results/:bufferId', async (request, reply) => {
    const { taskId, bufferId } = request.params as { taskId: string; bufferId: string };
    const task = await lookup(taskId, 0);
    if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
    task.outputBuffer.destroy(bufferId);
    return reply.code(204).send();
  });
}
