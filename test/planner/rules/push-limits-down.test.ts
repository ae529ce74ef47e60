/** Rule PushLimitsDown: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pushLimitsDown } from '../../../src/planner/rules/push-limits-down.js';
import { NegotiatingMetadata } from '../negotiating-metadata.js';
import { PlanDsl } from '../plan-dsl.js';
import { applyRule, first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [pushLimitsDown, pushLimitsDown];

describe('rule PushLimitsDown', () => {
  it('turns a Limit over a Sort into a TopN', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint');
    const plan = dsl.factory.limit(
      dsl.factory.sort(scan, [{ symbol: 'nationkey', ascending: true, nullsFirst: false }]),
      5,
    );
    const result = applyRule(pushLimitsDown, plan);
    assert.equal(result.kind, 'TopN');
    assert.equal(result.kind === 'TopN' && result.count, 5);
  });

  it('moves a Limit below a projection and into the scan', () => {
    const p = prepared('SELECT nationkey + 1 FROM nation LIMIT 5', rules);
    const limit = first(p, 'Limit');
    assert.equal(limit.source.kind, 'TableScan');
    assert.equal(first(p, 'TableScan').limit, 5);
    assert.equal(first(p, 'Project').source.kind, 'Limit');
  });

  it('adds partial limits to the branches of a union', () => {
    const p = prepared('SELECT name FROM nation UNION ALL SELECT name FROM region LIMIT 3', rules);
    const limits = nodesOf(p, 'Limit');
    assert.equal(limits.filter((l) => l.partial).length, 2);
    assert.equal(limits.filter((l) => !l.partial).length, 1);
  });

  it('keeps the smaller of nested limits', () => {
    const p = prepared('SELECT * FROM (SELECT * FROM nation LIMIT 3) LIMIT 10', rules);
    assert.deepEqual(
      nodesOf(p, 'Limit').map((l) => l.count),
      [3],
    );
  });

  it('replaces LIMIT 0 by an empty VALUES', () => {
    const p = prepared('SELECT name FROM nation LIMIT 0', rules);
    assert.equal(nodesOf(p, 'TableScan').length, 0);
    assert.deepEqual(first(p, 'Values').rows, []);
  });

  it('leaves a Limit WITH TIES where it is', () => {
    const p = prepared('SELECT name FROM nation ORDER BY regionkey FETCH FIRST 2 ROWS WITH TIES', rules);
    assert.equal(first(p, 'Limit').source.kind, 'Sort');
  });

  it('moves a TopN below a projection that keeps its ordering symbols', () => {
    const p = prepared('SELECT name FROM nation ORDER BY name LIMIT 2', rules);
    assert.equal(first(p, 'TopN').source.kind, 'TableScan');
  });

  it('offers the limit to the connector and keeps the Limit unless the connector guarantees it', () => {
    const keeping = new NegotiatingMetadata([], false);
    const kept = prepared('SELECT * FROM nation LIMIT 5', rules, { metadata: keeping });
    assert.equal(nodesOf(kept, 'Limit').length, 1);
    assert.deepEqual(keeping.limitOffers, [{ table: 'nation', handle: { table: 'nation' }, limit: 5 }]);
    assert.deepEqual(first(kept, 'TableScan').handle, { table: 'nation', limit: 5 });
    const guaranteeing = new NegotiatingMetadata([], true);
    const taken = prepared('SELECT * FROM nation LIMIT 5', rules, { metadata: guaranteeing });
    assert.equal(nodesOf(taken, 'Limit').length, 0);
    assert.equal(first(taken, 'TableScan').limit, 5);
  });
});
