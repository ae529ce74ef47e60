/**
 * Split enumeration as a source the engine pulls from, batch by batch: a connector over thousands
 * of files lists them while the first splits already run, and stops listing when the query no
 * longer needs more (a LIMIT reached, a failure, a cancel). `fixedSplitSource` serves connectors
 * whose splits are all known at once; `collectSplits` reads a source to the end (tools, tests).
 */

/** A unit of work: plain JSON, interpreted only by the connector that made it. */
export interface ConnectorSplit {
  /** Nodes that hold the split's data (memory connector); empty when any node can read it. */
  readonly addresses?: readonly string[];
  /**
   * The split's bucket, for a table with a partitioning (`ConnectorMetadata.getTablePartitioning`):
   * a number from 0, the same for every split holding a given key.
   */
  readonly bucket?: number;
  readonly [key: string]: unknown;
}

/** What one `nextBatch` call yields; `noMoreSplits` once the last split was handed out. */
export interface SplitBatch {
  readonly splits: readonly ConnectorSplit[];
  readonly noMoreSplits: boolean;
}

/**
 * A table scan's splits. `nextBatch` is called again only after the previous call settled; it
 * resolves once at least one split is ready (fewer than `maxSplits` is fine: answer what the
 * listing has so far) or the listing has ended — an empty batch only with `noMoreSplits`, so the
 * engine never spins on a source that has nothing yet — and rejects when listing fails (the
 * query fails with that error). `close` is called once, when the engine needs
 * no more splits (all were handed out, or the query stopped early); it ends the enumeration and
 * releases what it holds. It may come while a `nextBatch` is pending, whose answer is then
 * ignored; no call follows it.
 */
export interface ConnectorSplitSource {
  nextBatch(maxSplits: number): Promise<SplitBatch>;
  close(): void;
}

/** A source over splits known up front, handed out in order. */
export function fixedSplitSource(splits: readonly ConnectorSplit[]): ConnectorSplitSource {
  let next = 0;
  return {
    async nextBatch(maxSplits: number): Promise<SplitBatch> {
      const count = Math.max(1, Math.floor(maxSplits));
      const batch = splits.slice(next, next + count);
      next += batch.length;
      return { splits: batch, noMoreSplits: next >= splits.length };
    },
    close(): void {
      next = splits.length;
    },
  };
}

/** Every split of `source`, read in batches of `batchSize`; the source is closed afterwards. */
export async function collectSplits(source: ConnectorSplitSource, batchSize = 1000): Promise<ConnectorSplit[]> {
  const splits: ConnectorSplit[] = [];
  try {
    for (;;) {
      const batch = await source.nextBatch(batchSize);
      splits.push(...batch.splits);
      if (batch.noMoreSplits) return splits;
    }
  } finally {
    source.close();
  }
}
