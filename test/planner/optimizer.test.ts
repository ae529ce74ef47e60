/** The optimizer pipeline and entry point: unsupported correlation is reported, plans are checked. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { optimize } from '../../src/planner/optimizer.js';
import { checkPlan } from '../../src/planner/plan-sanity-checker.js';
import { simplifyExpressions } from '../../src/planner/rules/simplify-expressions.js';
import { contextFor, first, logicalPlan, nodesOf, plan } from './plan-helpers.js';

function unsupported(sql: string, message: string): void {
  assert.throws(
    () => plan(sql),
    (e: unknown) => e instanceof VivaceError && e.errorName === 'NOT_SUPPORTED' && e.message === message,
  );
}

describe('optimizer', () => {
  it('reports correlated patterns it cannot decorrelate, naming them', () => {
    unsupported(
      'SELECT (SELECT max(n.nationkey + r.regionkey) FROM region r) FROM nation n',
      'Given correlated subquery is not supported: a correlated expression in the select list of a nested query',
    );
    unsupported(
      'SELECT * FROM nation n WHERE EXISTS (SELECT 1 FROM region r WHERE r.regionkey = n.regionkey OFFSET 1 LIMIT 1)',
      'Given correlated subquery is not supported: an OFFSET in a correlated subquery',
    );
    unsupported(
      'SELECT * FROM nation n WHERE n.name IN (SELECT max(r.name) FROM region r WHERE r.regionkey = n.regionkey GROUP BY r.comment)',
      'Given correlated subquery is not supported: an aggregation in a correlated subquery',
    );
  });

  it('plans correlated subqueries inside subqueries', () => {
    const p = plan(
      'SELECT * FROM nation n WHERE EXISTS (SELECT 1 FROM region r WHERE r.regionkey = n.regionkey AND r.regionkey > (SELECT avg(s.acctbal) FROM supplier s WHERE s.nationkey = r.regionkey))',
    );
    assert.equal(nodesOf(p, 'Apply').length + nodesOf(p, 'CorrelatedJoin').length, 0);
  });

  it('plans scalar aggregates below a LIMIT', () => {
    const p = plan('SELECT (SELECT max(s.name) FROM supplier s WHERE s.nationkey = n.nationkey LIMIT 1) FROM nation n');
    assert.equal(first(p, 'Join').joinType, 'LEFT');
  });

  it('runs rule groups to a fixpoint', () => {
    const logical = logicalPlan('SELECT * FROM nation WHERE 1 = 1 AND regionkey = 1 + 1');
    const p = optimize(logical, contextFor(logical), [{ kind: 'fixpoint', rules: [simplifyExpressions] }]);
    assert.equal(nodesOf(p, 'Filter').length, 1);
  });

  it('produces plans that pass the sanity checks for a variety of queries', () => {
    for (const sql of [
      'SELECT regionkey, count(DISTINCT name) FILTER (WHERE nationkey > 1), sum(nationkey) FROM nation GROUP BY GROUPING SETS ((regionkey), ())',
      'SELECT name, row_number() OVER (PARTITION BY regionkey ORDER BY name DESC) FROM nation ORDER BY 2 LIMIT 5',
      'SELECT * FROM nation n LEFT JOIN LATERAL (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey) x ON true',
      'SELECT n.nationkey IN (SELECT s.nationkey FROM supplier s WHERE s.acctbal > n.regionkey) FROM nation n',
      'SELECT * FROM nation WHERE regionkey >= ANY (SELECT regionkey FROM region) OR regionkey = ALL (SELECT 1)',
      'SELECT x, y FROM (VALUES (1, 2), (3, 4)) t(x, y) EXCEPT SELECT 1, 2',
      'WITH a AS (SELECT regionkey FROM nation) SELECT * FROM a WHERE regionkey IN (SELECT regionkey FROM a)',
      'SELECT name FROM nation n CROSS JOIN UNNEST(ARRAY[1, 2]) AS t(x) WHERE x > n.regionkey',
      'SELECT * FROM nation ORDER BY name OFFSET 3',
    ]) {
      checkPlan(plan(sql));
    }
  });

  it('rejects a plan that reads a symbol its sources do not produce', () => {
    const p = plan('SELECT name FROM nation WHERE regionkey = 1');
    const filter = first(p, 'Filter');
    const predicate = {
      ...filter.predicate,
      args: [
        { kind: 'Symbol', name: 'nope', type: { kind: 'bigint' } },
        { kind: 'Constant', type: { kind: 'bigint' }, value: 1 },
      ],
    };
    Object.assign(filter, { predicate });
    assert.throws(() => checkPlan(p), /Filter \d+: reads nope, which its sources do not produce/);
  });
});
