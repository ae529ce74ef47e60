/**
 * Reads one buffer id from the output buffers of upstream tasks over HTTP (the exchange client
 * of Presto): every location is fetched concurrently over undici's keep-alive pools, following
 * the results protocol's tokens; a location whose buffer is complete gets a DELETE and is closed.
 * Fetching pauses while the pages received and not yet consumed reach `maxBufferedBytes`; those
 * bytes count into the reading task's memory (`memory`) before the pages are taken in.
 * Transient failures (connection errors, 5xx, and 404 while the upstream task is still being
 * created) are retried with back-off; a location that has not answered successfully for 10 s, or
 * whose task instance changed (the worker restarted), fails the client with the URI in the message.
 *
 * A location whose task runs in this very process (`localOutput` finds it) is read straight from
 * the task's output buffer with the same tokens and acknowledgements, and its pages are taken as
 * page objects: no HTTP request, response framing, socket copies, serialization or
 * deserialization between two tasks of one worker.
 */
import { Agent } from 'undici';
import { VivaceError } from '../../common/vivace-error.js';
import { requestWhole, type WholeResponse } from '../../common/whole-response-request.js';
import type { Page } from '../../data/page.js';
import { deserializePages, serializedPageCounts } from '../../data/page-serde.js';
import type { BufferedPage } from '../../execution/exchange/buffered-page.js';
import type {
  ExchangeClient,
  ExchangeClientStatus,
  PageBufferClientStatus,
} from '../../execution/exchange/exchange-client.js';
import type { OutputBuffer } from '../../execution/exchange/output-buffer.js';
import type { LocalMemoryContext } from '../../execution/memory-context.js';
import type { Type } from '../../types/type.js';
import { formatDataSize, formatTimestamp } from '../protocol/airlift-format.js';
import { unframePages } from './results-framing.js';

export interface HttpExchangeClientOptions {
  /** The buffer id this reader consumes in every upstream task. */
  readonly bufferId: string;
  /** The types of the pages' channels. */
  readonly types: readonly Type[];
  readonly maxResponseBytes: number;
  readonly maxBufferedBytes: number;
  /** Where the pages received and not yet consumed are accounted (a task's; none on the coordinator). */
  readonly memory?: LocalMemoryContext;
  /** Headers every request to `uri` carries (the internal authentication, signed for that node). */
  headers(uri: string): Record<string, string>;
  /** The connection pool to use instead of the process's shared one (internal HTTPS with the node's CAs). */
  readonly dispatcher?: Agent;
  onFailure(error: VivaceError): void;
  /** The output of the task at `uri` when it runs in this process (waiting briefly for its creation). */
  localOutput?(uri: string): Promise<LocalTaskOutput | undefined>;
}

/** A task of this process: its output buffer and instance id. */
export interface LocalTaskOutput {
  readonly outputBuffer: OutputBuffer;
  readonly instanceId: string;
}

/** How long a local read waits for pages, as the results resource does. */
const LOCAL_MAX_WAIT_MS = 1000;

const GIVE_UP_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** One keep-alive pool per process for every exchange (connections are per origin). */
const sharedAgent = new Agent({ connections: 32, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });

interface Location {
  readonly uri: string;
  token: number;
  state: PageBufferClientStatus['state'];
  httpRequestState: string;
  instanceId: string | undefined;
  lastSuccess: number;
  lastUpdate: number;
  pagesReceived: number;
  rowsReceived: number;
  requestsScheduled: number;
  requestsCompleted: number;
  requestsFailed: number;
  /** The upstream task runs in this process (read without HTTP). */
  local?: LocalTaskOutput | undefined;
}

