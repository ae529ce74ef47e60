/**
 * The coordinator's side of a query's dynamic filters (planner/dynamic-filters.ts), as Trino's
 * DynamicFilterService: every task of the stage holding a join reports the summary of its build
 * keys (through its status), and a filter is complete once every task of that stage has reported
 * — the union of their summaries — or, for a replicated join, whose every task builds from all
 * the build rows, as soon as one task has (scans wait for the fastest build, not the slowest,
 * and the coordinator merges nothing). A task that ends without reporting (canceled, or its build was
 * never needed) contributes "all keys", so a filter never waits on a task that is gone. Scans wait
 * for their filters at most a timeout, then start with the filters complete by then.
 */
import {
  ALL_KEYS,
  type DynamicFilterSummary,
  isDynamicFilterSummary,
  MAX_SPLIT_CONSTRAINT_VALUES,
  matchesNothing,
  mergeSummaries,
} from '../../execution/dynamic-filter/dynamic-filter-summary.js';
import type { TupleDomain, ValueRange } from '../../spi/tuple-domain.js';
import type { DynamicFilterSnapshot } from '../protocol/query-state.js';

/**
 * The tasks whose builds produce a filter; `replicated`: each of them builds from every key;
 * `probedInTask`: the filter's scan is in its join's own fragment, so each task filters its rows
 * by its own build's keys and reports only what prunes splits (planner/dynamic-filters.ts
 * `filtersProbedInFragment`).
 */
export interface DynamicFilterProducers {
  readonly taskIds: readonly string[];
  readonly replicated: boolean;
  readonly probedInTask?: boolean;
}

interface FilterState {
  /** Tasks of the producing stage that have not reported yet. */
  readonly pending: Set<string>;
  /** One report is the whole filter (a replicated join's). */
  readonly anyTask: boolean;
  merged: DynamicFilterSummary | undefined;
  complete: boolean;
  /** Milliseconds from the filters' creation to completion. */
  collectionMs?: number;
  readonly probedInTask: boolean;
}

export class QueryDynamicFilters {
  private readonly filters = new Map<string, FilterState>();
  private waiters: (() => void)[] = [];
  private readonly createdAt = Date.now();

  /** @param producers per filter id, the tasks whose builds produce it */
  constructor(producers: ReadonlyMap<string, DynamicFilterProducers>) {
    for (const [id, { taskIds, replicated, probedInTask }] of producers) {
      this.filters.set(id, {
        pending: new Set(taskIds),
        anyTask: replicated,
        merged: undefined,
        complete: taskIds.length === 0,
        probedInTask: probedInTask === true,
      });
    }
  }

  get isEmpty(): boolean {
    return this.filters.size === 0;
  }

  /** A task's published summaries (from its status); unknown ids and malformed summaries are ignored. */
  report(taskId: string, summaries: Readonly<Record<string, unknown>>): void {
    for (const [id, summary] of Object.entries(summaries)) {
      this.contribute(id, taskId, isDynamicFilterSummary(summary) ? summary : ALL_KEYS);
    }
  }

  /** A task ended: the filters it never reported get "all keys" from it. */
  taskDone(taskId: string): void {
    for (const [id, state] of this.filters) if (state.pending.has(taskId)) this.contribute(id, taskId, ALL_KEYS);
  }

  private contribute(id: string, taskId: string, summary: DynamicFilterSummary): void {
    const state = this.filters.get(id);
    if (state === undefined || !state.pending.delete(taskId) || state.complete) return;
    state.merged = state.merged === undefined ? summary : mergeSummaries(state.merged, summary);
    // "All keys" from one task is the answer whatever the others say: scans need not wait for them.
    if (state.pending.size > 0 && state.merged.all !== true && !state.anyTask) return;
    state.complete = true;
    state.collectionMs = Date.now() - this.createdAt;
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Filter `id` once complete. */
  completed(id: string): DynamicFilterSummary | undefined {
    const state = this.filters.get(id);
    return state?.complete === true ? (state.merged ?? ALL_KEYS) : undefined;
  }

  /** Filter `id` for EXPLAIN ANALYZE and the query's record. */
  describe(id: string): DynamicFilterSnapshot {
    const state = this.filters.get(id);
    if (state?.complete !== true) return { id, domain: 'collecting' };
    const merged = state.merged ?? ALL_KEYS;
    const domain = describeSummary(merged);
    // What the coordinator holds is what prunes splits; the tasks filter their rows by more.
    const byTask = state.probedInTask && merged.all !== true && !matchesNothing(merged);
    return {
      id,
      domain: byTask ? `${domain}; each task filters by its own build's keys` : domain,
      collectionMs: state.collectionMs ?? 0,
    };
  }

  /** Resolves when every filter of `ids` is complete, or after `timeoutMs`, or when `stop` settles. */
  async whenComplete(ids: readonly string[], timeoutMs: number, stop: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      while (!ids.every((id) => this.completed(id) !== undefined)) {
        const changed = new Promise<void>((resolve) => this.waiters.push(resolve));
        const outcome = await Promise.race([
          changed.then(() => 'changed'),
          timeout,
          stop.then(
            () => undefined,
            () => undefined,
          ),
        ]);
        if (outcome !== 'changed') return;
      }
    } finally {
      clearTimeout(timer);
    }
  }
}

function describeSummary(summary: DynamicFilterSummary): string {
  if (summary.all === true) return 'all';
  if (summary.min === undefined || summary.max === undefined) return 'none';
  const range = `[${JSON.stringify(summary.min)}, ${JSON.stringify(summary.max)}]`;
  return summary.values === undefined ? `range ${range}` : `${summary.values.length} values in ${range}`;
}

/**
 * A complete filter as a split constraint on `column`: no row, a list of values (a few), or the
 * values' range. Undefined when it constrains nothing.
 */
export function filterConstraint(summary: DynamicFilterSummary, column: string): TupleDomain | undefined {
  if (summary.all === true) return undefined;
  if (summary.min === undefined || summary.max === undefined) return { none: true, columns: {} };
  let ranges: ValueRange[];
  if (summary.values !== undefined && summary.values.length <= MAX_SPLIT_CONSTRAINT_VALUES) {
    const sorted = [...summary.values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    ranges = sorted.map((value) => ({ low: { value, inclusive: true }, high: { value, inclusive: true } }));
  } else {
    ranges = [{ low: { value: summary.min, inclusive: true }, high: { value: summary.max, inclusive: true } }];
  }
  return { columns: { [column]: { nullAllowed: false, ranges } } };
}
