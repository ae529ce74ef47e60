/**
 * The cluster across real network boundaries: the coordinator and two workers each run in a
 * network namespace of their own (their own interfaces and addresses, joined through veth pairs
 * on a bridge that the test creates and removes), so nothing can pass through loopback. The
 * workers announce their own addresses, the coordinator reaches them over the bridge, and the
 * 22 TPC-H queries at `tiny` run distributed and return the in-process rows. Needs root and
 * iproute2, as CI has.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { differenceFromInProcess } from '../../tpch/result-comparison.js';
import { eventually, runStatement, stopProcess, VIVACE_BIN } from './cluster-process-helpers.js';

const tag = `v${process.pid % 100000}`;
const bridge = `${tag}br`;
const subnet = `10.${200 + (process.pid % 50)}.${process.pid % 250}`;
const roles = [
  { name: 'coordinator', ns: `${tag}-c`, address: `${subnet}.1` },
  { name: 'worker-1', ns: `${tag}-w1`, address: `${subnet}.2` },
  { name: 'worker-2', ns: `${tag}-w2`, address: `${subnet}.3` },
];
const PORT = 8080;

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // Teardown of what may not exist.
  }
}

function createNetwork(): void {
  ip('link', 'add', bridge, 'type', 'bridge');
  ip('addr', 'add', `${subnet}.254/24`, 'dev', bridge);
  ip('link', 'set', bridge, 'up');
  roles.forEach((role, i) => {
    const host = `${tag}h${i}`;
    const peer = `${tag}p${i}`;
    ip('netns', 'add', role.ns);
    ip('link', 'add', host, 'type', 'veth', 'peer', 'name', peer);
    ip('link', 'set', host, 'master', bridge);
    ip('link', 'set', host, 'up');
    ip('link', 'set', peer, 'netns', role.ns);
    ip('-n', role.ns, 'addr', 'add', `${role.address}/24`, 'dev', peer);
    ip('-n', role.ns, 'link', 'set', peer, 'up');
    ip('-n', role.ns, 'link', 'set', 'lo', 'up');
  });
}

function removeNetwork(): void {
  roles.forEach((role, i) => {
    quietly(() => ip('netns', 'del', role.ns));
    quietly(() => ip('link', 'del', `${tag}h${i}`));
  });
  quietly(() => ip('link', 'del', bridge));
}

describe('a cluster across three network namespaces', { timeout: 600_000 }, () => {
  const children: ChildProcess[] = [];
  const coordinatorUrl = `http://${roles[0]!.address}:${PORT}`;
  const local = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });

  before(async () => {
    removeNetwork();
    createNetwork();
    const base = mkdtempSync(join(tmpdir(), 'vivace-netns-'));
    for (const role of roles) {
      const etc = join(base, role.name);
      mkdirSync(etc);
      writeFileSync(join(etc, 'node.properties'), `node.environment=netns\nnode.id=${role.name}\n`);
      writeFileSync(
        join(etc, 'config.properties'),
        [
          `http-server.http.host=${role.address}`,
          `http-server.http.port=${PORT}`,
          `discovery.uri=${coordinatorUrl}`,
          'discovery.announcement-interval=500ms',
          '',
        ].join('\n'),
      );
      const roleName = role.name === 'coordinator' ? 'coordinator' : 'worker';
      const child = spawn('ip', ['netns', 'exec', role.ns, process.execPath, VIVACE_BIN, roleName, '--etc', etc], {
        env: { ...process.env, VIVACE_LOG_LEVEL: 'warn', VIVACE_INTERNAL_SHARED_SECRET: 'netns-secret' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      if (role.name === 'coordinator') {
        await eventually('the coordinator answering over the bridge', 30_000, async () =>
          (await fetch(`${coordinatorUrl}/v1/info`)).ok ? true : undefined,
        );
      }
    }
    await eventually('both workers active', 60_000, async () => {
      const nodes = (await (await fetch(`${coordinatorUrl}/v1/node`)).json()) as { uri: string }[];
      const failed = (await (await fetch(`${coordinatorUrl}/v1/node/failed`)).json()) as unknown[];
      return nodes.length >= 2 && failed.length === 0 ? nodes : undefined;
    });
  });

  after(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    removeNetwork();
  });

  it('knows each worker by its own namespace address', async () => {
    const nodes = (await (await fetch(`${coordinatorUrl}/v1/node`)).json()) as { uri: string }[];
    assert.deepEqual(nodes.map((n) => n.uri).sort(), [`http://${subnet}.2:${PORT}`, `http://${subnet}.3:${PORT}`]);
  });

  it('runs the 22 TPC-H queries at tiny across the namespaces with the in-process answers', async () => {
    for (let n = 1; n <= 22; n++) {
      const name = `q${String(n).padStart(2, '0')}`;
      const sql = readFileSync(`test/sql/tpch/${name}.sql`, 'utf8');
      const rows = await runStatement(coordinatorUrl, sql);
      assert.equal(await differenceFromInProcess(local, sql, rows), undefined, name);
    }
  });
});
