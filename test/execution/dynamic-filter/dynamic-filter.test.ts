/**
 * Dynamic filters in execution: a join build's key summary (collector), merging summaries of
 * several build tasks, and a scan's page filter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dictionaryBlock, float64Block, int32Block, rleBlock, stringBlock } from '../../../src/data/block.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { DynamicFilterCollector } from '../../../src/execution/dynamic-filter/dynamic-filter-collector.js';
import {
  compileFilters,
  DynamicFilterPageSource,
  FilterPayoff,
  filterPage,
  RowFilters,
} from '../../../src/execution/dynamic-filter/dynamic-filter-page-source.js';
import {
  isDynamicFilterSummary,
  matchesNothing,
  mergeSummaries,
} from '../../../src/execution/dynamic-filter/dynamic-filter-summary.js';
import { NumberKeySet } from '../../../src/execution/dynamic-filter/number-key-set.js';
import type { CountedPageSource } from '../../../src/execution/metered-page-source.js';

const NULL = 1;

function keysOf(page: Page | null, channel = 0): unknown[] {
  if (page === null) return [];
  const block = page.blocks[channel];
  assert.ok(block !== undefined && (block.kind === 'float64' || block.kind === 'int32' || block.kind === 'string'));
  return [...block.values].slice(0, page.positionCount);
}

describe('dynamic filter collector', () => {
  it('keeps the distinct non-null keys and their range', () => {
    const collector = new DynamicFilterCollector('df_0', 1);
    const nulls = new Uint8Array([0, NULL, 0, 0]);
    collector.add(createPage([int32Block(new Int32Array(4)), float64Block(new Float64Array([7, 1, 3, 7]), nulls)]));
    collector.add(createPage([int32Block(new Int32Array(1)), float64Block(new Float64Array([-2]))]));
    const summary = collector.summary();
    assert.equal(summary.min, -2);
    assert.equal(summary.max, 7);
    assert.deepEqual([...(summary.values ?? [])].sort(), [-2, 3, 7]);
  });

  it('reads keys through dictionaries and runs, and strings', () => {
    const collector = new DynamicFilterCollector('df_0', 0);
    const dictionary = stringBlock(['b', 'a', 'c']);
    collector.add(createPage([dictionaryBlock(new Int32Array([2, 2, 0]), dictionary)]));
    collector.add(createPage([rleBlock(stringBlock(['x']), 5)]));
    assert.deepEqual(collector.summary(), { min: 'b', max: 'x', values: ['c', 'b', 'x'] });
  });

  it('gives up past the set limit, and keeps nothing for an empty build', () => {
    const collector = new DynamicFilterCollector('df_0', 0, 3);
    collector.add(createPage([float64Block(new Float64Array([5, 1, 2, 5]))]));
    assert.equal(collector.abandoned, false);
    collector.add(createPage([float64Block(new Float64Array([9]))]));
    assert.equal(collector.abandoned, true);
    assert.deepEqual(collector.summary(), { all: true });
    const empty = new DynamicFilterCollector('df_1', 0);
    empty.add(createPage([float64Block(new Float64Array([0]), new Uint8Array([NULL]))]));
    assert.deepEqual(empty.summary(), {});
    assert.equal(matchesNothing(empty.summary()), true);
  });
});

describe('dynamic filter summaries', () => {
  it('merge as the union of their keys', () => {
    assert.deepEqual(mergeSummaries({ min: 1, max: 4, values: [1, 4] }, { min: 3, max: 9, values: [3, 4, 9] }), {
      min: 1,
      max: 9,
      values: [1, 4, 3, 9],
    });
    assert.deepEqual(mergeSummaries({ min: 1, max: 4, values: [1, 4] }, { min: 3, max: 9, values: [3, 9] }, 3), {
      min: 1,
      max: 9,
    });
    assert.deepEqual(mergeSummaries({}, { min: 2, max: 2, values: [2] }), { min: 2, max: 2, values: [2] });
    assert.deepEqual(mergeSummaries({ all: true }, { min: 2, max: 2 }), { all: true });
  });

  it('are checked when they arrive over HTTP', () => {
    assert.equal(isDynamicFilterSummary({ min: 1, max: 2, values: [1, 2] }), true);
    assert.equal(isDynamicFilterSummary({}), true);
    assert.equal(isDynamicFilterSummary({ min: 1 }), false);
    assert.equal(isDynamicFilterSummary({ min: 1, max: 2, values: [{}] }), false);
    assert.equal(isDynamicFilterSummary({ all: false }), false);
    assert.equal(isDynamicFilterSummary([]), false);
  });
});

describe('dynamic filter page filter', () => {
  const page = createPage([
    float64Block(new Float64Array([1, 2, 3, 4, 5, 6]), new Uint8Array([0, 0, NULL, 0, 0, 0])),
    stringBlock(['a', 'b', 'c', 'd', 'e', 'f']),
  ]);

  it('keeps rows whose key is in the set, never a NULL key', () => {
    const filters = compileFilters([{ channel: 0, summary: { min: 2, max: 5, values: [2, 3, 5] } }]);
    const out = filterPage(page, filters);
    assert.deepEqual(keysOf(out), [2, 5]);
    assert.deepEqual(keysOf(out, 1), ['b', 'e']);
  });

  it('keeps rows in the range when there is no set, and applies every filter', () => {
    const filters = compileFilters([
      { channel: 0, summary: { min: 2, max: 5 } },
      { channel: 1, summary: { min: 'a', max: 'd', values: ['a', 'd'] } },
    ]);
    assert.deepEqual(keysOf(filterPage(page, filters), 1), ['d']);
  });

  it('passes a page whose rows all match as it is, and drops a page none matches', () => {
    const all = createPage([int32Block(new Int32Array([4, 5]))]);
    assert.equal(filterPage(all, compileFilters([{ channel: 0, summary: { min: 4, max: 5 } }])), all);
    assert.equal(filterPage(all, compileFilters([{ channel: 0, summary: {} }])), null);
    assert.deepEqual(compileFilters([{ channel: 0, summary: { all: true } }]), []);
  });

  it('skips wholly filtered pages of a source and ends with it', () => {
    const pages = [1, 2, 3, 4].map((k) => createPage([float64Block(new Float64Array([k, k]))]));
    let next = 0;
    const source: CountedPageSource = {
      completedBytes: 0,
      completedPositions: 0,
      readTimeNanos: 0,
      getNextPage: () => pages[next++] ?? null,
      isFinished: () => next >= pages.length,
      close: () => undefined,
    };
    const filtered = new DynamicFilterPageSource(
      source,
      new RowFilters(compileFilters([{ channel: 0, summary: { min: 3, max: 3, values: [3] } }])),
    );
    const seen: unknown[] = [];
    while (!filtered.isFinished()) seen.push(...keysOf(filtered.getNextPage()));
    assert.deepEqual(seen, [3, 3]);
  });
});

describe('row filters', () => {
  it('stop filtering once most rows pass, and keep filtering while they drop rows', () => {
    const keys = new Float64Array(8192).map((_, i) => i);
    const page = createPage([float64Block(keys)]);
    const useless = new RowFilters(compileFilters([{ channel: 0, summary: { min: 0, max: 10_000 } }]));
    const useful = new RowFilters(compileFilters([{ channel: 0, summary: { min: 0, max: 99 } }]));
    for (let i = 0; i < FilterPayoff.TRIAL_ROWS / 8192; i++) {
      useless.apply(page);
      assert.equal(useful.apply(page)?.positionCount, 100);
    }
    assert.equal(useless.enabled, false);
    assert.equal(useful.enabled, true);
    // Once off, pages go through as they are.
    assert.equal(useless.apply(page), page);
  });
});

describe('number key set', () => {
  it('answers as a Set does for integers of every size, through growth', () => {
    const set = new NumberKeySet();
    const reference = new Set<number>();
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (let i = 0; i < 5000; i++) {
      const value = i % 3 === 0 ? random() * 2 ** 21 + random() : (random() % 1000) - 500;
      assert.equal(set.add(value), !reference.has(value));
      reference.add(value);
    }
    assert.equal(set.size, reference.size);
    for (let i = -600; i < 600; i++) assert.equal(set.has(i), reference.has(i), String(i));
    for (const value of reference) assert.equal(set.has(value), true);
    assert.deepEqual(
      set.values().sort((a, b) => a - b),
      [...reference].sort((a, b) => a - b),
    );
    assert.equal(set.has(-0), reference.has(0));
  });
});
