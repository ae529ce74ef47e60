/**
 * A node's announcer: tells the coordinator's discovery resource that this node exists, right
 * away and then every `discovery.announcement-interval` (well inside the registry's max-age, so
 * one lost announcement doesn't drop the node). Failed announcements retry with exponential
 * back-off from 10 ms up to the interval, so a worker started before its coordinator joins as
 * soon as the coordinator is up. On shutdown it withdraws the announcement.
 */
import { COORDINATOR_AUDIENCE } from '../protocol/internal-auth.js';
import type { InternalHttpClient } from '../protocol/internal-http-client.js';
import { announcementFor, type NodeInfo } from '../protocol/node-info.js';

export interface AnnouncerOptions {
  readonly client: InternalHttpClient;
  readonly discoveryUri: string;
  readonly node: NodeInfo;
  readonly intervalMs: number;
  /** Reports failures (e.g. to the log); the announcer keeps trying regardless. */
  readonly onError?: (error: Error) => void;
}

const FIRST_RETRY_MS = 10;

export class Announcer {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private retryDelayMs = FIRST_RETRY_MS;
  private announcedOnce = false;
  private readonly firstAnnouncement: Promise<void>;
  private resolveFirst!: () => void;

  constructor(private readonly options: AnnouncerOptions) {
    this.firstAnnouncement = new Promise((resolve) => {
      this.resolveFirst = resolve;
    });
  }

  private get url(): string {
    return `${this.options.discoveryUri}/v1/announcement/${encodeURIComponent(this.options.node.nodeId)}`;
  }

  start(): void {
    void this.announce();
  }

  /** Resolves once the coordinator has accepted one announcement. */
  whenAnnounced(): Promise<void> {
    return this.firstAnnouncement;
  }

  get hasAnnounced(): boolean {
    return this.announcedOnce;
  }

  private async announce(): Promise<void> {
    if (this.stopped) return;
    let delay: number;
    try {
      const response = await this.options.client.request(this.url, {
        method: 'PUT',
        body: announcementFor(this.options.node),
        timeoutMs: Math.max(1000, this.options.intervalMs),
        audience: COORDINATOR_AUDIENCE,
      });
      if (response.statusCode !== 202) {
        throw new Error(`discovery at ${this.options.discoveryUri} answered ${response.statusCode}: ${response.body}`);
      }
      this.retryDelayMs = FIRST_RETRY_MS;
      delay = this.options.intervalMs;
      if (!this.announcedOnce) {
        this.announcedOnce = true;
        this.resolveFirst();
      }
    } catch (error) {
      this.options.onError?.(error as Error);
      delay = this.retryDelayMs;
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, this.options.intervalMs);
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.announce(), delay);
  }

  /** Stops announcing and withdraws the announcement (best effort, bounded wait). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (!this.announcedOnce) return;
    try {
      await this.options.client.request(this.url, {
        method: 'DELETE',
        timeoutMs: 1000,
        audience: COORDINATOR_AUDIENCE,
      });
    } catch {
      // The coordinator may be gone already; its registry expires the announcement anyway.
    }
  }
}
