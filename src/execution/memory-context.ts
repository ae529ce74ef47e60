/**
 * Memory accounting. Operators report what they hold (hash tables, sorted rows, buffered pages)
 * to their operator's context; the query's pool sums them and fails the query, not the process,
 * when the sum passes the query's limit. Accounting is explicit and cheap: a number per
 * operator, updated when an operator's retained size changes (per page, never per row).
 */
import { VivaceError } from '../common/vivace-error.js';

/** How many consumers the EXCEEDED_MEMORY_LIMIT message names (Presto names the top three). */
const TOP_CONSUMERS = 3;

export class QueryMemoryPool {
  private reserved = 0;
  private peak = 0;
  private readonly contexts = new Set<LocalMemoryContext>();

  constructor(
    readonly queryId: string,
    /** Bytes; Infinity for no limit. */
    readonly limitBytes: number,
  ) {}

  get reservedBytes(): number {
    return this.reserved;
  }

  get peakBytes(): number {
    return this.peak;
  }

  /**
   * Changes the reservation by `delta` bytes; past the limit throws EXCEEDED_MEMORY_LIMIT in
   * Presto's words (what was allocated before, the refused delta, the largest consumers) and
   * leaves the reservation as it was.
   */
  update(delta: number): void {
    const next = this.reserved + delta;
    if (delta > 0 && next > this.limitBytes) {
      throw new VivaceError(
        'EXCEEDED_MEMORY_LIMIT',
        `Query exceeded per-query memory limit of ${formatBytes(this.limitBytes)} ` +
          `[Allocated: ${formatBytes(this.reserved)}, Delta: ${formatBytes(delta)}, ` +
          `Top Consumers: {${this.topConsumers()}}]`,
      );
    }
    this.reserved = next;
    if (next > this.peak) this.peak = next;
  }

  /** A context for one consumer (an operator type such as `HashAggregationOperator`). */
  newLocalContext(consumer = 'Unknown'): LocalMemoryContext {
    const context = new LocalMemoryContext(this, consumer);
    this.contexts.add(context);
    return context;
  }

  /** `HashAggregationOperator=1.20MB, OrderByOperator=300kB`: reservations summed per consumer, largest first. */
  private topConsumers(): string {
    const byConsumer = new Map<string, number>();
    for (const context of this.contexts) {
      if (context.reservedBytes > 0) {
        byConsumer.set(context.consumer, (byConsumer.get(context.consumer) ?? 0) + context.reservedBytes);
      }
    }
    return [...byConsumer]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_CONSUMERS)
      .map(([consumer, bytes]) => `${consumer}=${formatBytes(bytes)}`)
      .join(', ');
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

/** Presto's data-size format (airlift DataSize): `1.50GB`, `512kB`, `17B`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'unlimited';
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value}B` : `${Number.isInteger(value) ? value : value.toFixed(2)}${units[unit]}`;
}

/** Parses `1GB`, `512MB`, `100kB`, `17B` (case-insensitive units) into bytes. */
export function parseBytes(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|kB|MB|GB|TB|PB)\s*$/i.exec(text);
  if (!match) throw new VivaceError('INVALID_SESSION_PROPERTY', `Invalid data size: '${text}'`);
  const units: Record<string, number> = { b: 0, kb: 1, mb: 2, gb: 3, tb: 4, pb: 5 };
  return Math.round(Number(match[1]) * 1024 ** units[match[2]!.toLowerCase()]!);
}
