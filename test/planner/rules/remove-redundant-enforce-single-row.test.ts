/** Rule RemoveRedundantEnforceSingleRow: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { removeRedundantEnforceSingleRow } from '../../../src/planner/rules/remove-redundant-enforce-single-row.js';
import { nodesOf, prepared } from '../plan-helpers.js';

describe('rule RemoveRedundantEnforceSingleRow', () => {
  it('removes the check over a global aggregation', () => {
    const p = prepared('SELECT (SELECT max(regionkey) FROM region)', [removeRedundantEnforceSingleRow]);
    assert.equal(nodesOf(p, 'EnforceSingleRow').length, 0);
  });

  it('keeps the check over a subquery that may return several rows', () => {
    const p = prepared('SELECT (SELECT regionkey FROM region)', [removeRedundantEnforceSingleRow]);
    assert.equal(nodesOf(p, 'EnforceSingleRow').length, 1);
  });
});
