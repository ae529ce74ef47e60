/**
 * `vivace start --workers 2`: prints the coordinator URL once both workers have joined, serves a
 * query, and on SIGTERM stops every process it started; if the launcher itself is killed, its
 * children notice the broken IPC channel and exit too.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { eventually, isAlive, runStatement, VIVACE_BIN } from './cluster-process-helpers.js';

function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function startCluster(): Promise<{ launcher: ChildProcess; url: string; output: () => string }> {
  const launcher = spawn(
    process.execPath,
    [VIVACE_BIN, 'start', '--port', '0', '--workers', '2', '--etc', '/nonexistent'],
    {
      env: { ...process.env, VIVACE_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  launcher.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await eventually('the coordinator URL on stdout', 60_000, async () => {
    if (launcher.exitCode !== null) throw new Error(`vivace start exited: ${output}`);
    return /is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  });
  return { launcher, url, output: () => output };
}

describe('the vivace command', () => {
  it('runs by its own path, as `npx vivace` runs it in a fresh clone (the build marks it executable)', () => {
    const result = spawnSync(VIVACE_BIN, ['--help'], { encoding: 'utf8' });
    assert.equal(result.error, undefined, String(result.error));
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Usage: vivace/);
  });
});

describe('vivace start', { timeout: 120_000 }, () => {
  it('starts a coordinator and two workers, serves SELECT 1 and stops them all on SIGTERM', async () => {
    const { launcher, url, output } = await startCluster();
    assert.match(output(), /a coordinator and 2 workers/);
    const children = childPids(launcher.pid as number);
    assert.equal(children.length, 3, 'a coordinator and two workers');
    const nodes = (await (await fetch(`${url}/v1/node`)).json()) as unknown[];
    assert.equal(nodes.length, 2);
    assert.deepEqual(await runStatement(url, 'SELECT 1'), [[1]]);

    const exited = once(launcher, 'exit');
    launcher.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 0);
    for (const pid of children) assert.equal(isAlive(pid), false, `pid ${pid} still running`);
  });

  it('leaves no orphans when the launcher is killed outright', async () => {
    const { launcher } = await startCluster();
    const children = childPids(launcher.pid as number);
    assert.equal(children.length, 3);
    const exited = once(launcher, 'exit');
    launcher.kill('SIGKILL');
    await exited;
    await eventually('every child gone', 10_000, async () => (children.some(isAlive) ? undefined : true));
  });

  it('stops the workers and exits 1 when the coordinator dies', async () => {
    const { launcher, url } = await startCluster();
    const port = new URL(url).port;
    const children = childPids(launcher.pid as number);
    const coordinatorPid = children.find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('coordinator'),
    );
    assert.ok(coordinatorPid, `no coordinator among ${children} (port ${port})`);
    const exited = once(launcher, 'exit');
    process.kill(coordinatorPid, 'SIGKILL');
    const [code] = await exited;
    assert.equal(code, 1);
    for (const pid of children) assert.equal(isAlive(pid), false, `pid ${pid} still running`);
  });
});
