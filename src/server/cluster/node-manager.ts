/**
 * The coordinator's view of the cluster for the scheduler: the active workers are the announced
 * nodes that are not coordinators, run the coordinator's version and are not failed by the
 * failure detector. Listeners hear every change of that set (a worker joining after its warm-up,
 * failing, leaving, rejoining); `activeWorkers()` is always current.
 */

import type { NodeInfo } from '../protocol/node-info.js';
import type { DiscoveryRegistry } from './discovery-registry.js';
import type { HeartbeatFailureDetector } from './failure-detector.js';

export type ActiveNodesListener = (activeWorkers: readonly NodeInfo[]) => void;

export class NodeManager {
  private readonly listeners = new Set<ActiveNodesListener>();
  private active: readonly NodeInfo[] = [];
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly registry: DiscoveryRegistry,
    private readonly detector: HeartbeatFailureDetector,
    private readonly version: string,
  ) {
    this.unsubscribe.push(
      registry.onChange((nodes) => {
        detector.updateNodes(nodes);
        this.refresh();
      }),
      detector.onChange(() => this.refresh()),
    );
    detector.updateNodes(registry.nodes());
    this.refresh();
  }

  /** The workers the scheduler may give work to, in node id order. */
  activeWorkers(): readonly NodeInfo[] {
    this.refresh();
    return this.active;
  }

  /** Every announced node, failed or not (workers with another version included). */
  allNodes(): readonly NodeInfo[] {
    return this.registry.nodes();
  }

  /** Announced nodes that can't be used: another version, or failed. */
  inactiveNodes(): readonly NodeInfo[] {
    const active = new Set(this.activeWorkers().map((node) => node.nodeId));
    return this.registry.nodes().filter((node) => !node.coordinator && !active.has(node.nodeId));
  }

  onChange(listener: ActiveNodesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.listeners.clear();
  }

  private refresh(): void {
    const active = this.registry
      .nodes()
      .filter((node) => !node.coordinator && node.version === this.version && !this.detector.isFailed(node.nodeId))
      .sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
    // Asked for on every statement: compared field by field, not through a key string.
    if (sameNodes(active, this.active)) return;
    this.active = active;
    for (const listener of this.listeners) listener(active);
  }
}

function sameNodes(a: readonly NodeInfo[], b: readonly NodeInfo[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as NodeInfo;
    const y = b[i] as NodeInfo;
    if (x.nodeId !== y.nodeId || x.uri !== y.uri || x.serviceId !== y.serviceId) return false;
  }
  return true;
}
