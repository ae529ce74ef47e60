/**
 * The coordinator's heartbeat failure detector (protocol reference §6.2): every announced node
 * but the coordinator itself is pinged every `failure-detector.heartbeat-interval` (500 ms). Any
 * HTTP answer, whatever its status, is a success; a transport error or a time-out is a failure.
 * Per node it keeps one-minute decaying counts of requests, successes and failures (also per
 * failure type), the times of the last request and response, and the last failure. A node is
 * failed when it no longer announces, when its decayed failure ratio is above the threshold, or
 * while it is within the warm-up interval after its ratio last fell below the threshold (a new
 * node counts as failed until its first pings have answered for the warm-up time).
 *
 * Recovery: a node that has answered every ping for the recovery interval counts as healthy again
 * whatever its decayed ratio (the warm-up still follows). With the ratio alone, a worker whose
 * event loop was held for ten seconds stayed failed for a minute after it answered again, until
 * the one-minute decay had diluted its failures; now it is back within a few seconds, while a
 * node failing now and then still never has the unbroken run of answers it needs.
 *
 * Monitors are keyed by node id: a node restarting under the same id (with a new service id or
 * address) gets a fresh monitor, so `/v1/node/failed` clears once it answers again.
 */

import type { NodeInfo } from '../protocol/node-info.js';
import { DecayCounter, type MonotonicClock, ONE_MINUTE_ALPHA, systemMonotonicClock } from './decay-counter.js';

/** Sends one ping; resolves on any HTTP answer, rejects on transport failures and time-outs. */
export type Pinger = (node: NodeInfo) => Promise<void>;

export interface FailureDetectorOptions {
  readonly ping: Pinger;
  readonly heartbeatIntervalMs: number;
  readonly threshold: number;
  readonly warmupMs: number;
  /** How long a node that stopped announcing stays listed (as failed) before it is forgotten. */
  readonly expirationGraceMs: number;
  /** Answering every ping for this long makes a failed node healthy again (then the warm-up). */
  readonly recoveryMs?: number;
  readonly monotonicClock?: MonotonicClock;
  readonly wallClock?: () => number;
}

export interface FailureInfo {
  readonly type: string;
  readonly message: string;
  readonly stack: readonly string[];
  readonly suppressed: readonly FailureInfo[];
}

/** One node's statistics, as read by the node resource. */
export interface NodeHealth {
  readonly node: NodeInfo;
  readonly failed: boolean;
  readonly ageMs: number;
  readonly recentRequests: number;
  readonly recentSuccesses: number;
  readonly recentFailures: number;
  readonly recentFailureRatio: number;
  readonly lastRequestTime: number | undefined;
  readonly lastResponseTime: number | undefined;
  readonly recentFailuresByType: ReadonlyMap<string, number>;
  readonly lastFailureInfo: FailureInfo | undefined;
}

/** A short name for the kind of failure: undici's error class, else the system error code. */
export function failureType(error: Error): string {
  const code = (error as Error & { code?: unknown }).code;
  if (error.name && error.name !== 'Error' && error.name !== 'TypeError') return error.name;
  return typeof code === 'string' ? code : error.name || 'Error';
}

export function failureInfoOf(error: Error): FailureInfo {
  const cause = error.cause instanceof Error ? [failureInfoOf(error.cause)] : [];
  return {
    type: failureType(error),
    message: error.message,
    stack: (error.stack ?? '')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().replace(/^at /, ''))
      .filter((line) => line !== ''),
    suppressed: cause,
  };
}

class NodeMonitor {
  readonly requests: DecayCounter;
  readonly successes: DecayCounter;
  readonly failures: DecayCounter;
  readonly failuresByType = new Map<string, DecayCounter>();
  readonly createdAt: number;
  lastRequestTime: number | undefined;
  lastResponseTime: number | undefined;
  lastFailure: FailureInfo | undefined;
  successTransitionAt: number | undefined;
  /** Start of the current unbroken run of answered pings (monotonic), if the last one answered. */
  answeringSince: number | undefined;
  disabledAt: number | undefined;
  timer: NodeJS.Timeout | undefined;

  constructor(
    readonly node: NodeInfo,
    private readonly clock: MonotonicClock,
  ) {
    this.requests = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    this.successes = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    this.failures = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    this.createdAt = clock();
  }

  failureRatio(): number {
    const requests = this.requests.getCount();
    return requests === 0 ? 0 : this.failures.getCount() / requests;
  }

  failureCounter(type: string): DecayCounter {
    let counter = this.failuresByType.get(type);
    if (!counter) {
      counter = new DecayCounter(ONE_MINUTE_ALPHA, this.clock);
      this.failuresByType.set(type, counter);
    }
    return counter;
  }
}

const DEFAULT_RECOVERY_MS = 2000;

export class HeartbeatFailureDetector {
  private readonly monitors = new Map<string, NodeMonitor>();
  private readonly listeners = new Set<() => void>();
  private readonly monotonic: MonotonicClock;
  private readonly wall: () => number;
  private lastFailedSet = '';
  private running = false;

  constructor(private readonly options: FailureDetectorOptions) {
    this.monotonic = options.monotonicClock ?? systemMonotonicClock;
    this.wall = options.wallClock ?? Date.now;
  }

