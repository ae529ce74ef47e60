/**
 * A worker process's HTTP server and lifecycle: `/v1/info` and `/v1/info/state` (open, read by the
 * failure detector's pings and by operators), `/v1/status` (internal), the internal-request
 * authentication (tokens must name this worker's announced origin as their audience), and the
 * announcer that keeps the worker in the coordinator's discovery registry. Resources such as the task resource plug in through `registerRoutes` (see
 * worker-routes.ts, worker-context.ts); they are registered after authentication, so they are internal by default.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { VERSION } from '../../common/version.js';
import { VivaceError } from '../../common/vivace-error.js';
import { createCatalogManager } from '../../connectors/catalog/builtin-connectors.js';
import { NodeMemoryPool } from '../../execution/memory-context.js';
import type { ConnectorFactory } from '../../spi/connector.js';
import { Announcer } from '../cluster/announcer.js';
import { catalogManagementConfig } from '../metadata/catalog-management.js';
import { formatDataSize, formatDuration } from '../protocol/airlift-format.js';
import { createClusterLogger } from '../protocol/cluster-log.js';
import { createNodeHttpServer, logHandlerErrors } from '../protocol/http-server.js';
import { audienceOf, installInternalAuthentication, WORKER_INTERNAL_ROUTES } from '../protocol/internal-auth.js';
import { InternalHttpClient } from '../protocol/internal-http-client.js';
import type { NodeConfig } from '../protocol/node-config.js';
import type { NodeInfo } from '../protocol/node-info.js';
import type { NodeSecurity } from '../security/node-security.js';
import { NodeTransport } from '../security/node-transport.js';
import type { WorkerContext, WorkerRouteRegistrar } from './worker-context.js';
import { defaultWorkerRoutes } from './worker-routes.js';

export interface WorkerOptions {
  /** Resources to add; defaults to `defaultWorkerRoutes` (worker-routes.ts). */
  readonly registerRoutes?: readonly WorkerRouteRegistrar[];
  readonly logger?: Logger;
  /** Connector factories besides the built-in ones (plug-ins), for `etc/catalog` to name. */
  readonly connectorFactories?: readonly ConnectorFactory[];
}

export interface RunningWorker {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly context: WorkerContext;
  readonly node: NodeInfo;
  readonly announcer: Announcer;
  /** Withdraws the announcement and closes the server. */
  close(): Promise<void>;
}

/** Builds the worker's Fastify app (not yet listening). */
export function createWorkerServer(
  context: WorkerContext,
  routes: readonly WorkerRouteRegistrar[],
  security?: NodeSecurity,
): FastifyInstance {
  const { config } = context;
  const app = createNodeHttpServer(64 * 1024 * 1024, config.httpServer);
  logHandlerErrors(app, context.logger);
  const startTime = Date.now();
  installInternalAuthentication(
    app,
    config.sharedSecret,
    WORKER_INTERNAL_ROUTES,
    (audience) => audience === audienceOf(context.baseUrl()),
  );
  // Users reading task records (issue 17) authenticate as on the coordinator.
  security?.installAuthentication(app, WORKER_INTERNAL_ROUTES);
  app.get('/v1/info', async () => ({
    nodeVersion: { version: VERSION },
    environment: config.environment,
    coordinator: false,
    starting: false,
    uptime: formatDuration(Date.now() - startTime),
  }));
  // Presto answers with the JSON string, which clients parse.
  app.get('/v1/info/state', async (_request, reply) => reply.type('application/json').send('"ACTIVE"'));
  app.get('/v1/status', async () => {
    const memory = process.memoryUsage();
    const pool = context.memory;
    return {
      nodeId: config.nodeId,
      nodeVersion: { version: VERSION },
      environment: config.environment,
      coordinator: false,
      uptime: formatDuration(Date.now() - startTime),
      externalAddress: config.httpHost,
      internalAddress: config.httpHost,
      processors: cpus().length,
      heapUsed: formatDataSize(memory.heapUsed),
      heapAvailable: formatDataSize(memory.heapTotal),
      nonHeapUsed: formatDataSize(Math.max(0, memory.rss - memory.heapTotal)),
      // The process's resident set in bytes: what the operating system sees.
      residentBytes: memory.rss,
      // Requests refused for wrong or malformed credentials (issue 17).
      failedAuthentications: security?.failedAuthentications ?? 0,
      queryMaxMemoryPerNode: formatDataSize(config.queryMaxMemoryPerNodeBytes),
      // Presto's memoryInfo: the node's one pool, what it holds and which queries hold it.
      memoryInfo: {
        availableProcessors: cpus().length,
        pools: {
          general: {
            maxBytes: pool.limitBytes,
            reservedBytes: pool.reservedBytes,
            freeBytes: Math.max(0, pool.limitBytes - pool.reservedBytes),
            peakBytes: pool.peakBytes,
            queryMemoryReservations: Object.fromEntries(
              pool.queryReservations().map((query) => [query.queryId, query.reservedBytes]),
            ),
          },
        },
      },
    };
  });
  for (const register of routes) register(app, context);
  return app;
}

