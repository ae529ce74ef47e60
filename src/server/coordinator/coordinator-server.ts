/**
 * The coordinator's HTTP server (Fastify): the statement, query, cluster-summary and info
 * resources and the web UI; the cluster's own resources (discovery, node) come in through
 * `configure`.
 */
import { availableParallelism } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { VERSION } from '../../common/version.js';
import type { LocalQueryRunner } from '../engine/local-query-runner.js';
import { registerClusterResource } from './cluster-resource.js';
import { registerQueryResource } from './query-resource.js';
import { registerStatementResource } from './statement-resource.js';
import { registerUiRoutes } from './ui-routes.js';

/** The cluster membership the summary resource reports; a coordinator without workers by default. */
export interface WorkerCounts {
  activeWorkers(): number;
  failedWorkers(): number;
}

export interface CoordinatorServerOptions {
  readonly runner: LocalQueryRunner;
  readonly nodeId: string;
  readonly environment: string;
  /** Runs before the built-in routes: hooks (internal authentication) and the cluster's resources. */
  readonly configure?: (app: FastifyInstance) => void;
  /** Feeds `GET /v1/cluster`'s worker figures. */
  readonly workers?: WorkerCounts;
  /** The built web UI served at `/ui/` (see ui-routes.ts for the default). */
  readonly uiDirectory?: string;
}

export function createCoordinatorServer(options: CoordinatorServerOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  const startTime = Date.now();
  options.configure?.(app);
  registerStatementResource(app, options.runner);
  registerQueryResource(app, options.runner);
  const workers = options.workers;
  registerClusterResource(app, {
    queries: () => options.runner.list(),
    activeWorkers: () => workers?.activeWorkers() ?? 0,
    failedWorkers: () => workers?.failedWorkers() ?? 0,
    availableProcessors: () => availableParallelism(),
  });
  registerUiRoutes(app, { directory: options.uiDirectory });
  app.get('/v1/info', async () => ({
    nodeVersion: { version: VERSION },
    environment: options.environment,
    coordinator: true,
    starting: false,
    uptime: `${((Date.now() - startTime) / 1000).toFixed(2)}s`,
  }));
  return app;
}
