/**
 * The coordinator's book of queries: admission (at most `maxRunning` queries run at once and at
 * most `maxRunningPerUser` of one user's, the rest wait in state QUEUED in arrival order, and a
 * full queue rejects with QUERY_QUEUE_FULL), abandonment (a query no client has asked about for
 * `clientTimeoutMs` fails with ABANDONED_QUERY and releases what it holds), and retention
 * (finished queries stay visible to clients and the query list until there are more than
 * `maxHistory` of them and they are older than `minExpireAgeMs`; past the newest `maxHistory`, a
 * query keeps its totals but not its stage details, as Trino prunes them — under a stream of small
 * statements 15 minutes of queries with their task records would grow the coordinator's heap by
 * gigabytes). As Presto's
 * `query.max-concurrent-queries`, `query.max-queued-queries`, `query.client.timeout`,
 * `query.max-history` and `query.min-expire-age`.
 *
 * Against one client holding every slot (issue 13): a waiting query takes a slot only once its
 * client has polled it (the first GET of its `nextUri`), so queries posted and never polled
 * occupy no slot; a query never polled within `firstPollTimeoutMs` is abandoned long before the
 * client time-out; and the per-user share keeps one user's pile of queries from holding every
 * slot (until resource groups arrive).
 */
import { Queue } from '../../common/queue.js';
import { VivaceError } from '../../common/vivace-error.js';
import type { QueryExecution } from './query-execution.js';

export interface QueryTrackerOptions {
  readonly maxRunning: number;
  /** Slots one user's queries may hold at once; all of them when absent. */
  readonly maxRunningPerUser?: number;
  readonly maxQueued: number;
  readonly clientTimeoutMs: number;
  /** How long a query may go without its client's first poll; the client time-out when absent. */
  readonly firstPollTimeoutMs?: number;
  readonly maxHistory: number;
  readonly minExpireAgeMs: number;
  /** Called when the last running query ends and none waits (the coordinator is idle). */
  readonly onIdle?: () => void;
}

export const DEFAULT_QUERY_TRACKER_OPTIONS: QueryTrackerOptions = {
  maxRunning: 32,
  maxRunningPerUser: 16,
  maxQueued: 1000,
  clientTimeoutMs: 5 * 60 * 1000,
  firstPollTimeoutMs: 30 * 1000,
  maxHistory: 100,
  minExpireAgeMs: 15 * 60 * 1000,
};

const SWEEP_INTERVAL_MS = 1000;

