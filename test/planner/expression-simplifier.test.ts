/**
 * Constant folding and simplification of row expressions, with SQL NULL semantics and without
 * evaluating anything that could fail or differ at run time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { formatExpression } from '../../src/planner/expression-printer.js';
import { ExpressionSimplifier } from '../../src/planner/expression-simplifier.js';
import { and, constant, isNull, not, nullOf, or, specialForm } from '../../src/planner/expressions.js';
import { PlannerFunctions } from '../../src/planner/planner-functions.js';
import type { RowExpression } from '../../src/planner/row-expression.js';
import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  INTERVAL_YEAR_TO_MONTH,
  varchar,
} from '../../src/types/type.js';

const registry = defaultFunctionRegistry();
const fns = new PlannerFunctions(registry);
const simplifier = new ExpressionSimplifier(registry);
const simplify = (e: RowExpression) => formatExpression(simplifier.simplify(e));
const x: RowExpression = { kind: 'Symbol', name: 'x', type: BIGINT };
const y: RowExpression = { kind: 'Symbol', name: 'y', type: BIGINT };
const d: RowExpression = { kind: 'Symbol', name: 'd', type: DOUBLE };
const b: RowExpression = { kind: 'Symbol', name: 'b', type: BOOLEAN };
const n = (v: number) => constant(v, BIGINT);
const gt = (l: RowExpression, r: RowExpression) => fns.comparison('>', l, r);

describe('expression simplifier: arithmetic and comparisons', () => {
  it('folds integer arithmetic and comparisons', () => {
    assert.equal(simplify(fns.operator('ADD', [n(1), fns.operator('MULTIPLY', [n(2), n(3)])])), '7');
    assert.equal(simplify(fns.comparison('<=', n(2), n(2))), 'true');
  });

  it('leaves overflow and division by zero to run time', () => {
    const max = constant('9223372036854775807', BIGINT);
    assert.equal(simplify(fns.operator('ADD', [max, n(1)])), '(9223372036854775807 + 1)');
    assert.equal(simplify(fns.operator('DIVIDE', [n(1), n(0)])), '(1 / 0)');
    assert.equal(
      simplify(fns.operator('ADD', [constant(2_147_483_647, INTEGER), constant(1, INTEGER)])),
      '(2147483647 + 1)',
    );
  });

  it('truncates integer division toward zero', () => {
    assert.equal(simplify(fns.operator('DIVIDE', [n(-7), n(2)])), '-3');
    assert.equal(simplify(fns.operator('MODULUS', [n(-7), n(2)])), '-1');
  });

  it('computes decimals exactly at the result scale', () => {
    const a = constant('6', decimal(3, 2));
    const c = constant('1', decimal(3, 2));
    assert.equal(simplify(fns.operator('SUBTRACT', [a, c])), '0.05');
    assert.equal(
      simplify(fns.operator('MULTIPLY', [constant('15', decimal(2, 1)), constant('3', decimal(2, 1))])),
      '0.45',
    );
    assert.equal(simplify(fns.operator('DIVIDE', [constant('10', decimal(2, 0)), constant('3', decimal(2, 0))])), '3');
  });

  it('adds intervals to dates on the calendar', () => {
    const date = constant(Date.parse('2020-01-31T00:00:00Z') / 86_400_000, DATE);
    assert.equal(simplify(fns.operator('ADD', [date, constant(1, INTERVAL_YEAR_TO_MONTH)])), "DATE '2020-02-29'");
    assert.equal(simplify(fns.operator('SUBTRACT', [date, constant(12, INTERVAL_YEAR_TO_MONTH)])), "DATE '2019-01-31'");
  });

  it('makes an operator over NULL NULL', () => {
    assert.equal(simplify(fns.operator('ADD', [x, nullOf(BIGINT)])), 'null');
    assert.equal(simplify(gt(nullOf(BIGINT), x)), 'null');
  });

  it('evaluates deterministic function calls over constants of plain types, as Trino folds them', () => {
    assert.equal(simplify(fns.call('abs', [n(-1)])), '1');
    const s = (v: string) => constant(v, varchar(v.length));
    assert.equal(simplify(fns.call('length', [fns.call('rpad', [s('x'), n(100_001), s('y')])])), '100001');
    assert.equal(
      simplify(fns.comparison('=', fns.call('length', [fns.call('regexp_replace', [s('abc'), s(''), s('-')])]), n(7))),
      'true',
    );
    assert.equal(simplify(fns.call('upper', [s('abc')])), "'ABC'");
    assert.equal(simplify(fns.call('abs', [constant('-9223372036854775807', BIGINT)])), '9223372036854775807');
    assert.equal(simplify(fns.call('abs', [nullOf(BIGINT)])), 'null');
  });

  it('leaves to run time what fails, varies or is not of a plain type', () => {
    // Too large for the maximum value size: the error is raised at run time, if a row needs it.
    assert.equal(
      simplify(fns.call('rpad', [constant('x', varchar(1)), n(2147483647), constant('y', varchar(1))])),
      "rpad('x', 2147483647, 'y')",
    );
    assert.equal(simplify(fns.call('abs', [constant('-9223372036854775808', BIGINT)])), 'abs(-9223372036854775808)');
    assert.equal(simplify(fns.call('random', [])), 'random()');
    assert.equal(simplify(fns.call('abs', [x])), 'abs(x)');
    const money = constant('-150', decimal(3, 2));
    assert.equal(simplify(fns.call('abs', [money])), 'abs(-1.50)');
  });

  it('folds numeric casts and varchar widening, not truncation', () => {
    const cast = (
      value: RowExpression,
      type: typeof BIGINT | ReturnType<typeof varchar> | ReturnType<typeof decimal>,
    ) => ({ kind: 'Cast', type, value, safe: false, implicit: false }) as RowExpression;
    assert.equal(simplify(cast(constant(3, INTEGER), BIGINT)), '3');
    assert.equal(simplify(cast(constant('125', decimal(3, 2)), decimal(2, 1))), '1.3');
    assert.equal(simplify(cast(constant('abc', varchar(3)), varchar(10))), "'abc'");
    assert.equal(simplify(cast(constant('abc', varchar(3)), varchar(2))), "CAST('abc' AS varchar(2))");
    assert.equal(simplify(cast(constant(1.5, DOUBLE), BIGINT)), 'CAST(1.5 AS bigint)');
  });
});

describe('expression simplifier: boolean logic', () => {
  it('flattens and absorbs constants in AND / OR', () => {
    assert.equal(simplify(and(gt(x, n(1)), constant(true, BOOLEAN), and(b, gt(x, n(1))))), '((x > 1) AND b)');
    assert.equal(simplify(and(b, constant(false, BOOLEAN))), 'false');
    assert.equal(simplify(or(b, constant(true, BOOLEAN))), 'true');
    assert.equal(simplify(or(b, constant(false, BOOLEAN))), 'b');
  });

  it('keeps NULL terms where they matter', () => {
    assert.equal(simplify(and(b, nullOf(BOOLEAN))), '(b AND null)');
    assert.equal(simplify(or(nullOf(BOOLEAN), constant(true, BOOLEAN))), 'true');
    assert.equal(simplify(and(nullOf(BOOLEAN), constant(false, BOOLEAN))), 'false');
  });

  it('does not drop repeated non-deterministic terms', () => {
    const r = gt(fns.call('random', []), constant(0.5, DOUBLE));
    assert.equal(simplify(and(r, r)), '((random() > 0.5) AND (random() > 0.5))');
  });

  it('removes double negation and negates comparisons, except of floating point', () => {
    assert.equal(simplify(not(not(b))), 'b');
    assert.equal(simplify(not(gt(x, y))), '(x <= y)');
    assert.equal(simplify(not(gt(d, constant(1, DOUBLE)))), '(NOT (d > 1))');
  });

  it('factors conjuncts shared by every disjunct', () => {
    const key = fns.equal(x, y);
    assert.equal(simplify(or(and(key, gt(x, n(1))), and(key, gt(y, n(2))))), '((x = y) AND ((x > 1) OR (y > 2)))');
    assert.equal(simplify(or(key, and(key, b))), '(x = y)');
  });
});

describe('expression simplifier: special forms', () => {
  it('decides IS NULL, IS DISTINCT FROM, IF, CASE and COALESCE over constants', () => {
    assert.equal(simplify(isNull(nullOf(BIGINT))), 'true');
    assert.equal(simplify(specialForm('IS_DISTINCT_FROM', BOOLEAN, [nullOf(BIGINT), n(1)])), 'true');
    assert.equal(simplify(specialForm('IS_DISTINCT_FROM', BOOLEAN, [n(1), n(1)])), 'false');
    assert.equal(simplify(specialForm('IF', BIGINT, [nullOf(BOOLEAN), x, y])), 'y');
    assert.equal(
      simplify(specialForm('SWITCH', BIGINT, [constant(false, BOOLEAN), n(1), b, x, constant(true, BOOLEAN), y, n(9)])),
      'CASE WHEN b THEN x ELSE y END',
    );
    assert.equal(simplify(specialForm('COALESCE', BIGINT, [nullOf(BIGINT), x, n(1), y])), 'COALESCE(x, 1)');
    assert.equal(simplify(specialForm('COALESCE', BIGINT, [nullOf(BIGINT), x])), 'x');
  });

  it('evaluates IN and BETWEEN with three-valued logic', () => {
    const inList = (...items: RowExpression[]) => specialForm('IN', BOOLEAN, items);
    assert.equal(simplify(inList(n(2), n(1), n(2))), 'true');
    assert.equal(simplify(inList(n(3), n(1), nullOf(BIGINT))), 'null');
    assert.equal(simplify(inList(n(3), n(1), n(2))), 'false');
    assert.equal(simplify(inList(nullOf(BIGINT), n(1))), 'null');
    assert.equal(simplify(inList(x, n(1))), '(x IN (1))');
    assert.equal(simplify(specialForm('BETWEEN', BOOLEAN, [n(2), n(1), n(3)])), 'true');
    assert.equal(simplify(specialForm('BETWEEN', BOOLEAN, [n(5), nullOf(BIGINT), n(3)])), 'false');
    assert.equal(simplify(specialForm('BETWEEN', BOOLEAN, [n(2), nullOf(BIGINT), n(3)])), 'null');
  });
});
