/**
 * What an exchange operator reads from: pages fetched from the output buffers of upstream tasks.
 * The execution layer only knows this interface; the HTTP implementation lives with the server
 * (server/task/http-exchange-client.ts), and tests use in-memory ones.
 */
import type { Page } from '../../data/page.js';
import type { LocalMemoryContext } from '../memory-context.js';

/** How much an exchange client may fetch ahead, and where those bytes are accounted. */
export interface ExchangeBufferOptions {
  /** The query's memory context for the pages fetched and not yet consumed. */
  readonly memory: LocalMemoryContext;
  /** Fetching pauses while this many bytes wait to be consumed (Trino's `exchange.max-buffer-size`). */
  readonly maxBufferedBytes: number;
}

export interface PageBufferClientStatus {
  readonly uri: string;
  /** queued (not asked yet), running, closed (complete) or failed. */
  readonly state: 'queued' | 'running' | 'closed' | 'failed';
  /** ISO-8601 time of the last answer. */
  readonly lastUpdate: string;
  readonly pagesReceived: number;
  readonly rowsReceived: number;
  readonly requestsScheduled: number;
  readonly requestsCompleted: number;
  readonly requestsFailed: number;
  /** not scheduled, queued (request in flight) or running (waiting for an answer). */
  readonly httpRequestState: string;
}

export interface ExchangeClientStatus {
  readonly bufferedBytes: number;
  readonly bufferedPages: number;
  readonly averageBytesPerRequest: number;
  readonly noMoreLocations: boolean;
  readonly pageBufferClientStatuses: readonly PageBufferClientStatus[];
}

export interface ExchangeClient {
  /** Another upstream task to read from (its task URI). */
  addLocation(uri: string): void;
  /** Every upstream task has been added. */
  noMoreLocations(): void;
  /** The next page fetched, or null when none is buffered now. */
  pollPage(): Page | null;
  /** Pages fetched and not yet polled. */
  readonly bufferedPageCount: number;
  /** All locations are known, complete, and every page has been polled. */
  isFinished(): boolean;
  /** Resolves when a page arrives or the client finishes or fails. */
  whenReady(): Promise<void>;
  /**
   * No more pages are wanted. `releaseUpstream` (the default) tells the producers, so they stop and
   * finish; a task being canceled or aborted passes false, as its producers are canceled with it
   * and must not finish first.
   */
  close(releaseUpstream?: boolean): void;
  status(): ExchangeClientStatus;
}
