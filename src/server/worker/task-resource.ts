/**
 * The task resource on a worker (spec §4.2): create or update a task (`POST /v1/task/{taskId}`,
 * idempotent), read its record (`GET /v1/task/{taskId}`, long-polling up to `X-Service-Max-Wait`
 * while the caller's `X-Service-Current-Version` is still the task's version, or without it its
 * `X-Service-Current-State` still the task's state), read its status the same way
 * (`GET /v1/task/{taskId}/status`, Trino's lighter route: no formatted statistics, the record
 * attached once the task is done or when `X-Vivace-Task-Info: true` asks; `POST ...?summarize`
 * answers an update with it too), list every task (`GET /v1/task`), cancel or
 * abort it (`DELETE /v1/task/{taskId}[?abort=true]`), and the results of its output buffers
 * (task-results-route.ts). A creation with `X-Vivace-Max-Wait-Done` is answered when the task is
 * done or that time has passed: a one-task query whose splits all came with it needs no status
 * poll at all. With `X-Vivace-Inline-Results: <size>` as well, a task whose whole output fits in
 * that size is answered once its drivers are done, with its final record and its output together
 * (results-framing.ts): no results request, no DELETE — one round trip for the whole task.
 * Finished tasks are forgotten after a while. A malformed request is a 400 with a message; an
 * unknown task a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Queue } from '../../common/queue.js';
import { waitAtMost } from '../../common/wait-at-most.js';
import type { OutputBuffer } from '../../execution/exchange/output-buffer.js';
import { learnCatalogs } from '../metadata/catalog-statements.js';
import { parseDataSize, parseDuration } from '../protocol/airlift-format.js';
import type { LocalTaskOutput } from '../task/http-exchange-client.js';
import { defineLazyJson } from '../task/lazy-json.js';
import { frameTaskWithPages, TASK_WITH_PAGES_CONTENT_TYPE } from '../task/results-framing.js';
import { SqlTask, type SqlTaskDependencies } from '../task/sql-task.js';
import { renderTaskInfo, renderTaskStatus, statusOfInfo } from '../task/task-info.js';
import { registerTaskResultsRoute } from '../task/task-results-route.js';
import { parseTaskUpdate, type TaskUpdateRequest } from '../task/task-update.js';
import { IdleMemoryRelease } from './idle-memory.js';
import type { WorkerContext } from './worker-context.js';

const MAX_WAIT_MS = 10_000;
/**
 * How long a status long-poll that saw only split progress (a new version, the same state) keeps
 * waiting for more before it answers: a leaf task finishing many small splits answered once per
 * split, and with 20 queries those answers (each a full task record) and the split updates they
 * trigger filled the worker's event loop. A state change still answers at once, and so does
 * progress that leaves a scan with at most one split to start (`SqlTask.runningLowOnSplits`).
 */
const PROGRESS_COALESCE_MS = 50;
/** The longest a creation may be held for the task to end (`X-Vivace-Max-Wait-Done`). */
const MAX_WAIT_DONE_MS = 1000;
/** The output buffer a creation may ask for inline (`X-Vivace-Inline-Results`): a root task's only one. */
const INLINE_BUFFER_ID = '0';
/** How long an inline answer waits for its task to record FINISHED once its output is taken (a tick). */
const INLINE_FINISH_WAIT_MS = 50;
/** Done tasks stay readable this long (the coordinator's last status fetch, the query record). */
const DONE_TASK_RETENTION_MS = 15 * 60 * 1000;
/**
 * At most this many done tasks are kept, the newest, whatever their age: at hundreds of small
 * statements a second, 15 minutes of done tasks (about 14 kB each with their statistics) would
 * fill the worker's heap. Ten thousand is a few seconds of such a stream, and far more than the
 * coordinator needs (it reads a task's final record when the task ends).
 */
const MAX_DONE_TASKS = 10_000;

/** A creation's answer with the task's output inline: its final record as kept, when it is done, and the pages. */
function inlineAnswer(manager: TaskManager, task: SqlTask, pages: readonly Uint8Array[]): Buffer {
  const final = task.isDone ? manager.finalParts(task) : undefined;
  if (final === undefined) return frameTaskWithPages(manager.info(task), pages);
  return frameTaskWithPages(final.record, pages, final.statsJson);
}