export class QueryTracker {
  private readonly queries = new Map<string, QueryExecution>();
  /** Queries not yet seen done by a sweep: the only ones a sweep looks at one by one. */
  private readonly live = new Set<QueryExecution>();
  /** Done queries in the order they ended. */
  private readonly done = new Queue<QueryExecution>();
  /** How many of `done`'s oldest entries are pruned already. */
  private pruned = 0;
  private readonly waiting: { query: QueryExecution; start: () => void }[] = [];
  private running = 0;
  private readonly runningByUser = new Map<string, number>();
  private readonly maxRunningPerUser: number;
  private readonly firstPollTimeoutMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: QueryTrackerOptions = DEFAULT_QUERY_TRACKER_OPTIONS) {
    this.maxRunningPerUser = options.maxRunningPerUser ?? options.maxRunning;
    this.firstPollTimeoutMs = options.firstPollTimeoutMs ?? options.clientTimeoutMs;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  get(queryId: string): QueryExecution | undefined {
    return this.queries.get(queryId);
  }

  list(): QueryExecution[] {
    return [...this.queries.values()];
  }

  /**
   * Registers a query and starts it now when a slot is free within its user's share, else when
   * one frees up after its client has polled it (it stays QUEUED until then).
   */
  admit(query: QueryExecution, start: () => Promise<void>): void {
    this.queries.set(query.queryId, query);
    this.live.add(query);
    const user = query.session.user;
    if (!this.hasSlotFor(user) && this.waiting.length >= this.options.maxQueued) {
      query.fail(
        new VivaceError('QUERY_QUEUE_FULL', `Too many queued queries: ${this.waiting.length} already wait to run`),
      );
      query.markExecutionFinished();
      return;
    }
    const run = () => {
      this.running++;
      this.runningByUser.set(user, (this.runningByUser.get(user) ?? 0) + 1);
      start().finally(() => {
        this.running--;
        const left = (this.runningByUser.get(user) ?? 1) - 1;
        if (left === 0) this.runningByUser.delete(user);
        else this.runningByUser.set(user, left);
        this.startWaiting();
        if (this.isIdle()) this.options.onIdle?.();
      });
    };
    if (this.hasSlotFor(user)) run();
    else {
      this.waiting.push({ query, start: run });
      // Its client's first poll makes it eligible: a slot may have freed up while it was not.
      query.onFirstPoll(() => this.startWaiting());
    }
  }

  /** No query runs or waits. */
  isIdle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }

  /**
   * Whether the query still needs the node: it has not ended, or it finished and its client, still
   * reading, has not had the final answer (its remaining rows are sent from this node). A client
   * that stopped asking for `clientTimeoutMs` is not waited for; a failed query has nothing to send.
   */
  isServing(query: QueryExecution, now = Date.now()): boolean {
    if (!query.isDone) return true;
    return (
      query.state === 'FINISHED' &&
      !query.finalAnswerSent &&
      now - query.lastClientAccess < this.options.clientTimeoutMs
    );
  }

  private hasSlotFor(user: string): boolean {
    return this.running < this.options.maxRunning && (this.runningByUser.get(user) ?? 0) < this.maxRunningPerUser;
  }

  /** Starts waiting queries in arrival order, skipping those not yet polled and those of users at their share. */
  private startWaiting(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.options.maxRunning; ) {
      const next = this.waiting[i];
      // A query canceled while it waited never starts.
      if (next.query.isDone) {
        this.waiting.splice(i, 1);
        next.query.markExecutionFinished();
        continue;
      }
      if (!next.query.clientPolled || !this.hasSlotFor(next.query.session.user)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      next.start();
    }
  }

  /** Fails abandoned queries, prunes finished ones past the newest `maxHistory` and forgets old ones. */
  sweep(now = Date.now()): void {
    const newlyDone: QueryExecution[] = [];
    for (const query of this.live) {
      if (query.isDone) {
        this.live.delete(query);
        newlyDone.push(query);
      } else if (!query.clientPolled && now - query.createTime > this.firstPollTimeoutMs) {
        query.cancel(
          new VivaceError(
            'ABANDONED_QUERY',
            `Query ${query.queryId} was abandoned by the client: its results were never requested within ${this.firstPollTimeoutMs / 1000}s of its submission`,
          ),
        );
      } else if (now - query.lastClientAccess > this.options.clientTimeoutMs) {
        query.cancel(
          new VivaceError(
            'ABANDONED_QUERY',
            `Query ${query.queryId} was abandoned by the client, as it may have exited or stopped checking for query results. Query results have not been accessed since ${new Date(query.lastClientAccess).toISOString()}: currentTime ${new Date(now).toISOString()}`,
          ),
        );
      }
    }
    // Ends between two sweeps are ordered among themselves; a sweep sees every earlier end first.
    newlyDone.sort((a, b) => (a.endTime ?? 0) - (b.endTime ?? 0));
    for (const query of newlyDone) this.done.push(query);
    const beyondHistory = this.done.size - this.options.maxHistory;
    for (; this.pruned < beyondHistory; this.pruned++) this.done.at(this.pruned)?.pruneDetails();
    for (let excess = beyondHistory; excess > 0; excess--) {
      const oldest = this.done.at(0);
      if (oldest === undefined || now - (oldest.endTime ?? now) < this.options.minExpireAgeMs) break;
      this.queries.delete(oldest.queryId);
      this.done.shift();
      this.pruned = Math.max(0, this.pruned - 1);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
