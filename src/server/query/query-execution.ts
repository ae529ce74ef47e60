/**
 * One query's life on the coordinator and its state machine, the only place its state changes:
 * QUEUED → PLANNING → STARTING → RUNNING → FINISHING → FINISHED, or FAILED from any of them
 * (a failure, a cancel, a time or memory limit). Also its result columns once planned, the buffer
 * its result pages arrive in, its error, timings and what it tells the client to change. The
 * statement and query resources read it; the query manager and the statement modules drive it
 * through `transition`, `finish`, `fail`, `cancel` and `endAfterError`, and every running part asks
 * `shouldStop` whether to go on.
 */
import { toVivaceError, VivaceError } from '../../common/vivace-error.js';
import { PageBuffer } from '../../execution/page-buffer.js';
import type { QuerySession, QueryState, QueryWarning, ResultColumn, StageSnapshot } from '../protocol/query-state.js';

export class QueryExecution {
  state: QueryState = 'QUEUED';
  columns: readonly ResultColumn[] | undefined;
  error: VivaceError | undefined;
  /** For statements without result rows (DDL): the update type Presto reports, e.g. `CREATE TABLE`. */
  updateType: string | undefined;
  updateCount: number | undefined;
  /** USE: the catalog and schema the client should send from now on (Set-Catalog/Set-Schema headers). */
  setCatalog: string | undefined;
  setSchema: string | undefined;
  /** SET SESSION / RESET SESSION: property changes for the client (Set-Session/Clear-Session headers). */
  readonly setSessionProperties = new Map<string, string>();
  readonly resetSessionProperties: string[] = [];
  /** PREPARE / DEALLOCATE PREPARE: statements for the client to add or drop (Added-Prepare, Deallocated-Prepare). */
  readonly addedPreparedStatements = new Map<string, string>();
  readonly deallocatedPreparedStatements: string[] = [];
  /** START TRANSACTION: the id for the client (Started-Transaction-Id); COMMIT/ROLLBACK clear it. */
  startedTransactionId: string | undefined;
  clearTransactionId = false;
  /** The header prefix the client used (X-Service-, X-Presto-, X-Trino-): responses answer in kind. */
  protocolPrefix = 'X-Service-';
  /** The random part of the query's `nextUri` (issue 17): without it a query id alone reaches nothing. */
  clientSlug = '';
  readonly results = new PageBuffer(16 * 1024 * 1024);
  readonly createTime = Date.now();
  startTime: number | undefined;
  endTime: number | undefined;
  processedRows = 0;
  processedBytes = 0;
  peakMemoryBytes = 0;
  /** Bytes the query's operators still hold; 0 once its drivers are closed. */
  reservedMemoryBytes = 0;
  /** When a client last asked about the query (statement GETs); abandoned queries are failed. */
  lastClientAccess = Date.now();
  /**
   * The client got the statement protocol's final answer (no `nextUri`). Until then a FINISHED
   * query may still have rows to send: its client is being served, and the node is not idle.
   */
  finalAnswerSent = false;
  /** Whether a client has polled the query (its first GET of `nextUri`): a queued query waits for it. */
  clientPolled = false;
  private firstPollListener: (() => void) | undefined;
  /** The client's address and User-Agent (query record's session). */
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  /** Trino's query warnings: shown by clients and in the query record and UI, never failing the query. */
  readonly warnings: QueryWarning[] = [];
  /** The stage tree of a running or finished query; set once the query is planned. */
  stages: (() => StageSnapshot | undefined) | undefined;
  /** Whether `pruneDetails` dropped the stage details (the query record then has none). */
  detailsPruned = false;
  private canceled = false;
  private stoppedEarly = false;
  private executionEnded!: () => void;
  /** Resolves when the query's drivers have stopped and released what they held (after FINISHED/FAILED). */
  readonly executionFinished: Promise<void> = new Promise((resolve) => {
    this.executionEnded = resolve;
  });
  private readonly stateListeners: (() => void)[] = [];

  /** The text as written, which is what runs; `sql` is the text shown (secrets masked). */
  readonly executableSql: string;

  constructor(
    readonly queryId: string,
    readonly sql: string,
    readonly session: QuerySession,
    executableSql?: string,
  ) {
    this.executableSql = executableSql ?? sql;
  }

  /** A client asked for the query's results or state. */
  touch(): void {
    this.lastClientAccess = Date.now();
    if (!this.clientPolled) {
      this.clientPolled = true;
      const listener = this.firstPollListener;
      this.firstPollListener = undefined;
      listener?.();
    }
  }

