import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lambdaReturning } from '../helpers.js';
import { assertError, call, cast } from './harness.js';

type Case = [string, (string | ReturnType<typeof lambdaReturning>)[], unknown[], unknown];

function table(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const [name, types, values, expected] of cases) {
      it(`${name}(${values.map((v) => (typeof v === 'function' ? 'λ' : JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Map ? [...x] : x)))).join(', ')})`, () =>
        assert.deepEqual(call(name, types, values), expected));
    }
  });
}

const A = 'array(integer)';
const date = (text: string) => cast('varchar', 'date', text) as number;

table('array sets and search', [
  ['array_distinct', [A], [[1, 2, 1, null, null, 3]], [1, 2, null, 3]],
  ['array_distinct', ['array(double)'], [[Number.NaN, Number.NaN, 0, -0]], [Number.NaN, 0]],
  ['array_distinct', ['array(array(integer))'], [[[1], [1], [2]]], [[1], [2]]],
  [
    'array_intersect',
    [A, A],
    [
      [1, 2, 3, 2, null],
      [2, 3, 4, null],
    ],
    [2, 3, null],
  ],
  [
    'array_union',
    [A, A],
    [
      [1, 2],
      [2, 3],
    ],
    [1, 2, 3],
  ],
  ['array_except', [A, A], [[1, 2, 3, 1], [2]], [1, 3]],
  [
    'arrays_overlap',
    [A, A],
    [
      [1, 2],
      [2, 3],
    ],
    true,
  ],
  [
    'arrays_overlap',
    [A, A],
    [
      [1, null],
      [2, 3],
    ],
    null,
  ],
  ['arrays_overlap', [A, A], [[1], [2]], false],
  ['contains', [A, 'integer'], [[1, 2], 2], true],
  ['contains', [A, 'integer'], [[1, null], 2], null],
  ['contains', [A, 'integer'], [[1, 3], 2], false],
  ['contains', ['array(varchar)', 'varchar'], [['a😀'], 'a😀'], true],
  ['array_position', [A, 'integer'], [[10, 20, 10], 10], 1],
  ['array_position', [A, 'integer', 'bigint'], [[10, 20, 10], 10, 2], 3],
  ['array_position', [A, 'integer', 'bigint'], [[10, 20, 10], 10, -1], 3],
  ['array_position', [A, 'integer'], [[10, 20], 30], 0],
  ['array_remove', [A, 'integer'], [[1, 2, null, 1], 1], [2, null]],
  ['array_max', [A], [[1, 5, 3]], 5],
  ['array_max', [A], [[1, null, 3]], null],
  ['array_min', ['array(varchar)'], [['b', 'a']], 'a'],
  ['array_max', ['array(double)'], [[1, Number.NaN]], Number.NaN],
  ['array_max', [A], [[]], null],
  [
    'array_histogram',
    ['array(varchar)'],
    [['a', 'b', 'a', null]],
    new Map([
      ['a', 2],
      ['b', 1],
    ]),
  ],
  ['cardinality', [A], [[1, 2, 3]], 3],
  ['element_at', [A, 'bigint'], [[1, 2, 3], 2], 2],
  ['element_at', [A, 'bigint'], [[1, 2, 3], -1], 3],
  ['element_at', [A, 'bigint'], [[1, 2, 3], 4], null],
]);

table('array ordering and slicing', [
  ['array_sort', [A], [[3, null, 1, 2]], [1, 2, 3, null]],
  ['array_sort', ['array(varchar)'], [['b', '😀', '\ue000', 'a']], ['a', 'b', '\ue000', '😀']],
  ['reverse', [A], [[1, 2, 3]], [3, 2, 1]],
  ['slice', [A, 'bigint', 'bigint'], [[1, 2, 3, 4], 2, 2], [2, 3]],
  ['slice', [A, 'bigint', 'bigint'], [[1, 2, 3, 4], -2, 5], [3, 4]],
  ['slice', [A, 'bigint', 'bigint'], [[1, 2, 3, 4], 5, 1], []],
  ['trim_array', [A, 'bigint'], [[1, 2, 3, 4], 2], [1, 2]],
  ['array_join', [A, 'varchar'], [[1, null, 3], ', '], '1, 3'],
  ['array_join', [A, 'varchar', 'varchar'], [[1, null, 3], ', ', 'N/A'], '1, N/A, 3'],
  ['array_join', ['array(double)', 'varchar'], [[1.5, 1e10], '|'], '1.5|1.0E10'],
]);

