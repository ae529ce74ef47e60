/**
 * The heartbeat failure detector, the discovery registry and the node manager on hand-driven
 * clocks and a scripted pinger: warm-up, failure ratio threshold, per-type counters, the last
 * failure, disabling and forgetting nodes that stop announcing, and the active-worker set.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DiscoveryRegistry } from '../../../src/server/cluster/discovery-registry.js';
import { failureType, HeartbeatFailureDetector } from '../../../src/server/cluster/failure-detector.js';
import { NodeManager } from '../../../src/server/cluster/node-manager.js';
import { nodeRecord } from '../../../src/server/coordinator/node-resource.js';
import { announcementFor, type NodeInfo } from '../../../src/server/protocol/node-info.js';

function node(nodeId: string, overrides: Partial<NodeInfo> = {}): NodeInfo {
  return {
    nodeId,
    serviceId: `${nodeId}-service`,
    uri: `http://127.0.0.1:1${nodeId.length}00`,
    version: '0.1.0',
    environment: 'test',
    coordinator: false,
    ...overrides,
  };
}

function setup() {
  let now = 10_000_000;
  const down = new Set<string>();
  const detector = new HeartbeatFailureDetector({
    ping: async (target) => {
      if (down.has(target.nodeId)) {
        throw Object.assign(new Error(`connect ECONNREFUSED ${target.uri}`), { code: 'ECONNREFUSED' });
      }
    },
    heartbeatIntervalMs: 500,
    threshold: 0.1,
    warmupMs: 1000,
    recoveryMs: 2000,
    expirationGraceMs: 60_000,
    monotonicClock: () => now,
    wallClock: () => now,
  });
  const registry = new DiscoveryRegistry('test', 30_000, () => now);
  return { detector, registry, down, advance: (ms: number) => (now += ms), now: () => now };
}

async function pingRounds(
  detector: HeartbeatFailureDetector,
  ids: string[],
  rounds: number,
  advance: (ms: number) => void,
) {
  for (let i = 0; i < rounds; i++) {
    advance(500);
    for (const id of ids) await detector.pingNow(id);
  }
}

describe('HeartbeatFailureDetector', () => {
  it('reports a new node failed until it has answered for the warm-up interval', async () => {
    const { detector, advance } = setup();
    detector.updateNodes([node('a')]);
    assert.equal(detector.isFailed('a'), true);
    await pingRounds(detector, ['a'], 1, advance);
    assert.equal(detector.isFailed('a'), true, 'still warming up');
    await pingRounds(detector, ['a'], 2, advance);
    assert.equal(detector.isFailed('a'), false);
    const [health] = detector.stats();
    // Three pings over a second and a half, decayed by whole seconds of age.
    assert.ok(health.recentRequests > 2.95 && health.recentRequests <= 3, String(health.recentRequests));
    assert.equal(health.recentSuccesses, health.recentRequests);
    assert.equal(health.recentFailures, 0);
    assert.equal(health.lastFailureInfo, undefined);
  });

  it('fails a node whose decayed failure ratio passes the threshold and records why', async () => {
    const { detector, down, advance } = setup();
    detector.updateNodes([node('a')]);
    await pingRounds(detector, ['a'], 20, advance);
    assert.equal(detector.isFailed('a'), false);
    down.add('a');
    await pingRounds(detector, ['a'], 3, advance);
    assert.equal(detector.isFailed('a'), true);
    const [health] = detector.failedStats();
    assert.equal(health.node.nodeId, 'a');
    assert.ok(health.recentFailureRatio > 0.1);
    assert.ok(Math.abs(health.recentFailuresByType.get('ECONNREFUSED')! - health.recentFailures) < 1e-9);
    assert.equal(health.lastFailureInfo?.type, 'ECONNREFUSED');
    assert.match(health.lastFailureInfo?.message ?? '', /ECONNREFUSED/);
    assert.ok(health.lastFailureInfo!.stack.length > 0);
    // Recovery needs the ratio to fall below the threshold and then the warm-up.
    down.delete('a');
    await pingRounds(detector, ['a'], 2, advance);
    assert.equal(detector.isFailed('a'), true);
    await pingRounds(detector, ['a'], 200, advance);
    assert.equal(detector.isFailed('a'), false);
    assert.ok(detector.stats()[0].lastFailureInfo, 'the last failure stays on record');
  });

  it('takes a node back once it has answered every ping for the recovery interval', async () => {
    const { detector, down, advance } = setup();
    detector.updateNodes([node('a')]);
    await pingRounds(detector, ['a'], 20, advance);
    // Ten seconds without an answer (a held event loop, a paused process).
    down.add('a');
    await pingRounds(detector, ['a'], 20, advance);
    assert.equal(detector.isFailed('a'), true);
    down.delete('a');
    // Recovery (2 s of answers) and warm-up (1 s): back within seconds, not after a minute of decay.
    await pingRounds(detector, ['a'], 4, advance);
    assert.equal(detector.isFailed('a'), true, 'still recovering');
    await pingRounds(detector, ['a'], 4, advance);
    assert.equal(detector.isFailed('a'), false);
    assert.ok(detector.stats()[0].recentFailureRatio > 0.1, 'the failures are still on record');
    // One missed answer ends the run of answers: failed again at once.
    down.add('a');
    await pingRounds(detector, ['a'], 1, advance);
    assert.equal(detector.isFailed('a'), true);
  });

  it('keeps failed a node that misses a ping now and then', async () => {
    const { detector, down, advance } = setup();
    detector.updateNodes([node('a')]);
    await pingRounds(detector, ['a'], 4, advance);
    for (let round = 0; round < 40; round++) {
      // Every third ping fails: never two seconds of answers in a row.
      if (round % 3 === 0) down.add('a');
      else down.delete('a');
      await pingRounds(detector, ['a'], 1, advance);
      if (round > 6) assert.equal(detector.isFailed('a'), true, `round ${round}`);
    }
  });

  it('disables nodes that stop announcing and forgets them after the grace interval', async () => {
    const { detector, advance } = setup();
    detector.updateNodes([node('a'), node('b')]);
    await pingRounds(detector, ['a', 'b'], 4, advance);
    detector.updateNodes([node('a')]);
    assert.equal(detector.isFailed('b'), true);
    assert.deepEqual(
      detector.failedStats().map((h) => h.node.nodeId),
      ['b'],
    );
    advance(60_000);
    detector.updateNodes([node('a')]);
    assert.deepEqual(
      detector.stats().map((h) => h.node.nodeId),
      ['a'],
    );
  });

  it('gives a node that comes back as a new process a fresh monitor', async () => {
    const { detector, down, advance } = setup();
    detector.updateNodes([node('a')]);
    await pingRounds(detector, ['a'], 4, advance);
    down.add('a');
    await pingRounds(detector, ['a'], 4, advance);
    assert.equal(detector.isFailed('a'), true);
    down.delete('a');
    detector.updateNodes([node('a', { serviceId: 'restarted', uri: 'http://127.0.0.1:9999' })]);
    await pingRounds(detector, ['a'], 3, advance);
    assert.equal(detector.isFailed('a'), false);
    const [health] = detector.stats();
    assert.equal(health.node.uri, 'http://127.0.0.1:9999');
    assert.equal(health.recentFailures, 0);
  });

  it('names failure types by error class, else by system code', () => {
    class HeadersTimeoutError extends Error {
      override name = 'HeadersTimeoutError';
    }
    assert.equal(failureType(new HeadersTimeoutError('slow')), 'HeadersTimeoutError');
    assert.equal(failureType(Object.assign(new Error('x'), { code: 'ECONNRESET' })), 'ECONNRESET');
    assert.equal(failureType(new Error('plain')), 'Error');
  });

  it('renders node records with the spec fields and formats', async () => {
    const { detector, down, advance } = setup();
    detector.updateNodes([node('a')]);
    const fresh = nodeRecord(detector.stats()[0]);
    assert.equal('lastRequestTime' in fresh, false);
    assert.equal('lastFailureInfo' in fresh, false);
    assert.deepEqual(fresh.recentFailuresByType, {});
    down.add('a');
    await pingRounds(detector, ['a'], 2, advance);
    const record = nodeRecord(detector.stats()[0]);
    assert.equal(record.uri, node('a').uri);
    assert.equal(record.age, '1.00s');
    assert.match(record.lastRequestTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(record.lastResponseTime, undefined);
    assert.equal(record.recentFailureRatio, 1);
    assert.deepEqual(Object.keys(record.lastFailureInfo ?? {}).sort(), ['message', 'stack', 'suppressed', 'type']);
    // The node resource is open: the failure's stack only with http-server.include-stack-traces.
    assert.deepEqual(record.lastFailureInfo?.stack, []);
    assert.ok((nodeRecord(detector.stats()[0], true).lastFailureInfo?.stack.length ?? 0) > 0);
  });
});

describe('DiscoveryRegistry and NodeManager', () => {
  it('rejects announcements from another environment or without an http URI', () => {
    const { registry } = setup();
    assert.throws(() => registry.announce('a', announcementFor(node('a', { environment: 'prod' }))), /environment/);
    assert.throws(
      () => registry.announce('a', { environment: 'test', services: [{ id: 'x', type: 'vivace', properties: {} }] }),
      /http URI/,
    );
  });

  it('tracks active workers: announced, same version, not coordinators, not failed', async () => {
    const { detector, registry, down, advance } = setup();
    const manager = new NodeManager(registry, detector, '0.1.0');
    const changes: string[][] = [];
    manager.onChange((active) => changes.push(active.map((n) => n.nodeId)));
    registry.announce('w1', announcementFor(node('w1')));
    registry.announce('w2', announcementFor(node('w2')));
    registry.announce('old', announcementFor(node('old', { version: '0.0.9' })));
    registry.announce('c', announcementFor(node('c', { coordinator: true })));
    assert.deepEqual(manager.activeWorkers(), [], 'warming up');
    await pingRounds(detector, ['w1', 'w2', 'old', 'c'], 3, advance);
    assert.deepEqual(
      manager.activeWorkers().map((n) => n.nodeId),
      ['w1', 'w2'],
    );
    assert.deepEqual(
      manager.inactiveNodes().map((n) => n.nodeId),
      ['old'],
    );
    down.add('w2');
    await pingRounds(detector, ['w1', 'w2'], 2, advance);
    assert.deepEqual(
      manager.activeWorkers().map((n) => n.nodeId),
      ['w1'],
    );
    registry.remove('w1');
    assert.deepEqual(manager.activeWorkers(), []);
    assert.deepEqual(changes, [['w1', 'w2'], ['w1'], []]);
    manager.close();
  });

  it('forgets announcements older than max-age', () => {
    const { registry, advance } = setup();
    registry.announce('w1', announcementFor(node('w1')));
    advance(29_000);
    registry.announce('w2', announcementFor(node('w2')));
    advance(2000);
    assert.deepEqual(
      registry.nodes().map((n) => n.nodeId),
      ['w2'],
    );
  });
});
