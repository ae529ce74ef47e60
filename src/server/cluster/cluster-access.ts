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

export function createClusterAccess(http: InternalHttpClient, activeWorkers: () => readonly NodeInfo[]): ClusterAccess {
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
  };
}
