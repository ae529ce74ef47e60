import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFilters, FilterPayoff } from '../../../src/execution/dynamic-filter/dynamic-filter-page-source.js';
import { keyFiltersOf } from '../../../src/execution/dynamic-filter/key-filters.js';

describe('dynamic filters as key filters for connectors', () => {
  const compiled = compileFilters([
    { channel: 0, summary: { min: 10, max: 30, values: [10, 20, 30] } },
    { channel: 1, summary: { min: 'a', max: 'm' } },
    { channel: 2, summary: {} },
    { channel: 3, summary: { all: true } },
  ]);

  it('names the column of each channel and keeps the keys, their range and their set', () => {
    const filters = keyFiltersOf(compiled, (channel) => ['orderkey', 'flag', 'other', 'more'][channel] ?? '');
    assert.deepEqual(
      filters.map((f) => [f.column, f.min, f.max, f.contains === undefined]),
      [
        ['orderkey', 10, 30, false],
        ['flag', 'a', 'm', true],
      ],
    );
    const [keys] = filters;
    assert.equal(keys?.contains?.(20), true);
    assert.equal(keys?.contains?.(25), false);
  });

  it('stops a filter that keeps most rows once the trial is over, and not before', () => {
    const [keys, range] = keyFiltersOf(compiled, () => 'c');
    keys?.record(FilterPayoff.TRIAL_ROWS - 1, FilterPayoff.TRIAL_ROWS - 1);
    assert.equal(keys?.isActive(), true, 'still on trial');
    keys?.record(1, 1);
    assert.equal(keys?.isActive(), false, 'every row passed');
    range?.record(FilterPayoff.TRIAL_ROWS * 2, FilterPayoff.TRIAL_ROWS / 2);
    assert.equal(range?.isActive(), true, 'a quarter passed: it pays');
  });
});
