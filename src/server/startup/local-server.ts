/**
 * Starts a coordinator in this process with no workers: catalogs from `etc/catalog` (or the
 * built-in defaults), the query manager and the coordinator's HTTP server. A thin
 * wrapper over cluster/coordinator-bootstrap.ts kept for embedding (tests, the CLI's own tests);
 * `vivace coordinator` and `vivace start` use the bootstrap directly.
 */
import type { FastifyInstance } from 'fastify';
import { loadNodeConfig } from '../protocol/node-config.js';
import { startCoordinator } from './coordinator-bootstrap.js';

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
  const config = loadNodeConfig(options.etcDirectory ?? 'etc', {
    'node.id': 'coordinator',
    coordinator: 'true',
    'http-server.http.host': options.host ?? '127.0.0.1',
    'http-server.http.port': String(options.port),
    'query.max-memory': options.queryMaxMemoryBytes === undefined ? undefined : `${options.queryMaxMemoryBytes}B`,
  });
  const coordinator = await startCoordinator(config);
  return { url: coordinator.url, app: coordinator.app, close: () => coordinator.close() };
}
