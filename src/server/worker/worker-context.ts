/**
 * What a worker's resources share, and the shape of a resource plug-in. Kept apart from the
 * server so plug-ins (worker-routes.ts, the task resource) don't import the server module.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import type { NodeMemoryPool } from '../../execution/memory-context.js';
import type { InternalHttpClient } from '../protocol/internal-http-client.js';
import type { NodeConfig } from '../protocol/node-config.js';

export interface WorkerContext {
  readonly config: NodeConfig;
  readonly catalogs: CatalogManager;
  /** Pooled, signed client for requests to other nodes (exchanges). */
  readonly httpClient: InternalHttpClient;
  readonly logger: Logger;
  /** The memory every query on this worker reserves from (`query.max-memory-per-node`). */
  readonly memory: NodeMemoryPool;
  /** This worker's base URL, known once the server listens (`http://host:port`). */
  baseUrl(): string;
}

/** Adds routes to a worker's server; they are internal (signed requests only when a secret is set). */
export type WorkerRouteRegistrar = (app: FastifyInstance, worker: WorkerContext) => void;
