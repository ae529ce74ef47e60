/** Rule ImplementDistinctAggregations: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { implementDistinctAggregations } from '../../../src/planner/rules/implement-distinct-aggregations.js';
import { definition, first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [implementDistinctAggregations];

describe('rule ImplementDistinctAggregations', () => {
  it('aggregates twice when every aggregate is DISTINCT over the same argument', () => {
    const p = prepared(
      'SELECT regionkey, count(DISTINCT name), max(DISTINCT name) FROM nation GROUP BY regionkey',
      rules,
    );
    const [outer, inner] = nodesOf(p, 'Aggregation');
    assert.deepEqual(outer?.groupingKeys, ['regionkey']);
    assert.ok(outer?.aggregates.every((a) => !a.distinct));
    assert.deepEqual(inner?.groupingKeys, ['regionkey', 'name']);
    assert.equal(inner?.aggregates.length, 0);
    assert.equal(nodesOf(p, 'MarkDistinct').length, 0);
  });

  it('marks distinct rows per argument set when aggregates differ', () => {
    const p = prepared(
      'SELECT regionkey, count(DISTINCT name), count(DISTINCT comment), sum(DISTINCT nationkey), count(*) FROM nation GROUP BY regionkey',
      rules,
    );
    const marks = nodesOf(p, 'MarkDistinct');
    assert.equal(marks.length, 3);
    assert.deepEqual(marks.map((m) => m.distinctSymbols).sort(), [
      ['regionkey', 'comment'],
      ['regionkey', 'name'],
      ['regionkey', 'nationkey'],
    ]);
    const aggregation = first(p, 'Aggregation');
    assert.ok(aggregation.aggregates.every((a) => !a.distinct));
    assert.deepEqual(
      aggregation.aggregates.map((a) => a.mask?.startsWith('is_distinct') ?? false),
      [true, true, true, false],
    );
  });

  it('shares one mark between aggregates over the same arguments', () => {
    const p = prepared('SELECT count(DISTINCT name), max(DISTINCT name), count(*) FROM nation', rules);
    assert.equal(nodesOf(p, 'MarkDistinct').length, 1);
  });

  it('combines the mark with a FILTER mask', () => {
    const p = prepared('SELECT count(DISTINCT name) FILTER (WHERE regionkey > 1), count(*) FROM nation', rules);
    const mark = first(p, 'MarkDistinct');
    assert.equal(mark.distinctSymbols.length, 2);
    const aggregation = first(p, 'Aggregation');
    const mask = aggregation.aggregates[0]!.mask!;
    assert.equal(definition(p, mask), `(${mark.markerSymbol} AND ${mark.distinctSymbols[1]})`);
  });
});
