import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, operator } from './harness.js';

describe('comparison operators', () => {
  it('compares numbers, including BigInt bigints against numbers', () => {
    assert.equal(operator('LESS_THAN', ['bigint', 'bigint'], [5, 9223372036854775807n]), true);
    assert.equal(operator('EQUAL', ['bigint', 'bigint'], [5, 5]), true);
    assert.equal(operator('GREATER_THAN_OR_EQUAL', ['decimal(20,2)', 'decimal(20,2)'], [5n, 6n]), false);
  });

  it('treats NaN as unequal and unordered, but not distinct from itself', () => {
    assert.equal(operator('EQUAL', ['double', 'double'], [Number.NaN, Number.NaN]), false);
    assert.equal(operator('NOT_EQUAL', ['double', 'double'], [Number.NaN, Number.NaN]), true);
    assert.equal(operator('LESS_THAN', ['double', 'double'], [1, Number.NaN]), false);
    assert.equal(operator('GREATER_THAN', ['double', 'double'], [Number.NaN, 1]), false);
    assert.equal(operator('IS_DISTINCT_FROM', ['double', 'double'], [Number.NaN, Number.NaN]), false);
    assert.equal(operator('IS_DISTINCT_FROM', ['double', 'double'], [0, -0]), false);
  });

  it('orders varchar by code point, not UTF-16 unit', () => {
    // U+1F600 (a surrogate pair) is above U+E000 by code point; JS `<` says the opposite.
    assert.equal('😀' < '\ue000', true);
    assert.equal(operator('LESS_THAN', ['varchar', 'varchar'], ['😀', '\ue000']), false);
    assert.equal(operator('GREATER_THAN', ['varchar', 'varchar'], ['😀', '\ue000']), true);
    assert.equal(operator('LESS_THAN', ['varchar', 'varchar'], ['abc', 'abd']), true);
    assert.equal(operator('LESS_THAN_OR_EQUAL', ['varchar', 'varchar'], ['ab', 'ab']), true);
  });

  it('IS DISTINCT FROM handles NULLs', () => {
    assert.equal(operator('IS_DISTINCT_FROM', ['integer', 'integer'], [null, null]), false);
    assert.equal(operator('IS_DISTINCT_FROM', ['integer', 'integer'], [null, 1]), true);
    assert.equal(
      operator(
        'IS_DISTINCT_FROM',
        ['array(integer)', 'array(integer)'],
        [
          [1, null],
          [1, null],
        ],
      ),
      false,
    );
    assert.equal(operator('EQUAL', ['integer', 'integer'], [null, 1]), null);
  });

  it('compares arrays and rows element-wise with three-valued equality', () => {
    assert.equal(
      operator(
        'EQUAL',
        ['array(integer)', 'array(integer)'],
        [
          [1, 2],
          [1, 2],
        ],
      ),
      true,
    );
    assert.equal(
      operator(
        'EQUAL',
        ['array(integer)', 'array(integer)'],
        [
          [1, null],
          [1, 2],
        ],
      ),
      null,
    );
    assert.equal(
      operator(
        'EQUAL',
        ['array(integer)', 'array(integer)'],
        [
          [1, null],
          [2, 2],
        ],
      ),
      false,
    );
    assert.equal(
      operator(
        'NOT_EQUAL',
        ['array(integer)', 'array(integer)'],
        [
          [1, null],
          [1, 2],
        ],
      ),
      null,
    );
    assert.equal(
      operator(
        'EQUAL',
        ['row(integer,varchar)', 'row(integer,varchar)'],
        [
          [1, 'a'],
          [1, 'a'],
        ],
      ),
      true,
    );
    assert.equal(
      operator(
        'LESS_THAN',
        ['array(integer)', 'array(integer)'],
        [
          [1, 2],
          [1, 2, 0],
        ],
      ),
      true,
    );
    assert.equal(
      operator(
        'LESS_THAN',
        ['row(integer,integer)', 'row(integer,integer)'],
        [
          [1, 3],
          [2, 0],
        ],
      ),
      true,
    );
    assertError(
      () =>
        operator(
          'LESS_THAN',
          ['array(integer)', 'array(integer)'],
          [
            [1, null],
            [1, 2],
          ],
        ),
      'NOT_SUPPORTED',
      'ARRAY comparison not supported for arrays with null elements',
    );
  });

  it('compares maps by entries regardless of order', () => {
    const a = new Map([
      ['x', 1],
      ['y', 2],
    ]);
    const b = new Map([
      ['y', 2],
      ['x', 1],
    ]);
    assert.equal(operator('EQUAL', ['map(varchar,integer)', 'map(varchar,integer)'], [a, b]), true);
    assert.equal(operator('EQUAL', ['map(varchar,integer)', 'map(varchar,integer)'], [a, new Map([['x', 1]])]), false);
  });

  it('compares timestamps with time zone as instants', () => {
    const t = 'timestamp(3) with time zone';
    const utc = { millis: 1000, zone: 'UTC' };
    const berlin = { millis: 1000, zone: 'Europe/Berlin' };
    assert.equal(operator('EQUAL', [t, t], [utc, berlin]), true);
    assert.equal(operator('LESS_THAN', [t, t], [utc, { millis: 1001, zone: '+05:30' }]), true);
    const tt = 'time(3) with time zone';
    // 10:00+02:00 is 08:00 UTC, before 09:00+00:00.
    assert.equal(
      operator(
        'LESS_THAN',
        [tt, tt],
        [
          { millis: 36_000_000, zone: '+02:00' },
          { millis: 32_400_000, zone: '+00:00' },
        ],
      ),
      true,
    );
  });

  it('compares varbinary bytewise', () => {
    assert.equal(operator('LESS_THAN', ['varbinary', 'varbinary'], [Uint8Array.of(1, 2), Uint8Array.of(1, 3)]), true);
    assert.equal(operator('EQUAL', ['varbinary', 'varbinary'], [Uint8Array.of(1, 2), Uint8Array.of(1, 2)]), true);
  });
});

describe('subscript operators', () => {
  it('reads arrays by 1-based index with Trino errors', () => {
    assert.equal(operator('SUBSCRIPT', ['array(varchar)', 'bigint'], [['a', 'b'], 2]), 'b');
    assertError(
      () => operator('SUBSCRIPT', ['array(varchar)', 'bigint'], [['a'], 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'SQL array indices start at 1',
    );
    assertError(
      () => operator('SUBSCRIPT', ['array(varchar)', 'bigint'], [['a'], -1]),
      'INVALID_FUNCTION_ARGUMENT',
      'Array subscript is negative: -1',
    );
    assertError(
      () => operator('SUBSCRIPT', ['array(varchar)', 'bigint'], [[], 1]),
      'INVALID_FUNCTION_ARGUMENT',
      'Array subscript must be less than or equal to array length: 1 > 0',
    );
  });

  it('reads maps by key, including non-primitive keys', () => {
    const m = new Map<unknown, unknown>([['a', 1]]);
    assert.equal(operator('SUBSCRIPT', ['map(varchar,integer)', 'varchar'], [m, 'a']), 1);
    assertError(
      () => operator('SUBSCRIPT', ['map(varchar,integer)', 'varchar'], [m, 'zz']),
      'INVALID_FUNCTION_ARGUMENT',
      'Key not present in map: zz',
    );
    const arrays = new Map<unknown, unknown>([[[1, 2], 'pair']]);
    assert.equal(operator('SUBSCRIPT', ['map(array(integer),varchar)', 'array(integer)'], [arrays, [1, 2]]), 'pair');
  });
});