table('array construction', [
  ['concat', [A, A, A], [[1], [2, 3], []], [1, 2, 3]],
  ['concat', [A, 'integer'], [[1], null], [1, null]],
  ['concat', ['integer', A], [0, [1]], [0, 1]],
  ['flatten', ['array(array(integer))'], [[[1, 2], null, [3]]], [1, 2, 3]],
  ['repeat', ['varchar', 'integer'], ['x', 3], ['x', 'x', 'x']],
  ['repeat', ['varchar', 'integer'], [null, 2], [null, null]],
  [
    'ngrams',
    ['array(varchar)', 'integer'],
    [['foo', 'bar', 'baz', 'foo'], 2],
    [
      ['foo', 'bar'],
      ['bar', 'baz'],
      ['baz', 'foo'],
    ],
  ],
  ['ngrams', ['array(varchar)', 'integer'], [['a', 'b'], 5], [['a', 'b']]],
  [
    'combinations',
    ['array(varchar)', 'integer'],
    [['foo', 'bar', 'baz'], 2],
    [
      ['foo', 'bar'],
      ['foo', 'baz'],
      ['bar', 'baz'],
    ],
  ],
  ['combinations', [A, 'integer'], [[1, 2], 3], []],
  ['sequence', ['bigint', 'bigint'], [1, 5], [1, 2, 3, 4, 5]],
  ['sequence', ['bigint', 'bigint'], [-2, -4], [-2, -3, -4]],
  ['sequence', ['bigint', 'bigint', 'bigint'], [0, 10, 3], [0, 3, 6, 9]],
  ['sequence', ['date', 'date'], [date('2020-02-27'), date('2020-03-01')], [18319, 18320, 18321, 18322]],
  [
    'sequence',
    ['date', 'date', 'interval year to month'],
    [date('2020-01-31'), date('2020-04-30'), 1],
    [18292, 18321, 18352, 18382],
  ],
  [
    'zip',
    [A, 'array(varchar)'],
    [[1, 2], ['a']],
    [
      [1, 'a'],
      [2, null],
    ],
  ],
  ['zip', [A, A, A], [[1], [2], [3]], [[1, 2, 3]]],
]);

