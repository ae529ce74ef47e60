/**
 * The node resource (spec §2.4, §4.3): `GET /v1/node` lists the failure detector's record of
 * every node it knows, `GET /v1/node/failed` those that failed the last check. Numbers are plain
 * JSON numbers, times ISO timestamps, `age` an airlift duration; `lastRequestTime` and
 * `lastResponseTime` are left out until there was a request or response (airlift omits nulls),
 * `lastFailureInfo` appears only on a node that has had a failure. The content type follows the
 * spec's sample (`text/javascript`, `Vary: Accept`) unless the caller asks for JSON by name.
 * The resource is open, so the failure's stack is sent only with `http-server.include-stack-traces`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FailureInfo, HeartbeatFailureDetector, NodeHealth } from '../cluster/failure-detector.js';
import { formatDuration, formatTimestamp } from '../protocol/airlift-format.js';

export interface NodeRecord {
  readonly uri: string;
  readonly recentRequests: number;
  readonly recentFailures: number;
  readonly recentSuccesses: number;
  readonly lastRequestTime?: string;
  readonly lastResponseTime?: string;
  readonly age: string;
  readonly recentFailureRatio: number;
  readonly recentFailuresByType: Record<string, number>;
  readonly lastFailureInfo?: {
    readonly type: string;
    readonly message: string;
    readonly stack: readonly string[];
    readonly suppressed: readonly unknown[];
  };
}

export function nodeRecord(health: NodeHealth, includeStack = false): NodeRecord {
  const failure = health.lastFailureInfo;
  return {
    uri: health.node.uri,
    recentRequests: health.recentRequests,
    recentFailures: health.recentFailures,
    recentSuccesses: health.recentSuccesses,
    ...(health.lastRequestTime !== undefined ? { lastRequestTime: formatTimestamp(health.lastRequestTime) } : {}),
    ...(health.lastResponseTime !== undefined ? { lastResponseTime: formatTimestamp(health.lastResponseTime) } : {}),
    age: formatDuration(health.ageMs),
    recentFailureRatio: health.recentFailureRatio,
    recentFailuresByType: Object.fromEntries(health.recentFailuresByType),
    ...(failure !== undefined ? { lastFailureInfo: includeStack ? failure : withoutStack(failure) } : {}),
  };
}

function withoutStack(failure: FailureInfo): FailureInfo {
  return { ...failure, stack: [], suppressed: failure.suppressed.map(withoutStack) };
}

function send(request: FastifyRequest, reply: FastifyReply, records: NodeRecord[]): FastifyReply {
  const accept = request.headers.accept ?? '';
  const contentType = accept.includes('application/json') ? 'application/json' : 'text/javascript';
  return reply.header('Vary', 'Accept').type(`${contentType}; charset=utf-8`).send(JSON.stringify(records));
}

export function registerNodeResource(
  app: FastifyInstance,
  detector: HeartbeatFailureDetector,
  includeStack = false,
): void {
  const record = (health: NodeHealth) => nodeRecord(health, includeStack);
  app.get('/v1/node', async (request, reply) => send(request, reply, detector.stats().map(record)));
  app.get('/v1/node/failed', async (request, reply) => send(request, reply, detector.failedStats().map(record)));
}
