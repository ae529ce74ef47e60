/** Pooled random tokens: the right size and alphabet, and never the same bytes twice across pools. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomToken } from '../../src/common/random-token.js';

describe('randomToken', () => {
  it('gives distinct base64url tokens of the asked size, across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const token = randomToken(16);
      assert.match(token, /^[A-Za-z0-9_-]{22}$/);
      assert.ok(!seen.has(token), `token ${token} repeated after ${i}`);
      seen.add(token);
    }
    assert.equal(Buffer.from(randomToken(5000), 'base64url').length, 5000);
    assert.equal(Buffer.from(randomToken(3), 'base64url').length, 3);
  });
});
