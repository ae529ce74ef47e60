/**
 * What the cluster knows about one node from its announcement: identity, address, version and
 * role. The discovery registry, the failure detector, the node manager and the scheduler share it.
 */
export interface NodeInfo {
  readonly nodeId: string;
  /** Random per process start: a restarted node announces a new one. */
  readonly serviceId: string;
  /** Base URL of the node's HTTP server, e.g. `http://127.0.0.1:41234`. */
  readonly uri: string;
  readonly version: string;
  readonly environment: string;
  readonly coordinator: boolean;
}

/** The service type every Vivace node announces (Presto announces `presto`). */
export const VIVACE_SERVICE_TYPE = 'vivace';
/** The only pool Vivace uses, as in airlift discovery. */
export const DEFAULT_POOL = 'general';

/** The body of `PUT /v1/announcement/{nodeId}` (airlift's Announcement). */
export interface Announcement {
  readonly environment: string;
  readonly pool?: string;
  readonly location?: string;
  readonly services: readonly {
    readonly id: string;
    readonly type: string;
    readonly properties: Readonly<Record<string, string>>;
  }[];
}

export function announcementFor(node: NodeInfo): Announcement {
  return {
    environment: node.environment,
    pool: DEFAULT_POOL,
    location: `/${node.nodeId}`,
    services: [
      {
        id: node.serviceId,
        type: VIVACE_SERVICE_TYPE,
        properties: { http: node.uri, node_version: node.version, coordinator: String(node.coordinator) },
      },
    ],
  };
}
