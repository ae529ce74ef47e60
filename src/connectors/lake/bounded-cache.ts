/**
 * A least-recently-used cache bounded by total weight (bytes, usually) and optionally by age.
 * The lake connector keeps Parquet footers and directory listings in these, so repeated queries
 * over the same files do not re-read them, while memory stays bounded whatever the number of files.
 * A Map keeps insertion order, so re-inserting on access makes the first key the least recent.
 */

interface Entry<V> {
  readonly value: V;
  readonly weight: number;
  readonly insertedAt: number;
}

export interface BoundedCacheOptions<V> {
  /** The total weight the cache may hold; the least recently used entries go first. */
  readonly maxWeight: number;
  /** The weight of a value (default 1, making maxWeight an entry count). */
  readonly weigh?: (value: V) => number;
  /** Entries older than this many milliseconds are not returned (default: no expiry). */
  readonly ttlMillis?: number;
  /** The clock, replaceable in tests. */
  readonly now?: () => number;
}

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private totalWeight = 0;
  private readonly weigh: (value: V) => number;
  private readonly now: () => number;

  constructor(private readonly options: BoundedCacheOptions<V>) {
    this.weigh = options.weigh ?? (() => 1);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.options.ttlMillis !== undefined && this.now() - entry.insertedAt > this.options.ttlMillis) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`; a value heavier than the whole cache is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.options.maxWeight) return;
    this.entries.set(key, { value, weight, insertedAt: this.now() });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.totalWeight <= this.options.maxWeight) break;
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /** Drops every entry whose key satisfies `predicate` (e.g. everything under a directory). */
  deleteWhere(predicate: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}
