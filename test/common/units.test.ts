/**
 * The one reader and printer of Airlift data sizes and durations: what it accepts (case-sensitive
 * units, blanks, decimals), how it rounds, that printing and parsing round-trip, and that errors
 * say what was wrong and what was expected.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dataSizeBytes,
  durationMilliseconds,
  formatDataSize,
  formatDuration,
  parseDataSize,
  parseDuration,
} from '../../src/common/units.js';
import { VivaceError } from '../../src/common/vivace-error.js';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('data sizes', () => {
  it('reads every unit as a power of 1024, with blanks and decimals', () => {
    assert.equal(dataSizeBytes('17B'), 17);
    assert.equal(dataSizeBytes('512kB'), 512 * KB);
    assert.equal(dataSizeBytes(' 512 MB '), 512 * MB);
    assert.equal(dataSizeBytes('1.5GB'), 1.5 * GB);
    assert.equal(dataSizeBytes('2TB'), 2 * 1024 * GB);
    assert.equal(dataSizeBytes('1PB'), 2 ** 50);
  });

  it('rounds to the nearest whole byte', () => {
    assert.equal(dataSizeBytes('1.5B'), 2);
    assert.equal(dataSizeBytes('0.4B'), 0);
    assert.equal(dataSizeBytes('0.001kB'), 1);
  });

  it('is case-sensitive on units, as Trino is, and rejects what is not a size', () => {
    for (const text of ['1gb', '1KB', '1Mb', '10', 'MB', '-1MB', '.5MB', '1e3MB', '1 MiB', 'lots', '1constructor']) {
      assert.equal(dataSizeBytes(text), undefined, text);
    }
  });

  it('prints in the largest unit of at least one, whole values without decimals', () => {
    assert.equal(formatDataSize(0), '0B');
    assert.equal(formatDataSize(17), '17B');
    assert.equal(formatDataSize(1023), '1023B');
    assert.equal(formatDataSize(1024), '1kB');
    assert.equal(formatDataSize(6226), '6.08kB');
    assert.equal(formatDataSize(1.5 * GB), '1.50GB');
    assert.equal(formatDataSize(2 ** 50), '1PB');
    assert.equal(formatDataSize(2 ** 60), '1024PB');
    assert.equal(formatDataSize(-5), '0B');
    assert.equal(formatDataSize(Number.POSITIVE_INFINITY), 'unlimited');
  });

  it('reads back what it prints (to the printed precision)', () => {
    for (const bytes of [0, 1, 1000, 1024, 6226, 10 * MB, 1.5 * GB, 3 * 2 ** 50]) {
      const printed = formatDataSize(bytes);
      const read = parseDataSize(printed);
      assert.ok(Math.abs(read - bytes) <= bytes * 0.005, `${bytes} -> ${printed} -> ${read}`);
      assert.equal(formatDataSize(read), printed);
    }
  });

  it('says what is wrong and what a size looks like', () => {
    assert.throws(
      () => parseDataSize('10mb'),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'CONFIGURATION_INVALID' &&
        e.message ===
          "Data size has an unknown unit: '10mb' (expected a number and a unit B, kB, MB, GB, TB or PB, such as 512MB)",
    );
    assert.throws(() => parseDataSize('-1MB'), /Data size is not valid: '-1MB'/);
  });
});

describe('durations', () => {
  it('reads every unit into milliseconds, keeping fractions', () => {
    assert.equal(durationMilliseconds('500ns'), 0.0005);
    assert.equal(durationMilliseconds('250us'), 0.25);
    assert.equal(durationMilliseconds('500ms'), 500);
    assert.equal(durationMilliseconds(' 1.5 s '), 1500);
    assert.equal(durationMilliseconds('2.50m'), 150_000);
    assert.equal(durationMilliseconds('2h'), 7_200_000);
    assert.equal(durationMilliseconds('100d'), 8_640_000_000);
  });

  it('is case-sensitive on units and rejects what is not a duration', () => {
    for (const text of ['10S', '1MS', '1H', '10', 's', '-1s', '1 sec', '1constructor', '1toString']) {
      assert.equal(durationMilliseconds(text), undefined, text);
    }
  });

  it('prints with two decimals in the largest unit the value exceeds', () => {
    assert.equal(formatDuration(0), '0.00ns');
    assert.equal(formatDuration(0.0005), '500.00ns');
    assert.equal(formatDuration(2.74), '2.74ms');
    assert.equal(formatDuration(1520), '1.52s');
    assert.equal(formatDuration(150_000), '2.50m');
    assert.equal(formatDuration(86_400_000), '1.00d');
    assert.equal(formatDuration(999.99995), '1.00s');
    assert.equal(formatDuration(-1), '0.00ns');
  });

  it('reads back what it prints (to the printed precision)', () => {
    for (const ms of [0.0005, 0.25, 2.74, 1520, 150_000, 7_200_000, 86_400_000]) {
      const printed = formatDuration(ms);
      assert.equal(formatDuration(parseDuration(printed)), printed, `${ms} -> ${printed}`);
    }
  });

  it('says what is wrong and what a duration looks like', () => {
    assert.throws(
      () => parseDuration('5 parsecs'),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'CONFIGURATION_INVALID' &&
        e.message ===
          "Duration has an unknown unit: '5 parsecs' (expected a number and a unit ns, us, ms, s, m, h or d, such as 30s)",
    );
    assert.throws(() => parseDuration('-1s'), /Duration is not valid: '-1s'/);
  });
});
