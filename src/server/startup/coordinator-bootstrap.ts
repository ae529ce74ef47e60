/**
 * Starts a coordinator process's services: catalogs (`etc/catalog`), the metadata manager, the
 * query manager behind `/v1/statement`, and the cluster side — the discovery registry
 * and its resource, the heartbeat failure detector, the node manager and `/v1/node` — plus the
 * internal-request authentication when a shared secret is configured. The scheduler reaches the
 * active workers through `nodeManager` and other nodes through `httpClient`.
 */

import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { VERSION } from '../../common/version.js';
import { createCatalogManager } from '../../connectors/catalog/builtin-connectors.js';
import type { CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import { createSystemConnector } from '../../connectors/system/system-connector.js';
import { NodeMemoryPool } from '../../execution/memory-context.js';
import type { ConnectorFactory } from '../../spi/connector.js';
import { DiscoveryRegistry } from '../cluster/discovery-registry.js';
import { HeartbeatFailureDetector } from '../cluster/failure-detector.js';
import { NodeManager } from '../cluster/node-manager.js';
import { createCoordinatorServer } from '../coordinator/coordinator-server.js';
import { registerDiscoveryResource } from '../coordinator/discovery-resource.js';
import { registerNodeResource } from '../coordinator/node-resource.js';
import { catalogManagementConfig, catalogStoreOf } from '../metadata/catalog-management.js';
import { MetadataManager } from '../metadata/metadata-manager.js';
import { systemTables } from '../metadata/system-tables.js';
import { createClusterLogger } from '../protocol/cluster-log.js';
import {
  COORDINATOR_AUDIENCE,
  COORDINATOR_INTERNAL_ROUTES,
  installInternalAuthentication,
} from '../protocol/internal-auth.js';
import { InternalHttpClient } from '../protocol/internal-http-client.js';
import type { NodeConfig } from '../protocol/node-config.js';
import type { NodeInfo } from '../protocol/node-info.js';
import type { QueryExecution } from '../query/query-execution.js';
import { QueryManager } from '../query/query-manager.js';
import { createClusterAccess } from '../scheduler/cluster-access.js';
import { registerCoordinatorStatus } from '../security/coordinator-status.js';
import { NodeTransport } from '../security/node-transport.js';
import { QueryAccess } from '../security/query-access.js';
import { registerUiLogin } from '../security/ui-login.js';
import { IdleMemoryRelease } from '../worker/idle-memory.js';

export interface CoordinatorBootstrapOptions {
  /** Extra routes (e.g. the scheduler's), registered after authentication is installed. */
  readonly registerRoutes?: (app: FastifyInstance, coordinator: CoordinatorServices) => void;
  readonly logger?: Logger;
  /** Connector factories besides the built-in ones (plug-ins), for `etc/catalog` to name. */
  readonly connectorFactories?: readonly ConnectorFactory[];
}

/** What the coordinator's parts share. */
export interface CoordinatorServices {
  readonly config: NodeConfig;
  readonly catalogs: CatalogManager;
  readonly metadata: MetadataManager;
  readonly runner: QueryManager;
  readonly registry: DiscoveryRegistry;
  readonly detector: HeartbeatFailureDetector;
  readonly nodeManager: NodeManager;
  /** Pooled, signed client for requests to workers. */
  readonly httpClient: InternalHttpClient;
  readonly logger: Logger;
  /** TLS, authentication and access control (issue 17). */
  readonly transport: NodeTransport;
}

export interface RunningCoordinator extends CoordinatorServices {
  readonly url: string;
  /** The HTTPS address when HTTPS is on (issue 17). */
  readonly httpsUrl: string | undefined;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

export async function startCoordinator(
  config: NodeConfig,
  options: CoordinatorBootstrapOptions = {},
): Promise<RunningCoordinator> {
  const logger = options.logger ?? createClusterLogger('coordinator', config.nodeId);
  // Security settings first: a broken one stops the start before anything listens.
  const transport = new NodeTransport(config, logger);
  const catalogManagement = catalogManagementConfig(config.etcDirectory, config.properties);
  const catalogDirectory = catalogManagement.loadFiles ? catalogManagement.configDirectory : undefined;
  const catalogs = createCatalogManager({
    nodeId: config.nodeId,
    catalogDirectory: catalogDirectory !== undefined && existsSync(catalogDirectory) ? catalogDirectory : undefined,
    ...(config.dataDirectory !== undefined && { dataDirectory: config.dataDirectory }),
    extraFactories: options.connectorFactories,
  });
  // No warm-up here (workers do it): with workers the coordinator reads no tpch data, and without
  // them the background work would compete with the first queries of a single-process server.
  const metadata = new MetadataManager(catalogs);
  const httpClient = new InternalHttpClient({
    nodeId: config.nodeId,
    sharedSecret: config.sharedSecret,
    trustedCertificates: transport.trustedCertificates,
  });
  // The node manager is built below; until then no worker is active.
  let activeWorkers: () => readonly NodeInfo[] = () => [];
  // Once no query runs, the coordinator gives the memory its queries freed back to the system.
  let runnerIdle: () => boolean = () => true;
  const idleMemory = new IdleMemoryRelease(() => runnerIdle(), config.releaseMemoryWhenIdle);
  // The runner's queries, for the access control's filter of system.runtime (set once it exists).
  let runnerQueries: () => readonly QueryExecution[] = () => [];
  const runner = new QueryManager({
    metadata,
    // catalog.management=dynamic (Vivace's default): CREATE CATALOG writes etc/catalog/<name>.properties
    catalogStore: catalogStoreOf(catalogManagement),
    queryMaxMemoryBytes: config.queryMaxMemoryBytes,
    // What the coordinator runs itself (no workers, coordinator-only tables) has a node's ceiling too.
    nodeMemory: new NodeMemoryPool(config.queryMaxMemoryPerNodeBytes, config.nodeId),
    nodeId: config.nodeId,
    queryManagement: { ...config.queryManagement, onIdle: () => idleMemory.becameIdle() },
    logger,
    // Only a configured access control is asked; without one nothing is checked, as before.
    accessControl: transport.security.statementAccessControl(() => runnerQueries()),
    cluster: createClusterAccess(httpClient, () => activeWorkers(), config.includeCoordinator),
  });
  runnerIdle = () => runner.isIdle();
  runnerQueries = () => runner.list();
  // Pings get their own pool and a short time-out so a paused node can't hold up other traffic.
  // They read the open `/v1/info/state` and so carry no token: a node gets tokens only in requests
  // for internal resources, and only once its announcement proved it holds the secret.
  const pingClient = new InternalHttpClient({
    nodeId: config.nodeId,
    sharedSecret: undefined,
    timeoutMs: config.heartbeatTimeoutMs,
    connectionsPerOrigin: 4,
    trustedCertificates: transport.trustedCertificates,
  });
  const registry = new DiscoveryRegistry(config.environment, config.discoveryMaxAgeMs);
  const detector = new HeartbeatFailureDetector({
    ping: async (node) => {
      // GET, not HEAD: undici closes the connection after every HEAD, so each ping (two a second
      // per node) opened a new one — 10 % of an idle coordinator's core.
      await pingClient.request(`${node.uri}/v1/info/state`);
    },
    heartbeatIntervalMs: config.heartbeatIntervalMs,
    threshold: config.failureThreshold,
    warmupMs: config.warmupMs,
    recoveryMs: config.recoveryMs,
    expirationGraceMs: config.expirationGraceMs,
  });
  const nodeManager = new NodeManager(registry, detector, VERSION);
  activeWorkers = () => nodeManager.activeWorkers();
  let selfUri = '';
  catalogs.addCatalog({
    name: 'system',
    connectorName: 'system',
    properties: {},
    connector: createSystemConnector(
      systemTables({
        metadata,
        queries: () => runner.list(),
        connectorName: (catalog) => catalogs.getCatalog(catalog)?.connectorName ?? '',
        nodes: () => {
          const active = new Set(nodeManager.activeWorkers().map((node) => node.nodeId));
          return [
            { nodeId: config.nodeId, uri: selfUri, version: VERSION, coordinator: true, state: 'active' },
            ...nodeManager
              .allNodes()
              .filter((node) => !node.coordinator)
              .map((node) => ({
                nodeId: node.nodeId,
                uri: node.uri,
                version: node.version,
                coordinator: false,
                state: active.has(node.nodeId) ? 'active' : 'inactive',
              })),
          ];
        },
      }),
    ),
  });
  const services: CoordinatorServices = {
    config,
    catalogs,
    metadata,
    runner,
    registry,
    detector,
    nodeManager,
    httpClient,
    logger,
    transport,
  };
  nodeManager.onChange((active) => {
    logger.info({ activeWorkers: active.map((node) => `${node.nodeId}@${node.uri}`) }, 'active workers changed');
  });

  const app = createCoordinatorServer({
    runner,
    nodeId: config.nodeId,
    environment: config.environment,
    timeouts: config.httpServer,
    uris: config.httpServer,
    includeStackTraces: config.httpServer.includeStackTraces,
    logger,
    queryAccess: new QueryAccess(transport.security.accessControl),
    workers: {
      activeWorkers: () => nodeManager.activeWorkers().length,
      failedWorkers: () => detector.failedStats().length,
    },
    configure: (server) => {
      installInternalAuthentication(
        server,
        config.sharedSecret,
        COORDINATOR_INTERNAL_ROUTES,
        (audience) => audience === COORDINATOR_AUDIENCE,
      );
      transport.security.installAuthentication(server, COORDINATOR_INTERNAL_ROUTES);
      registerUiLogin(server, transport.security);
      registerCoordinatorStatus(server, config, transport.security);
      registerDiscoveryResource(server, registry);
      registerNodeResource(server, detector, config.httpServer.includeStackTraces);
      options.registerRoutes?.(server, services);
    },
  });
  const addresses = await transport.listen(app);
  runner.coordinatorUri = addresses.internalUrl;
  selfUri = runner.coordinatorUri;
  registry.start();
  detector.start();
  // Expired announcements are noticed by the registry's sweep; a disabled monitor is forgotten
  // after the grace interval, which only a membership refresh notices, so refresh periodically.
  const refresher = setInterval(() => detector.updateNodes(registry.nodes()), 5000);
  refresher.unref();
  return {
    ...services,
    url: addresses.url,
    httpsUrl: addresses.httpsUrl,
    app,
    async close() {
      clearInterval(refresher);
      detector.stop();
      registry.stop();
      nodeManager.close();
      runner.close();
      idleMemory.close();
      await app.close();
      await Promise.all([httpClient.close(), pingClient.close(), transport.security.close()]);
    },
  };
}
