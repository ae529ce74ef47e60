/**
 * A split source whose real source is made later, on its first `nextBatch`: a scan that waits for
 * its dynamic filters lists its splits only once it has them (query-dynamic-filters.ts), with the
 * filters as the listing's constraint. Closing it before then means the real source is never
 * listed from (or is closed as soon as it is made).
 */
import type { ConnectorSplitSource, SplitBatch } from '../../spi/split-source.js';

export class DeferredSplitSource implements ConnectorSplitSource {
  private source: Promise<ConnectorSplitSource> | undefined;
  private closed = false;

  constructor(private readonly open: () => Promise<ConnectorSplitSource>) {}

  async nextBatch(maxSplits: number): Promise<SplitBatch> {
    this.source ??= this.open();
    const source = await this.source;
    // Closed meanwhile: `close` closes the source once it is made.
    if (this.closed) return { splits: [], noMoreSplits: true };
    return source.nextBatch(maxSplits);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.source?.then(
      (source) => source.close(),
      () => undefined,
    );
  }
}
