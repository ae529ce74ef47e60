/**
 * Pages a query's result into the `data` arrays of the statement protocol's responses, about
 * `targetBytes` of JSON each, and encodes the next one ahead: while a client parses one response,
 * the coordinator already writes the next (without this, encoding on the server and parsing in the
 * client take turns, and a large result streams at half the speed). At most one page of JSON is
 * held ahead per query; taking it out of the result buffer lets the producers go on.
 */
import { JsonRowsWriter } from '../../data/json-rows-writer.js';
import type { QueryExecution } from '../query/query-execution.js';

export class ResultPager {
  private readonly ahead = new Map<string, Buffer>();

  constructor(private readonly targetBytes: number) {}

  /** Whether rows are ready to send without waiting. */
  hasRows(query: QueryExecution): boolean {
    return this.ahead.has(query.queryId) || query.results.bufferedPages > 0;
  }

  /** The next `data` array (JSON bytes) or undefined when no rows are buffered. */
  next(query: QueryExecution): Buffer | undefined {
    const ready = this.ahead.get(query.queryId);
    this.ahead.delete(query.queryId);
    // After a partial cancel or a failure no more rows are sent: those encoded ahead or still
    // buffered are dropped, so the result drains and the next answer can be final.
    if (query.isStoppedEarly || query.state === 'FAILED') {
      while (query.results.poll() !== null) {}
      return undefined;
    }
    return ready ?? this.encode(query);
  }

  /** Encodes the following `data` array once the current turn of the event loop is over. */
  encodeAhead(query: QueryExecution): void {
    setImmediate(() => {
      if (this.ahead.has(query.queryId) || query.isStoppedEarly || query.state === 'FAILED') return;
      const rows = this.encode(query);
      if (rows !== undefined) this.ahead.set(query.queryId, rows);
    });
  }

  /** Drops what was encoded for queries `isKnown` no longer knows. */
  forgetUnknown(isKnown: (queryId: string) => boolean): void {
    for (const id of this.ahead.keys()) if (!isKnown(id)) this.ahead.delete(id);
  }

  private encode(query: QueryExecution): Buffer | undefined {
    const columns = query.columns;
    if (!columns) return undefined;
    const writer = new JsonRowsWriter(
      columns.map((c) => c.type),
      this.targetBytes + this.targetBytes / 4,
    );
    while (writer.byteLength < this.targetBytes) {
      const page = query.results.poll();
      if (!page) break;
      writer.append(page);
    }
    return writer.finish();
  }
}