export class HttpExchangeClient implements ExchangeClient {
  private readonly locations: Location[] = [];
  /**
   * Pages in arrival order: decoded pages (from this worker's own tasks), or the bytes of a
   * serialized page stream from another node, decoded only when the operator asks for its first
   * page. Blocks and strings then come into being just before they are used, instead of waiting in
   * the buffer as objects that every young-generation collection copies.
   */
  private readonly pages: (Page | Uint8Array)[] = [];
  private readonly pageBytes: number[] = [];
  /** Pages in `pages`, counting each serialized stream's pages. */
  private pageCount = 0;
  private bufferedBytes = 0;
  private allLocations = false;
  private closed = false;
  private failure: VivaceError | undefined;
  private readyWaiters: (() => void)[] = [];
  private spaceWaiters: (() => void)[] = [];
  private bytesReceived = 0;
  private readonly aborter = new AbortController();

  constructor(private readonly options: HttpExchangeClientOptions) {}

  get bufferedPageCount(): number {
    return this.pageCount;
  }

  addLocation(uri: string): void {
    if (this.closed || this.locations.some((l) => l.uri === uri)) return;
    const location: Location = {
      uri,
      token: 0,
      state: 'queued',
      httpRequestState: 'not scheduled',
      instanceId: undefined,
      lastSuccess: Date.now(),
      lastUpdate: Date.now(),
      pagesReceived: 0,
      rowsReceived: 0,
      requestsScheduled: 0,
      requestsCompleted: 0,
      requestsFailed: 0,
    };
    this.locations.push(location);
    void this.fetchLoop(location);
  }

  noMoreLocations(): void {
    this.allLocations = true;
    this.wakeReaders();
  }

  pollPage(): Page | null {
    let entry = this.pages[0];
    while (entry instanceof Uint8Array) {
      // Decoded now; a failure (CORRUPT_PAGE) fails the reading operator's task, as it would
      // have failed the fetch. The stream's bytes stay with its first page.
      const decoded = deserializePages(entry, this.options.types);
      const bytes = this.pageBytes[0] ?? 0;
      if (decoded.length === 0) {
        this.pages.shift();
        this.pageBytes.shift();
        this.bufferedBytes -= bytes;
      } else {
        this.pages.splice(0, 1, ...decoded);
        this.pageBytes.splice(0, 1, bytes, ...new Array<number>(decoded.length - 1).fill(0));
      }
      entry = this.pages[0];
    }
    if (entry === undefined) {
      this.options.memory?.setBytes(this.bufferedBytes);
      return null;
    }
    this.pages.shift();
    this.pageCount--;
    this.bufferedBytes -= this.pageBytes.shift() ?? 0;
    this.options.memory?.setBytes(this.bufferedBytes);
    if (this.bufferedBytes < this.options.maxBufferedBytes) this.wake(this.spaceWaiters);
    return entry;
  }

  isFinished(): boolean {
    if (this.failure) return false;
    return (
      this.closed || (this.allLocations && this.pages.length === 0 && this.locations.every((l) => l.state === 'closed'))
    );
  }

