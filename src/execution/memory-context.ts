/**
 * Memory accounting. Operators report what they hold (hash tables, sorted rows, buffered pages)
 * to their operator's context; the query's pool sums them and fails the query, not the process,
 * when the sum passes the query's limit. Accounting is explicit and cheap: a number per
 * operator, updated when an operator's retained size changes (per page, never per row).
 *
 * On a worker the pools nest: each task has a pool (its figures in the task record) whose parent
 * is the pool of its query on this node (the per-node limit, shared by the query's tasks there),
 * which reserves from the node's pool (`NodeMemoryPool`, `query.max-memory-per-node` across every
 * query on the node). A reservation is checked from the bottom up and applied only when every
 * level accepts it, so a refused reservation leaves every figure as it was. When the node's pool
 * is full, the query holding the most memory on the node is killed (Trino's low-memory killer,
 * decided locally): its tasks fail and close their operators, which returns their memory at once.
 */
import type { ErrorName } from '../common/error-codes.js';
import { formatDataSize } from '../common/units.js';
import { VivaceError } from '../common/vivace-error.js';

/** How many consumers the EXCEEDED_MEMORY_LIMIT message names (Presto names the top three). */
const TOP_CONSUMERS = 3;

/**
 * Which limit a pool enforces, for the error: the whole query in one process (`per-query`), the
 * query on one worker (`per-node`, `query.max-memory-per-node`: EXCEEDED_LOCAL_MEMORY_LIMIT), or
 * the query's distributed limit (`query_max_memory`), which one worker alone already passes.
 */
export type MemoryLimitKind = 'per-query' | 'per-node' | 'distributed';

const LIMIT_ERRORS: Readonly<Record<MemoryLimitKind, { name: ErrorName; text: string }>> = {
  'per-query': { name: 'EXCEEDED_MEMORY_LIMIT', text: 'per-query memory limit' },
  'per-node': { name: 'EXCEEDED_LOCAL_MEMORY_LIMIT', text: 'per-node memory limit' },
  distributed: { name: 'EXCEEDED_MEMORY_LIMIT', text: 'distributed user memory limit' },
};

export interface QueryMemoryPoolOptions {
  readonly limitKind?: MemoryLimitKind;
  /** The pool this one's reservations also count into (a task's pool: its query's pool on the node). */
  readonly parent?: QueryMemoryPool;
  /** The node's pool (set on a query's root pool of a worker). */
  readonly node?: NodeMemoryPool;
}

export class QueryMemoryPool {
  private reserved = 0;
  private peak = 0;
  private readonly contexts = new Set<LocalMemoryContext>();
  private readonly children = new Set<QueryMemoryPool>();
  private readonly killers = new Set<(error: VivaceError) => void>();
  private closed = false;
  readonly limitKind: MemoryLimitKind;
  private readonly parent: QueryMemoryPool | undefined;
  private readonly node: NodeMemoryPool | undefined;

  constructor(
    readonly queryId: string,
    /** Bytes; Infinity for no limit. */
    readonly limitBytes: number,
    options: QueryMemoryPoolOptions = {},
  ) {
    this.limitKind = options.limitKind ?? 'per-query';
    this.parent = options.parent;
    this.node = options.node;
    this.parent?.children.add(this);
  }

  get reservedBytes(): number {
    return this.reserved;
  }

  get peakBytes(): number {
    return this.peak;
  }

  /**
   * Changes the reservation by `delta` bytes; past the limit throws EXCEEDED_MEMORY_LIMIT in
   * Presto's words (what was allocated before, the refused delta, the largest consumers) and
   * leaves the reservation as it was (here and in every pool above).
   */
  update(delta: number): void {
    // A closed pool gave everything back; a straggler (a buffer touched after its task ended)
    // must not reserve on behalf of a task that no longer exists.
    if (this.closed) return;
    const next = this.reserved + delta;
    if (delta > 0 && next > this.limitBytes) {
      const { name, text } = LIMIT_ERRORS[this.limitKind];
      throw new VivaceError(
        name,
        `Query exceeded ${text} of ${formatDataSize(this.limitBytes)} ` +
          `[Allocated: ${formatDataSize(this.reserved)}, Delta: ${formatDataSize(delta)}, ` +
          `Top Consumers: {${this.topConsumers()}}]`,
      );
    }
    this.parent?.update(delta);
    this.node?.update(this, delta);
    this.reserved = next;
    if (next > this.peak) this.peak = next;
  }

  /** A context for one consumer (an operator type such as `HashAggregationOperator`). */
  newLocalContext(consumer = 'Unknown'): LocalMemoryContext {
    const context = new LocalMemoryContext(this, consumer);
    this.contexts.add(context);
    return context;
  }

  /** Called when the node kills this query to free memory (a task registers its `fail`). */
  onKill(kill: (error: VivaceError) => void): () => void {
    this.killers.add(kill);
    return () => this.killers.delete(kill);
  }

  /** Fails every task of the query that registered with `onKill`. */
  kill(error: VivaceError): void {
    for (const kill of [...this.killers]) kill(error);
  }

