/** IdleMemoryRelease: the collection and the C heap trim an idle node runs, and when it runs them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdleMemoryRelease } from '../../../src/server/worker/idle-memory.js';

describe('IdleMemoryRelease', () => {
  it('collects garbage and, where glibc is, has the native trim built by npm install', () => {
    const release = new IdleMemoryRelease(() => true);
    const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
    const glibc = process.platform === 'linux' && report.header?.glibcVersionRuntime !== undefined;
    assert.equal(release.canTrim, glibc);
    const result = release.release();
    assert.equal(result.collected, true);
    assert.equal(typeof result.trimmed, 'boolean');
  });

  it('releases only while the node is still idle when the delay has passed', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let idle = true;
    const release = new IdleMemoryRelease(() => idle);
    const calls: string[] = [];
    t.mock.method(release, 'release', () => {
      calls.push('release');
      return { collected: true, trimmed: false };
    });
    release.becameIdle();
    t.mock.timers.tick(2000);
    assert.deepEqual(calls, ['release']);
    t.mock.timers.tick(10_000);
    assert.deepEqual(calls, ['release', 'release'], 'once more, a little later');
    release.becameIdle();
    idle = false;
    t.mock.timers.tick(20_000);
    assert.equal(calls.length, 2, 'work came back: nothing runs');
    // Serving ends without a signal (a client read the last rows of a finished query): the node
    // looks again and releases once it finds itself idle.
    idle = true;
    t.mock.timers.tick(2000);
    assert.equal(calls.length, 3, 'idle again: released on a later look');
    release.close();
  });

  it('schedules nothing when memory.release-when-idle is off', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const release = new IdleMemoryRelease(() => true, false);
    let calls = 0;
    t.mock.method(release, 'release', () => {
      calls++;
      return { collected: true, trimmed: false };
    });
    release.becameIdle();
    t.mock.timers.tick(60_000);
    assert.equal(calls, 0);
    release.close();
  });
});