  /** Calls `listener` on the client's first poll (the query tracker, to start a queued query). */
  onFirstPoll(listener: () => void): void {
    this.firstPollListener = listener;
  }

  get isDone(): boolean {
    return this.state === 'FINISHED' || this.state === 'FAILED';
  }

  get isCanceled(): boolean {
    return this.canceled;
  }

  /** The client stopped the output stage early (partial cancel): the query ends with the rows it sent. */
  get isStoppedEarly(): boolean {
    return this.stoppedEarly;
  }

  /** Partial cancel (`DELETE /v1/stage/{id}`): no more rows are produced; the query then finishes. */
  stopEarly(): void {
    if (this.isDone || this.stoppedEarly) return;
    this.stoppedEarly = true;
    this.results.finish();
    for (const listener of this.stateListeners.splice(0)) listener();
  }

  transition(state: QueryState): void {
    if (this.isDone) return;
    this.state = state;
    if (state === 'RUNNING') this.startTime ??= Date.now();
    if (state === 'FINISHED' || state === 'FAILED') this.endTime = Date.now();
    // A finished statement adds no more rows (DDL and SET SESSION never add any).
    if (state === 'FINISHED') this.results.finish();
    for (const listener of this.stateListeners.splice(0)) listener();
  }

  /** Ends a query that ran to completion: FINISHING, then FINISHED (no more rows). */
  finish(): void {
    this.transition('FINISHING');
    this.transition('FINISHED');
  }

  /**
   * Whether whatever runs for the query should stop: it was canceled, it failed (a limit, a task)
   * or its client stopped it early. Drivers, scans and the distributed write check it.
   */
  get shouldStop(): boolean {
    return this.canceled || this.stoppedEarly || this.state === 'FAILED';
  }

  /**
   * Ends the query after its execution threw `error`. A client's early stop of a query's output is
   * a normal end when `earlyStopFinishes` (reads; a write stopped early has not committed and
   * fails); otherwise the query fails with the error (nothing changes once it was canceled).
   */
  endAfterError(error: unknown, earlyStopFinishes: boolean): void {
    if (earlyStopFinishes && this.stoppedEarly) this.finish();
    else this.fail(error);
  }

  /**
   * Drops the details of a finished query that fell out of the newest `query.max-history` (Trino
   * prunes its query records the same way): the stage tree keeps each stage's state and each task's
   * figures, so the query's totals stay as they were, but no task records, plans or dynamic
   * filters — and nothing of the execution that ran the query stays reachable from it.
   */
  pruneDetails(): void {
    if (!this.isDone || this.detailsPruned) return;
    this.detailsPruned = true;
    const root = this.stages?.();
    const pruned = root === undefined ? undefined : prunedStage(root);
    this.stages = pruned === undefined ? undefined : () => pruned;
  }

  /** Resolves on the next state change (or at once when done). */
  whenStateChanges(): Promise<void> {
    if (this.isDone) return Promise.resolve();
    return new Promise((resolve) => this.stateListeners.push(resolve));
  }

  /** Called by the query manager when nothing of the query runs any more. */
  markExecutionFinished(): void {
    this.executionEnded();
  }

  fail(error: unknown): void {
    if (this.isDone) return;
    this.error = toVivaceError(error);
    this.results.fail(this.error);
    this.transition('FAILED');
  }

  cancel(error: VivaceError): void {
    this.canceled = true;
    this.fail(error);
  }

  /** The cancel error of a canceled query (its own, or the user's cancel). */
  cancelError(): VivaceError {
    return this.error ?? new VivaceError('USER_CANCELED', 'Query was canceled');
  }

  /** Cancels this query (a statement's sub-query) when `parent` ends first; resolves when either ends. */
  async cancelWith(parent: QueryExecution): Promise<void> {
    while (!parent.isDone && !this.isDone) await Promise.race([parent.whenStateChanges(), this.whenStateChanges()]);
    if (parent.isDone && !this.isDone) this.cancel(parent.cancelError());
  }
}

function prunedStage(stage: StageSnapshot): StageSnapshot {
  return {
    stageId: stage.stageId,
    state: stage.state,
    partitioning: stage.partitioning,
    tasks: stage.tasks.map((task) => ({
      nodeId: task.nodeId,
      state: task.state,
      info: { taskId: task.info.taskId, state: task.state, self: task.info.self },
      figures: task.figures,
    })),
    subStages: stage.subStages.map(prunedStage),
  };
}
