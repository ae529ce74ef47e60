import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, cast, operator } from './harness.js';

const DAY = 86_400_000;
const date = (text: string) => cast('varchar', 'date', text) as number;
const ts = (text: string, p = 3) => cast('varchar', `timestamp(${p})`, text);

describe('date and time arithmetic', () => {
  it('adds whole days and months to dates', () => {
    assert.equal(operator('ADD', ['date', 'interval day to second'], [date('2020-02-28'), DAY]), date('2020-02-29'));
    assert.equal(operator('ADD', ['interval year to month', 'date'], [1, date('2020-01-31')]), date('2020-02-29'));
    assert.equal(operator('SUBTRACT', ['date', 'interval year to month'], [date('2020-03-31'), 1]), date('2020-02-29'));
    assertError(
      () => operator('ADD', ['date', 'interval day to second'], [0, 3_600_000]),
      'INVALID_FUNCTION_ARGUMENT',
      'Cannot add hour, minutes or seconds to a date',
    );
  });

  it('wraps times around midnight', () => {
    assert.equal(operator('ADD', ['time(3)', 'interval day to second'], [23 * 3_600_000, 2 * 3_600_000]), 3_600_000);
    assert.equal(operator('SUBTRACT', ['time(3)', 'time(3)'], [3_600_000, 7_200_000]), -3_600_000);
    assert.deepEqual(
      operator('ADD', ['time(3) with time zone', 'interval day to second'], [{ millis: 1000, zone: '+05:00' }, -2000]),
      { millis: DAY - 1000, zone: '+05:00' },
    );
  });

  it('adds intervals to timestamps at their precision', () => {
    assert.equal(
      operator('ADD', ['timestamp(3)', 'interval day to second'], [ts('2020-01-01 00:00:00'), 1500]),
      ts('2020-01-01 00:00:01.5'),
    );
    assert.equal(
      operator('ADD', ['timestamp(6)', 'interval day to second'], [ts('2020-01-01 00:00:00.000001', 6), 1]),
      ts('2020-01-01 00:00:00.001001', 6),
    );
    assert.equal(
      operator('ADD', ['timestamp(3)', 'interval year to month'], [ts('2020-01-31 10:00:00'), 1]),
      ts('2020-02-29 10:00:00'),
    );
    assert.equal(
      operator('SUBTRACT', ['timestamp(3)', 'timestamp(3)'], [ts('2020-01-02 00:00:00'), ts('2020-01-01 00:00:00')]),
      DAY,
    );
  });

  it('adds months to zoned timestamps on the local calendar and durations on the instant', () => {
    const t = 'timestamp(3) with time zone';
    const start = cast('varchar', t, '2021-03-13 12:00:00 America/New_York') as { millis: number };
    // Across the DST change: +1 day of duration is 24 hours later, which reads as 13:00 local.
    const later = operator('ADD', [t, 'interval day to second'], [start, DAY]);
    assert.equal(cast(t, 'varchar', later), '2021-03-14 13:00:00.000 America/New_York');
    const month = operator('ADD', [t, 'interval year to month'], [start, 1]);
    assert.equal(cast(t, 'varchar', month), '2021-04-13 12:00:00.000 America/New_York');
    assert.equal(operator('SUBTRACT', [t, t], [later, start]), DAY);
  });

  it('does interval arithmetic with overflow checks', () => {
    assert.equal(operator('MULTIPLY', ['interval day to second', 'double'], [1000, 1.5]), 1500);
    assert.equal(operator('MULTIPLY', ['bigint', 'interval year to month'], [3, 2]), 6);
    assert.equal(operator('DIVIDE', ['interval day to second', 'double'], [1000, 3]), 333);
    assert.equal(operator('NEGATION', ['interval year to month'], [5]), -5);
    assertError(
      () => operator('DIVIDE', ['interval day to second', 'double'], [1000, 0]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'interval day to second overflow: Infinity',
    );
  });
});
