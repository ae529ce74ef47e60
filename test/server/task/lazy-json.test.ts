import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineLazyJson } from '../../../src/server/task/lazy-json.js';
import { frameTaskWithPages, unframeTaskWithPages } from '../../../src/server/task/results-framing.js';

describe('lazy JSON properties', () => {
  it('parse on first read, once, and behave as the value everywhere after', () => {
    const record: Record<string, unknown> = { state: 'FINISHED' };
    defineLazyJson(record, 'stats', '{"pipelines":[{"operators":2}]}');
    assert.deepEqual(Object.keys(record), ['state', 'stats']);
    const first = record.stats;
    assert.deepEqual(first, { pipelines: [{ operators: 2 }] });
    assert.equal(record.stats, first, 'parsed once: the same object on every read');
    assert.deepEqual({ ...record }, { state: 'FINISHED', stats: { pipelines: [{ operators: 2 }] } });
    assert.equal(JSON.stringify(record), '{"state":"FINISHED","stats":{"pipelines":[{"operators":2}]}}');
  });

  it('are spread and stringified without a read first, and can be replaced', () => {
    const record: Record<string, unknown> = {};
    defineLazyJson(record, 'stats', '[1,2]');
    assert.equal(JSON.stringify(record), '{"stats":[1,2]}');
    const other: Record<string, unknown> = {};
    defineLazyJson(other, 'stats', '{"a":1}');
    other.stats = 'replaced';
    assert.equal(other.stats, 'replaced');
  });
});

describe('a task answer with inline results', () => {
  it('carries the record, its statistics apart, and the pages', () => {
    const body = frameTaskWithPages({ state: 'FINISHED', stats: { pipelines: [] } }, [
      new Uint8Array([1, 2]),
      new Uint8Array([3]),
    ]);
    const answer = unframeTaskWithPages(body);
    assert.deepEqual(answer.info, { state: 'FINISHED' });
    assert.equal(answer.statsJson, '{"pipelines":[]}');
    assert.deepEqual(
      answer.pages.map((p) => [...p]),
      [[1, 2], [3]],
    );
    assert.equal(unframeTaskWithPages(frameTaskWithPages({ state: 'FAILED' }, [])).statsJson, undefined);
  });

  it('refuses a truncated or malformed answer with CORRUPT_PAGE', () => {
    const body = frameTaskWithPages({ state: 'FINISHED', stats: {} }, [new Uint8Array([1, 2, 3])]);
    for (const cut of [2, 6, body.length - 1]) {
      assert.throws(() => unframeTaskWithPages(body.subarray(0, cut)), /Truncated|runs past/);
    }
    const notAnObject = Buffer.concat([Buffer.from([2, 0, 0, 0]), Buffer.from('[]'), Buffer.from([0, 0, 0, 0])]);
    assert.throws(() => unframeTaskWithPages(notAnObject), /not a JSON object/);
  });
});
