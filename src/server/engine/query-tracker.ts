/**
 * The coordinator's book of queries: admission (at most `maxRunning` queries run at once, the
 * rest wait in state QUEUED in arrival order, and a full queue rejects with QUERY_QUEUE_FULL),
 * abandonment (a query no client has asked about for `clientTimeoutMs` fails with
 * ABANDONED_QUERY and releases what it holds), and retention (finished queries stay visible to
 * clients and the query list until there are more than `maxHistory` of them and they are older
 * than `minExpireAgeMs`). As Presto's `query.max-concurrent-queries`, `query.max-queued-queries`,
 * `query.client.timeout`, `query.max-history` and `query.min-expire-age`.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { QueryExecution } from './query-execution.js';

export interface QueryTrackerOptions {
  readonly maxRunning: number;
  readonly maxQueued: number;
  readonly clientTimeoutMs: number;
  readonly maxHistory: number;
  readonly minExpireAgeMs: number;
  /** Called when the last running query ends and none waits (the coordinator is idle). */
  readonly onIdle?: () => void;
}

export const DEFAULT_QUERY_TRACKER_OPTIONS: QueryTrackerOptions = {
  maxRunning: 32,
  maxQueued: 1000,
  clientTimeoutMs: 5 * 60 * 1000,
  maxHistory: 100,
  minExpireAgeMs: 15 * 60 * 1000,
};

const SWEEP_INTERVAL_MS = 1000;

export class QueryTracker {
  private readonly queries = new Map<string, QueryExecution>();
  private readonly waiting: { query: QueryExecution; start: () => void }[] = [];
  private running = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: QueryTrackerOptions = DEFAULT_QUERY_TRACKER_OPTIONS) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  get(queryId: string): QueryExecution | undefined {
    return this.queries.get(queryId);
  }

  list(): QueryExecution[] {
    return [...this.queries.values()];
  }

  /** Registers a query and starts it now, or when a running one ends (it stays QUEUED until then). */
  admit(query: QueryExecution, start: () => Promise<void>): void {
    this.queries.set(query.queryId, query);
    if (this.waiting.length >= this.options.maxQueued && this.running >= this.options.maxRunning) {
      query.fail(
        new VivaceError('QUERY_QUEUE_FULL', `Too many queued queries: ${this.waiting.length} already wait to run`),
      );
      query.markExecutionFinished();
      return;
    }
    const run = () => {
      this.running++;
      start().finally(() => {
        this.running--;
        this.startWaiting();
        if (this.isIdle()) this.options.onIdle?.();
      });
    };
    if (this.running < this.options.maxRunning) run();
    else this.waiting.push({ query, start: run });
  }

  /** No query runs or waits. */
  isIdle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }

  private startWaiting(): void {
    while (this.running < this.options.maxRunning && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      // A query canceled while it waited never starts.
      if (next.query.isDone) {
        next.query.markExecutionFinished();
        continue;
      }
      next.start();
    }
  }

  /** Fails abandoned queries and forgets old finished ones. */
  sweep(now = Date.now()): void {
    for (const query of this.queries.values()) {
      if (!query.isDone && now - query.lastClientAccess > this.options.clientTimeoutMs) {
        query.cancel(
          new VivaceError(
            'ABANDONED_QUERY',
            `Query ${query.queryId} was abandoned by the client, as it may have exited or stopped checking for query results. Query results have not been accessed since ${new Date(query.lastClientAccess).toISOString()}: currentTime ${new Date(now).toISOString()}`,
          ),
        );
      }
    }
    const done = [...this.queries.values()].filter((q) => q.isDone).sort((a, b) => (a.endTime ?? 0) - (b.endTime ?? 0));
    let excess = done.length - this.options.maxHistory;
    for (const query of done) {
      if (excess <= 0) break;
      if (now - (query.endTime ?? now) < this.options.minExpireAgeMs) break;
      this.queries.delete(query.queryId);
      excess--;
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
