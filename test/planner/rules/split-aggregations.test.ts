/** Rule SplitAggregations: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitAggregations } from '../../../src/planner/rules/split-aggregations.js';
import { nodesOf, prepared } from '../plan-helpers.js';

describe('rule SplitAggregations', () => {
  it('splits a SINGLE aggregation into PARTIAL and FINAL steps', () => {
    const p = prepared(
      'SELECT regionkey, sum(nationkey), count(*) FILTER (WHERE nationkey > 1) FROM nation GROUP BY regionkey',
      [splitAggregations],
    );
    const [final, partial] = nodesOf(p, 'Aggregation');
    assert.equal(final?.step, 'FINAL');
    assert.equal(partial?.step, 'PARTIAL');
    assert.deepEqual(final?.groupingKeys, partial?.groupingKeys);
    assert.deepEqual(
      final?.aggregates.map((a) => a.args.map((x) => (x.kind === 'Symbol' ? x.name : '?'))),
      partial?.aggregates.map((a) => [a.symbol]),
    );
    assert.ok(partial?.aggregates[1]?.mask);
    assert.equal(final?.aggregates[1]?.mask, undefined);
  });

  it('leaves aggregations with DISTINCT or ordered aggregates whole', () => {
    const p = prepared('SELECT count(DISTINCT name), array_agg(name ORDER BY name) FROM nation', [splitAggregations]);
    assert.deepEqual(
      nodesOf(p, 'Aggregation').map((a) => a.step),
      ['SINGLE'],
    );
  });

  it('leaves aggregations of aggregates that are not decomposable whole (listagg, even without an order)', () => {
    const p = prepared(`SELECT "listagg"(name, ',', true, '...', false) FROM nation`, [splitAggregations]);
    assert.deepEqual(
      nodesOf(p, 'Aggregation').map((a) => a.step),
      ['SINGLE'],
    );
  });
});
