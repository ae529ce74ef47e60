import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { serverNodeFlags } from '../../../src/server/startup/server-node-flags.js';

describe('server node flags', () => {
  it('collect garbage on the main thread only when the cluster fills the machine', () => {
    assert.deepEqual(serverNodeFlags(3, 2), ['--initial-old-space-size=256', '--single-threaded-gc']);
    assert.deepEqual(serverNodeFlags(2, 2), ['--initial-old-space-size=256', '--single-threaded-gc']);
    assert.deepEqual(serverNodeFlags(3, 8), ['--initial-old-space-size=256']);
  });

  it('are flags this Node.js accepts', () => {
    // Node exits with 9 ("bad option") on a flag it does not know.
    const run = spawnSync(process.execPath, [...serverNodeFlags(3, 2), '-e', '0']);
    assert.equal(run.status, 0, String(run.stderr));
  });
});
