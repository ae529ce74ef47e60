/**
 * One query's life on the coordinator: its state (Presto's query state machine), result columns
 * once planned, the buffer its result pages arrive in, its error, timings and cancellation.
 * The statement resource reads it; the query runner drives it.
 */
import { toVivaceError, type VivaceError } from '../../common/vivace-error.js';
import { PageBuffer } from '../../execution/page-buffer.js';
import type { Type } from '../../types/type.js';

export type QueryState = 'QUEUED' | 'PLANNING' | 'STARTING' | 'RUNNING' | 'FINISHING' | 'FINISHED' | 'FAILED';

export interface QuerySession {
  readonly user: string;
  readonly source?: string;
  readonly catalog?: string;
  readonly schema?: string;
  readonly timeZone: string;
  readonly properties: Readonly<Record<string, string>>;
  /** The client's prepared statements (the Prepared-Statement header): name → SQL. */
  readonly preparedStatements?: ReadonlyMap<string, string>;
  /** The client's transaction (Transaction-Id header), when it started one. */
  readonly transactionId?: string;
  /** The authenticated user who submitted the statement, when authentication is on (issue 17). */
  readonly principal?: string;
}

/** Presto's stage states; a stage is `done` exactly in the last four. */
export type StageState =
  | 'PLANNED'
  | 'SCHEDULING'
  | 'SCHEDULED'
  | 'RUNNING'
  | 'FINISHED'
  | 'CANCELED'
  | 'ABORTED'
  | 'FAILED';

export const DONE_STAGE_STATES: ReadonlySet<StageState> = new Set(['FINISHED', 'CANCELED', 'ABORTED', 'FAILED']);

/** Numeric sums of a task's statistics (see server/task/task-stats.ts). */
export interface TaskFigures {
  readonly totalDrivers: number;
  readonly queuedDrivers: number;
  readonly runningDrivers: number;
  readonly completedDrivers: number;
  readonly scheduledNanos: number;
  readonly cpuNanos: number;
  readonly blockedNanos: number;
  readonly rawInputBytes: number;
  readonly rawInputPositions: number;
  readonly processedInputBytes: number;
  readonly processedInputPositions: number;
  readonly outputBytes: number;
  readonly outputPositions: number;
}

/** One task of a stage as last seen: its record (spec §2.3) and figures. */
export interface TaskSnapshot {
  readonly nodeId: string;
  readonly state: string;
  readonly info: Readonly<Record<string, unknown>>;
  readonly figures: TaskFigures;
}

/** A stage and its sub-stages as last seen, for the statement and query resources. */
export interface StageSnapshot {
  readonly stageId: string;
  readonly state: StageState;
  /** SOURCE, FIXED_HASH, SINGLE, ... */
  readonly partitioning: string;
  /** The stage's plan fragment as text (EXPLAIN form). */
  readonly plan?: string;
  readonly tasks: readonly TaskSnapshot[];
  readonly subStages: readonly StageSnapshot[];
}

export interface ResultColumn {
  readonly name: string;
  readonly type: Type;
}

/** A warning of Trino's shape (`warningCode` {code, name}, `message`). */
export interface QueryWarning {
  readonly code: number;
  readonly name: string;
  readonly message: string;
}

/**
 * A query that the workers would have run went to the coordinator alone, because no worker was
 * active (typically one sent between the coordinator's start and the workers' announcements).
 * Our own code, in the engine's warning range as Presto numbers its standard warnings.
 */
export const COORDINATOR_ONLY_WARNING: QueryWarning = {
  code: 0x0000_0101,
  name: 'COORDINATOR_ONLY_EXECUTION',
  message: 'No worker was active: the query ran on the coordinator only, as a single stage',
};

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
  /** Whether a client has polled the query (its first GET of `nextUri`): a queued query waits for it. */
  clientPolled = false;
  private firstPollListener: (() => void) | undefined;
  /** The client's address and User-Agent (query record's session). */
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  /** Trino's query warnings: shown by clients and in the query record and UI, never failing the query. */
  readonly warnings: QueryWarning[] = [];
  /** The stage tree of a running or finished query; set by the runner once it has planned. */
  stages: (() => StageSnapshot | undefined) | undefined;
  private canceled = false;
  private stoppedEarly = false;
  private executionEnded!: () => void;
  /** Resolves when the query's drivers have stopped and released what they held (after FINISHED/FAILED). */
  readonly executionFinished: Promise<void> = new Promise((resolve) => {
    this.executionEnded = resolve;
  });
  private readonly stateListeners: (() => void)[] = [];

  constructor(
    readonly queryId: string,
    readonly sql: string,
    readonly session: QuerySession,
  ) {}

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

  /** Resolves on the next state change (or at once when done). */
  whenStateChanges(): Promise<void> {
    if (this.isDone) return Promise.resolve();
    return new Promise((resolve) => this.stateListeners.push(resolve));
  }

  /** Called by the runner when nothing of the query runs any more. */
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
}
