/** The airlift text formats of durations, data sizes and timestamps, and their parsers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatDataSize,
  formatDuration,
  formatTimestamp,
  parseDataSize,
  parseDuration,
} from '../../../src/server/protocol/airlift-format.js';

describe('airlift formats', () => {
  it('formats durations in the most succinct unit with two decimals', () => {
    assert.equal(formatDuration(2.74), '2.74ms');
    assert.equal(formatDuration(0), '0.00ns');
    assert.equal(formatDuration(-3), '0.00ns');
    assert.equal(formatDuration(Number.NaN), '0.00ns');
    assert.equal(formatDuration(0.0005), '500.00ns');
    assert.equal(formatDuration(0.25), '250.00us');
    assert.equal(formatDuration(1520), '1.52s');
    assert.equal(formatDuration(192_000), '3.20m');
    assert.equal(formatDuration(2 * 3600_000), '2.00h');
    assert.equal(formatDuration(3 * 86400_000), '3.00d');
    // The fuzz: 999.99995 ms is a second, as in airlift.
    assert.equal(formatDuration(999.99995), '1.00s');
  });

  it('formats data sizes in 1024-based units, integral values without decimals', () => {
    assert.equal(formatDataSize(0), '0B');
    assert.equal(formatDataSize(1000), '1000B');
    assert.equal(formatDataSize(6226), '6.08kB');
    assert.equal(formatDataSize(10 * 2 ** 20), '10MB');
    assert.equal(formatDataSize(1.5 * 2 ** 30), '1.50GB');
    assert.equal(formatDataSize(2 ** 50), '1PB');
  });

  it('formats timestamps as UTC ISO-8601 with milliseconds', () => {
    assert.equal(formatTimestamp(Date.UTC(2014, 1, 12, 4, 33, 1, 500)), '2014-02-12T04:33:01.500Z');
    // The same instant again (kept), then another: each its own text.
    assert.equal(formatTimestamp(Date.UTC(2014, 1, 12, 4, 33, 1, 500)), '2014-02-12T04:33:01.500Z');
    assert.equal(formatTimestamp(Date.UTC(2014, 1, 12, 4, 33, 1, 501)), '2014-02-12T04:33:01.501Z');
    assert.throws(() => formatTimestamp(Number.NaN), RangeError);
  });

  it('parses what it formats and rejects malformed values', () => {
    assert.equal(parseDuration('500ms'), 500);
    assert.equal(parseDuration('1.5s'), 1500);
    assert.equal(parseDuration(' 10m '), 600_000);
    assert.equal(parseDataSize('20GB'), 20 * 2 ** 30);
    assert.equal(parseDataSize('512kB'), 512 * 1024);
    assert.throws(() => parseDuration('5 parsecs'), /unknown unit/);
    assert.throws(() => parseDuration('-1s'), /not valid/);
    assert.throws(() => parseDataSize('10mb'), /unknown unit/);
  });
});
