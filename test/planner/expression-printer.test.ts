/** Row expressions rendered for EXPLAIN: operators, functions, casts, special forms, lambdas, literals. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { formatConstant, formatDate, formatDecimal, formatExpression } from '../../src/planner/expression-printer.js';
import { constant, isNull, not, specialForm } from '../../src/planner/expressions.js';
import { PlannerFunctions } from '../../src/planner/planner-functions.js';
import type { RowExpression } from '../../src/planner/row-expression.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  rowOf,
  varchar,
} from '../../src/types/type.js';

const fns = new PlannerFunctions(defaultFunctionRegistry());
const x: RowExpression = { kind: 'Symbol', name: 'x', type: DOUBLE };

describe('expression printer', () => {
  it('prints operators infix and parenthesised', () => {
    const one = constant(1, DOUBLE);
    assert.equal(formatExpression(fns.operator('MULTIPLY', [x, fns.operator('SUBTRACT', [one, x])])), '(x * (1 - x))');
    assert.equal(formatExpression(fns.operator('NEGATION', [x])), '(-x)');
    assert.equal(formatExpression(fns.comparison('<>', x, one)), '(x <> 1)');
  });

  it('prints functions, casts and special forms', () => {
    assert.equal(formatExpression(fns.call('abs', [x])), 'abs(x)');
    assert.equal(
      formatExpression({ kind: 'Cast', type: BIGINT, value: x, safe: false, implicit: false }),
      'CAST(x AS bigint)',
    );
    assert.equal(
      formatExpression({ kind: 'Cast', type: BIGINT, value: x, safe: true, implicit: false }),
      'TRY_CAST(x AS bigint)',
    );
    assert.equal(formatExpression(not(isNull(x))), '(NOT (x IS NULL))');
    assert.equal(
      formatExpression(specialForm('LIKE', BOOLEAN, [constant('a', varchar(1)), constant('%', varchar(1))])),
      "('a' LIKE '%')",
    );
    const row: RowExpression = { kind: 'Symbol', name: 'r', type: rowOf([{ name: 'f', type: BIGINT }]) };
    assert.equal(formatExpression(specialForm('DEREFERENCE', BIGINT, [row, constant(0, BIGINT)])), 'r.f');
    assert.equal(formatExpression(specialForm('ARRAY', arrayOf(BIGINT), [constant(1, BIGINT)])), 'ARRAY[1]');
  });

  it('prints lambdas with positional parameter names', () => {
    const lambda: RowExpression = {
      kind: 'Lambda',
      type: { kind: 'function', arguments: [BIGINT], returnType: BIGINT },
      parameterTypes: [BIGINT],
      body: fns.operator('ADD', [{ kind: 'LambdaRef', type: BIGINT, depth: 0, index: 0 }, constant(1, BIGINT)]),
    };
    assert.equal(formatExpression(lambda), '(p0_0) -> (p0_0 + 1)');
  });

  it('prints constants as literals of their type', () => {
    assert.equal(formatConstant(null, BIGINT), 'null');
    assert.equal(formatConstant("it's", varchar()), "'it''s'");
    assert.equal(formatConstant(8766, DATE), "DATE '1994-01-01'");
    assert.equal(formatConstant('-1234', decimal(6, 2)), '-12.34');
    assert.equal(formatConstant(3, INTERVAL_YEAR_TO_MONTH), "INTERVAL '3' MONTH");
    assert.equal(formatConstant(86_400_000, INTERVAL_DAY_TO_SECOND), "INTERVAL '1' DAY");
    assert.equal(formatDecimal('5', 3), '0.005');
    assert.equal(formatDate(-1), '1969-12-31');
  });
});
