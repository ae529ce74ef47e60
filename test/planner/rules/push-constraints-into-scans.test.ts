/** Rule PushConstraintsIntoScans: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { pushConstraintsIntoScans } from '../../../src/planner/rules/push-constraints-into-scans.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [simplifyExpressions, predicatePushdown, pushConstraintsIntoScans];

function constraint(where: string) {
  return first(prepared(`SELECT * FROM nation WHERE ${where}`, rules), 'TableScan').constraint;
}

const point = (value: unknown) => ({ low: { value, inclusive: true }, high: { value, inclusive: true } });

describe('rule PushConstraintsIntoScans', () => {
  it('turns comparisons with constants into ranges and keeps the filter', () => {
    const p = prepared('SELECT * FROM nation WHERE nationkey >= 3 AND nationkey < 10', rules);
    assert.deepEqual(first(p, 'TableScan').constraint, {
      columns: {
        nationkey: {
          nullAllowed: false,
          ranges: [{ low: { value: 3, inclusive: true }, high: { value: 10, inclusive: false } }],
        },
      },
    });
    assert.equal(nodesOf(p, 'Filter').length, 1);
  });

  it('understands IN lists, BETWEEN, <> and IS NULL', () => {
    assert.deepEqual(constraint('regionkey IN (3, 1, 3)')?.columns.regionkey, {
      nullAllowed: false,
      ranges: [point(1), point(3)],
    });
    assert.deepEqual(constraint('regionkey BETWEEN 1 AND 2')?.columns.regionkey, {
      nullAllowed: false,
      ranges: [{ low: { value: 1, inclusive: true }, high: { value: 2, inclusive: true } }],
    });
    assert.deepEqual(constraint("name <> 'X'")?.columns.name, {
      nullAllowed: false,
      ranges: [{ high: { value: 'X', inclusive: false } }, { low: { value: 'X', inclusive: false } }],
    });
    assert.deepEqual(constraint('name IS NULL')?.columns.name, { nullAllowed: true, ranges: [] });
  });

  it('unions the disjuncts of an OR over one column', () => {
    assert.deepEqual(constraint('regionkey = 1 OR regionkey > 3')?.columns.regionkey, {
      nullAllowed: false,
      ranges: [point(1), { low: { value: 3, inclusive: false } }],
    });
  });

  it('marks contradictions as matching nothing', () => {
    assert.deepEqual(constraint('regionkey = 1 AND regionkey = 2'), { none: true, columns: {} });
  });

  it('ignores expressions, ORs over several columns and LIKE', () => {
    assert.equal(constraint('regionkey + 1 = 2 OR nationkey = 1'), undefined);
    assert.equal(constraint("name LIKE 'A%'"), undefined);
  });
});