/** The output of a task of this worker, by its URI (undefined for other nodes' tasks). */
export type LocalOutputLookup = (uri: string) => Promise<LocalTaskOutput | undefined>;

/** How long a local exchange waits for an upstream task of this worker to be created. */
const LOCAL_TASK_WAIT_MS = 1000;

export class TaskManager {
  private readonly tasks = new Map<string, SqlTask>();
  /**
   * Done tasks' final records, rendered once when each ended (its execution is then dropped): the
   * record without its statistics, and the statistics as JSON text (most of the record, read by
   * few: one string while the record is kept, not hundreds of objects).
   */
  private readonly finalInfos = new WeakMap<SqlTask, { record: Record<string, unknown>; statsJson: string }>();
  /** Results requests that arrived before their task's first update, by task id. */
  private readonly outputWaiters = new Map<string, (() => void)[]>();
  private readonly sweeper: NodeJS.Timeout;
  /**
   * Tasks made and not yet retired (`retireWhenDone`), counted rather than found by walking every
   * task: done tasks stay listed for minutes, thousands of them on a busy worker.
   */
  private running = 0;
  /** Ids of retired tasks in the order they ended. */
  private readonly doneOrder = new Queue<string>();

  constructor(
    private readonly dependencies: SqlTaskDependencies,
    readonly nodeId: string,
    readonly baseUrl: () => string,
    /** Called when the last running task of the worker has ended and been retired. */
    private readonly onIdle: () => void = () => {},
    private readonly maxDoneTasks = MAX_DONE_TASKS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  get(taskId: string): SqlTask | undefined {
    return this.tasks.get(taskId);
  }

  list(): SqlTask[] {
    return [...this.tasks.values()];
  }

  getOrCreate(taskId: string): SqlTask {
    let task = this.tasks.get(taskId);
    if (!task) {
      task = new SqlTask(taskId, this.dependencies);
      this.tasks.set(taskId, task);
      this.running++;
      void this.retireWhenDone(task);
    }
    return task;
  }

  /**
   * Once a task is done (its operators closed), its record is rendered for good and its
   * execution dropped: a done task stays readable for a while, but holds no pages or tables.
   */
  private async retireWhenDone(task: SqlTask): Promise<void> {
    while (!task.isDone) await task.whenChanged();
    this.running--;
    const { stats, ...record } = renderTaskInfo(task, this.selfUri(task), this.nodeId);
    this.finalInfos.set(task, { record, statsJson: JSON.stringify(stats) });
    task.releaseExecution();
    this.forgetOldestDoneBeyondBound(task.taskId);
    if (this.isIdle()) this.onIdle();
  }

  /** No task of this worker is running. */
  isIdle(): boolean {
    return this.running === 0;
  }

  private selfUri(task: SqlTask): string {
    return `${this.baseUrl()}/v1/task/${task.taskId}`;
  }

  /**
   * The task once it has an output buffer, waiting up to `maxWaitMs` for its first update: the
   * coordinator creates a query's tasks all at once, so a consumer may ask for a producer's
   * results a moment before the producer exists (as Trino's task manager, which creates the task
   * on first mention).
   */
  async whenOutputReady(taskId: string, maxWaitMs: number): Promise<LocalTaskOutput | undefined> {
    const ready = (): LocalTaskOutput | undefined => {
      const task = this.tasks.get(taskId);
      return task?.outputBuffer ? { outputBuffer: task.outputBuffer, instanceId: task.instanceId } : undefined;
    };
    if (ready() || maxWaitMs <= 0) return ready();
    let timer: NodeJS.Timeout | undefined;
    let wake: () => void = () => {};
    await new Promise<void>((resolve) => {
      wake = resolve;
      const waiters = this.outputWaiters.get(taskId) ?? [];
      waiters.push(resolve);
      this.outputWaiters.set(taskId, waiters);
      timer = setTimeout(resolve, maxWaitMs);
    });
    clearTimeout(timer);
    const left = (this.outputWaiters.get(taskId) ?? []).filter((waiter) => waiter !== wake);
    if (left.length > 0) this.outputWaiters.set(taskId, left);
    else this.outputWaiters.delete(taskId);
    return ready();
  }

  /** A task was updated: results requests waiting for its output buffer go on. */
  updated(taskId: string): void {
    const waiters = this.outputWaiters.get(taskId);
    if (waiters === undefined || !this.tasks.get(taskId)?.outputBuffer) return;
    this.outputWaiters.delete(taskId);
    for (const waiter of waiters) waiter();
  }

  info(task: SqlTask, dynamicFiltersSince?: number): Record<string, unknown> {
    const final = this.finalInfos.get(task);
    if (final === undefined) return renderTaskInfo(task, this.selfUri(task), this.nodeId, dynamicFiltersSince);
    const info: Record<string, unknown> = { ...final.record };
    defineLazyJson(info, 'stats', final.statsJson);
    const newer = task.dynamicFiltersNewerThan(dynamicFiltersSince);
    if (newer !== undefined) info.dynamicFilters = newer;
    return info;
  }

  /** A done task's final record without its statistics, and the statistics as JSON text. */
  finalParts(task: SqlTask): { record: Record<string, unknown>; statsJson: string } | undefined {
    return this.finalInfos.get(task);
  }

  /**
   * The task's status (task-info.ts); with its full record attached when it is done (the last
   * status the coordinator reads) or when `withInfo` asks for it (a periodic refresh of the statistics).
   */
  status(task: SqlTask, dynamicFiltersSince?: number, withInfo = false): Record<string, unknown> {
    if (task.isDone) return statusOfInfo(this.info(task, dynamicFiltersSince));
    const status = renderTaskStatus(task, this.selfUri(task), this.nodeId, dynamicFiltersSince);
    return withInfo ? { ...status, taskInfo: renderTaskInfo(task, this.selfUri(task), this.nodeId) } : status;
  }

  private forgetOldestDoneBeyondBound(taskId: string): void {
    this.doneOrder.push(taskId);
    while (this.doneOrder.size > this.maxDoneTasks) {
      const oldest = this.doneOrder.shift() as string;
      // Gone already (the age sweep), or made again under the same id and running: left alone.
      if (this.tasks.get(oldest)?.isDone) this.tasks.delete(oldest);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, task] of this.tasks) {
      if (task.isDone && task.endTime !== undefined && now - task.endTime > DONE_TASK_RETENTION_MS)
        this.tasks.delete(id);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const task of this.tasks.values()) task.cancel(true);
  }
}

