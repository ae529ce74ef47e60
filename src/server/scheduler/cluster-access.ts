/**
 * What a coordinator's query manager needs to run queries on workers: the active workers, the
 * signed internal HTTP client and exchange clients that read task output into the coordinator.
 * Which tables the workers can read is the connectors' declaration (query/placement-policy.ts).
 */

import type { VivaceError } from '../../common/vivace-error.js';
import type { ExchangeClient } from '../../execution/exchange/exchange-client.js';
import type { Type } from '../../types/type.js';
import type { InternalHttpClient } from '../protocol/internal-http-client.js';
import type { NodeInfo } from '../protocol/node-info.js';
import { HttpExchangeClient } from '../task/http-exchange-client.js';

/** What the coordinator's runner needs to run queries on workers. */
export interface ClusterAccess {
  activeWorkers(): readonly NodeInfo[];
  readonly http: InternalHttpClient;
  /** Reads buffer `bufferId` of remote tasks into the coordinator. */
  createExchangeClient(
    bufferId: string,
    types: readonly Type[],
    onFailure: (error: VivaceError) => void,
  ): ExchangeClient;
  /** Whether workers should be there: a query that finds none active then runs here with a warning. */
  workersExpected(): boolean;
}

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
