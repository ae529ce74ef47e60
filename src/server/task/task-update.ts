/**
 * The body of `POST /v1/task/{taskId}` (create or update a task), as the coordinator's scheduler
 * sends it and the worker's task resource reads it. The first request carries the session and
 * the plan fragment; every request may add splits per plan node (each with a sequence id, so a
 * retried request adds nothing twice), close a node's splits (`noMoreSplits`), and describe the
 * task's output buffers. Splits of a RemoteSource node are upstream task URIs.
 */
import { VivaceError } from '../../common/vivace-error.js';
import {
  type DynamicFilterSummary,
  isDynamicFilterSummary,
} from '../../execution/dynamic-filter/dynamic-filter-summary.js';

export interface TaskSession {
  readonly queryId: string;
  readonly user: string;
  readonly timeZone: string;
  /** Epoch milliseconds: the query's start (current_timestamp and friends). */
  readonly startTime: number;
  readonly properties: Readonly<Record<string, string>>;
  /** This task's partition number among its stage's tasks: the buffer it reads from upstream tasks. */
  readonly partition: number;
  /** How many tasks the stage has (absent: 1). */
  readonly partitionCount?: number;
  /** Groups per row above which PARTIAL aggregations pass rows through (session `adaptive_partial_aggregation_*`); absent: never. */
  readonly partialAggregationUniqueRowsRatio?: number;
  /** Rows per page for scans (session `page_rows`); absent = unbounded. */
  readonly maxPageRows?: number;
  /** Per-task memory limit in bytes. */
  readonly memoryLimitBytes?: number;
}

export interface ScheduledSplit {
  readonly sequenceId: number;
  readonly split: Readonly<Record<string, unknown>>;
}

export interface TaskSource {
  readonly planNodeId: string;
  readonly splits: readonly ScheduledSplit[];
  readonly noMoreSplits?: boolean;
}

export type OutputBufferType = 'PARTITIONED' | 'BROADCAST' | 'ARBITRARY';

export interface OutputBuffersSpec {
  readonly type: OutputBufferType;
  /** Buffers '0' .. bufferCount-1, one per consumer task (one for ARBITRARY). */
  readonly bufferCount: number;
}

export interface TaskUpdateRequest {
  readonly session?: TaskSession;
  /**
   * The plan fragment (first request only): planner/fragment-serde's document, nested in the
   * request as it is (`taskUpdateBody`), or that document's text.
   */
  readonly fragment?: string | Readonly<Record<string, unknown>>;
  readonly sources?: readonly TaskSource[];
  readonly outputIds?: OutputBuffersSpec;
  /**
   * The catalogs the worker must have besides its built-in ones (first request only): those made
   * by CREATE CATALOG or defined by files on the coordinator. The worker creates those it lacks.
   */
  readonly catalogs?: readonly TaskCatalog[];
  /**
   * Dynamic filters merged by the coordinator, by id (planner/dynamic-filters.ts): sent with (or
   * before) the first splits of a scan that applies them.
   */
  readonly dynamicFilterDomains?: Readonly<Record<string, DynamicFilterSummary>>;
}

export interface TaskCatalog {
  readonly name: string;
  readonly connectorName: string;
  readonly properties: Readonly<Record<string, string>>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new VivaceError('INVALID_ARGUMENTS', `Invalid task update: ${message}`);
}

/** Checks the shape of a request body (a worker must never crash on a malformed one). */
export function parseTaskUpdate(body: unknown): TaskUpdateRequest {
  if (!isObject(body)) fail('the body is not a JSON object');
  const { session, fragment, sources, outputIds, catalogs, dynamicFilterDomains } = body;
  if (dynamicFilterDomains !== undefined) {
    if (!isObject(dynamicFilterDomains)) fail('dynamicFilterDomains is not an object');
    for (const [id, summary] of Object.entries(dynamicFilterDomains)) {
      if (!isDynamicFilterSummary(summary)) fail(`dynamic filter ${id} is malformed`);
    }
  }
  if (catalogs !== undefined) {
    if (!Array.isArray(catalogs)) fail('catalogs is not an array');
    for (const catalog of catalogs as unknown[]) {
      if (!isObject(catalog) || typeof catalog.name !== 'string' || typeof catalog.connectorName !== 'string') {
        fail('a catalog lacks name or connectorName');
      }
      if (!isObject(catalog.properties) || !Object.values(catalog.properties).every((v) => typeof v === 'string')) {
        fail(`the properties of catalog ${catalog.name} are not an object of strings`);
      }
    }
  }
  if (session !== undefined) {
    if (!isObject(session)) fail('session is not an object');
    if (typeof session.queryId !== 'string' || typeof session.user !== 'string') fail('session lacks queryId or user');
    if (typeof session.timeZone !== 'string' || typeof session.startTime !== 'number')
      fail('session lacks timeZone or startTime');
    if (!Number.isInteger(session.partition)) fail('session lacks partition');
    if (
      session.partitionCount !== undefined &&
      !(Number.isInteger(session.partitionCount) && (session.partitionCount as number) > 0)
    )
      fail('session partitionCount is not a positive integer');
    if (!isObject(session.properties)) fail('session properties are not an object');
    const ratio = session.partialAggregationUniqueRowsRatio;
    if (ratio !== undefined && !(typeof ratio === 'number' && ratio >= 0 && ratio <= 1))
      fail('session partialAggregationUniqueRowsRatio is not a number in [0, 1]');
  }
  if (fragment !== undefined && typeof fragment !== 'string' && !isObject(fragment)) {
    fail('fragment is neither an object nor a string');
  }
  if (sources !== undefined) {
    if (!Array.isArray(sources)) fail('sources is not an array');
    for (const source of sources) {
      if (!isObject(source) || typeof source.planNodeId !== 'string' || !Array.isArray(source.splits)) {
        fail('a source lacks planNodeId or splits');
      }
      for (const split of source.splits as unknown[]) {
        if (!isObject(split) || !Number.isInteger(split.sequenceId) || !isObject(split.split)) {
          fail('a split lacks sequenceId or split');
        }
      }
    }
  }
  if (outputIds !== undefined) {
    if (!isObject(outputIds) || !['PARTITIONED', 'BROADCAST', 'ARBITRARY'].includes(outputIds.type as string)) {
      fail('outputIds has no valid type');
    }
    if (!Number.isInteger(outputIds.bufferCount) || (outputIds.bufferCount as number) < 1)
      fail('outputIds lacks bufferCount');
  }
  return body as unknown as TaskUpdateRequest;
}

/**
 * The JSON text of a task update whose fragment is `fragmentJson` (fragment-serde's text, made once
 * per stage), nested as it is rather than as a string: no escaping on the way out, one parse on
 * the worker's side.
 */
export function taskUpdateBody(request: Omit<TaskUpdateRequest, 'fragment'>, fragmentJson: string): string {
  const rest = JSON.stringify(request);
  return rest === '{}' ? `{"fragment":${fragmentJson}}` : `{"fragment":${fragmentJson},${rest.slice(1)}`;
}
