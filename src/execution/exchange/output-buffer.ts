/**
 * A task's output buffer: pages waiting for the consumers that pull them, over HTTP (serialized,
 * once, when asked) or from a task in the same process (as page objects: see buffered-page.ts).
 * One queue per buffer id ('0', '1', ...: one per consumer task). PARTITIONED puts each page in
 * the queue of its partition, BROADCAST in every queue, ARBITRARY in the single queue '0'.
 *
 * Consumers read with tokens, as Presto's results protocol: `get(buffer, token)` returns the pages
 * from sequence number `token` on; asking for token N acknowledges (frees) every page before N;
 * asking for the same token again returns the same pages (a retried request loses nothing). A
 * buffer is complete when no more pages will come and its consumer has acknowledged them all.
 *
 * The buffer is bounded: while the bytes held reach `maxBufferedBytes`, `whenNotFull()` gives the
 * producing drivers a promise to block on (back-pressure instead of unbounded growth). The bytes
 * held count into the task's memory (an `OutputBuffer` consumer), so they weigh against the
 * query's limits like any operator's.
 */

import { waitAtMost } from '../../common/wait-at-most.js';
import type { LocalMemoryContext } from '../memory-context.js';
import { BufferedPage } from './buffered-page.js';

/** The most an output buffer or an exchange client holds (Trino's `sink.max-buffer-size` and `exchange.max-buffer-size`). */
const MAX_EXCHANGE_BUFFER_BYTES = 32 * 1024 * 1024;
/** Neither may take more than this share of the query's memory on a node... */
const EXCHANGE_BUFFER_SHARE = 1 / 16;
/** ...but always room for a few pages. */
const MIN_EXCHANGE_BUFFER_BYTES = 256 * 1024;

/**
 * The bytes an output buffer or exchange client of a query may hold before back-pressure, given
 * the query's memory limit on the node: 32MB, or a sixteenth of a small limit, so a query with a
 * low limit is slowed by its buffers rather than failed by them.
 */
export function exchangeBufferBytes(queryLimitBytes: number): number {
  return Math.max(
    MIN_EXCHANGE_BUFFER_BYTES,
    Math.min(MAX_EXCHANGE_BUFFER_BYTES, Math.floor(queryLimitBytes * EXCHANGE_BUFFER_SHARE)),
  );
}

export type OutputBufferKind = 'PARTITIONED' | 'BROADCAST' | 'ARBITRARY';

export type OutputBufferState = 'OPEN' | 'NO_MORE_PAGES' | 'FINISHED' | 'ABORTED';

export interface BufferResult {
  /** The token asked for: the sequence number of the first page returned. */
  readonly token: number;
  /** The token to ask for next. */
  readonly nextToken: number;
  readonly pages: readonly Uint8Array[];
  /** No more pages will ever come for this buffer. */
  readonly bufferComplete: boolean;
}

/** A `BufferResult` with the buffered pages as they are (for a reader in the same process). */
export interface BufferedPagesResult {
  readonly token: number;
  readonly nextToken: number;
  readonly pages: readonly BufferedPage[];
  readonly bufferComplete: boolean;
}

export interface OutputBufferOptions {
  readonly kind: OutputBufferKind;
  readonly bufferIds: readonly string[];
  readonly maxBufferedBytes: number;
  /** Where the bytes held are accounted (absent in tests of the buffer alone). */
  readonly memory?: LocalMemoryContext;
  /**
   * How long one `get` may spend serializing pages before it answers with those done so far
   * (at least one): pages are serialized in the results request, on the event loop, and a response
   * of several megabytes must not hold it longer than a driver's time slice does. Default 3 ms:
   * with 20 queries on a 2-core machine, many results requests are ready in one turn of the event
   * loop, and at 10 ms each they held a worker's info and status answers past 100 ms (p99 65-102 ms
   * at 10, 43-62 ms at 3).
   */
  readonly serializeSliceMs?: number;
}

const DEFAULT_SERIALIZE_SLICE_MS = 3;

class ClientBuffer {
  /** Sequence number of `pages[0]`. */
  firstSequence = 0;
  readonly pages: BufferedPage[] = [];
  bytes = 0;
  pagesSent = 0;
  rowsSent = 0;
  destroyed = false;
  private waiters: (() => void)[] = [];

  constructor(readonly bufferId: string) {}

  add(page: BufferedPage): void {
    if (this.destroyed) return;
    this.pages.push(page);
    this.bytes += page.sizeInBytes;
    this.wake();
  }

  /** Frees the pages before `token`; returns the bytes freed. */
  acknowledge(token: number): number {
    let freed = 0;
    while (this.firstSequence < token) {
      const page = this.pages.shift();
      if (page === undefined) break;
      freed += page.sizeInBytes;
      this.pagesSent++;
      this.rowsSent += page.positionCount;
      this.firstSequence++;
    }
    this.bytes -= freed;
    return freed;
  }

