/**
 * Starts Vivace in one process: catalogs from `etc/catalog` (or the built-in defaults), the
 * metadata manager, the in-process query runner and the coordinator's HTTP server. The cluster
 * milestone replaces the in-process runner with scheduling on worker processes.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createCatalogManager } from '../connectors/catalog/builtin-connectors.js';
import { createCoordinatorServer } from './coordinator/coordinator-server.js';
import { LocalQueryRunner } from './engine/local-query-runner.js';
import { MetadataManager } from './metadata/metadata-manager.js';

export interface LocalServerOptions {
  readonly host?: string;
  readonly port: number;
  /** Directory holding `catalog/*.properties`; defaults to `./etc` when it exists. */
  readonly etcDirectory?: string;
  readonly queryMaxMemoryBytes?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

export async function startLocalServer(options: LocalServerOptions): Promise<RunningServer> {
  const etc = options.etcDirectory ?? 'etc';
  const catalogDirectory = resolve(etc, 'catalog');
  const catalogs = createCatalogManager({
    nodeId: 'coordinator',
    catalogDirectory: existsSync(catalogDirectory) ? catalogDirectory : undefined,
  });
  const metadata = new MetadataManager(catalogs);
  const runner = new LocalQueryRunner({ metadata, queryMaxMemoryBytes: options.queryMaxMemoryBytes });
  const app = createCoordinatorServer({ runner, nodeId: 'coordinator', environment: 'production' });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://${host}:${port}`, app, close: () => app.close() };
}
