/**
 * The coordinator's HTTP server: the statement, query, cluster and info resources and the web UI
 * (the cluster's resources join through `configure`). Built on Fastify by cluster/http-server.ts
 * (time-outs for slow clients, one spelling per path); errors that escape a handler are logged
 * with their stack and answered without it.
 */
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { VERSION } from '../../common/version.js';
import { createNodeHttpServer, type HttpServerTimeouts, logHandlerErrors } from '../protocol/http-server.js';
import type { QueryManager } from '../query/query-manager.js';
import type { QueryAccess } from '../security/query-access.js';
import type { ClientUriSettings } from './client-uris.js';
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
  readonly runner: QueryManager;
  readonly nodeId: string;
  readonly environment: string;
  /** Runs before the built-in routes: hooks (internal authentication) and the cluster's resources. */
  readonly configure?: (app: FastifyInstance) => void;
  /** Feeds `GET /v1/cluster`'s worker figures. */
  readonly workers?: WorkerCounts;
  /** The built web UI served at `/ui/` (see ui-routes.ts for the default). */
  readonly uiDirectory?: string;
  /** Limits on slow clients (defaults: http-server.ts). */
  readonly timeouts?: HttpServerTimeouts;
  /** Where URIs sent to clients point (client-uris.ts); the connection's local address by default. */
  readonly uris?: ClientUriSettings;
  /** Send stack traces to clients (`http-server.include-stack-traces`). */
  readonly includeStackTraces?: boolean;
  /** Where errors escaping a handler are logged. */
  readonly logger?: Logger;
  /** Whose queries a request may page, see and cancel (issue 17); everyone's by default. */
  readonly queryAccess?: QueryAccess;
}

export function createCoordinatorServer(options: CoordinatorServerOptions): FastifyInstance {
  const app = createNodeHttpServer(10 * 1024 * 1024, options.timeouts);
  if (options.logger) logHandlerErrors(app, options.logger);
  const startTime = Date.now();
  options.configure?.(app);
  const resourceOptions = {
    uris: options.uris,
    includeStackTraces: options.includeStackTraces,
    access: options.queryAccess,
  };
  registerStatementResource(app, options.runner, resourceOptions);
  registerQueryResource(app, options.runner, resourceOptions);
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
