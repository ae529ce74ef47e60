/**
 * Pages a query's result into the `data` arrays of the statement protocol's responses, about
 * `targetBytes` of JSON each, and encodes the next one ahead: while a client parses one response,
 * the coordinator already writes the next (without this, encoding on the server and parsing in the
 * client take turns, and a large result streams at half the speed). At most one page of JSON is
 * held ahead per query; taking it out of the result buffer lets the producers go on.
 *
 * Encoding is synchronous, so one answer's encoding is bounded in time as well as in bytes: rows
 * are written in slices of a page, and once `budgetMs` has passed the answer is cut and the rest of
 * the page kept for the next one. A megabyte of rows with decimal columns took 75 ms to encode
 * before the encoders were warm, which held every other request of the coordinator that long.
 */
import { JsonRowsWriter } from '../../data/json-rows-writer.js';
import type { Page } from '../../data/page.js';
import type { QueryExecution } from '../query/query-execution.js';

/** Rows written between two looks at the clock. */
const SLICE_ROWS = 512;
/** How long one answer's encoding may hold the event loop (at least one slice is always written). */
const DEFAULT_BUDGET_MS = 8;

/** A page whose first `offset` rows went out in an earlier answer. */
interface PartPage {
  readonly page: Page;
  readonly offset: number;
}

export class ResultPager {
  private readonly ahead = new Map<string, Buffer>();
  private readonly parts = new Map<string, PartPage>();

  constructor(
    private readonly targetBytes: number,
    private readonly budgetMs = DEFAULT_BUDGET_MS,
  ) {}

  /** Whether rows are ready to send without waiting. */
  hasRows(query: QueryExecution): boolean {
    const id = query.queryId;
    return this.ahead.has(id) || this.parts.has(id) || query.results.bufferedPages > 0;
  }

  /** Rows taken from the result buffer and not sent yet (a client that reads on must get them). */
  holdsRows(query: QueryExecution): boolean {
    return this.ahead.has(query.queryId) || this.parts.has(query.queryId);
  }

  /** The next `data` array (JSON bytes) or undefined when no rows are buffered. */
  next(query: QueryExecution): Buffer | undefined {
    const ready = this.ahead.get(query.queryId);
    this.ahead.delete(query.queryId);
    // After a partial cancel or a failure no more rows are sent: those encoded ahead or still
    // buffered are dropped, so the result drains and the next answer can be final.
    if (query.isStoppedEarly || query.state === 'FAILED') {
      this.parts.delete(query.queryId);
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
    for (const id of this.parts.keys()) if (!isKnown(id)) this.parts.delete(id);
  }

  private encode(query: QueryExecution): Buffer | undefined {
    const columns = query.columns;
    if (!columns) return undefined;
    const writer = new JsonRowsWriter(columns.map((c) => c.type));
    const deadline = performance.now() + this.budgetMs;
    let part = this.parts.get(query.queryId);
    this.parts.delete(query.queryId);
    while (writer.byteLength < this.targetBytes) {
      if (part === undefined) {
        const page = query.results.poll();
        if (!page) break;
        part = { page, offset: 0 };
      }
      const { page, offset } = part;
      const end = Math.min(offset + SLICE_ROWS, page.positionCount);
      writer.append(page, offset, end);
      part = end < page.positionCount ? { page, offset: end } : undefined;
      if (performance.now() > deadline) break;
    }
    if (part !== undefined) this.parts.set(query.queryId, part);
    return writer.finish();
  }
}
