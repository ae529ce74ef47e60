/** Rule OuterToInnerJoins: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outerToInnerJoins } from '../../../src/planner/rules/outer-to-inner-joins.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { first, prepared } from '../plan-helpers.js';

const rules = [simplifyExpressions, predicatePushdown, outerToInnerJoins];

function joinType(sql: string): string {
  return first(prepared(sql, rules), 'Join').joinType;
}

describe('rule OuterToInnerJoins', () => {
  it('makes a LEFT join inner when a filter rejects its NULL rows', () => {
    assert.equal(
      joinType("SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey WHERE r.name = 'ASIA'"),
      'INNER',
    );
  });

  it('keeps the LEFT join when the filter accepts NULLs', () => {
    assert.equal(
      joinType('SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey WHERE r.name IS NULL'),
      'LEFT',
    );
    assert.equal(
      joinType(
        "SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey WHERE COALESCE(r.name, 'X') = 'X'",
      ),
      'LEFT',
    );
  });

  it('keeps the LEFT join when the filter may hold on its NULL rows', () => {
    assert.equal(
      joinType(
        'SELECT * FROM nation n LEFT JOIN region r ON n.regionkey = r.regionkey WHERE n.name > r.name OR n.nationkey > 0',
      ),
      'LEFT',
    );
  });

  it('narrows a FULL join by the side whose NULLs are rejected', () => {
    const sql = 'SELECT * FROM nation n FULL JOIN region r ON n.regionkey = r.regionkey WHERE ';
    // n must be present: the region-only rows go, the nation-only rows stay.
    assert.equal(joinType(`${sql}n.nationkey > 1`), 'LEFT');
    assert.equal(joinType(`${sql}r.regionkey > 1`), 'RIGHT');
    assert.equal(joinType(`${sql}r.regionkey > n.nationkey`), 'INNER');
  });

  it('makes a RIGHT join inner when the left side must be present', () => {
    assert.equal(
      joinType('SELECT * FROM nation n RIGHT JOIN region r ON n.regionkey = r.regionkey WHERE n.nationkey + 1 > 1'),
      'INNER',
    );
  });
});
