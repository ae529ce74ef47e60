/**
 * The coordinator's HTTP server: the statement resource today; the query, node, task and UI
 * resources join it in the cluster and client milestones. Built on Fastify.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { VERSION } from '../../common/version.js';
import type { LocalQueryRunner } from '../engine/local-query-runner.js';
import { registerStatementResource } from './statement-resource.js';

export interface CoordinatorServerOptions {
  readonly runner: LocalQueryRunner;
  readonly nodeId: string;
  readonly environment: string;
}

export function createCoordinatorServer(options: CoordinatorServerOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  const startTime = Date.now();
  registerStatementResource(app, options.runner);
  app.get('/v1/info', async () => ({
    nodeVersion: { version: VERSION },
    environment: options.environment,
    coordinator: true,
    starting: false,
    uptime: `${((Date.now() - startTime) / 1000).toFixed(2)}s`,
  }));
  return app;
}
