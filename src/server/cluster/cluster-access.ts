/**
 * What a coordinator's query runner needs to run queries on workers: the active workers, the
 * signed internal HTTP client and exchange clients that read task output into the coordinator.
 * Which tables the workers can read is the connectors' declaration (engine/plan-placement.ts).
 */
import type { ClusterAccess } from '../engine/local-query-runner.js';
import { HttpExchangeClient } from '../task/http-exchange-client.js';
import type { InternalHttpClient } from './internal-http-client.js';
import type { NodeInfo } from './node-info.js';

/** The root task's results: bytes per request, and buffered before the coordinator stops fetching. */
const RESULT_RESPONSE_BYTES = 8 * 1024 * 1024;
const RESULT_BUFFER_BYTES = 32 * 1024 * 1024;

export function createClusterAccess(
  http: InternalHttpClient,
  activeWorkers: () => readonly NodeInfo[],
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
        ...(http.exchangeAgent !== undefined ? { dispatcher: http.exchangeAgent } : {}),
        onFailure,
      }),
  };
}
