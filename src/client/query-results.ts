/**
 * The JSON shapes of the statement protocol as a client receives them (spec §2.1, §2.2; Presto's
 * `QueryResults`, `StatementStats`, `QueryError`). Only what clients read is typed strictly;
 * servers may add fields.
 */

export interface ResultColumn {
  readonly name: string;
  readonly type: string;
  /** Trino's ClientTypeSignature (row field names, element types); servers that predate it omit it. */
  readonly typeSignature?: ClientTypeSignature;
}

export interface ClientTypeSignature {
  readonly rawType: string;
  readonly arguments?: readonly { readonly kind: string; readonly value: unknown }[];
}

export interface StageStats {
  readonly stageId: string;
  readonly state: string;
  readonly done: boolean;
  readonly nodes: number;
  readonly totalSplits: number;
  readonly queuedSplits: number;
  readonly runningSplits: number;
  readonly completedSplits: number;
  readonly cpuTimeMillis: number;
  readonly wallTimeMillis: number;
  readonly processedRows: number;
  readonly processedBytes: number;
  readonly subStages: readonly StageStats[];
}

export interface StatementStats {
  readonly state: string;
  readonly queued?: boolean;
  readonly scheduled?: boolean;
  readonly nodes?: number;
  readonly totalSplits?: number;
  readonly queuedSplits?: number;
  readonly runningSplits?: number;
  readonly completedSplits?: number;
  readonly cpuTimeMillis?: number;
  readonly wallTimeMillis?: number;
  readonly elapsedTimeMillis?: number;
  readonly processedRows?: number;
  readonly processedBytes?: number;
  readonly peakMemoryBytes?: number;
  readonly rootStage?: StageStats;
}

export interface ErrorLocation {
  readonly lineNumber: number;
  readonly columnNumber: number;
}

export interface QueryError {
  readonly message: string;
  readonly errorCode: number;
  readonly errorName: string;
  readonly errorType: string;
  readonly errorLocation?: ErrorLocation;
  readonly failureInfo?: unknown;
}

export type JsonRow = readonly unknown[];

export interface QueryResults {
  readonly id: string;
  readonly infoUri: string;
  readonly partialCancelUri?: string;
  readonly nextUri?: string;
  readonly columns?: readonly ResultColumn[];
  readonly data?: readonly JsonRow[];
  readonly stats: StatementStats;
  readonly error?: QueryError;
  readonly warnings?: readonly QueryWarning[];
  readonly updateType?: string;
  readonly updateCount?: number;
}

/** Trino's query warning: shown by the CLI after the query, never failing it. */
export interface QueryWarning {
  readonly warningCode: { readonly code: number; readonly name: string };
  readonly message: string;
}