  /**
   * The owner (a task) is done: whatever its consumers still hold is returned (a consumer that
   * missed its own close must not leak the node's memory) and it leaves its parent.
   */
  close(): void {
    for (const context of this.contexts) context.close();
    this.closed = true;
    this.contexts.clear();
    this.killers.clear();
    this.parent?.children.delete(this);
  }

  /** `HashAggregationOperator=1.20MB, OrderByOperator=300kB`: reservations summed per consumer, largest first. */
  topConsumers(): string {
    const byConsumer = new Map<string, number>();
    this.collectConsumers(byConsumer);
    return [...byConsumer]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_CONSUMERS)
      .map(([consumer, bytes]) => `${consumer}=${formatDataSize(bytes)}`)
      .join(', ');
  }

  private collectConsumers(into: Map<string, number>): void {
    for (const context of this.contexts) {
      if (context.reservedBytes > 0) {
        into.set(context.consumer, (into.get(context.consumer) ?? 0) + context.reservedBytes);
      }
    }
    for (const child of this.children) child.collectConsumers(into);
  }
}

/**
 * The memory of one node (a worker process) across every query running there: a real ceiling
 * (`query.max-memory-per-node`). A reservation that would pass it kills the query holding the
 * most on this node (the requester itself when it is the largest) with CLUSTER_OUT_OF_MEMORY.
 */
export class NodeMemoryPool {
  private reserved = 0;
  private peak = 0;
  /** The root pool of each query with tasks on this node, and how many of its tasks hold it. */
  private readonly queries = new Map<string, { pool: QueryMemoryPool; holders: number }>();

  constructor(
    /** Bytes. */
    readonly limitBytes: number,
    readonly nodeId = 'local',
  ) {}

  get reservedBytes(): number {
    return this.reserved;
  }

  get peakBytes(): number {
    return this.peak;
  }

  /**
   * The root pool of query `queryId` on this node, shared by its tasks here: created by the first
   * task with `limitBytes` (every task of a query carries the same session), released by the last.
   */
  acquireQueryPool(queryId: string, limitBytes: number, limitKind: MemoryLimitKind): QueryMemoryPool {
    let entry = this.queries.get(queryId);
    if (entry === undefined) {
      entry = { pool: new QueryMemoryPool(queryId, limitBytes, { limitKind, node: this }), holders: 0 };
      this.queries.set(queryId, entry);
    }
    entry.holders++;
    return entry.pool;
  }

  /** A task of the query is done; the last one drops the query's pool. */
  releaseQueryPool(pool: QueryMemoryPool): void {
    const entry = this.queries.get(pool.queryId);
    if (entry === undefined || entry.pool !== pool) return;
    if (--entry.holders === 0) this.queries.delete(pool.queryId);
  }

  /** Reservations per query on this node, largest first (the node status). */
  queryReservations(): { queryId: string; reservedBytes: number }[] {
    return [...this.queries.values()]
      .map(({ pool }) => ({ queryId: pool.queryId, reservedBytes: pool.reservedBytes }))
      .sort((a, b) => b.reservedBytes - a.reservedBytes);
  }

  /** Called by a query's root pool; throws when the node cannot give `delta` more bytes. */
  update(requester: QueryMemoryPool, delta: number): void {
    if (delta > 0 && this.reserved + delta > this.limitBytes) this.makeRoom(requester, delta);
    this.reserved += delta;
    if (this.reserved > this.peak) this.peak = this.reserved;
  }

  private makeRoom(requester: QueryMemoryPool, delta: number): void {
    let largest: QueryMemoryPool | undefined;
    for (const { pool } of this.queries.values()) {
      if (largest === undefined || pool.reservedBytes > largest.reservedBytes) largest = pool;
    }
    const error = (victim: QueryMemoryPool) =>
      new VivaceError(
        'CLUSTER_OUT_OF_MEMORY',
        'Query killed because the cluster is out of memory. Please try again in a few minutes. ' +
          `[Node ${this.nodeId} memory pool of ${formatDataSize(this.limitBytes)}: Allocated: ${formatDataSize(this.reserved)}, ` +
          `Delta: ${formatDataSize(delta)}, this query: ${formatDataSize(victim.reservedBytes)}, ` +
          `Top Consumers: {${victim.topConsumers()}}]`,
      );
    // Killing a query closes its operators, which frees its memory synchronously.
    if (largest !== undefined && largest !== requester && largest.reservedBytes > requester.reservedBytes) {
      largest.kill(error(largest));
    }
    if (this.reserved + delta > this.limitBytes) throw error(requester);
  }
}

/** One operator's reservation within its query's pool. */
export class LocalMemoryContext {
  private bytes = 0;
  /** The most this operator held at once (EXPLAIN ANALYZE, operator summaries). */
  peakBytes = 0;

  constructor(
    private readonly pool: QueryMemoryPool,
    readonly consumer: string,
  ) {}

  get reservedBytes(): number {
    return this.bytes;
  }

  /** Sets the operator's total reservation (not a delta). */
  setBytes(bytes: number): void {
    const delta = bytes - this.bytes;
    if (delta === 0) return;
    this.pool.update(delta);
    this.bytes = bytes;
    if (bytes > this.peakBytes) this.peakBytes = bytes;
  }

  close(): void {
    this.setBytes(0);
  }
}
