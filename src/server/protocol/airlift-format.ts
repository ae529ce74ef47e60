/**
 * The text formats airlift gives durations, data sizes and timestamps in Presto's JSON (protocol
 * reference §5): `2.74ms`, `6.08kB`, `2014-02-12T04:33:01.500Z`. Node records, task records and
 * query records all use them, so they live in one module; the parsers read the same forms back
 * (configuration values such as `query.max-memory=20GB` or `failure-detector.heartbeat-interval=500ms`).
 */
import { VivaceError } from '../../common/vivace-error.js';

const DURATION_UNITS: readonly (readonly [unit: string, nanos: number])[] = [
  ['ns', 1],
  ['us', 1e3],
  ['ms', 1e6],
  ['s', 1e9],
  ['m', 60e9],
  ['h', 3600e9],
  ['d', 86400e9],
];

const DATA_SIZE_UNITS: readonly (readonly [unit: string, bytes: number])[] = [
  ['B', 1],
  ['kB', 2 ** 10],
  ['MB', 2 ** 20],
  ['GB', 2 ** 30],
  ['TB', 2 ** 40],
  ['PB', 2 ** 50],
];

const MAGNITUDE_AND_UNIT = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]+)\s*$/;

/**
 * A duration in milliseconds in its most succinct unit with two decimals, as airlift's
 * `convertToMostSuccinctTimeUnit().toString()`: the largest unit whose value exceeds 0.9999
 * (the fuzz keeps 999.99995ms from printing as `1000.00ms`).
 */
export function formatDuration(milliseconds: number): string {
  const nanos = Math.max(0, milliseconds) * 1e6;
  let chosen = DURATION_UNITS[0];
  for (const unit of DURATION_UNITS) {
    if (nanos / unit[1] > 0.9999) chosen = unit;
    else break;
  }
  return `${(nanos / chosen[1]).toFixed(2)}${chosen[0]}`;
}

/**
 * A size in bytes in its most succinct 1024-based unit, as airlift's
 * `convertToMostSuccinctDataSize().toString()`: integral values print without decimals (`10MB`,
 * `0B`), others with two (`6.08kB`).
 */
export function formatDataSize(bytes: number): string {
  const value = Math.max(0, bytes);
  let chosen = DATA_SIZE_UNITS[0];
  for (const unit of DATA_SIZE_UNITS) {
    if (value / unit[1] >= 1) chosen = unit;
    else break;
  }
  const magnitude = value / chosen[1];
  return Number.isInteger(magnitude) ? `${magnitude}${chosen[0]}` : `${magnitude.toFixed(2)}${chosen[0]}`;
}

/** Epoch milliseconds as ISO-8601 in UTC with three fractional digits, e.g. `2014-02-12T04:33:01.500Z`. */
export function formatTimestamp(epochMilliseconds: number): string {
  return new Date(epochMilliseconds).toISOString();
}

function parseMagnitude(text: string, what: string): [number, string] {
  const match = MAGNITUDE_AND_UNIT.exec(text);
  if (!match) throw new VivaceError('CONFIGURATION_INVALID', `${what} is not valid: '${text}'`);
  return [Number(match[1]), match[2]];
}

/** Parses an airlift duration (`500ms`, `1.5s`, `10m`) into milliseconds. */
export function parseDuration(text: string): number {
  const [magnitude, unitName] = parseMagnitude(text, 'duration');
  const unit = DURATION_UNITS.find(([name]) => name === unitName);
  if (!unit) throw new VivaceError('CONFIGURATION_INVALID', `duration has an unknown unit: '${text}'`);
  return (magnitude * unit[1]) / 1e6;
}

/** Parses an airlift data size (`20GB`, `512kB`, `1024B`) into bytes. */
export function parseDataSize(text: string): number {
  const [magnitude, unitName] = parseMagnitude(text, 'data size');
  const unit = DATA_SIZE_UNITS.find(([name]) => name === unitName);
  if (!unit) throw new VivaceError('CONFIGURATION_INVALID', `data size has an unknown unit: '${text}'`);
  return Math.round(magnitude * unit[1]);
}