  waitForPages(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

export class OutputBuffer {
  private readonly buffers = new Map<string, ClientBuffer>();
  private readonly order: ClientBuffer[];
  private state: OutputBufferState = 'OPEN';
  private totalBytes = 0;
  private pagesAdded = 0;
  private producerWaiters: (() => void)[] = [];
  private finishWaiters: (() => void)[] = [];

  constructor(private readonly options: OutputBufferOptions) {
    const ids = options.kind === 'ARBITRARY' ? ['0'] : options.bufferIds;
    this.order = ids.map((id) => new ClientBuffer(id));
    for (const buffer of this.order) this.buffers.set(buffer.bufferId, buffer);
  }

  get kind(): OutputBufferKind {
    return this.options.kind;
  }

  get partitionCount(): number {
    return this.order.length;
  }

  isFull(): boolean {
    return this.totalBytes >= this.options.maxBufferedBytes;
  }

  /** A promise while the buffer is full (producers wait on it), else undefined. */
  whenNotFull(): Promise<void> | undefined {
    if (!this.isFull() || this.state === 'ABORTED') return undefined;
    return new Promise((resolve) => this.producerWaiters.push(resolve));
  }

  /** A serialized page for one partition (PARTITIONED), or for the single consumer (ARBITRARY). */
  enqueue(partition: number, page: Uint8Array, positionCount: number): void {
    this.enqueuePage(partition, BufferedPage.ofBytes(page, positionCount));
  }

  /** A page for one partition (PARTITIONED), or for the single consumer (ARBITRARY). */
  enqueuePage(partition: number, page: BufferedPage): void {
    if (this.state !== 'OPEN') return;
    const buffer = this.options.kind === 'ARBITRARY' ? this.order[0] : this.order[partition];
    this.pagesAdded++;
    if (buffer.destroyed) return;
    this.reserve(page.sizeInBytes);
    buffer.add(page);
    this.totalBytes += page.sizeInBytes;
  }

  /** A serialized page every consumer gets (BROADCAST). */
  enqueueBroadcast(page: Uint8Array, positionCount: number): void {
    this.enqueueBroadcastPage(BufferedPage.ofBytes(page, positionCount));
  }

  /** A page every consumer gets (BROADCAST): one entry shared by all, serialized at most once. */
  enqueueBroadcastPage(page: BufferedPage): void {
    if (this.state !== 'OPEN') return;
    this.pagesAdded++;
    const live = this.order.filter((buffer) => !buffer.destroyed);
    this.reserve(page.sizeInBytes * live.length);
    for (const buffer of live) {
      buffer.add(page);
      this.totalBytes += page.sizeInBytes;
    }
  }

  /** Accounts `bytes` more before they are queued (a refusal fails the producing driver). */
  private reserve(bytes: number): void {
    this.options.memory?.setBytes(this.totalBytes + bytes);
  }

  /** The producers are done: consumers see `bufferComplete` once they have everything. */
  setNoMorePages(): void {
    if (this.state !== 'OPEN') return;
    this.state = 'NO_MORE_PAGES';
    for (const buffer of this.order) buffer.wake();
    this.checkFinished();
  }

  /**
   * Pages of `bufferId` from sequence `token` on, at most about `maxBytes` (at least one page),
   * waiting up to `maxWaitMs` when none is there yet.
   */
  async get(bufferId: string, token: number, maxBytes: number, maxWaitMs: number): Promise<BufferResult> {
    const result = await this.getPages(bufferId, token, maxBytes, maxWaitMs);
    const slice = this.options.serializeSliceMs ?? DEFAULT_SERIALIZE_SLICE_MS;
    const started = performance.now();
    const pages: Uint8Array[] = [];
    for (const page of result.pages) {
      if (pages.length > 0 && performance.now() - started >= slice) break;
      pages.push(page.serialized());
    }
    if (pages.length === result.pages.length) return { ...result, pages };
    // Cut short: the rest stays buffered for the consumer's next request.
    return { token, nextToken: token + pages.length, pages, bufferComplete: false };
  }

  /** As `get`, with the pages as buffered (a reader in this process takes the page objects). */
  async getPages(bufferId: string, token: number, maxBytes: number, maxWaitMs: number): Promise<BufferedPagesResult> {
    const buffer = this.buffers.get(bufferId);
    if (buffer === undefined) throw new Error(`no output buffer ${bufferId}`);
    this.acknowledge(buffer, token);
    if (buffer.pages.length === 0 && !this.isComplete(buffer) && maxWaitMs > 0) {
      await waitAtMost(buffer.waitForPages(), maxWaitMs);
    }
    const pages: BufferedPage[] = [];
    if (token >= buffer.firstSequence) {
      let bytes = 0;
      for (let i = token - buffer.firstSequence; i < buffer.pages.length; i++) {
        const page = buffer.pages[i];
        if (pages.length > 0 && bytes + page.sizeInBytes > maxBytes) break;
        pages.push(page);
        bytes += page.sizeInBytes;
      }
    }
    const nextToken = token + pages.length;
    // Complete: nothing beyond this response will ever come.
    const complete =
      this.isComplete(buffer) || (this.noMorePages && nextToken >= buffer.firstSequence + buffer.pages.length);
    return { token, nextToken, pages, bufferComplete: complete };
  }

  /** Bytes of the pages `bufferId` holds (0 for no such buffer). */
  heldBytes(bufferId: string): number {
    return this.buffers.get(bufferId)?.bytes ?? 0;
  }

  /** Resolves when `bufferId` receives a page or is woken for its end (at once for no such buffer). */
  whenPagesAdded(bufferId: string): Promise<void> {
    return this.buffers.get(bufferId)?.waitForPages() ?? Promise.resolve();
  }

  /** Explicit acknowledgement of the pages before `token` (Trino's `/acknowledge`). */
  acknowledgeTo(bufferId: string, token: number): void {
    const buffer = this.buffers.get(bufferId);
    if (buffer) this.acknowledge(buffer, token);
  }

  private acknowledge(buffer: ClientBuffer, token: number): void {
    const freed = buffer.acknowledge(token);
    if (freed > 0) this.freed(freed);
    this.checkFinished();
  }

  private freed(bytes: number): void {
    this.totalBytes -= bytes;
    this.options.memory?.setBytes(this.totalBytes);
    if (!this.isFull()) for (const waiter of this.producerWaiters.splice(0)) waiter();
  }

  private get noMorePages(): boolean {
    return this.state === 'NO_MORE_PAGES' || this.state === 'FINISHED';
  }

  private isComplete(buffer: ClientBuffer): boolean {
    return buffer.destroyed || this.state === 'ABORTED' || (this.noMorePages && buffer.pages.length === 0);
  }

  /** The consumer of `bufferId` is done with it: its pages are dropped. */
  destroy(bufferId: string): void {
    const buffer = this.buffers.get(bufferId);
    if (buffer === undefined || buffer.destroyed) return;
    buffer.destroyed = true;
    const bytes = buffer.bytes;
    buffer.pages.length = 0;
    buffer.bytes = 0;
    buffer.wake();
    this.freed(bytes);
    // A producer blocked on a full buffer must wake to see that nobody wants its pages.
    if (this.hasNoConsumers()) for (const waiter of this.producerWaiters.splice(0)) waiter();
    this.checkFinished();
  }

  /** Every consumer is gone (destroyed its buffer) or the buffer was aborted: producing more is pointless. */
  hasNoConsumers(): boolean {
    return this.state === 'ABORTED' || this.order.every((buffer) => buffer.destroyed);
  }

  /** The task failed or was canceled: everything is dropped and every waiter woken. */
  abort(): void {
    if (this.state === 'ABORTED' || this.state === 'FINISHED') return;
    this.state = 'ABORTED';
    for (const buffer of this.order) {
      buffer.pages.length = 0;
      buffer.bytes = 0;
      buffer.wake();
    }
    this.totalBytes = 0;
    this.options.memory?.setBytes(0);
    for (const waiter of this.producerWaiters.splice(0)) waiter();
    for (const waiter of this.finishWaiters.splice(0)) waiter();
  }

  private checkFinished(): void {
    if (this.state !== 'NO_MORE_PAGES') return;
    if (this.order.every((buffer) => buffer.destroyed || buffer.pages.length === 0)) {
      this.state = 'FINISHED';
      for (const waiter of this.finishWaiters.splice(0)) waiter();
    }
  }

  isFinished(): boolean {
    return this.state === 'FINISHED' || this.state === 'ABORTED';
  }

  /** Resolves when every consumer has all the pages (or the buffer was aborted). */
  whenFinished(): Promise<void> {
    if (this.isFinished()) return Promise.resolve();
    return new Promise((resolve) => this.finishWaiters.push(resolve));
  }

  /** The `outputBuffers` section of the task record (spec §2.3). */
  info(): Record<string, unknown> {
    let pages = 0;
    let rowsSent = 0;
    let pagesSent = 0;
    for (const buffer of this.order) {
      pages += buffer.pages.length;
      rowsSent += buffer.rowsSent;
      pagesSent += buffer.pagesSent;
    }
    return {
      type: this.options.kind,
      state: this.state,
      canAddBuffers: false,
      canAddPages: this.state === 'OPEN',
      totalBufferedBytes: this.totalBytes,
      totalBufferedPages: pages,
      totalRowsSent: rowsSent,
      totalPagesSent: pagesSent,
      masterSequenceId: 0,
      pagesAdded: this.pagesAdded,
      buffers: this.order.map((buffer) => ({
        bufferId: buffer.bufferId,
        finished: this.isComplete(buffer),
        bufferedPages: buffer.pages.length,
        pagesSent: buffer.pagesSent,
        bufferedBytes: buffer.bytes,
      })),
    };
  }
}
