/**
 * The resources every worker serves beyond info and status, in registration order: the task
 * resource (tasks of distributed queries, their results). Tests may start workers with a list of
 * their own instead.
 */
import { EngineFunctions } from '../../execution/expression/engine-functions.js';
import { MetadataManager } from '../metadata/metadata-manager.js';
import { HttpExchangeClient } from '../task/http-exchange-client.js';
import { taskResourceRegistrar } from './task-resource.js';
import type { WorkerRouteRegistrar } from './worker-context.js';

/** Bytes one results request asks for. */
const EXCHANGE_RESPONSE_BYTES = 8 * 1024 * 1024;

export const defaultWorkerRoutes: WorkerRouteRegistrar[] = [
  taskResourceRegistrar((worker, localOutput) => ({
    metadata: new MetadataManager(worker.catalogs),
    functions: new EngineFunctions(),
    nodeMemory: worker.memory,
    createExchangeClient: (bufferId, types, onFailure, buffer) =>
      new HttpExchangeClient({
        bufferId,
        types,
        maxResponseBytes: Math.min(EXCHANGE_RESPONSE_BYTES, buffer.maxBufferedBytes),
        maxBufferedBytes: buffer.maxBufferedBytes,
        memory: buffer.memory,
        headers: (uri) => worker.httpClient.internalHeaders(uri),
        ...(worker.httpClient.exchangeAgent !== undefined ? { dispatcher: worker.httpClient.exchangeAgent } : {}),
        onFailure,
        localOutput,
      }),
  })),
];
