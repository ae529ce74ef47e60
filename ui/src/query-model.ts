/**
 * Turns the query resource's JSON into what the pages show. `/v1/query` lists basic query infos
 * and `/v1/query/{id}` returns the spec's query record (§2.5) with the stage tree in
 * `outputStage`; the spec leaves several shapes open (the list's fields, stage contents, where
 * errors sit), so every reader here looks in the places Presto and Trino put a field and takes
 * the first it finds. Pages render whatever is present and leave the rest out.
 */
import { parseDataSize, parseDuration, parseTime } from './format.js';

// biome-ignore lint/suspicious/noExplicitAny: the resource's JSON is read defensively, field by field.
export type Json = any;

export const ACTIVE_STATES = new Set([
  'QUEUED',
  'WAITING_FOR_RESOURCES',
  'DISPATCHING',
  'PLANNING',
  'STARTING',
  'RUNNING',
  'FINISHING',
]);

export interface QuerySummary {
  readonly queryId: string;
  readonly state: string;
  readonly sql: string;
  readonly user: string;
  readonly source: string;
  readonly createTime: number | undefined;
  readonly elapsedMs: number | undefined;
  readonly cpuMs: number | undefined;
  readonly memoryBytes: number | undefined;
  readonly rows: number | undefined;
  /** 0–100 when known. */
  readonly progress: number | undefined;
  readonly errorName: string | undefined;
  readonly errorType: string | undefined;
  /** Trino's query warnings (`warnings[].warningCode.name` and `message`). */
  readonly warnings: readonly QueryWarning[];
}

export interface QueryWarning {
  readonly name: string;
  readonly message: string;
}

function warningsOf(info: Json): QueryWarning[] {
  const list: Json[] = Array.isArray(info?.warnings) ? info.warnings : [];
  return list.map((w) => ({
    name: String(first(w?.warningCode?.name, 'WARNING')),
    message: String(first(w?.message, '')),
  }));
}

function first(...values: unknown[]): unknown {
  for (const value of values) if (value !== undefined && value !== null) return value;
  return undefined;
}

