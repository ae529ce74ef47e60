/**
 * The resources every worker serves beyond info and status, in registration order. The task
 * resource adds itself here; tests may start workers with a list of their own instead.
 */
import type { WorkerRouteRegistrar } from './worker-context.js';

export const defaultWorkerRoutes: WorkerRouteRegistrar[] = [];