describe('array construction errors', () => {
  it('reports Trino messages', () => {
    assertError(
      () => call('element_at', [A, 'bigint'], [[1], 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'SQL array indices start at 1',
    );
    assertError(
      () => call('slice', [A, 'bigint', 'bigint'], [[1], 1, -1]),
      'INVALID_FUNCTION_ARGUMENT',
      'length must be greater than or equal to 0',
    );
    assertError(
      () => call('trim_array', [A, 'bigint'], [[1], 2]),
      'INVALID_FUNCTION_ARGUMENT',
      'size must not exceed array cardinality 1: 2',
    );
    assertError(
      () => call('repeat', ['integer', 'integer'], [1, -1]),
      'INVALID_FUNCTION_ARGUMENT',
      'count argument of repeat function must be greater than or equal to 0',
    );
    assertError(
      () => call('sequence', ['bigint', 'bigint', 'bigint'], [1, 5, 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'step must not be zero',
    );
    assertError(
      () => call('sequence', ['bigint', 'bigint'], [1, 20000]),
      'INVALID_FUNCTION_ARGUMENT',
      'result of sequence function must not have more than 10000 entries',
    );
    assertError(
      () => call('sequence', ['date', 'date', 'interval day to second'], [0, 5, 3_600_000]),
      'INVALID_FUNCTION_ARGUMENT',
      'sequence step must be a day interval if start and end values are dates',
    );
    assertError(
      () => call('array_position', [A, 'integer', 'bigint'], [[1], 1, 0]),
      'INVALID_FUNCTION_ARGUMENT',
      'array_position cannot take a 0-valued instance argument.',
    );
  });
});

const λ = (arity: number, type: string) => lambdaReturning(arity, type);

table('array lambdas', [
  ['transform', [A, λ(1, 'integer')], [[1, 2], (x: number) => x * 10], [10, 20]],
  ['filter', [A, λ(1, 'boolean')], [[1, 2, 3], (x: number) => (x === 2 ? null : x > 1)], [3]],
  [
    'reduce',
    [A, 'integer', λ(2, 'integer'), λ(1, 'integer')],
    [[1, 2, 3], 0, (s: number, x: number) => s + x, (s: number) => s * 2],
    12,
  ],
  [
    'zip_with',
    [A, A, λ(2, 'integer')],
    [[1, 2], [10], (a: number, b: number | null) => (b === null ? -a : a + b)],
    [11, -2],
  ],
  ['any_match', [A, λ(1, 'boolean')], [[1, 2], (x: number) => x > 1], true],
  ['any_match', [A, λ(1, 'boolean')], [[1, null], (x: number | null) => (x === null ? null : x > 1)], null],
  ['all_match', [A, λ(1, 'boolean')], [[1, 2], (x: number) => x > 0], true],
  ['all_match', [A, λ(1, 'boolean')], [[], () => false], true],
  ['none_match', [A, λ(1, 'boolean')], [[1, 2], (x: number) => x > 1], false],
  ['array_sort', [A, λ(2, 'integer')], [[1, 3, 2], (a: number, b: number) => (a < b ? 1 : a > b ? -1 : 0)], [3, 2, 1]],
]);

describe('reduce and comparator lambdas', () => {
  it('reduce returns NULL for a NULL array and sees NULL states', () => {
    const types = [A, 'integer', λ(2, 'integer'), λ(1, 'integer')];
    assert.equal(call('reduce', types, [null, 0, () => 1, (s: number) => s]), null);
    assert.equal(call('reduce', types, [[1], null, (s: number | null) => s, (s: number | null) => s]), null);
  });
  it('array_sort rejects comparators returning other values', () => {
    assertError(
      () => call('array_sort', [A, λ(2, 'integer')], [[1, 2], () => 2]),
      'INVALID_FUNCTION_ARGUMENT',
      'Lambda comparator must return either -1, 0, or 1',
    );
  });
});

const M = 'map(varchar,integer)';

table('maps', [
  ['map', [], [], new Map()],
  [
    'map',
    ['array(varchar)', 'array(integer)'],
    [
      ['a', 'b'],
      [1, 2],
    ],
    new Map([
      ['a', 1],
      ['b', 2],
    ]),
  ],
  [
    'map_from_entries',
    ['array(row(varchar,integer))'],
    [
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
    new Map([
      ['a', 1],
      ['b', 2],
    ]),
  ],
  [
    'multimap_from_entries',
    ['array(row(varchar,integer))'],
    [
      [
        ['a', 1],
        ['a', 2],
        ['b', 3],
      ],
    ],
    new Map([
      ['a', [1, 2]],
      ['b', [3]],
    ]),
  ],
  ['map_entries', [M], [new Map([['a', 1]])], [['a', 1]]],
  [
    'map_keys',
    [M],
    [
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    ],
    ['a', 'b'],
  ],
  [
    'map_values',
    [M],
    [
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    ],
    [1, 2],
  ],
  [
    'map_concat',
    [M, M],
    [
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
      new Map([['b', 3]]),
    ],
    new Map([
      ['a', 1],
      ['b', 3],
    ]),
  ],
  ['cardinality', [M], [new Map([['a', 1]])], 1],
  ['element_at', [M, 'varchar'], [new Map([['a', 1]]), 'a'], 1],
  ['element_at', [M, 'varchar'], [new Map([['a', 1]]), 'z'], null],
  ['element_at', ['map(array(integer),integer)', 'array(integer)'], [new Map([[[1], 5]]), [1]], 5],
  [
    'map_filter',
    [M, λ(2, 'boolean')],
    [
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
      (_k: string, v: number) => v > 1,
    ],
    new Map([['b', 2]]),
  ],
  ['transform_keys', [M, λ(2, 'varchar')], [new Map([['a', 1]]), (k: string) => k.toUpperCase()], new Map([['A', 1]])],
  [
    'transform_values',
    [M, λ(2, 'integer')],
    [new Map([['a', 1]]), (_k: string, v: number) => v + 1],
    new Map([['a', 2]]),
  ],
  [
    'map_zip_with',
    [M, M, λ(3, 'integer')],
    [
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
      new Map([
        ['b', 3],
        ['c', 4],
      ]),
      (_k: string, x: number | null, y: number | null) => (x ?? 0) + (y ?? 0),
    ],
    new Map([
      ['a', 1],
      ['b', 5],
      ['c', 4],
    ]),
  ],
]);

describe('map errors', () => {
  it('reports Trino messages', () => {
    assertError(
      () => call('map', ['array(varchar)', 'array(integer)'], [['a'], [1, 2]]),
      'INVALID_FUNCTION_ARGUMENT',
      'Key and value arrays must be the same length',
    );
    assertError(
      () =>
        call(
          'map',
          ['array(varchar)', 'array(integer)'],
          [
            ['a', 'a'],
            [1, 2],
          ],
        ),
      'INVALID_FUNCTION_ARGUMENT',
      'Duplicate map keys (a) are not allowed',
    );
    assertError(
      () => call('map', ['array(varchar)', 'array(integer)'], [[null], [1]]),
      'INVALID_FUNCTION_ARGUMENT',
      'map key cannot be null',
    );
    assertError(
      () => call('map_from_entries', ['array(row(varchar,integer))'], [[null]]),
      'INVALID_FUNCTION_ARGUMENT',
      'map entry cannot be null',
    );
    assertError(
      () =>
        call(
          'transform_keys',
          [M, λ(2, 'varchar')],
          [
            new Map([
              ['a', 1],
              ['b', 2],
            ]),
            () => 'x',
          ],
        ),
      'INVALID_FUNCTION_ARGUMENT',
      'Duplicate keys (x) are not allowed',
    );
    assertError(
      () =>
        call(
          'map',
          ['array(array(integer))', 'array(integer)'],
          [
            [[1], [1]],
            [1, 2],
          ],
        ),
      'INVALID_FUNCTION_ARGUMENT',
      'Duplicate map keys ([1]) are not allowed',
    );
  });
});
