/**
 * Rule PushConstraintsIntoScans: before/after plans, including the cases it must leave alone, and
 * the negotiation with the connector: the domain offered in SPI values, the Filter reduced to
 * what the connector does not guarantee, the scan's new handle.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { predicatePushdown } from '../../../src/planner/rules/predicate-pushdown.js';
import { pushConstraintsIntoScans } from '../../../src/planner/rules/push-constraints-into-scans.js';
import { simplifyExpressions } from '../../../src/planner/rules/simplify-expressions.js';
import { NegotiatingMetadata } from '../negotiating-metadata.js';
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

  it('offers the connector values in the SPI representation', () => {
    const metadata = new NegotiatingMetadata([], false);
    const p = prepared(
      'SELECT * FROM memory.default.events WHERE id = 9007199254740993 AND price = 12.34 AND flag',
      rules,
      { metadata },
    );
    const offered = first(p, 'TableScan').constraint!;
    assert.deepEqual(offered.columns.id?.ranges, [point(9007199254740993n)], 'a bigint beyond 2^53 is a JS bigint');
    assert.deepEqual(offered.columns.price?.ranges, [point(1234)], 'a decimal is its unscaled number');
    assert.deepEqual(metadata.filterOffers[0]?.constraint, offered);
    assert.deepEqual(metadata.filterOffers[0]?.handle, { table: 'events' }, "the table's own handle comes first");
  });

  it('keeps only the conjuncts the connector does not guarantee, and takes its new handle', () => {
    const metadata = new NegotiatingMetadata(['nationkey'], false);
    const p = prepared(
      "SELECT * FROM nation WHERE nationkey >= 3 AND nationkey < 10 AND regionkey = 1 AND name LIKE 'A%'",
      rules,
      { metadata },
    );
    const filter = first(p, 'Filter');
    assert.doesNotMatch(formatExpression(filter.predicate), /nationkey/);
    assert.match(formatExpression(filter.predicate), /regionkey/);
    assert.match(formatExpression(filter.predicate), /LIKE|like/);
    assert.deepEqual(first(p, 'TableScan').handle, { table: 'nation', filtered: ['nationkey', 'regionkey'] });
  });

  it('drops a filter the connector guarantees entirely', () => {
    const metadata = new NegotiatingMetadata(['nationkey', 'regionkey'], false);
    const p = prepared('SELECT * FROM nation WHERE nationkey IN (1, 2) AND regionkey = 1', rules, { metadata });
    assert.equal(nodesOf(p, 'Filter').length, 0);
    assert.ok(first(p, 'TableScan').constraint?.columns.nationkey);
  });
});
