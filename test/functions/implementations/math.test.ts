import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, call } from './harness.js';

function close(actual: unknown, expected: number, tolerance = 1e-12): void {
  assert.equal(typeof actual, 'number');
  assert.ok(
    Math.abs((actual as number) - expected) <= tolerance * Math.max(1, Math.abs(expected)),
    `${actual} ≈ ${expected}`,
  );
}

describe('rounding functions', () => {
  const cases: [string, string[], unknown[], unknown][] = [
    ['abs', ['integer'], [-5], 5],
    ['abs', ['double'], [-2.5], 2.5],
    ['abs', ['bigint'], [-9223372036854775807n], 9223372036854775807n],
    ['abs', ['decimal(3,1)'], [-125], 125],
    ['ceiling', ['double'], [-42.8], -42],
    ['ceil', ['double'], [42.2], 43],
    ['floor', ['double'], [-42.8], -43],
    ['round', ['double'], [2.5], 3],
    ['round', ['double'], [-2.5], -3],
    ['round', ['double'], [0.49999999999999994], 0],
    ['round', ['double', 'integer'], [7.14159, 2], 7.14],
    ['round', ['double', 'integer'], [-3.145, 1], -3.1],
    ['round', ['double', 'integer'], [1234.5, -2], 1200],
    ['round', ['double'], [1e20], 1e20],
    ['round', ['integer', 'integer'], [1250, -2], 1300],
    ['round', ['integer', 'integer'], [-1250, -2], -1300],
    ['round', ['bigint', 'integer'], [15, 1], 15],
    ['truncate', ['double'], [-4.6], -4],
    ['truncate', ['double'], [4.6], 4],
    ['sign', ['double'], [-3.5], -1],
    ['sign', ['bigint'], [42], 1],
    ['sign', ['integer'], [0], 0],
    ['mod', ['integer', 'integer'], [-7, 3], -1],
    ['mod', ['double', 'double'], [5.5, 2], 1.5],
    // decimals: unscaled values
    ['round', ['decimal(2,1)'], [25], 3],
    ['round', ['decimal(2,1)'], [-25], -3],
    ['round', ['decimal(5,4)', 'integer'], [12345, 2], 12300],
    ['round', ['decimal(5,4)', 'integer'], [12350, 2], 12400],
    ['round', ['decimal(3,0)', 'integer'], [155, -1], 160],
    ['ceiling', ['decimal(2,1)'], [11], 2],
    ['ceiling', ['decimal(2,1)'], [-11], -1],
    ['floor', ['decimal(2,1)'], [-11], -2],
    ['truncate', ['decimal(2,1)'], [-19], -1],
    ['truncate', ['decimal(4,3)', 'integer'], [1567, 2], 1560],
    ['sign', ['decimal(5,2)'], [-100], -1],
    ['mod', ['decimal(3,1)', 'decimal(2,1)'], [75, 20], 15],
  ];
  for (const [name, types, values, expected] of cases) {
    it(`${name}(${values.join(', ')}) = ${expected}`, () => assert.equal(call(name, types, values), expected));
  }

  it('checks ranges like Trino', () => {
    assertError(
      () => call('abs', ['tinyint'], [-128]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Value -128 is out of range for abs(tinyint)',
    );
    assertError(
      () => call('abs', ['bigint'], [-9223372036854775808n]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Value -9223372036854775808 is out of range for abs(bigint)',
    );
    assertError(
      () => call('round', ['tinyint', 'integer'], [127, -1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Out of range for tinyint: 130',
    );
    assertError(() => call('mod', ['integer', 'integer'], [1, 0]), 'DIVISION_BY_ZERO', 'Division by zero');
  });
});

describe('exponential, logarithmic and trigonometric functions', () => {
  it('computes them as Java does', () => {
    assert.equal(call('power', ['double', 'double'], [2, 10]), 1024);
    assert.equal(call('pow', ['double', 'double'], [4, 0.5]), 2);
    assert.ok(Number.isNaN(call('power', ['double', 'double'], [1, Number.NaN]) as number));
    close(call('log', ['double', 'double'], [2, 8]), 3);
    assert.equal(call('log10', ['double'], [1000]), 3);
    assert.equal(call('log2', ['double'], [8]), 3);
    assert.ok(Number.isNaN(call('ln', ['double'], [-1]) as number), 'log of a negative is NaN, not an error');
    assert.equal(call('ln', ['double'], [0]), Number.NEGATIVE_INFINITY);
    assert.equal(call('sqrt', ['double'], [16]), 4);
    assert.equal(call('cbrt', ['double'], [27]), 3);
    close(call('degrees', ['double'], [Math.PI]), 180);
    close(call('radians', ['double'], [180]), Math.PI);
    close(call('atan2', ['double', 'double'], [1, 1]), Math.PI / 4);
    assert.equal(call('e', [], []), Math.E);
    assert.equal(call('pi', [], []), Math.PI);
    assert.equal(call('is_nan', ['double'], [Number.NaN]), true);
    assert.equal(call('is_infinite', ['double'], [call('infinity', [], [])]), true);
    assert.equal(call('is_finite', ['double'], [1]), true);
  });
});

describe('greatest and least', () => {
  it('pick by the type order', () => {
    assert.equal(call('greatest', ['integer', 'integer', 'integer'], [1, 5, 3]), 5);
    assert.equal(call('least', ['varchar', 'varchar'], ['b', 'a']), 'a');
    assert.equal(call('greatest', ['integer', 'integer'], [1, null]), null);
    assertError(
      () => call('greatest', ['double', 'double'], [1, Number.NaN]),
      'INVALID_FUNCTION_ARGUMENT',
      'Invalid argument to greatest(): NaN',
    );
  });
});

describe('width_bucket', () => {
  it('buckets by bounds and by bins', () => {
    assert.equal(call('width_bucket', ['double', 'double', 'double', 'bigint'], [5.35, 0.024, 10.06, 5]), 3);
    assert.equal(call('width_bucket', ['double', 'double', 'double', 'bigint'], [-1, 0, 10, 5]), 0);
    assert.equal(call('width_bucket', ['double', 'double', 'double', 'bigint'], [10, 0, 10, 5]), 6);
    assert.equal(call('width_bucket', ['double', 'double', 'double', 'bigint'], [1, 10, 0, 5]), 5);
    assert.equal(call('width_bucket', ['double', 'array(double)'], [4, [1, 3, 5]]), 2);
    assertError(
      () => call('width_bucket', ['double', 'double', 'double', 'bigint'], [1, 0, 0, 5]),
      'INVALID_FUNCTION_ARGUMENT',
      'bounds cannot equal each other',
    );
    assertError(
      () => call('width_bucket', ['double', 'array(double)'], [1, [3, 1]]),
      'INVALID_FUNCTION_ARGUMENT',
      'Bin values are not sorted in ascending order',
    );
  });
});

describe('base conversion', () => {
  it('converts like Long.parseLong and Long.toString', () => {
    assert.equal(call('from_base', ['varchar', 'bigint'], ['777', 8]), 511);
    assert.equal(call('from_base', ['varchar', 'bigint'], ['-FF', 16]), -255);
    assert.equal(call('from_base', ['varchar', 'bigint'], ['7fffffffffffffff', 16]), 9223372036854775807n);
    assert.equal(call('to_base', ['bigint', 'bigint'], [511, 8]), '777');
    assert.equal(call('to_base', ['bigint', 'bigint'], [-10, 2]), '-1010');
    assertError(
      () => call('from_base', ['varchar', 'bigint'], ['12a', 10]),
      'INVALID_FUNCTION_ARGUMENT',
      'Not a valid base-10 number: 12a',
    );
    assertError(
      () => call('to_base', ['bigint', 'bigint'], [1, 37]),
      'INVALID_FUNCTION_ARGUMENT',
      'Radix must be between 2 and 36',
    );
  });
});

describe('statistical functions', () => {
  it('computes the normal distribution', () => {
    close(call('normal_cdf', ['double', 'double', 'double'], [0, 1, 1.96]), 0.9750021048517795, 1e-14);
    close(call('normal_cdf', ['double', 'double', 'double'], [0, 1, 1]), 0.8413447460685429, 1e-14);
    close(call('normal_cdf', ['double', 'double', 'double'], [0, 1, -3]), 0.0013498980316301, 1e-12);
    close(call('normal_cdf', ['double', 'double', 'double'], [10, 2, 10.5]), 0.5987063256829237, 1e-14);
    close(call('inverse_normal_cdf', ['double', 'double', 'double'], [0, 1, 0.975]), 1.959963984540054, 1e-12);
    close(call('inverse_normal_cdf', ['double', 'double', 'double'], [5, 2, 0.5]), 5, 1e-12);
    assertError(
      () => call('normal_cdf', ['double', 'double', 'double'], [0, 0, 1]),
      'INVALID_FUNCTION_ARGUMENT',
      'standardDeviation must be > 0',
    );
    assertError(
      () => call('inverse_normal_cdf', ['double', 'double', 'double'], [0, 1, 1]),
      'INVALID_FUNCTION_ARGUMENT',
      'p must be 0 > p > 1',
    );
  });

  it('computes the beta distribution', () => {
    // Beta(2, 5): F(0.5) = 57/64.
    close(call('beta_cdf', ['double', 'double', 'double'], [2, 5, 0.5]), 57 / 64, 1e-13);
    close(call('beta_cdf', ['double', 'double', 'double'], [1, 1, 0.3]), 0.3, 1e-13);
    close(call('inverse_beta_cdf', ['double', 'double', 'double'], [2, 5, 57 / 64]), 0.5, 1e-12);
    assertError(
      () => call('beta_cdf', ['double', 'double', 'double'], [0, 1, 0.5]),
      'INVALID_FUNCTION_ARGUMENT',
      'a, b must be > 0',
    );
    assertError(
      () => call('beta_cdf', ['double', 'double', 'double'], [1, 1, 2]),
      'INVALID_FUNCTION_ARGUMENT',
      'value must be 0 >= v >= 1',
    );
  });

  it('computes the Wilson score interval', () => {
    const p = 1250 / 1310;
    const z = 1.96;
    const center = p + (z * z) / (2 * 1310);
    const spread = z * Math.sqrt((p * (1 - p)) / 1310 + (z * z) / (4 * 1310 * 1310));
    close(
      call('wilson_interval_lower', ['bigint', 'bigint', 'double'], [1250, 1310, z]),
      (center - spread) / (1 + (z * z) / 1310),
    );
    close(
      call('wilson_interval_upper', ['bigint', 'bigint', 'double'], [1250, 1310, z]),
      (center + spread) / (1 + (z * z) / 1310),
    );
    assertError(
      () => call('wilson_interval_lower', ['bigint', 'bigint', 'double'], [5, 0, 1]),
      'INVALID_FUNCTION_ARGUMENT',
      'number of trials must be positive',
    );
  });

  it('computes the cosine similarity of sparse vectors', () => {
    const a = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const b = new Map([
      ['a', 2],
      ['c', 3],
    ]);
    close(
      call('cosine_similarity', ['map(varchar,double)', 'map(varchar,double)'], [a, b]),
      2 / (Math.sqrt(5) * Math.sqrt(13)),
    );
    assert.equal(
      call('cosine_similarity', ['map(varchar,double)', 'map(varchar,double)'], [new Map([['a', null]]), b]),
      null,
    );
  });
});

describe('random', () => {
  it('stays within its bounds and validates them', () => {
    for (let i = 0; i < 50; i++) {
      const r = call('random', ['integer'], [10]) as number;
      assert.ok(Number.isInteger(r) && r >= 0 && r < 10);
      const s = call('random', ['bigint', 'bigint'], [-5, 5]) as number;
      assert.ok(Number.isInteger(s) && s >= -5 && s < 5);
      const d = call('rand', [], []) as number;
      assert.ok(d >= 0 && d < 1);
    }
    assertError(() => call('random', ['integer'], [0]), 'INVALID_FUNCTION_ARGUMENT', 'bound must be positive');
    assertError(
      () => call('random', ['tinyint', 'tinyint'], [5, 5]),
      'INVALID_FUNCTION_ARGUMENT',
      'start value must be less than stop value',
    );
  });
});

describe('bitwise functions', () => {
  const cases: [string, string[], unknown[], unknown][] = [
    ['bit_count', ['bigint', 'bigint'], [9, 64], 2],
    ['bit_count', ['bigint', 'bigint'], [-7, 64], 62],
    ['bit_count', ['bigint', 'bigint'], [-7, 8], 6],
    ['bitwise_and', ['bigint', 'bigint'], [19, 25], 17],
    ['bitwise_or', ['bigint', 'bigint'], [19, 25], 27],
    ['bitwise_xor', ['bigint', 'bigint'], [19, 25], 10],
    ['bitwise_not', ['bigint'], [-12], 11],
    ['bitwise_and', ['bigint', 'bigint'], [9223372036854775807n, -1], 9223372036854775807n],
    ['bitwise_left_shift', ['bigint', 'bigint'], [1, 2], 4],
    ['bitwise_left_shift', ['tinyint', 'bigint'], [127, 1], -2],
    ['bitwise_left_shift', ['integer', 'bigint'], [1, 40], 0],
    ['bitwise_right_shift', ['bigint', 'bigint'], [8, 3], 1],
    ['bitwise_right_shift', ['bigint', 'bigint'], [-8, 2], 4611686018427387902n],
    ['bitwise_right_shift', ['tinyint', 'bigint'], [-8, 1], 124],
    ['bitwise_right_shift_arithmetic', ['bigint', 'bigint'], [-8, 2], -2],
    ['bitwise_right_shift_arithmetic', ['integer', 'bigint'], [-8, 40], -1],
  ];
  for (const [name, types, values, expected] of cases) {
    it(`${name}(${values.join(', ')}) = ${expected}`, () => assert.equal(call(name, types, values), expected));
  }
  it('checks bit_count arguments', () => {
    assertError(
      () => call('bit_count', ['bigint', 'bigint'], [2147483648, 32]),
      'INVALID_FUNCTION_ARGUMENT',
      'Number must be representable with the bits specified. 2147483648 cannot be represented with 32 bits',
    );
    assertError(
      () => call('bit_count', ['bigint', 'bigint'], [1, 65]),
      'INVALID_FUNCTION_ARGUMENT',
      'Bits specified in bit_count must be between 2 and 64, got 65',
    );
  });
});

describe('format_number and typeof', () => {
  const cases: [string, number, string][] = [
    ['bigint', 123456, '123.46K'],
    ['bigint', 1234567, '1.23M'],
    ['bigint', 999, '999'],
    ['bigint', -1234, '-1.23K'],
    ['double', 1.125, '1.12'],
    ['double', 1.375, '1.38'],
    ['double', 5e15, '5Q'],
    ['double', 0.5, '0.5'],
  ];
  for (const [type, value, expected] of cases) {
    it(`format_number(${value}) = ${expected}`, () => assert.equal(call('format_number', [type], [value]), expected));
  }
  it('typeof prints the display type, even for NULL', () => {
    assert.equal(call('typeof', ['decimal(12,2)'], [null]), 'decimal(12,2)');
    assert.equal(call('typeof', ['map(varchar,array(bigint))'], [new Map()]), 'map(varchar, array(bigint))');
  });
});
