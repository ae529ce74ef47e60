import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTextPool, getTextPool, warmTextPool } from '../../../src/connectors/tpch/generator/text-pool.js';

// Its own file: the warm-up must be the first thing in this process to build the shared pool.
describe('TPC-H text pool warm-up', () => {
  it('builds the shared pool in the background, never holding the event loop for long', async () => {
    let last = performance.now();
    let longestGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 5);
    try {
      await warmTextPool();
    } finally {
      clearInterval(timer);
    }
    // The whole pool takes one to two seconds to write; one chunk a few tens of milliseconds.
    assert.ok(ticks > 10, `the timer ran ${ticks} times during the warm-up`);
    assert.ok(longestGap < 400, `the event loop was held for ${longestGap.toFixed(0)} ms`);
    const small = buildTextPool(10_000);
    assert.equal(getTextPool().text(0, 198), small.text(0, 198));
    assert.equal(getTextPool().text(9_802, 198), small.text(9_802, 198));
    assert.equal(getTextPool(), getTextPool());
    await warmTextPool();
  });
});
