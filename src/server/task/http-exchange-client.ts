/**
 * Reads one buffer id from the output buffers of upstream tasks over HTTP (the exchange client
 * of Presto): every location is fetched concurrently over undici's keep-alive pools, following
 * the results protocol's tokens; a location whose buffer is complete gets a DELETE and is closed.
 * Fetching pauses while the pages received and not yet consumed reach `maxBufferedBytes`.
 * Transient failures (connection errors, 5xx, and 404 while the upstream task is still being
 * created) are retried with back-off; a location that has not answered successfully for 10 s, or
 * whose task instance changed (the worker restarted), fails the client with the URI in the message.
 */
import { Agent, request } from 'undici';
import { VivaceError } from '../../common/vivace-error.js';
import type { Page } from '../../data/page.js';
import { deserializePages } from '../../data/page-serde.js';
import type {
  ExchangeClient,
  ExchangeClientStatus,
  PageBufferClientStatus,
} from '../../execution/exchange/exchange-client.js';
import type { Type } from '../../types/type.js';
import { formatDataSize, formatTimestamp } from '../cluster/airlift-format.js';
import { unframePages } from './results-framing.js';

export interface HttpExchangeClientOptions {
  /** The buffer id this reader consumes in every upstream task. */
  readonly bufferId: string;
  /** The types of the pages' channels. */
  readonly types: readonly Type[];
  readonly maxResponseBytes: number;
  readonly maxBufferedBytes: number;
  /** Headers every request carries (the internal authentication). */
  headers(): Record<string, string>;
  onFailure(error: VivaceError): void;
}

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
}

export class HttpExchangeClient implements ExchangeClient {
  private readonly locations: Location[] = [];
  private readonly pages: Page[] = [];
  private readonly pageBytes: number[] = [];
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
    return this.pages.length;
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
    const page = this.pages.shift();
    if (page === undefined) return null;
    this.bufferedBytes -= this.pageBytes.shift()!;
    if (this.bufferedBytes < this.options.maxBufferedBytes) this.wake(this.spaceWaiters);
    return page;
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

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.aborter.abort();
    this.pages.length = 0;
    this.pageBytes.length = 0;
    this.bufferedBytes = 0;
    this.wake(this.spaceWaiters);
    this.wakeReaders();
  }

  status(): ExchangeClientStatus {
    const requests = this.locations.reduce((sum, l) => sum + l.requestsCompleted, 0);
    return {
      bufferedBytes: this.bufferedBytes,
      bufferedPages: this.pages.length,
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
          // The upstream buffer may be freed now; a lost DELETE only delays that.
          request(`${location.uri}/results/${this.options.bufferId}`, {
            method: 'DELETE',
            headers: this.options.headers(),
            dispatcher: sharedAgent,
          })
            .then((response) => response.body.dump())
            .catch(() => undefined);
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
    const url = `${location.uri}/results/${this.options.bufferId}/${location.token}`;
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        method: 'GET',
        headers: { ...this.options.headers(), 'X-Service-Max-Size': formatDataSize(this.options.maxResponseBytes) },
        dispatcher: sharedAgent,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
        signal: this.aborter.signal,
      });
    } catch (e) {
      throw new VivaceError('PAGE_TRANSPORT_ERROR', `${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const body = new Uint8Array(await response.body.arrayBuffer());
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
    for (const frame of unframePages(body)) {
      for (const page of deserializePages(frame, this.options.types)) {
        this.pages.push(page);
        this.pageBytes.push(frame.length);
        this.bufferedBytes += frame.length;
        location.pagesReceived++;
        location.rowsReceived += page.positionCount;
      }
    }
    this.bytesReceived += body.length;
    location.token = nextToken;
    if (body.length > 0) this.wakeReaders();
    return headerValue('x-service-buffer-complete') === 'true';
  }
}