/** Starts a worker: catalogs, the HTTP server, then announcements to `discovery.uri`. */
export async function startWorker(config: NodeConfig, options: WorkerOptions = {}): Promise<RunningWorker> {
  if (config.discoveryUri === undefined) {
    throw new VivaceError('CONFIGURATION_INVALID', 'a worker needs discovery.uri (or --discovery-uri)');
  }
  const logger = options.logger ?? createClusterLogger('worker', config.nodeId);
  const catalogManagement = catalogManagementConfig(config.etcDirectory, config.properties);
  const catalogDirectory = catalogManagement.loadFiles ? catalogManagement.configDirectory : undefined;
  const catalogs = createCatalogManager({
    nodeId: config.nodeId,
    catalogDirectory: catalogDirectory !== undefined && existsSync(catalogDirectory) ? catalogDirectory : undefined,
    ...(config.dataDirectory !== undefined && { dataDirectory: config.dataDirectory }),
    extraFactories: options.connectorFactories,
  });
  // In the background: a connector that built its caches inside a task could stall the event loop
  // long enough to miss heartbeats.
  void catalogs.warmUp();
  const transport = new NodeTransport(config, logger);
  const httpClient = new InternalHttpClient({
    nodeId: config.nodeId,
    sharedSecret: config.sharedSecret,
    trustedCertificates: transport.trustedCertificates,
  });
  let url = '';
  const memory = new NodeMemoryPool(config.queryMaxMemoryPerNodeBytes, config.nodeId);
  const context: WorkerContext = { config, catalogs, httpClient, logger, memory, baseUrl: () => url };
  const app = createWorkerServer(context, options.registerRoutes ?? defaultWorkerRoutes, transport.security);
  // With internal HTTPS the worker announces (and is addressed at) its HTTPS address.
  url = (await transport.listen(app)).internalUrl;
  const node: NodeInfo = {
    nodeId: config.nodeId,
    serviceId: randomUUID(),
    uri: url,
    version: VERSION,
    environment: config.environment,
    coordinator: false,
  };
  let lastError = '';
  const announcer = new Announcer({
    client: httpClient,
    discoveryUri: config.discoveryUri,
    node,
    intervalMs: config.announcementIntervalMs,
    onError: (error) => {
      // Log a failure once until it changes, not on every retry.
      if (error.message !== lastError) logger.warn({ err: error.message }, 'announcement failed; retrying');
      lastError = error.message;
    },
  });
  announcer.start();
  return {
    url,
    app,
    context,
    node,
    announcer,
    async close() {
      await announcer.stop();
      await app.close();
      await Promise.all([httpClient.close(), transport.security.close()]);
    },
  };
}
