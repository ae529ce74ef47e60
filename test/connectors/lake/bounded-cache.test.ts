import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedCache } from '../../../src/connectors/lake/bounded-cache.js';

describe('lake bounded cache', () => {
  it('evicts the least recently used entries beyond the weight bound', () => {
    const cache = new BoundedCache<string, string>({ maxWeight: 10, weigh: (v) => v.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    assert.equal(cache.get('a'), 'aaaa'); // a is now the most recent
    cache.set('c', 'cccc');
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 'aaaa');
    assert.equal(cache.get('c'), 'cccc');
    assert.equal(cache.weight, 8);
    cache.set('huge', 'x'.repeat(11));
    assert.equal(cache.get('huge'), undefined, 'a value heavier than the bound is not kept');
    assert.equal(cache.size, 2);
  });

  it('expires entries after the time to live and deletes by predicate', () => {
    let now = 0;
    const cache = new BoundedCache<string, number>({ maxWeight: 100, ttlMillis: 1000, now: () => now });
    cache.set('/t/a', 1);
    cache.set('/t/b', 2);
    cache.set('/u/c', 3);
    now = 500;
    assert.equal(cache.get('/t/a'), 1);
    cache.deleteWhere((key) => key.startsWith('/t/'));
    assert.equal(cache.get('/t/b'), undefined);
    now = 1501;
    assert.equal(cache.get('/u/c'), undefined);
    assert.equal(cache.size, 0);
  });
});