const TASK_ID = /^[A-Za-z0-9_]+\.\d+\.\d+$/;

/**
 * The whole output of a task whose drivers are done, when it fits in `maxBytes`, taken as its one
 * consumer would take it (read, acknowledged, buffer destroyed), so that the task finishes; the
 * task's record is final a moment later. Undefined (nothing taken) when the task is not at that
 * point or its output is larger: the caller then reads it with results requests as usual.
 */
async function takeWholeOutput(task: SqlTask, maxBytes: number): Promise<Uint8Array[] | undefined> {
  const output = task.outputBuffer;
  if (output === undefined || (task.state !== 'FLUSHING' && task.state !== 'FINISHED')) return undefined;
  if (output.heldBytes(INLINE_BUFFER_ID) > maxBytes) return undefined;
  const result = await output.getPages(INLINE_BUFFER_ID, 0, maxBytes, 0);
  if (!result.bufferComplete) return undefined;
  const pages = result.pages.map((page) => page.serialized());
  output.acknowledgeTo(INLINE_BUFFER_ID, result.nextToken);
  output.destroy(INLINE_BUFFER_ID);
  if (!task.isDone) await waitAtMost(task.whenChanged(), INLINE_FINISH_WAIT_MS);
  return pages;
}

function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .send(Buffer.from(JSON.stringify(value), 'utf8'));
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A task long-poll (`GET /v1/task/{id}` and `.../status`): while the caller's
 * `X-Service-Current-Version` (Trino) or `X-Service-Current-State` (Presto) is still the task's,
 * waits up to `X-Service-Max-Wait` for something new; a version change that is only split progress
 * waits a little more for company. New dynamic filters (`X-Vivace-Dynamic-Filters-Version`, the
 * version the caller has) answer at once: scans elsewhere wait for them.
 */
