/** Rule TransformQuantifiedComparisons: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatExpression } from '../../../src/planner/expression-printer.js';
import { transformQuantifiedComparisons } from '../../../src/planner/rules/transform-quantified-comparisons.js';
import { first, nodesOf, prepared } from '../plan-helpers.js';

const rules = [transformQuantifiedComparisons];

describe('rule TransformQuantifiedComparisons', () => {
  it('turns = ANY into IN', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey = ANY (SELECT regionkey FROM region)', rules);
    assert.equal(first(p, 'Apply').predicate.kind, 'IN');
  });

  it('turns <> ALL into NOT IN', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey <> ALL (SELECT regionkey FROM region)', rules);
    const apply = first(p, 'Apply');
    assert.equal(apply.predicate.kind, 'IN');
    const negation = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .find((a) => a.symbol.startsWith('all'));
    assert.equal(formatExpression(negation!.expression), `(NOT ${apply.result})`);
  });

  it('compares with the maximum for > ALL, minding empty sets and NULLs', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey > ALL (SELECT regionkey FROM region)', rules);
    assert.equal(nodesOf(p, 'Apply').length, 0);
    const join = first(p, 'CorrelatedJoin');
    const aggregation = join.subquery;
    assert.equal(aggregation.kind, 'Aggregation');
    assert.deepEqual(aggregation.kind === 'Aggregation' && aggregation.aggregates.map((a) => a.function.name), [
      'count',
      'count',
      'min',
      'max',
    ]);
    const result = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .find((a) => a.symbol === 'all')!;
    assert.equal(
      formatExpression(result.expression),
      'CASE WHEN (count = 0) THEN true WHEN (count_4 < count) THEN CASE WHEN (NOT (regionkey > max)) THEN false ELSE null END ELSE (regionkey > max) END',
    );
  });

  it('compares with the minimum for > ANY', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey > ANY (SELECT regionkey FROM region)', rules);
    const result = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .find((a) => a.symbol === 'any')!;
    assert.match(
      formatExpression(result.expression),
      /^CASE WHEN \(count = 0\) THEN false .* ELSE \(regionkey > min\) END$/,
    );
  });

  it('tests = ALL against both extremes', () => {
    const p = prepared('SELECT * FROM nation WHERE regionkey = ALL (SELECT regionkey FROM region)', rules);
    const result = nodesOf(p, 'Project')
      .flatMap((n) => n.assignments)
      .find((a) => a.symbol === 'all')!;
    assert.match(formatExpression(result.expression), /\(\(regionkey = min\) AND \(regionkey = max\)\)/);
  });
});
