/** The one-minute exponentially decaying counter of the node records, on a hand-driven clock. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DecayCounter, decayAlphaForSeconds, ONE_MINUTE_ALPHA } from '../../../src/server/cluster/decay-counter.js';

function manualClock(startMs = 1_000_000) {
  let now = startMs;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('DecayCounter', () => {
  it('decays a count of 1000 to about 367 after one minute', () => {
    const { clock, advance } = manualClock();
    const counter = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    counter.add(1000);
    assert.equal(counter.getCount(), 1000);
    advance(60_000);
    assert.ok(Math.abs(counter.getCount() - 1000 / Math.E) < 1e-9, String(counter.getCount()));
    assert.equal(Math.round(counter.getCount()), 368);
    assert.equal(Math.floor(counter.getCount()), 367);
    advance(60_000);
    assert.ok(Math.abs(counter.getCount() - 1000 / Math.E ** 2) < 1e-9);
  });

  it('reads time in whole seconds', () => {
    const { clock, advance } = manualClock(0);
    const counter = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    counter.add(10);
    advance(999);
    assert.equal(counter.getCount(), 10);
    advance(1);
    assert.ok(counter.getCount() < 10);
  });

  it('sums events by their own ages across landmark rescales', () => {
    const { clock, advance } = manualClock();
    const counter = new DecayCounter(ONE_MINUTE_ALPHA, clock);
    counter.add(100);
    advance(55_000); // beyond the 50 s landmark rescale
    counter.add(100);
    advance(30_000);
    const expected = 100 * Math.exp(-85 / 60) + 100 * Math.exp(-30 / 60);
    assert.ok(Math.abs(counter.getCount() - expected) < 1e-9);
    assert.ok(Math.abs(counter.getRate() - expected / 60) < 1e-9);
  });

  it('derives alpha from a window length', () => {
    assert.equal(decayAlphaForSeconds(60), ONE_MINUTE_ALPHA);
    const { clock, advance } = manualClock();
    const counter = new DecayCounter(decayAlphaForSeconds(300), clock);
    counter.add(1000);
    advance(300_000);
    assert.ok(Math.abs(counter.getCount() - 1000 / Math.E) < 1e-9);
  });
});
