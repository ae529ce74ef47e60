/**
 * The resources every worker serves beyond info and status, in registration order: the task
 * resource (tasks of distributed queries, their results). Tests may start workers with a list of
 * their own instead.
 */
import { EngineFunctions } from '../../execution/expression/engine-functions.js';
import { MetadataManager } from '../metadata/metadata-manager.js';
import { HttpExchangeClient } from '../task/http-exchange-client.js';
import { taskResourceRegistrar } from '../task/task-resource.js';
import type { WorkerRouteRegistrar } from './worker-context.js';

/** Bytes an exchange client buffers before it stops fetching (back-pressure on upstream tasks). */
const EXCHANGE_BUFFER_BYTES = 32 * 1024 * 1024;
/** Bytes one results request asks for. */
const EXCHANGE_RESPONSE_BYTES = 8 * 1024 * 1024;

export const defaultWorkerRoutes: WorkerRouteRegistrar[] = [
  taskResourceRegistrar((worker, localOutput) => ({
    metadata: new MetadataManager(worker.catalogs),
    functions: new EngineFunctions(),
    defaultMemoryLimitBytes: worker.config.queryMaxMemoryPerNodeBytes,
    createExchangeClient: (bufferId, types, onFailure) =>
      new HttpExchangeClient({
        bufferId,
        types,
        maxResponseBytes: EXCHANGE_RESPONSE_BYTES,
        maxBufferedBytes: EXCHANGE_BUFFER_BYTES,
        headers: (uri) => worker.httpClient.internalHeaders(uri),
        onFailure,
        localOutput,
      }),
  })),
];
