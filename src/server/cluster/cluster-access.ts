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

/** Connectors whose data any worker can produce (generated). */
const GENERATED_CONNECTORS = new Set(['tpch']);

/**
 * A table's scans can run on the workers when any worker can generate its data (tpch), or when
 * its connector keeps data where it was written and none of it is in the coordinator (memory
 * tables written on workers). `information_schema` and the `system` catalog are read from the
 * coordinator's own state, so only the coordinator can read them.
 */
export function createClusterAccess(
  http: InternalHttpClient,
  activeWorkers: () => readonly NodeInfo[],
  catalogs: CatalogManager,
  coordinatorNodeId: string,
  includeCoordinator = true,
): ClusterAccess {
  let hadWorkers = false;
  return {
    activeWorkers,
    // Workers are expected when the configuration says the coordinator is not to run work, or
    // when some were active before (they died or left): then running alone deserves a warning.
    workersExpected: () => {
      hadWorkers ||= activeWorkers().length > 0;
      return hadWorkers || !includeCoordinator;
    },
    http,
    createExchangeClient: (bufferId, types, onFailure) =>
      new HttpExchangeClient({
        bufferId,
        types,
        maxResponseBytes: RESULT_RESPONSE_BYTES,
        maxBufferedBytes: RESULT_BUFFER_BYTES,
        headers: (uri) => http.internalHeaders(uri),
        onFailure,
      }),
    isDistributable: (table) => {
      const catalog = catalogs.getCatalog(table.catalog);
      if (catalog === undefined || table.schema === 'information_schema') return false;
      if (GENERATED_CONNECTORS.has(catalog.connectorName)) return true;
      const nodes = catalog.connector.dataNodes?.({ schema: table.schema, table: table.name });
      return nodes !== undefined && !nodes.includes(coordinatorNodeId);
    },
  };
}
