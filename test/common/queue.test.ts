import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Queue } from '../../src/common/queue.js';

describe('Queue', () => {
  it('gives entries back oldest first, reads them by place, and is empty at the end', () => {
    const queue = new Queue<string>();
    assert.equal(queue.shift(), undefined);
    for (const item of ['a', 'b', 'c']) queue.push(item);
    assert.equal(queue.size, 3);
    assert.equal(queue.at(0), 'a');
    assert.equal(queue.at(2), 'c');
    assert.equal(queue.at(3), undefined);
    assert.equal(queue.at(-1), undefined);
    assert.equal(queue.shift(), 'a');
    assert.equal(queue.at(0), 'b');
    assert.equal(queue.size, 2);
    assert.equal(queue.shift(), 'b');
    assert.equal(queue.shift(), 'c');
    assert.equal(queue.size, 0);
    assert.equal(queue.shift(), undefined);
  });

  it('stays in order across its compactions', () => {
    const queue = new Queue<number>();
    let next = 0;
    let expected = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 300; i++) queue.push(next++);
      for (let i = 0; i < 250; i++) assert.equal(queue.shift(), expected++);
      assert.equal(queue.size, next - expected);
      assert.equal(queue.at(0), expected);
      assert.equal(queue.at(queue.size - 1), next - 1);
    }
  });
});
