/**
 * The coordinator's discovery resource (airlift discovery, protocol reference §6.4):
 * `PUT /v1/announcement/{nodeId}` records a node's announcement (202, with the max-age after
 * which it is forgotten unless renewed), `DELETE /v1/announcement/{nodeId}` withdraws it (204),
 * `GET /v1/service[/{type}[/{pool}]]` lists the announced services. All of it is internal: with a
 * shared secret it requires the signed header (see cluster/internal-auth.ts), and a node may
 * announce or withdraw only itself: the token's issuer must be the node id in the path (403).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VivaceError } from '../../common/vivace-error.js';
import type { DiscoveryRegistry } from '../cluster/discovery-registry.js';
import { internalCaller } from '../protocol/internal-auth.js';
import { type Announcement, DEFAULT_POOL, VIVACE_SERVICE_TYPE } from '../protocol/node-info.js';

/** Refuses (403) a signed request whose issuer is not `nodeId`; true when it was refused. */
function refusedForOtherNode(request: FastifyRequest, reply: FastifyReply, nodeId: string): boolean {
  const caller = internalCaller(request);
  if (caller === undefined || caller === nodeId) return false;
  void reply.code(403).send({ error: `node ${caller} may not announce or withdraw node ${nodeId}` });
  return true;
}

export function registerDiscoveryResource(app: FastifyInstance, registry: DiscoveryRegistry): void {
  app.put<{ Params: { nodeId: string }; Body: Announcement }>('/v1/announcement/:nodeId', async (request, reply) => {
    if (refusedForOtherNode(request, reply, request.params.nodeId)) return reply;
    try {
      registry.announce(request.params.nodeId, request.body);
    } catch (error) {
      if (error instanceof VivaceError) return reply.code(400).send({ error: error.message });
      throw error;
    }
    return reply
      .code(202)
      .header('Cache-Control', `max-age=${Math.floor(registry.maxAgeMs / 1000)}`)
      .send();
  });

  app.delete<{ Params: { nodeId: string } }>('/v1/announcement/:nodeId', async (request, reply) => {
    if (refusedForOtherNode(request, reply, request.params.nodeId)) return reply;
    registry.remove(request.params.nodeId);
    return reply.code(204).send();
  });

  const listServices = (type: string | undefined, pool: string | undefined) => ({
    environment: registry.environment,
    services: registry
      .nodes()
      .filter(
        () => (type === undefined || type === VIVACE_SERVICE_TYPE) && (pool === undefined || pool === DEFAULT_POOL),
      )
      .map((node) => ({
        id: node.serviceId,
        nodeId: node.nodeId,
        type: VIVACE_SERVICE_TYPE,
        pool: DEFAULT_POOL,
        location: `/${node.nodeId}`,
        state: 'RUNNING',
        properties: { http: node.uri, node_version: node.version, coordinator: String(node.coordinator) },
      })),
  });
  app.get('/v1/service', async () => listServices(undefined, undefined));
  app.get<{ Params: { type: string } }>('/v1/service/:type', async (request) =>
    listServices(request.params.type, undefined),
  );
  app.get<{ Params: { type: string; pool: string } }>('/v1/service/:type/:pool', async (request) =>
    listServices(request.params.type, request.params.pool),
  );
}