async function awaitNews(
  headers: Record<string, string | string[] | undefined>,
  task: SqlTask,
): Promise<{ error?: string; filtersSince?: number }> {
  const knownState = header(headers['x-service-current-state']);
  const knownVersion = header(headers['x-service-current-version']);
  const maxWait = header(headers['x-service-max-wait']);
  const filtersHeader = header(headers['x-vivace-dynamic-filters-version']);
  const filtersSince = filtersHeader === undefined ? undefined : Number(filtersHeader);
  // New dynamic filters answer at once: scans elsewhere wait for them.
  const newFilters = () => filtersSince !== undefined && task.dynamicFiltersVersion > filtersSince;
  // The caller already has this state (Presto) or this version (Trino): wait for something new.
  const current =
    knownVersion !== undefined
      ? Number(knownVersion) === task.version
      : knownState !== undefined && knownState === task.state;
  if (maxWait !== undefined && current && !task.isDone && !newFilters()) {
    let waitMs: number;
    try {
      waitMs = Math.min(MAX_WAIT_MS, parseDuration(maxWait));
    } catch {
      return { error: `Invalid X-Service-Max-Wait: ${maxWait}` };
    }
    const stateBefore = task.state;
    const versionBefore = task.version;
    await waitAtMost(task.whenChanged(), waitMs);
    if (task.version !== versionBefore) {
      const coalesceUntil = Date.now() + PROGRESS_COALESCE_MS;
      // FLUSHING is no news either: the coordinator waits for the end, which follows as soon as
      // the output is drained (one answer instead of two for most tasks).
      const unchanged = () => task.state === stateBefore || task.state === 'FLUSHING';
      // A scan about to run out of splits cannot wait for company: it needs the next ones now.
      while (!task.isDone && unchanged() && !newFilters() && !task.runningLowOnSplits && Date.now() < coalesceUntil) {
        await waitAtMost(task.whenChanged(), coalesceUntil - Date.now());
      }
    }
  }
  return filtersSince !== undefined && Number.isFinite(filtersSince) ? { filtersSince } : {};
}