function num(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

export function errorNameOf(info: Json): string | undefined {
  const code = info?.errorCode;
  const name = first(
    typeof code === 'object' ? code?.name : undefined,
    info?.errorName,
    info?.error?.errorName,
    info?.failureInfo?.errorCode?.name,
  );
  return typeof name === 'string' ? name : undefined;
}

export function summarizeQuery(info: Json): QuerySummary {
  const stats = info?.queryStats ?? info?.stats ?? {};
  const session = info?.session ?? {};
  const state = String(first(info?.state, stats.state, 'UNKNOWN'));
  const createTime = parseTime(first(stats.createTime, info?.createTime, session.startTime));
  const endTime = parseTime(first(stats.endTime, info?.endTime));
  let elapsedMs = parseDuration(
    first(stats.elapsedTime, info?.elapsedTime, stats.elapsedTimeMillis, info?.elapsedTimeMillis),
  );
  if (elapsedMs === undefined && createTime !== undefined) elapsedMs = (endTime ?? Date.now()) - createTime;
  const progress = num(first(stats.progressPercentage, info?.progressPercentage));
  return {
    queryId: String(first(info?.queryId, info?.id, '')),
    state,
    sql: String(first(info?.query, info?.sql, '')),
    user: String(first(session.user, info?.user, '')),
    source: String(first(session.source, info?.source, '')),
    createTime,
    elapsedMs,
    cpuMs: parseDuration(first(stats.totalCpuTime, info?.totalCpuTime, stats.cpuTimeMillis, info?.cpuTimeMillis)),
    memoryBytes: parseDataSize(
      first(
        stats.peakUserMemoryReservation,
        stats.peakTotalMemoryReservation,
        stats.totalMemoryReservation,
        stats.userMemoryReservation,
        stats.peakMemoryBytes,
        info?.peakMemoryBytes,
      ),
    ),
    rows: num(first(stats.processedInputPositions, stats.rawInputPositions, stats.processedRows, info?.processedRows)),
    progress: progress ?? (state === 'FINISHED' ? 100 : undefined),
    errorName: errorNameOf(info),
    errorType: typeof info?.errorType === 'string' ? info.errorType : undefined,
    warnings: warningsOf(info),
  };
}

/** `/v1/query` answers an array; accept `{queries: [...]}` too. */
export function queryList(body: Json): QuerySummary[] {
  const items: Json[] = Array.isArray(body) ? body : Array.isArray(body?.queries) ? body.queries : [];
  return items.map(summarizeQuery);
}

export interface ErrorPosition {
  readonly line: number;
  readonly column: number;
}

export interface QueryFailure {
  readonly name: string | undefined;
  readonly type: string | undefined;
  readonly message: string;
  readonly position: ErrorPosition | undefined;
}

export function failureOf(info: Json): QueryFailure | undefined {
  const failure = info?.failureInfo ?? info?.error?.failureInfo;
  const message = first(failure?.message, info?.error?.message, info?.errorMessage);
  const name = errorNameOf(info);
  if (message === undefined && name === undefined) return undefined;
  const location = first(failure?.errorLocation, info?.error?.errorLocation, info?.errorLocation) as Json;
  const line = num(location?.lineNumber);
  const column = num(location?.columnNumber);
  return {
    name,
    type: typeof info?.errorType === 'string' ? info.errorType : (info?.errorCode?.type ?? info?.error?.errorType),
    message: String(message ?? name),
    position: line !== undefined && column !== undefined ? { line, column } : undefined,
  };
}

export interface TaskRow {
  readonly taskId: string;
  readonly node: string;
  readonly state: string;
  readonly totalSplits: number | undefined;
  readonly completedSplits: number | undefined;
  readonly runningSplits: number | undefined;
  readonly rows: number | undefined;
  readonly bytes: number | undefined;
  readonly elapsedMs: number | undefined;
  readonly cpuMs: number | undefined;
}

export interface StageNode {
  readonly stageId: string;
  readonly state: string;
  readonly partitioning: string | undefined;
  readonly tasks: TaskRow[];
  readonly rows: number | undefined;
  readonly bytes: number | undefined;
  readonly cpuMs: number | undefined;
  readonly children: StageNode[];
}

function hostOf(uri: unknown): string {
  if (typeof uri !== 'string') return '';
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

function describePartitioning(plan: Json): string | undefined {
  const value = first(
    plan?.partitioning,
    plan?.partitioningScheme?.partitioning?.handle?.connectorHandle?.partitioning,
    plan?.partitioningScheme?.partitioning?.handle,
    plan?.outputPartitioning,
  );
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function taskRow(task: Json): TaskRow {
  const status = task?.taskStatus ?? {};
  const stats = task?.stats ?? {};
  const start = parseTime(stats.startTime ?? stats.createTime);
  const end = parseTime(stats.endTime);
  return {
    taskId: String(first(status.taskId, task?.taskId, '')),
    node: hostOf(first(status.self, task?.self)),
    state: String(first(status.state, task?.state, 'UNKNOWN')),
    totalSplits: num(stats.totalDrivers),
    completedSplits: num(stats.completedDrivers),
    runningSplits: num(stats.runningDrivers),
    rows: num(first(stats.rawInputPositions, stats.processedInputPositions)),
    bytes: parseDataSize(first(stats.rawInputDataSize, stats.processedInputDataSize)),
    elapsedMs: parseDuration(stats.elapsedTime) ?? (start !== undefined && end !== undefined ? end - start : undefined),
    cpuMs: parseDuration(stats.totalCpuTime),
  };
}

function sum(values: (number | undefined)[]): number | undefined {
  let total: number | undefined;
  for (const value of values) if (value !== undefined) total = (total ?? 0) + value;
  return total;
}

export function stageTree(stage: Json): StageNode | undefined {
  if (!stage || typeof stage !== 'object') return undefined;
  const execution = stage.latestAttemptExecutionInfo ?? {};
  const rawTasks: Json[] = first(stage.tasks, execution.tasks, []) as Json[];
  const tasks = Array.isArray(rawTasks) ? rawTasks.map(taskRow) : [];
  const stats = first(stage.stageStats, execution.stats, {}) as Json;
  const children: Json[] = Array.isArray(stage.subStages) ? stage.subStages : [];
  return {
    stageId: String(first(stage.stageId, '')),
    state: String(first(stage.state, execution.state, 'UNKNOWN')),
    partitioning: describePartitioning(stage.plan ?? stage),
    tasks,
    rows: num(first(stats.rawInputPositions, stats.processedInputPositions)) ?? sum(tasks.map((t) => t.rows)),
    bytes: parseDataSize(first(stats.rawInputDataSize, stats.processedInputDataSize)) ?? sum(tasks.map((t) => t.bytes)),
    cpuMs: parseDuration(stats.totalCpuTime) ?? sum(tasks.map((t) => t.cpuMs)),
    children: children.map(stageTree).filter((s): s is StageNode => s !== undefined),
  };
}

export function flattenStages(root: StageNode | undefined): StageNode[] {
  const out: StageNode[] = [];
  const walk = (node: StageNode) => {
    out.push(node);
    node.children.forEach(walk);
  };
  if (root) walk(root);
  return out;
}

export interface OperatorRow {
  readonly key: string;
  readonly stageId: string;
  readonly pipelineId: number | undefined;
  readonly operatorId: number | undefined;
  readonly operatorType: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly blockedMs: number;
  readonly inputRows: number;
  readonly outputRows: number;
  readonly inputBytes: number;
  readonly outputBytes: number;
  readonly memoryBytes: number;
}

type MutableOperator = { -readonly [K in keyof OperatorRow]: OperatorRow[K] };

function addSummary(into: Map<string, MutableOperator>, stageId: string, summary: Json, pipelineId?: number): void {
  const operatorId = num(summary?.operatorId);
  const pipeline = num(summary?.pipelineId) ?? pipelineId;
  const operatorType = String(first(summary?.operatorType, 'Operator'));
  const key = `${stageId}/${pipeline ?? ''}/${operatorId ?? operatorType}`;
  let row = into.get(key);
  if (!row) {
    row = {
      key,
      stageId,
      pipelineId: pipeline,
      operatorId,
      operatorType,
      wallMs: 0,
      cpuMs: 0,
      blockedMs: 0,
      inputRows: 0,
      outputRows: 0,
      inputBytes: 0,
      outputBytes: 0,
      memoryBytes: 0,
    };
    into.set(key, row);
  }
  const d = (field: string) => parseDuration(summary?.[field]) ?? 0;
  row.wallMs += d('addInputWall') + d('getOutputWall') + d('finishWall');
  row.cpuMs += d('addInputCpu') + d('getOutputCpu') + d('finishCpu');
  row.blockedMs += d('blockedWall');
  row.inputRows += num(summary?.inputPositions) ?? 0;
  row.outputRows += num(summary?.outputPositions) ?? 0;
  row.inputBytes += parseDataSize(summary?.inputDataSize) ?? 0;
  row.outputBytes += parseDataSize(summary?.outputDataSize) ?? 0;
  row.memoryBytes += parseDataSize(first(summary?.peakUserMemoryReservation, summary?.memoryReservation)) ?? 0;
}

/**
 * Operator statistics summed over tasks, from the most detailed place present: the pipelines of
 * each task (spec §2.3), else each stage's summaries, else the query-level summaries.
 */
export function operatorRows(info: Json): OperatorRow[] {
  const rows = new Map<string, MutableOperator>();
  const visit = (stage: Json) => {
    if (!stage || typeof stage !== 'object') return;
    const stageId = String(first(stage.stageId, ''));
    const execution = stage.latestAttemptExecutionInfo ?? {};
    const tasks: Json[] = first(stage.tasks, execution.tasks, []) as Json[];
    let fromTasks = false;
    for (const task of Array.isArray(tasks) ? tasks : []) {
      const pipelines: Json[] = task?.stats?.pipelines ?? [];
      pipelines.forEach((pipeline: Json, index: number) => {
        for (const summary of pipeline?.operatorSummaries ?? []) {
          fromTasks = true;
          addSummary(rows, stageId, summary, num(pipeline?.pipelineId) ?? index);
        }
      });
    }
    if (!fromTasks) {
      const stats = first(stage.stageStats, execution.stats, {}) as Json;
      for (const summary of stats.operatorSummaries ?? []) addSummary(rows, stageId, summary);
    }
    for (const child of stage.subStages ?? []) visit(child);
  };
  visit(info?.outputStage);
  if (rows.size === 0) {
    for (const summary of info?.queryStats?.operatorSummaries ?? []) {
      addSummary(rows, String(first(summary?.stageId, '')), summary);
    }
  }
  return [...rows.values()];
}

/** Keys of the slowest operators by wall time: the top three that took any time at all. */
export function slowestOperators(rows: readonly OperatorRow[], count = 3): Set<string> {
  return new Set(
    [...rows]
      .filter((row) => row.wallMs > 0)
      .sort((a, b) => b.wallMs - a.wallMs)
      .slice(0, count)
      .map((row) => row.key),
  );
}

/** The offset in `sql` of a 1-based line and column, clamped to the text. */
export function offsetOf(sql: string, position: ErrorPosition): number {
  let offset = 0;
  for (let line = 1; line < position.line; line++) {
    const next = sql.indexOf('\n', offset);
    if (next < 0) return sql.length;
    offset = next + 1;
  }
  return Math.min(sql.length, offset + Math.max(0, position.column - 1));
}

/** The extent to mark at an error position: the word (or single character) starting there. */
export function errorRange(sql: string, position: ErrorPosition): { from: number; to: number } {
  const from = offsetOf(sql, position);
  let to = from;
  while (to < sql.length && /[\w$]/.test(sql[to]!)) to++;
  if (to === from) to = Math.min(sql.length, from + 1);
  return { from, to };
}

export type StateFilter = 'all' | 'active' | 'FINISHED' | 'FAILED';
export type SortKey = 'created' | 'elapsed' | 'cpu' | 'memory';
export type TextField = 'any' | 'user' | 'source' | 'sql';

const SORTERS: Record<SortKey, (q: QuerySummary) => number> = {
  created: (q) => q.createTime ?? 0,
  elapsed: (q) => q.elapsedMs ?? 0,
  cpu: (q) => q.cpuMs ?? 0,
  memory: (q) => q.memoryBytes ?? 0,
};

/** Filters and sorts the list; exported for its unit test. */
export function selectQueries(
  queries: readonly QuerySummary[],
  state: StateFilter,
  text: string,
  field: TextField,
  sort: SortKey,
  descending: boolean,
  activeFirst = false,
): QuerySummary[] {
  const needle = text.trim().toLowerCase();
  const matches = (q: QuerySummary) => {
    if (state === 'active' && !ACTIVE_STATES.has(q.state)) return false;
    if ((state === 'FINISHED' || state === 'FAILED') && q.state !== state) return false;
    if (needle === '') return true;
    const fields =
      field === 'user'
        ? [q.user]
        : field === 'source'
          ? [q.source]
          : field === 'sql'
            ? [q.sql]
            : [q.user, q.source, q.sql, q.queryId];
    return fields.some((value) => value.toLowerCase().includes(needle));
  };
  const key = SORTERS[sort];
  const direction = descending ? -1 : 1;
  const rank = (q: QuerySummary) => (activeFirst && ACTIVE_STATES.has(q.state) ? 0 : 1);
  return queries
    .filter(matches)
    .sort((a, b) => rank(a) - rank(b) || direction * (key(a) - key(b)) || a.queryId.localeCompare(b.queryId));
}
