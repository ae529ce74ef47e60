/**
 * The coordinator's discovery registry (airlift's embedded discovery server, protocol reference
 * §6.4): nodes announce themselves with `PUT /v1/announcement/{nodeId}` every few seconds; an
 * announcement not renewed within `discovery.max-age` is forgotten. Listeners hear about every
 * change of the announced set (a node joining, changing address, leaving or expiring) so the
 * failure detector and node manager react at once instead of polling.
 */
import { VivaceError } from '../../common/vivace-error.js';
import { type Announcement, type NodeInfo, VIVACE_SERVICE_TYPE } from '../protocol/node-info.js';

export type WallClock = () => number;

interface Entry {
  readonly node: NodeInfo;
  expiresAt: number;
}

export class DiscoveryRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(nodes: readonly NodeInfo[]) => void>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly environment: string,
    readonly maxAgeMs: number,
    private readonly clock: WallClock = Date.now,
  ) {}

  /** Starts the periodic expiry of stale announcements. */
  start(sweepIntervalMs = Math.min(1000, this.maxAgeMs / 4)): void {
    this.sweeper ??= setInterval(() => this.expire(), sweepIntervalMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Records an announcement; throws CONFIGURATION_INVALID (HTTP 400) when it doesn't describe a node of ours. */
  announce(nodeId: string, announcement: Announcement): NodeInfo {
    if (announcement?.environment !== this.environment) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `announcement of ${nodeId} is for environment '${announcement?.environment}', not '${this.environment}'`,
      );
    }
    const service = Array.isArray(announcement.services)
      ? announcement.services.find((s) => s?.type === VIVACE_SERVICE_TYPE)
      : undefined;
    const http = service?.properties?.http;
    if (!service || typeof service.id !== 'string' || typeof http !== 'string' || !/^https?:\/\//.test(http)) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `announcement of ${nodeId} has no '${VIVACE_SERVICE_TYPE}' service with an http URI`,
      );
    }
    const node: NodeInfo = {
      nodeId,
      serviceId: service.id,
      uri: http.replace(/\/+$/, ''),
      version: String(service.properties.node_version ?? ''),
      environment: announcement.environment,
      coordinator: service.properties.coordinator === 'true',
    };
    const previous = this.entries.get(nodeId);
    this.entries.set(nodeId, { node, expiresAt: this.clock() + this.maxAgeMs });
    if (!previous || !sameNode(previous.node, node)) this.notify();
    return node;
  }

  /** A node leaving cleanly (`DELETE /v1/announcement/{nodeId}`); true when it was known. */
  remove(nodeId: string): boolean {
    const removed = this.entries.delete(nodeId);
    if (removed) this.notify();
    return removed;
  }

  /** The nodes with a live announcement. */
  nodes(): readonly NodeInfo[] {
    this.expire();
    return [...this.entries.values()].map((entry) => entry.node);
  }

  onChange(listener: (nodes: readonly NodeInfo[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops announcements older than max-age. */
  expire(): void {
    const now = this.clock();
    let changed = false;
    for (const [nodeId, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(nodeId);
        changed = true;
      }
    }
    if (changed) this.notify();
  }

  private notify(): void {
    const nodes = [...this.entries.values()].map((entry) => entry.node);
    for (const listener of this.listeners) listener(nodes);
  }
}

function sameNode(a: NodeInfo, b: NodeInfo): boolean {
  return (
    a.serviceId === b.serviceId &&
    a.uri === b.uri &&
    a.version === b.version &&
    a.coordinator === b.coordinator &&
    a.environment === b.environment
  );
}