export function registerTaskResource(
  app: FastifyInstance,
  manager: TaskManager,
  /** Makes the catalogs a task update carries known here (dynamic catalogs); throws if one cannot be made. */
  learnCatalogs: (definitions: NonNullable<TaskUpdateRequest['catalogs']>) => void = () => {},
): void {
  app.get('/v1/task', async (_request, reply) =>
    sendJson(
      reply,
      manager.list().map((task) => manager.info(task)),
    ),
  );

  app.post('/v1/task/:taskId', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    if (!TASK_ID.test(taskId)) return reply.code(400).type('text/plain').send(`Invalid task id: ${taskId}`);
    let update: ReturnType<typeof parseTaskUpdate>;
    try {
      const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
      update = parseTaskUpdate(body);
      if (update.catalogs !== undefined) learnCatalogs(update.catalogs);
    } catch (e) {
      return reply
        .code(400)
        .type('text/plain')
        .send(e instanceof Error ? e.message : String(e));
    }
    const task = manager.getOrCreate(taskId);
    task.update(update);
    manager.updated(taskId);
    const waitDone = header(request.headers['x-vivace-max-wait-done']);
    const inline = header(request.headers['x-vivace-inline-results']);
    if (waitDone !== undefined) {
      let waitMs: number;
      let inlineMaxBytes: number | undefined;
      try {
        waitMs = Math.min(MAX_WAIT_DONE_MS, parseDuration(waitDone));
      } catch {
        return reply.code(400).type('text/plain').send(`Invalid X-Vivace-Max-Wait-Done: ${waitDone}`);
      }
      try {
        inlineMaxBytes = inline === undefined ? undefined : parseDataSize(inline);
      } catch {
        return reply.code(400).type('text/plain').send(`Invalid X-Vivace-Inline-Results: ${inline}`);
      }
      const deadline = Date.now() + waitMs;
      // With inline results: also as soon as the output cannot come inline, having outgrown the
      // size asked for or filled the buffer (its producer waits for a reader).
      const outgrown = (output: OutputBuffer) =>
        output.heldBytes(INLINE_BUFFER_ID) > (inlineMaxBytes ?? 0) || output.isFull();
      const settled = () =>
        task.isDone ||
        (inlineMaxBytes !== undefined &&
          (task.state === 'FLUSHING' || (task.outputBuffer !== undefined && outgrown(task.outputBuffer))));
      while (!settled() && Date.now() < deadline) {
        const changes = [task.whenChanged()];
        if (inlineMaxBytes !== undefined && task.outputBuffer !== undefined) {
          changes.push(task.outputBuffer.whenPagesAdded(INLINE_BUFFER_ID));
        }
        await waitAtMost(Promise.race(changes), deadline - Date.now());
      }
      if (inlineMaxBytes !== undefined) {
        const pages = await takeWholeOutput(task, inlineMaxBytes);
        if (pages !== undefined) {
          return reply
            .code(200)
            .header('Content-Type', TASK_WITH_PAGES_CONTENT_TYPE)
            .send(inlineAnswer(manager, task, pages));
        }
      }
    }
    // Trino's `?summarize`: the coordinator's split updates need the status, not the statistics.
    const { summarize } = request.query as { summarize?: string };
    return sendJson(reply, summarize !== undefined ? manager.status(task) : manager.info(task));
  });

  /** A long-polled read of a task (awaitNews), answered with what `answer` renders. */
  const taskPoll =
    (answer: (task: SqlTask, filtersSince: number | undefined, request: FastifyRequest) => Record<string, unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { taskId } = request.params as { taskId: string };
      const task = manager.get(taskId);
      if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
      const waited = await awaitNews(request.headers, task);
      if (waited.error !== undefined) return reply.code(400).type('text/plain').send(waited.error);
      const since = waited.filtersSince;
      const rendered = answer(task, since, request);
      if (since !== undefined) task.acknowledgeDynamicFilters(since);
      return sendJson(reply, rendered);
    };
  app.get(
    '/v1/task/:taskId',
    taskPoll((task, since) => manager.info(task, since)),
  );
  // Trino's lighter status route, with the same long-poll: what the coordinator polls while a task runs.
  app.get(
    '/v1/task/:taskId/status',
    taskPoll((task, since, request) =>
      manager.status(task, since, header(request.headers['x-vivace-task-info']) === 'true'),
    ),
  );

  app.delete('/v1/task/:taskId', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    const task = manager.get(taskId);
    if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
    const { abort } = request.query as { abort?: string };
    task.cancel(abort === 'true');
    return sendJson(reply, manager.info(task));
  });

  // Trino's route for a task's dynamic filters (the coordinator here gets them with the status).
  app.get('/v1/task/:taskId/dynamicfilters', async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    const task = manager.get(taskId);
    if (!task) return reply.code(404).type('text/plain').send(`Task not found: ${taskId}`);
    return sendJson(reply, {
      version: task.dynamicFiltersVersion,
      dynamicFilterDomains: task.allDynamicFilters(),
    });
  });

  registerTaskResultsRoute(app, (taskId, maxWaitMs) => manager.whenOutputReady(taskId, maxWaitMs));
}

/** The worker plug-in: a task manager over the worker's catalogs, and its routes. */
export function taskResourceRegistrar(
  createDependencies: (worker: WorkerContext, localOutput: LocalOutputLookup) => SqlTaskDependencies,
) {
  return (app: FastifyInstance, worker: WorkerContext): void => {
    // Exchange clients of this worker's tasks read the other tasks of this worker directly.
    let manager: TaskManager | undefined;
    const localOutput: LocalOutputLookup = async (uri) => {
      const prefix = `${worker.baseUrl()}/v1/task/`;
      if (manager === undefined || !uri.startsWith(prefix)) return undefined;
      return manager.whenOutputReady(uri.slice(prefix.length), LOCAL_TASK_WAIT_MS);
    };
    // Once idle, the worker gives the memory its queries freed back to the operating system.
    const idleMemory = new IdleMemoryRelease(() => manager?.isIdle() ?? true, worker.config.releaseMemoryWhenIdle);
    manager = new TaskManager(
      createDependencies(worker, localOutput),
      worker.config.nodeId,
      () => worker.baseUrl(),
      () => idleMemory.becameIdle(),
    );
    app.addHook('onClose', async () => {
      idleMemory.close();
      manager.close();
    });
    registerTaskResource(app, manager, (definitions) => learnCatalogs(worker.catalogs, definitions));
  };
}
