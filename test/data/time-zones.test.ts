import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { civilFromDays, daysFromCivil } from '../../src/common/civil-calendar.js';
import { VivaceError } from '../../src/common/vivace-error.js';
import {
  fixedOffsetMinutesOf,
  isValidZoneKey,
  UTC_ZONE_KEY,
  utcMillisFromLocal,
  zoneIdOf,
  zoneKeyForOffsetMinutes,
  zoneKeyOf,
  zoneOffsetMillis,
} from '../../src/data/time-zones.js';

const HOUR = 3_600_000;

describe('time zone registry', () => {
  it('normalises UTC aliases and offsets as Presto does', () => {
    for (const id of [
      'UTC',
      'utc',
      'Z',
      'GMT',
      'Etc/UTC',
      'UT',
      'Zulu',
      '+00:00',
      '-00:00',
      'UTC+0',
      'GMT-00:00',
      '+0000',
    ]) {
      assert.equal(zoneKeyOf(id), UTC_ZONE_KEY, id);
    }
    const cases: [string, string][] = [
      ['+05:30', '+05:30'],
      ['+0530', '+05:30'],
      ['+7', '+07:00'],
      ['-08', '-08:00'],
      ['UTC+7', '+07:00'],
      ['GMT-03:30', '-03:30'],
      ['Etc/GMT+5', '-05:00'],
      ['+14:00', '+14:00'],
    ];
    for (const [input, id] of cases) {
      assert.equal(zoneIdOf(zoneKeyOf(input)), id, input);
      assert.equal(zoneKeyOf(input), zoneKeyOf(id));
    }
    assert.equal(fixedOffsetMinutesOf(zoneKeyOf('-03:30')), -210);
    assert.equal(zoneKeyForOffsetMinutes(330), zoneKeyOf('+05:30'));
    assert.equal(zoneKeyForOffsetMinutes(0), UTC_ZONE_KEY);
  });

  it('keeps IANA names, fixing only their capitalisation', () => {
    const ny = zoneKeyOf('America/New_York');
    assert.equal(zoneKeyOf('america/new_york'), ny);
    assert.equal(zoneIdOf(ny), 'America/New_York');
    assert.equal(zoneIdOf(zoneKeyOf('Asia/Kolkata')), 'Asia/Kolkata');
    assert.equal(fixedOffsetMinutesOf(ny), undefined);
    assert.ok(isValidZoneKey(ny));
    assert.ok(!isValidZoneKey(32000));
  });

  it('rejects unknown zones and offsets beyond 14 hours', () => {
    for (const id of ['Mars/Olympus', '+15:00', 'GMT7', '+05:3', '']) {
      assert.throws(
        () => zoneKeyOf(id),
        (error: unknown) => error instanceof VivaceError && error.errorName === 'INVALID_FUNCTION_ARGUMENT',
        id,
      );
    }
    assert.throws(() => zoneKeyForOffsetMinutes(841), /Invalid offset/);
  });

  it('gives offsets of region zones across daylight saving changes', () => {
    const ny = zoneKeyOf('America/New_York');
    assert.equal(zoneOffsetMillis(ny, Date.UTC(2021, 0, 15)), -5 * HOUR);
    assert.equal(zoneOffsetMillis(ny, Date.UTC(2021, 6, 15)), -4 * HOUR);
    // St John's changes at 02:00 local = 05:30 UTC, in the middle of a UTC hour.
    const stJohns = zoneKeyOf('America/St_Johns');
    const change = Date.UTC(2021, 2, 14, 5, 30);
    assert.equal(zoneOffsetMillis(stJohns, change - 1000), -3.5 * HOUR);
    assert.equal(zoneOffsetMillis(stJohns, change), -2.5 * HOUR);
    assert.equal(zoneOffsetMillis(stJohns, change - 1000), -3.5 * HOUR);
    assert.equal(zoneOffsetMillis(zoneKeyOf('+05:30'), 0), 5.5 * HOUR);
  });

  it('converts local wall clocks to instants like java.time', () => {
    const ny = zoneKeyOf('America/New_York');
    assert.equal(utcMillisFromLocal(ny, Date.UTC(2021, 0, 15, 12)), Date.UTC(2021, 0, 15, 17));
    // 02:30 on 2021-03-14 does not exist: moved forward by the gap, to 03:30 EDT.
    assert.equal(utcMillisFromLocal(ny, Date.UTC(2021, 2, 14, 2, 30)), Date.UTC(2021, 2, 14, 7, 30));
    // 01:30 on 2021-11-07 happens twice: the earlier (EDT) instant wins.
    assert.equal(utcMillisFromLocal(ny, Date.UTC(2021, 10, 7, 1, 30)), Date.UTC(2021, 10, 7, 5, 30));
    assert.equal(utcMillisFromLocal(zoneKeyOf('-08:00'), 0), 8 * HOUR);
  });
});

describe('civil dates', () => {
  it('converts epoch days to dates and back across eras', () => {
    const scratch = { year: 0, month: 0, day: 0 };
    for (let days = -800_000; days <= 3_000_000; days += 997) {
      const date = civilFromDays(days, scratch);
      assert.equal(daysFromCivil(date.year, date.month, date.day), days);
      const js = new Date(days * 86_400_000);
      if (Math.abs(days) < 100_000_000) {
        assert.equal(date.year, js.getUTCFullYear(), String(days));
        assert.equal(date.month, js.getUTCMonth() + 1);
        assert.equal(date.day, js.getUTCDate());
      }
    }
  });
});
