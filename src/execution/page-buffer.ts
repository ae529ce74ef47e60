/**
 * A bounded queue of pages between a producer (a pipeline's sink operator) and a consumer (the
 * statement protocol reading results, or a downstream pipeline). Back-pressure: the producer
 * is blocked while the buffered bytes exceed the limit; the consumer waits for pages or the end.
 */

import type { VivaceError } from '../common/vivace-error.js';
import type { Page } from '../data/page.js';
import { pageSizeInBytes } from '../data/page.js';

export class PageBuffer {
  private readonly pages: Page[] = [];
  private bytes = 0;
  private finished = false;
  /** Pages ever added and ever taken (the output buffer statistics of a task record). */
  pagesAdded = 0;
  pagesSent = 0;
  private failure: VivaceError | undefined;
  private producerWaiters: (() => void)[] = [];
  private consumerWaiters: (() => void)[] = [];

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get bufferedBytes(): number {
    return this.bytes;
  }

  get bufferedPages(): number {
    return this.pages.length;
  }

  isFull(): boolean {
    return this.bytes >= this.maxBytes;
  }

  /** Resolves when the buffer has room again. */
  whenNotFull(): Promise<void> {
    if (!this.isFull() || this.finished) return Promise.resolve();
    return new Promise((resolve) => this.producerWaiters.push(resolve));
  }

  add(page: Page): void {
    if (this.finished) return;
    this.pages.push(page);
    this.pagesAdded++;
    this.bytes += pageSizeInBytes(page);
    this.notify(this.consumerWaiters);
  }

  /** No more pages will be added. */
  finish(): void {
    this.finished = true;
    this.notify(this.consumerWaiters);
    this.notify(this.producerWaiters);
  }

  /** Ends the buffer with an error the consumer sees; buffered pages are dropped. */
  fail(error: VivaceError): void {
    this.failure ??= error;
    this.pages.length = 0;
    this.bytes = 0;
    this.finish();
  }

  get error(): VivaceError | undefined {
    return this.failure;
  }

  /** The next page, or null when none is buffered now. */
  poll(): Page | null {
    const page = this.pages.shift() ?? null;
    if (page) {
      this.pagesSent++;
      this.bytes -= pageSizeInBytes(page);
      if (!this.isFull()) this.notify(this.producerWaiters);
    }
    return page;
  }

  /** True once no more pages will be added (some may still be buffered). */
  get noMorePages(): boolean {
    return this.finished;
  }

  /** True when finished and drained. */
  isDone(): boolean {
    return this.finished && this.pages.length === 0;
  }

  /** Resolves when a page is available or the buffer is done. */
  whenReady(): Promise<void> {
    if (this.pages.length > 0 || this.finished) return Promise.resolve();
    return new Promise((resolve) => this.consumerWaiters.push(resolve));
  }

  private notify(waiters: (() => void)[]): void {
    const pending = waiters.splice(0);
    for (const resolve of pending) resolve();
  }
}
