/**
 * The states and snapshots of a query, its stages and tasks, as the coordinator reports them (the
 * statement and query resources, system.runtime, the UI) and as the scheduler and the workers' task
 * records fill them in; also a query's session and result columns. Types only (and one warning
 * constant), at the bottom of the server so every side can name them.
 */
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
  /** The stage's plan fragment as text (EXPLAIN form); a getter where it is printed only when read. */
  readonly plan?: string;
  readonly tasks: readonly TaskSnapshot[];
  readonly subStages: readonly StageSnapshot[];
  /** The dynamic filters this stage's scans wait for, as far as they are collected. */
  readonly dynamicFilters?: readonly DynamicFilterSnapshot[];
}

export interface DynamicFilterSnapshot {
  readonly id: string;
  /** What the filter lets through ("57 values in [1, 5999]", "all", "none"), or "collecting". */
  readonly domain: string;
  /** From the query's scheduling to the filter's completion. */
  readonly collectionMs?: number;
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
