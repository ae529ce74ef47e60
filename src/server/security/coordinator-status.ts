/**
 * `GET /v1/status` on the coordinator (issue 17): the node's own figures, among them the count of
 * requests refused for wrong or malformed credentials, so an operator sees a password-guessing
 * run. Like Trino's status resource it is system information (node-security.ts checks the
 * system information rules); a worker's `/v1/status` carries the same counter.
 */
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../common/version.js';
import { formatDuration } from '../protocol/airlift-format.js';
import type { NodeSecurity } from './node-security.js';

export function registerCoordinatorStatus(
  app: FastifyInstance,
  node: { readonly nodeId: string; readonly environment: string },
  security: NodeSecurity,
): void {
  const startTime = Date.now();
  app.get('/v1/status', async () => ({
    nodeId: node.nodeId,
    nodeVersion: { version: VERSION },
    environment: node.environment,
    coordinator: true,
    uptime: formatDuration(Date.now() - startTime),
    failedAuthentications: security.failedAuthentications,
  }));
}