  /** Starts pinging the nodes already known (and any that `updateNodes` adds later). */
  start(): void {
    this.running = true;
    for (const monitor of this.monitors.values()) this.schedule(monitor);
  }

  stop(): void {
    this.running = false;
    for (const monitor of this.monitors.values()) {
      if (monitor.timer) clearInterval(monitor.timer);
      monitor.timer = undefined;
    }
  }

  /**
   * Brings the monitored set in line with the announced nodes: new nodes (or nodes that came back
   * as a new process) get a fresh monitor, nodes that are no longer announced are disabled, and
   * disabled monitors older than the grace interval are forgotten.
   */
  updateNodes(announced: readonly NodeInfo[]): void {
    const now = this.monotonic();
    const seen = new Set<string>();
    for (const node of announced) {
      seen.add(node.nodeId);
      const existing = this.monitors.get(node.nodeId);
      if (existing && existing.node.serviceId === node.serviceId && existing.node.uri === node.uri) {
        existing.disabledAt = undefined;
        if (this.running && !existing.timer) this.schedule(existing);
        continue;
      }
      if (existing?.timer) clearInterval(existing.timer);
      const monitor = new NodeMonitor(node, this.monotonic);
      this.monitors.set(node.nodeId, monitor);
      if (this.running) this.schedule(monitor);
    }
    for (const [nodeId, monitor] of this.monitors) {
      if (seen.has(nodeId)) continue;
      if (monitor.disabledAt === undefined) {
        monitor.disabledAt = now;
        if (monitor.timer) clearInterval(monitor.timer);
        monitor.timer = undefined;
      } else if (now - monitor.disabledAt >= this.options.expirationGraceMs) {
        this.monitors.delete(nodeId);
      }
    }
    this.checkFailedSetChanged();
  }

  /** Called when the set of failed nodes may have changed. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isFailed(nodeId: string): boolean {
    const monitor = this.monitors.get(nodeId);
    return monitor === undefined || this.monitorFailed(monitor);
  }

  /** Every monitored node, failed or not, in node id order. */
  stats(): NodeHealth[] {
    return [...this.monitors.values()]
      .sort((a, b) => (a.node.nodeId < b.node.nodeId ? -1 : a.node.nodeId > b.node.nodeId ? 1 : 0))
      .map((monitor) => this.healthOf(monitor));
  }

  failedStats(): NodeHealth[] {
    return this.stats().filter((health) => health.failed);
  }

  /** Sends one ping to `nodeId` now and records the outcome (the timers call this). */
  async pingNow(nodeId: string): Promise<void> {
    const monitor = this.monitors.get(nodeId);
    if (monitor) await this.ping(monitor);
  }

  private schedule(monitor: NodeMonitor): void {
    monitor.timer = setInterval(() => void this.ping(monitor), this.options.heartbeatIntervalMs);
    monitor.timer.unref();
  }

  private async ping(monitor: NodeMonitor): Promise<void> {
    monitor.requests.add(1);
    monitor.lastRequestTime = this.wall();
    const sentAt = this.monotonic();
    try {
      await this.options.ping(monitor.node);
      monitor.successes.add(1);
      monitor.lastResponseTime = this.wall();
      monitor.answeringSince ??= sentAt;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      monitor.failures.add(1);
      monitor.failureCounter(failureType(failure)).add(1);
      monitor.lastFailure = failureInfoOf(failure);
      monitor.answeringSince = undefined;
    }
    const now = this.monotonic();
    const recovered =
      monitor.answeringSince !== undefined &&
      now - monitor.answeringSince >= (this.options.recoveryMs ?? DEFAULT_RECOVERY_MS);
    if (monitor.failureRatio() > this.options.threshold && !recovered) monitor.successTransitionAt = undefined;
    else monitor.successTransitionAt ??= now;
    this.checkFailedSetChanged();
  }

  private monitorFailed(monitor: NodeMonitor): boolean {
    return (
      monitor.disabledAt !== undefined ||
      monitor.successTransitionAt === undefined ||
      this.monotonic() - monitor.successTransitionAt < this.options.warmupMs
    );
  }

  private healthOf(monitor: NodeMonitor): NodeHealth {
    const byType = new Map<string, number>();
    for (const [type, counter] of monitor.failuresByType) byType.set(type, counter.getCount());
    return {
      node: monitor.node,
      failed: this.monitorFailed(monitor),
      ageMs: this.monotonic() - monitor.createdAt,
      recentRequests: monitor.requests.getCount(),
      recentSuccesses: monitor.successes.getCount(),
      recentFailures: monitor.failures.getCount(),
      recentFailureRatio: monitor.failureRatio(),
      lastRequestTime: monitor.lastRequestTime,
      lastResponseTime: monitor.lastResponseTime,
      recentFailuresByType: byType,
      lastFailureInfo: monitor.lastFailure,
    };
  }

  private checkFailedSetChanged(): void {
    // The warm-up interval ends without an event, so the set is re-read on every ping outcome
    // (every heartbeat) and on every membership change; listeners hear only real changes.
    const failed = [...this.monitors.values()]
      .filter((monitor) => this.monitorFailed(monitor))
      .map((monitor) => monitor.node.nodeId)
      .sort()
      .join('\n');
    if (failed === this.lastFailedSet) return;
    this.lastFailedSet = failed;
    for (const listener of this.listeners) listener();
  }
}
