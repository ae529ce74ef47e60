/** Row count and NDV estimates: table statistics, filters, joins, aggregations, limits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { estimateFilter } from '../../src/planner/stats/filter-estimator.js';
import { estimateJoin } from '../../src/planner/stats/join-estimator.js';
import { UNKNOWN_FILTER_COEFFICIENT } from '../../src/planner/stats/plan-statistics.js';
import { StatsCalculator } from '../../src/planner/stats/stats-calculator.js';
import { first, plainMetadata, plan, statsMetadata } from './plan-helpers.js';

const stats = new StatsCalculator(statsMetadata);
const rows = (sql: string) => stats.rowCount(first(plan(sql), 'Output').source);
const close = (actual: number | undefined, expected: number) =>
  assert.ok(actual !== undefined && Math.abs(actual - expected) / expected < 0.01, `${actual} ≉ ${expected}`);

describe('statistics', () => {
  it('reads table row counts', () => {
    assert.equal(rows('SELECT * FROM lineitem'), 6_001_215);
    assert.equal(
      new StatsCalculator(plainMetadata).rowCount(
        first(plan('SELECT * FROM lineitem', { metadata: plainMetadata }), 'TableScan'),
      ),
      undefined,
    );
  });

  it('estimates equality as 1/NDV and ranges as the covered fraction', () => {
    close(rows("SELECT * FROM nation WHERE name = 'FRANCE'"), 1);
    close(rows('SELECT * FROM part WHERE size = 15'), 4000);
    close(rows('SELECT * FROM part WHERE size IN (1, 2, 3)'), 12_000);
    close(rows('SELECT * FROM part WHERE size <= 25.5'), 100_000);
    assert.equal(rows('SELECT * FROM part WHERE size > 60'), 0);
  });

  it('keeps UNKNOWN_FILTER_COEFFICIENT of the rows for predicates it cannot estimate', () => {
    close(rows("SELECT * FROM part WHERE name LIKE '%green%'"), 200_000 * UNKNOWN_FILTER_COEFFICIENT);
  });

  it('combines AND, OR and NOT', () => {
    close(rows("SELECT * FROM part WHERE size = 1 AND brand = 'Brand#12'"), 200_000 / 50 / 25);
    close(rows('SELECT * FROM part WHERE size = 1 OR size = 2'), 200_000 * (0.02 + 0.02 - 0.0004));
    close(rows('SELECT * FROM part WHERE NOT (size <= 25.5)'), 100_000);
  });

  it('estimates an equi-join as |L|·|R| / max(NDV)', () => {
    close(rows('SELECT * FROM orders o, lineitem l WHERE o.orderkey = l.orderkey'), 6_001_215);
    close(rows('SELECT * FROM nation n, supplier s WHERE n.nationkey = s.nationkey'), 10_000);
  });

  it('counts only the most selective of several join clauses fully', () => {
    const left = {
      rowCount: 1000,
      symbols: new Map([
        ['a', { distinctValues: 100 }],
        ['b', { distinctValues: 10 }],
      ]),
    };
    const right = {
      rowCount: 10,
      symbols: new Map([
        ['c', { distinctValues: 10 }],
        ['d', { distinctValues: 10 }],
      ]),
    };
    const result = estimateJoin({
      joinType: 'INNER',
      left,
      right,
      criteria: [
        { left: 'a', right: 'c' },
        { left: 'b', right: 'd' },
      ],
      hasFilter: false,
    });
    close(result.rowCount, ((1000 * 10) / 100) * UNKNOWN_FILTER_COEFFICIENT);
    assert.equal(result.symbols.get('a')?.distinctValues, 10);
  });

  it('keeps every preserved row of an outer join', () => {
    const left = { rowCount: 1000, symbols: new Map([['a', { distinctValues: 1000 }]]) };
    const right = { rowCount: 1, symbols: new Map([['c', { distinctValues: 1 }]]) };
    const criteria = [{ left: 'a', right: 'c' }];
    assert.equal(estimateJoin({ joinType: 'LEFT', left, right, criteria, hasFilter: false }).rowCount, 1000);
    assert.equal(estimateJoin({ joinType: 'INNER', left, right, criteria, hasFilter: false }).rowCount, 1);
  });

  it('estimates grouping as the product of key NDVs, capped by the input', () => {
    assert.equal(rows('SELECT returnflag, linestatus, count(*) FROM lineitem GROUP BY returnflag, linestatus'), 6);
    assert.equal(rows('SELECT count(*) FROM lineitem'), 1);
    assert.equal(rows('SELECT regionkey, name, count(*) FROM nation GROUP BY regionkey, name'), 25);
  });

  it('caps estimates by limits', () => {
    assert.equal(rows('SELECT * FROM lineitem LIMIT 10'), 10);
  });

  it('reads the null fraction for IS NULL', () => {
    const estimate = estimateFilter(
      {
        kind: 'SpecialForm',
        form: 'IS_NULL',
        type: { kind: 'boolean' },
        args: [{ kind: 'Symbol', name: 'x', type: { kind: 'bigint' } }],
      },
      () => ({ nullFraction: 0.25 }),
    );
    assert.equal(estimate.selectivity, 0.25);
  });
});
