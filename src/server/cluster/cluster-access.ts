/**
 * What a coordinator's query runner needs to run queries on workers: the active workers, the
 * signed internal HTTP client, exchange clients that read task output into the coordinator, and
 * which catalogs any worker can read.
 */
import type { CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import type { ClusterAccess } from '../engine/local-query-runner.js';
import { HttpExchangeClient } from '../task/http-exchange-client.js';
import type { InternalHttpClient } from './internal-http-client.js';
import type { NodeInfo } from './node-info.js';

/** The root task's results: bytes per request, and buffered before the coordinator stops fetching. */
const RESULT_RESPONSE_BYTES = 8 * 1024 * 1024;
const RESULT_BUFFER_BYTES = 32 * 1024 * 1024;

/** Connectors whose data any worker can produce (generated); memory tables live in the coordinator. */
const DISTRIBUTABLE_CONNECTORS = new Set(['tpch']);

export function createClusterAccess(
  http: InternalHttpClient,
  activeWorkers: () => readonly NodeInfo[],
  catalogs: CatalogManager,
): ClusterAccess {
  return {
    activeWorkers,
    http,
    createExchangeClient: (bufferId, types, onFailure) =>
      new HttpExchangeClient({
        bufferId,
        types,
        maxResponseBytes: RESULT_RESPONSE_BYTES,
        maxBufferedBytes: RESULT_BUFFER_BYTES,
        headers: () => http.internalHeaders(),
        onFailure,
      }),
    isDistributable: (catalog) => DISTRIBUTABLE_CONNECTORS.has(catalogs.getCatalog(catalog)?.connectorName ?? ''),
  };
}
