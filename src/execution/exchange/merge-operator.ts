/**
 * The receiving end of a distributed ORDER BY: each upstream task sorted its own rows; this
 * operator reads every upstream task through its own exchange client (`MergeSource`), and once all
 * are complete merges their sorted streams with the loser tree of sort/sorted-runs.ts, handing
 * out the merged rows a page at a time. The sorting work is spread over the workers; the merge
 * costs log2(tasks) comparisons per row.
 */

import { fail } from '../../common/invariant.js';
import { concatBlocks } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { sortColumnsOf } from '../sort/sort-keys.js';
import type { SortOrdering } from '../sort/sort-ordering.js';
import { MergedGather, RunMerger, type SortedRun } from '../sort/sorted-runs.js';
import type { ExchangeClient, ExchangeClientStatus } from './exchange-client.js';

const OUTPUT_ROWS = 8192;

/** One exchange client per upstream location, presented as one client to the task. */
export class MergeSource implements ExchangeClient {
  readonly clients: ExchangeClient[] = [];
  private allLocations = false;
  private locationWaiters: (() => void)[] = [];

  constructor(private readonly createClient: () => ExchangeClient) {}

  addLocation(uri: string): void {
    const client = this.createClient();
    client.addLocation(uri);
    client.noMoreLocations();
    this.clients.push(client);
  }

  noMoreLocations(): void {
    this.allLocations = true;
    for (const waiter of this.locationWaiters.splice(0)) waiter();
  }

  get locationsComplete(): boolean {
    return this.allLocations;
  }

  /** The merge reads each client itself. */
  pollPage(): Page | null {
    return null;
  }

  get bufferedPageCount(): number {
    return this.clients.reduce((sum, c) => sum + c.bufferedPageCount, 0);
  }

  isFinished(): boolean {
    return this.allLocations && this.clients.every((c) => c.isFinished());
  }

  whenReady(): Promise<void> {
    if (!this.allLocations) return new Promise((resolve) => this.locationWaiters.push(resolve));
    if (this.clients.length === 0) return Promise.resolve();
    return Promise.race(this.clients.map((c) => c.whenReady()));
  }

  close(releaseUpstream = true): void {
    for (const client of this.clients) client.close(releaseUpstream);
    for (const waiter of this.locationWaiters.splice(0)) waiter();
  }

  status(): ExchangeClientStatus {
    const statuses = this.clients.map((c) => c.status());
    return {
      bufferedBytes: statuses.reduce((sum, s) => sum + s.bufferedBytes, 0),
      bufferedPages: statuses.reduce((sum, s) => sum + s.bufferedPages, 0),
      averageBytesPerRequest: Math.round(
        statuses.reduce((sum, s) => sum + s.averageBytesPerRequest, 0) / Math.max(1, statuses.length),
      ),
      noMoreLocations: this.allLocations,
      pageBufferClientStatuses: statuses.flatMap((s) => s.pageBufferClientStatuses),
    };
  }
}

export class MergeOperator implements Operator {
  private readonly received: Page[][] = [];
  /** Bytes of the pages taken from the clients (held until every stream is complete). */
  private receivedBytes = 0;
  private receivedRows = 0;
  private merger: RunMerger | undefined;
  private runs: SortedRun[] = [];
  private runIds = new Int32Array(OUTPUT_ROWS);
  private positions = new Int32Array(OUTPUT_ROWS);
  private closed = false;
  private done = false;

  constructor(
    readonly context: OperatorContext,
    readonly client: MergeSource,
    private readonly orderings: readonly SortOrdering[],
    private readonly channelCount: number,
  ) {}

  needsInput(): boolean {
    return false;
  }

  addInput(): void {
    throw new Error('a merge operator takes no input');
  }

  /** Takes what every client has fetched; true once all streams are complete. */
  private collect(): boolean {
    const clients = this.client.clients;
    for (let i = 0; i < clients.length; i++) {
      const pages = (this.received[i] ??= []);
      for (let page = clients[i].pollPage(); page !== null; page = clients[i].pollPage()) {
        if (page.positionCount === 0) continue;
        pages.push(page);
        this.receivedBytes += pageSizeInBytes(page);
        this.receivedRows += page.positionCount;
      }
    }
    this.context.memory.setBytes(this.receivedBytes);
    return this.client.isFinished();
  }

  private startMerge(): void {
    // Concatenating copies each stream once, beside a permutation per row: reserved before.
    this.context.memory.setBytes(2 * this.receivedBytes + 4 * this.receivedRows);
    for (const pages of this.received) {
      if (pages.length === 0) continue;
      const positionCount = pages.reduce((sum, p) => sum + p.positionCount, 0);
      const blocks = Array.from({ length: this.channelCount }, (_, channel) =>
        concatBlocks(pages.map((p) => p.blocks[channel])),
      );
      const page: Page = { positionCount, blocks };
      // Each stream arrives sorted: its permutation is the identity.
      const permutation = new Int32Array(positionCount);
      for (let i = 0; i < positionCount; i++) permutation[i] = i;
      this.runs.push({ page, columns: sortColumnsOf(blocks, this.orderings), permutation, retainedBytes: 0 });
    }
    this.received.length = 0;
    this.context.memory.setBytes(this.receivedBytes + 4 * this.receivedRows);
    this.merger = new RunMerger(this.runs, this.orderings);
  }

  getOutput(): Page | null {
    if (this.closed || this.done) return null;
    if (this.merger === undefined) {
      if (!this.collect()) return null;
      this.startMerge();
    }
    const merger = this.merger ?? fail('startMerge creates the merger');
    const count = merger.next(OUTPUT_ROWS, this.runIds, this.positions);
    if (count === 0) {
      this.done = true;
      return null;
    }
    const gather = new MergedGather(this.runs, this.runIds, this.positions, count);
    return {
      positionCount: count,
      blocks: Array.from({ length: this.channelCount }, (_, channel) => gather.block(channel)),
    };
  }

  finish(): void {
    this.close();
  }

  isFinished(): boolean {
    return this.closed || this.done;
  }

  isBlocked(): Promise<void> | undefined {
    if (this.closed || this.merger !== undefined) return undefined;
    if (!this.client.locationsComplete) return this.client.whenReady();
    const waiting = this.client.clients.filter((c) => !c.isFinished() && c.bufferedPageCount === 0);
    if (waiting.length === 0 || this.client.clients.some((c) => c.bufferedPageCount > 0)) return undefined;
    return Promise.race(waiting.map((c) => c.whenReady()));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.runs = [];
    this.received.length = 0;
    this.merger = undefined;
    this.context.memory.setBytes(0);
    this.client.close();
  }
}