  whenReady(): Promise<void> {
    if (this.pages.length > 0 || this.isFinished() || this.failure) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * The consumer needs no more pages (it finished, or a LIMIT above it was satisfied): every
   * upstream buffer not yet complete is destroyed too, so the producing tasks stop and finish
   * instead of holding pages nobody will read (Presto's exchange client does the same).
   */
  close(releaseUpstream = true): void {
    if (this.closed) return;
    this.closed = true;
    this.aborter.abort();
    for (const location of this.locations) {
      if (location.state === 'closed') continue;
      location.state = 'closed';
      location.httpRequestState = 'not scheduled';
      if (releaseUpstream) this.releaseUpstream(location);
    }
    this.pages.length = 0;
    this.pageBytes.length = 0;
    this.pageCount = 0;
    this.bufferedBytes = 0;
    this.options.memory?.setBytes(0);
    this.wake(this.spaceWaiters);
    this.wakeReaders();
  }

  /** Destroys this consumer's buffer in the upstream task; a lost DELETE only delays freeing it. */
  private releaseUpstream(location: Location): void {
    if (location.local) {
      location.local.outputBuffer.destroy(this.options.bufferId);
      return;
    }
    requestWhole(this.options.dispatcher ?? sharedAgent, `${location.uri}/results/${this.options.bufferId}`, {
      method: 'DELETE',
      headers: this.options.headers(location.uri),
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    }).catch(() => undefined);
  }

  status(): ExchangeClientStatus {
    const requests = this.locations.reduce((sum, l) => sum + l.requestsCompleted, 0);
    return {
      bufferedBytes: this.bufferedBytes,
      bufferedPages: this.pageCount,
      averageBytesPerRequest: requests === 0 ? 0 : Math.round(this.bytesReceived / requests),
      noMoreLocations: this.allLocations,
      pageBufferClientStatuses: this.locations.map((l) => ({
        uri: l.uri,
        state: l.state,
        lastUpdate: formatTimestamp(l.lastUpdate),
        pagesReceived: l.pagesReceived,
        rowsReceived: l.rowsReceived,
        requestsScheduled: l.requestsScheduled,
        requestsCompleted: l.requestsCompleted,
        requestsFailed: l.requestsFailed,
        httpRequestState: l.httpRequestState,
      })),
    };
  }

  private wake(waiters: (() => void)[]): void {
    for (const waiter of waiters.splice(0)) waiter();
  }

  private wakeReaders(): void {
    this.wake(this.readyWaiters);
  }

  private fail(error: VivaceError): void {
    if (this.closed || this.failure) return;
    this.failure = error;
    this.options.onFailure(error);
    this.wakeReaders();
  }

  private async fetchLoop(location: Location): Promise<void> {
    let backoffMs = 50;
    while (!this.closed && !this.failure && location.state !== 'closed') {
      if (this.bufferedBytes >= this.options.maxBufferedBytes) {
        await new Promise<void>((resolve) => this.spaceWaiters.push(resolve));
        continue;
      }
      location.state = 'running';
      location.httpRequestState = 'running';
      location.requestsScheduled++;
      try {
        const complete = await this.fetchOnce(location);
        location.requestsCompleted++;
        location.lastSuccess = Date.now();
        backoffMs = 50;
        if (complete) {
          location.state = 'closed';
          location.httpRequestState = 'not scheduled';
          this.wakeReaders();
          if (location.local) {
            location.local.outputBuffer.destroy(this.options.bufferId);
            continue;
          }
          this.releaseUpstream(location);
        }
      } catch (e) {
        if (this.closed) return;
        location.requestsFailed++;
        location.httpRequestState = 'not scheduled';
        if (e instanceof VivaceError && e.errorName !== 'PAGE_TRANSPORT_ERROR') {
          location.state = 'failed';
          this.fail(e);
          return;
        }
        if (Date.now() - location.lastSuccess > GIVE_UP_MS) {
          location.state = 'failed';
          const reason = e instanceof Error ? e.message : String(e);
          this.fail(
            new VivaceError(
              'REMOTE_TASK_ERROR',
              `Encountered too many errors reading task results from ${location.uri}: ${reason}`,
            ),
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, backoffMs));
        backoffMs = Math.min(1000, backoffMs * 2);
      }
    }
  }

  /** One results request; true when the location's buffer is complete. */
  private async fetchOnce(location: Location): Promise<boolean> {
    location.local ??= await this.options.localOutput?.(location.uri);
    if (location.local) return this.readLocal(location, location.local);
    const url = `${location.uri}/results/${this.options.bufferId}/${location.token}`;
    let response: WholeResponse;
    try {
      response = await requestWhole(this.options.dispatcher ?? sharedAgent, url, {
        method: 'GET',
        headers: {
          ...this.options.headers(location.uri),
          'X-Service-Max-Size': formatDataSize(this.options.maxResponseBytes),
        },
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
        signal: this.aborter.signal,
      });
    } catch (e) {
      throw new VivaceError('PAGE_TRANSPORT_ERROR', `${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const body = response.body;
    location.lastUpdate = Date.now();
    if (response.statusCode === 404 || response.statusCode >= 500) {
      // The upstream task may not exist yet, or its node is overloaded: retried for a while.
      throw new VivaceError('PAGE_TRANSPORT_ERROR', `${url} answered ${response.statusCode}`);
    }
    if (response.statusCode !== 200) {
      throw new VivaceError(
        'REMOTE_TASK_ERROR',
        `${url} answered ${response.statusCode}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`,
      );
    }
    const headerValue = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const instanceId = headerValue('x-service-task-instance-id');
    if (location.instanceId !== undefined && instanceId !== location.instanceId) {
      throw new VivaceError(
        'REMOTE_TASK_ERROR',
        `The task behind ${location.uri} was restarted (instance ${location.instanceId} became ${instanceId}); its results are lost`,
      );
    }
    location.instanceId = instanceId;
    const token = Number(headerValue('x-service-page-sequence-id'));
    const nextToken = Number(headerValue('x-service-page-end-sequence-id'));
    if (token !== location.token || !Number.isInteger(nextToken)) {
      throw new VivaceError('REMOTE_TASK_ERROR', `${url} answered for token ${token}, not ${location.token}`);
    }
    this.receive(location, unframePages(body), nextToken);
    return headerValue('x-service-buffer-complete') === 'true';
  }

  /** The same exchange with a task of this process, through its output buffer. */
  private async readLocal(location: Location, local: LocalTaskOutput): Promise<boolean> {
    if (location.instanceId !== undefined && local.instanceId !== location.instanceId) {
      throw new VivaceError('REMOTE_TASK_ERROR', `The task behind ${location.uri} was restarted; its results are lost`);
    }
    location.instanceId = local.instanceId;
    let result: Awaited<ReturnType<OutputBuffer['getPages']>>;
    try {
      result = await local.outputBuffer.getPages(
        this.options.bufferId,
        location.token,
        this.options.maxResponseBytes,
        LOCAL_MAX_WAIT_MS,
      );
    } catch (e) {
      throw new VivaceError('PAGE_TRANSPORT_ERROR', `${location.uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
    location.lastUpdate = Date.now();
    this.receiveBuffered(location, result.pages, result.nextToken);
    return result.bufferComplete;
  }

  /** Takes in the pages of a local output buffer as objects (their size reserved first, as `receive`). */
  private receiveBuffered(location: Location, entries: readonly BufferedPage[], nextToken: number): void {
    let bytes = 0;
    for (const entry of entries) bytes += entry.sizeInBytes;
    if (this.closed) return;
    if (bytes > 0) this.options.memory?.setBytes(this.bufferedBytes + bytes);
    for (const entry of entries) {
      let entryBytes = entry.sizeInBytes;
      for (const page of entry.pages(this.options.types)) {
        this.pages.push(page);
        this.pageCount++;
        this.pageBytes.push(entryBytes);
        this.bufferedBytes += entryBytes;
        entryBytes = 0;
        location.pagesReceived++;
        location.rowsReceived += page.positionCount;
      }
    }
    this.bytesReceived += bytes;
    location.token = nextToken;
    if (entries.length > 0) this.wakeReaders();
  }

  /**
   * Takes in serialized pages a location answered and moves its token on. Their bytes are
   * reserved first: a query over its memory limit fails here, before the pages are decoded.
   */
  private receive(location: Location, frames: Iterable<Uint8Array>, nextToken: number): void {
    const received = [...frames];
    let bytes = 0;
    for (const frame of received) bytes += frame.length;
    if (this.closed) return;
    if (bytes > 0) this.options.memory?.setBytes(this.bufferedBytes + bytes);
    for (const frame of received) {
      // Kept as bytes until read (pollPage); its bytes are freed with its first page.
      const counts = serializedPageCounts(frame);
      this.pages.push(frame);
      this.pageBytes.push(frame.length);
      this.pageCount += counts.pages;
      this.bufferedBytes += frame.length;
      location.pagesReceived += counts.pages;
      location.rowsReceived += counts.rows;
    }
    this.bytesReceived += bytes;
    location.token = nextToken;
    if (bytes > 0) this.wakeReaders();
  }
}
