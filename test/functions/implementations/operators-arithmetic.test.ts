import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, operator } from './harness.js';

describe('integer arithmetic', () => {
  const cases: [Parameters<typeof operator>[0], string, unknown, unknown, unknown][] = [
    ['ADD', 'integer', 2, 3, 5],
    ['SUBTRACT', 'integer', 2, 3, -1],
    ['MULTIPLY', 'integer', -4, 6, -24],
    ['DIVIDE', 'integer', 7, 2, 3],
    ['DIVIDE', 'integer', -7, 2, -3],
    ['DIVIDE', 'integer', 7, -2, -3],
    ['MODULUS', 'integer', -7, 2, -1],
    ['MODULUS', 'integer', 7, -2, 1],
    ['MULTIPLY', 'integer', 0, -5, 0],
    ['DIVIDE', 'tinyint', 100, 7, 14],
    ['ADD', 'smallint', 32000, 767, 32767],
    ['ADD', 'bigint', 9007199254740991, 1, 9007199254740992n],
    ['SUBTRACT', 'bigint', -9007199254740991, 1, -9007199254740992n],
    ['ADD', 'bigint', 9007199254740992n, -1, 9007199254740991],
    ['MULTIPLY', 'bigint', 4294967296, 2097152, 9007199254740992n],
    ['DIVIDE', 'bigint', 9223372036854775807n, 2, 4611686018427387903n],
    ['MODULUS', 'bigint', 9223372036854775807n, 10, 7],
    ['DIVIDE', 'bigint', -9, 4, -2],
  ];
  for (const [kind, type, a, b, expected] of cases) {
    it(`${type} ${a} ${kind} ${b} = ${expected}`, () => {
      const result = operator(kind, [type, type], [a, b]);
      assert.equal(result, expected);
      assert.ok(!Object.is(result, -0), 'never -0');
    });
  }

  it('reports overflow with Trino messages', () => {
    assertError(
      () => operator('ADD', ['integer', 'integer'], [2147483647, 1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'integer addition overflow: 2147483647 + 1',
    );
    assertError(
      () => operator('SUBTRACT', ['tinyint', 'tinyint'], [-128, 1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'tinyint subtraction overflow: -128 - 1',
    );
    assertError(
      () => operator('MULTIPLY', ['bigint', 'bigint'], [4294967296, 4294967296]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'bigint multiplication overflow: 4294967296 * 4294967296',
    );
    assertError(
      () => operator('ADD', ['bigint', 'bigint'], [9223372036854775807n, 1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'bigint addition overflow: 9223372036854775807 + 1',
    );
    assertError(
      () => operator('DIVIDE', ['bigint', 'bigint'], [-9223372036854775808n, -1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'bigint division overflow: -9223372036854775808 / -1',
    );
    assertError(
      () => operator('DIVIDE', ['integer', 'integer'], [-2147483648, -1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'integer division overflow: -2147483648 / -1',
    );
    assertError(
      () => operator('NEGATION', ['smallint'], [-32768]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'smallint negation overflow: -32768',
    );
    assertError(
      () => operator('NEGATION', ['bigint'], [-9223372036854775808n]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'bigint negation overflow: -9223372036854775808',
    );
  });

  it('raises DIVISION_BY_ZERO for integer division and modulus', () => {
    for (const type of ['tinyint', 'smallint', 'integer', 'bigint']) {
      assertError(() => operator('DIVIDE', [type, type], [1, 0]), 'DIVISION_BY_ZERO', 'Division by zero');
      assertError(() => operator('MODULUS', [type, type], [1, 0]), 'DIVISION_BY_ZERO', 'Division by zero');
    }
  });

  it('returns NULL for a NULL operand', () => {
    assert.equal(operator('ADD', ['integer', 'integer'], [null, 1]), null);
  });
});

describe('floating point arithmetic', () => {
  it('follows IEEE 754: no error on division by zero', () => {
    assert.equal(operator('DIVIDE', ['double', 'double'], [1, 0]), Number.POSITIVE_INFINITY);
    assert.equal(operator('DIVIDE', ['double', 'double'], [-1, 0]), Number.NEGATIVE_INFINITY);
    assert.ok(Number.isNaN(operator('DIVIDE', ['double', 'double'], [0, 0])));
    assert.ok(Number.isNaN(operator('MODULUS', ['double', 'double'], [1, 0])));
    assert.equal(operator('MODULUS', ['double', 'double'], [-5.5, 2]), -1.5);
  });

  it('rounds real results to single precision', () => {
    assert.equal(operator('ADD', ['real', 'real'], [Math.fround(0.1), Math.fround(0.2)]), Math.fround(0.3));
    assert.equal(operator('DIVIDE', ['real', 'real'], [1, 3]), Math.fround(1 / 3));
    assert.equal(operator('NEGATION', ['double'], [2.5]), -2.5);
  });
});

describe('decimal arithmetic', () => {
  it('adds and subtracts at the common scale', () => {
    // 1.5 (decimal(2,1)) + 0.25 (decimal(3,2)) = 1.75 as decimal(4,2)
    assert.equal(operator('ADD', ['decimal(2,1)', 'decimal(3,2)'], [15, 25]), 175);
    assert.equal(operator('SUBTRACT', ['decimal(2,1)', 'decimal(3,2)'], [15, 25]), 125);
  });

  it('multiplies with the sum of the scales', () => {
    // 1.5 * 0.25 = 0.375 as decimal(5,3)
    assert.equal(operator('MULTIPLY', ['decimal(2,1)', 'decimal(3,2)'], [15, 25]), 375);
  });

  it('divides with HALF_UP rounding at the result scale', () => {
    // 1.0 / 3 = 0.3 (scale 1); 2.0 / 3 = 0.7; -2.0 / 3 = -0.7
    assert.equal(operator('DIVIDE', ['decimal(2,1)', 'decimal(1,0)'], [10, 3]), 3);
    assert.equal(operator('DIVIDE', ['decimal(2,1)', 'decimal(1,0)'], [20, 3]), 7);
    assert.equal(operator('DIVIDE', ['decimal(2,1)', 'decimal(1,0)'], [-20, 3]), -7);
    // 1 / 8 as decimal(1,0)/decimal(2,1) → 0.8 / ... : 1 / 0.8 = 1.25 → scale 1 → 1.3
    assert.equal(operator('DIVIDE', ['decimal(1,0)', 'decimal(2,1)'], [1, 8]), 13);
    assertError(
      () => operator('DIVIDE', ['decimal(2,1)', 'decimal(1,0)'], [10, 0]),
      'DIVISION_BY_ZERO',
      'Division by zero',
    );
  });

  it('takes the sign of the dividend for modulus', () => {
    // -7.5 % 2 = -1.5
    assert.equal(operator('MODULUS', ['decimal(2,1)', 'decimal(1,0)'], [-75, 2]), -15);
    assertError(
      () => operator('MODULUS', ['decimal(2,1)', 'decimal(1,0)'], [75, 0]),
      'DIVISION_BY_ZERO',
      'Division by zero',
    );
  });

  it('uses BigInts for long decimals beyond 2^53 and checks 38 digits', () => {
    const big = 10n ** 37n;
    assert.equal(operator('ADD', ['decimal(38,0)', 'decimal(38,0)'], [big, big]), 2n * big);
    assertError(
      () => operator('ADD', ['decimal(38,0)', 'decimal(38,0)'], [9n * big, 9n * big]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Decimal overflow',
    );
    // decimal(10,2) * decimal(10,2) is decimal(20,4): small values stay numbers, large ones are BigInts.
    assert.equal(operator('MULTIPLY', ['decimal(10,2)', 'decimal(10,2)'], [150, 200]), 30000);
    assert.equal(
      operator('MULTIPLY', ['decimal(10,2)', 'decimal(10,2)'], [9999999999, 9999999999]),
      99999999980000000001n,
    );
    assert.equal(operator('NEGATION', ['decimal(20,2)'], [5n]), -5);
    assert.equal(operator('NEGATION', ['decimal(20,2)'], [10n ** 19n]), -(10n ** 19n));
  });
});
