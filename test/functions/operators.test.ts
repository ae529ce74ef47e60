import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { OPERATOR_KINDS, type OperatorKind, operatorFunctionName } from '../../src/functions/operators.js';
import { formatType, parseType } from '../../src/types/type-signature.js';

const registry = defaultFunctionRegistry();

function resolve(operator: OperatorKind, ...types: string[]): string {
  const resolved = registry.resolveOperator(
    operator,
    types.map((type) => parseType(type)),
  );
  return `(${resolved.argumentTypes.map(formatType).join(', ')}) -> ${formatType(resolved.returnType)}`;
}

/** [operator, argument types, expected `(bound argument types) -> return type`]. */
const CASES: readonly [OperatorKind, string[], string][] = [
  ['ADD', ['integer', 'integer'], '(integer, integer) -> integer'],
  ['ADD', ['tinyint', 'smallint'], '(smallint, smallint) -> smallint'],
  ['ADD', ['integer', 'bigint'], '(bigint, bigint) -> bigint'],
  ['ADD', ['bigint', 'double'], '(double, double) -> double'],
  ['ADD', ['real', 'integer'], '(real, real) -> real'],
  ['SUBTRACT', ['unknown', 'integer'], '(integer, integer) -> integer'],
  ['DIVIDE', ['bigint', 'bigint'], '(bigint, bigint) -> bigint'],
  ['MODULUS', ['double', 'double'], '(double, double) -> double'],
  // decimal arithmetic, sized as Trino sizes it
  ['ADD', ['decimal(12,2)', 'decimal(12,2)'], '(decimal(12,2), decimal(12,2)) -> decimal(13,2)'],
  ['ADD', ['decimal(5,1)', 'decimal(10,4)'], '(decimal(5,1), decimal(10,4)) -> decimal(11,4)'],
  ['ADD', ['decimal(38,0)', 'decimal(38,0)'], '(decimal(38,0), decimal(38,0)) -> decimal(38,0)'],
  ['SUBTRACT', ['decimal(12,2)', 'integer'], '(decimal(12,2), decimal(10,0)) -> decimal(13,2)'],
  ['MULTIPLY', ['decimal(12,2)', 'decimal(12,2)'], '(decimal(12,2), decimal(12,2)) -> decimal(24,4)'],
  ['MULTIPLY', ['decimal(30,2)', 'decimal(20,3)'], '(decimal(30,2), decimal(20,3)) -> decimal(38,5)'],
  ['MULTIPLY', ['bigint', 'decimal(3,1)'], '(decimal(19,0), decimal(3,1)) -> decimal(22,1)'],
  ['DIVIDE', ['decimal(10,2)', 'decimal(5,3)'], '(decimal(10,2), decimal(5,3)) -> decimal(14,3)'],
  ['DIVIDE', ['decimal(10,4)', 'decimal(5,2)'], '(decimal(10,4), decimal(5,2)) -> decimal(12,4)'],
  ['MODULUS', ['decimal(10,2)', 'decimal(5,3)'], '(decimal(10,2), decimal(5,3)) -> decimal(5,3)'],
  ['ADD', ['decimal(5,2)', 'double'], '(double, double) -> double'],
  ['NEGATION', ['decimal(7,2)'], '(decimal(7,2)) -> decimal(7,2)'],
  ['NEGATION', ['integer'], '(integer) -> integer'],
  ['NEGATION', ['interval year to month'], '(interval year to month) -> interval year to month'],
  // dates, times and intervals
  ['ADD', ['date', 'interval day to second'], '(date, interval day to second) -> date'],
  ['ADD', ['interval year to month', 'date'], '(interval year to month, date) -> date'],
  ['SUBTRACT', ['date', 'interval year to month'], '(date, interval year to month) -> date'],
  ['ADD', ['timestamp(6)', 'interval day to second'], '(timestamp(6), interval day to second) -> timestamp(6)'],
  [
    'ADD',
    ['timestamp(3) with time zone', 'interval year to month'],
    '(timestamp(3) with time zone, interval year to month) -> timestamp(3) with time zone',
  ],
  ['ADD', ['time(3)', 'interval day to second'], '(time(3), interval day to second) -> time(3)'],
  ['SUBTRACT', ['timestamp(3)', 'timestamp(3)'], '(timestamp(3), timestamp(3)) -> interval day to second'],
  ['SUBTRACT', ['timestamp(3)', 'timestamp(6)'], '(timestamp(6), timestamp(6)) -> interval day to second'],
  [
    'SUBTRACT',
    ['timestamp(3) with time zone', 'timestamp(0) with time zone'],
    '(timestamp(3) with time zone, timestamp(3) with time zone) -> interval day to second',
  ],
  ['SUBTRACT', ['time(0)', 'time(0)'], '(time(0), time(0)) -> interval day to second'],
  [
    'ADD',
    ['interval day to second', 'interval day to second'],
    '(interval day to second, interval day to second) -> interval day to second',
  ],
  ['MULTIPLY', ['interval day to second', 'integer'], '(interval day to second, bigint) -> interval day to second'],
  ['MULTIPLY', ['double', 'interval year to month'], '(double, interval year to month) -> interval year to month'],
  ['DIVIDE', ['interval day to second', 'bigint'], '(interval day to second, double) -> interval day to second'],
  // comparisons over a common type, constrained to comparable / orderable types
  ['EQUAL', ['integer', 'bigint'], '(bigint, bigint) -> boolean'],
  ['EQUAL', ['varchar(3)', 'varchar(5)'], '(varchar(5), varchar(5)) -> boolean'],
  [
    'EQUAL',
    ['map(varchar, bigint)', 'map(varchar, bigint)'],
    '(map(varchar, bigint), map(varchar, bigint)) -> boolean',
  ],
  ['EQUAL', ['unknown', 'unknown'], '(unknown, unknown) -> boolean'],
  ['NOT_EQUAL', ['decimal(5,2)', 'decimal(7,1)'], '(decimal(8,2), decimal(8,2)) -> boolean'],
  ['LESS_THAN', ['date', 'timestamp(3)'], '(timestamp(3), timestamp(3)) -> boolean'],
  ['LESS_THAN_OR_EQUAL', ['array(integer)', 'array(bigint)'], '(array(bigint), array(bigint)) -> boolean'],
  ['GREATER_THAN', ['char(3)', 'varchar(5)'], '(varchar(5), varchar(5)) -> boolean'],
  ['IS_DISTINCT_FROM', ['bigint', 'unknown'], '(bigint, bigint) -> boolean'],
  // subscripts
  ['SUBSCRIPT', ['array(varchar)', 'integer'], '(array(varchar), bigint) -> varchar'],
  ['SUBSCRIPT', ['map(varchar(3), bigint)', 'varchar(3)'], '(map(varchar(3), bigint), varchar(3)) -> bigint'],
  ['SUBSCRIPT', ['map(bigint, double)', 'integer'], '(map(bigint, double), bigint) -> double'],
];

describe('operators', () => {
  for (const [operator, types, expected] of CASES) {
    it(`${operator}(${types.join(', ')})`, () => {
      assert.equal(resolve(operator, ...types), expected);
    });
  }

  it('resolves to internal names and declared signatures', () => {
    const resolved = registry.resolveOperator('ADD', [parseType('decimal(3,1)'), parseType('decimal(3,1)')]);
    assert.equal(resolved.name, '$operator$add');
    assert.equal(resolved.id, '$operator$add(decimal(p1,s1),decimal(p2,s2)):decimal(rp,rs)');
    assert.equal(resolved.deterministic, true);
  });

  it('has signatures for every operator and hides them from SHOW FUNCTIONS', () => {
    for (const operator of OPERATOR_KINDS) {
      assert.equal(registry.exists(operatorFunctionName(operator)), false);
    }
    assert.ok(registry.list().every((row) => !row.name.startsWith('$operator$')));
    for (const operator of OPERATOR_KINDS) {
      const types =
        operator === 'NEGATION'
          ? ['bigint']
          : operator === 'SUBSCRIPT'
            ? ['array(bigint)', 'bigint']
            : ['bigint', 'bigint'];
      assert.doesNotThrow(() => resolve(operator, ...types), operator);
    }
  });
});
