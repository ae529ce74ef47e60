/**
 * Data sizes and durations in Airlift's text forms (`io.airlift.units.DataSize` and `Duration`),
 * the one parser and printer for them: configuration (`query.max-memory=20GB`), catalog
 * properties (`memory.max-data-per-node=128MB`), session properties (`query_max_run_time=30m`),
 * the protocol's node, task and query records (`2.74ms`, `6.08kB`), memory-limit messages and
 * parse_duration all read and write them here, so they cannot disagree.
 *
 * The rules, decided once (as Airlift and so Trino do):
 * - a text is a non-negative decimal number, optional blanks, and a unit: `1.5GB`, `512 kB`, `10s`;
 * - units are case-sensitive: `B, kB, MB, GB, TB, PB` (powers of 1024) and `ns, us, ms, s, m, h, d`
 *   (`1gb`, `1KB` and `1S` are errors, as in Trino);
 * - a data size is a whole number of bytes, rounded to the nearest (`1.5kB` is 1536 bytes, `0.5B` is 1);
 *   a duration keeps its fraction of a millisecond (`1us` is 0.001ms); callers round as their
 *   contract says (parse_duration to whole milliseconds);
 * - printing picks the largest unit in which the value is at least one (`1536` bytes print as
 *   `1.50kB`, `1024` as `1kB`: whole values without decimals); durations always with two decimals
 *   (`2.50m`, `1.00d`), and a value a hair under a unit (999.99995ms) prints in that unit (`1.00s`).
 */
import { VivaceError } from './vivace-error.js';

/** Data-size units, smallest first, with their size in bytes. */
export const DATA_SIZE_UNITS: readonly (readonly [unit: string, bytes: number])[] = [
  ['B', 1],
  ['kB', 2 ** 10],
  ['MB', 2 ** 20],
  ['GB', 2 ** 30],
  ['TB', 2 ** 40],
  ['PB', 2 ** 50],
];

/** Duration units, smallest first, with their length in nanoseconds (whole numbers, so exact). */
export const DURATION_UNITS: readonly (readonly [unit: string, nanoseconds: number])[] = [
  ['ns', 1],
  ['us', 1e3],
  ['ms', 1e6],
  ['s', 1e9],
  ['m', 60e9],
  ['h', 3600e9],
  ['d', 86400e9],
];

const MAGNITUDE_AND_UNIT = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]+)\s*$/;

/** The text's value in the units' base (bytes, nanoseconds), or what is wrong with it. */
function magnitudeIn(
  text: string,
  units: readonly (readonly [string, number])[],
): number | 'malformed' | 'unknown unit' {
  const match = MAGNITUDE_AND_UNIT.exec(text);
  if (match === null) return 'malformed';
  const unit = units.find(([name]) => name === match[2]);
  if (unit === undefined) return 'unknown unit';
  const magnitude = Number(match[1]) * unit[1];
  return Number.isFinite(magnitude) ? magnitude : 'malformed';
}

/** Bytes of a data size such as `512MB` or `1.5GB`; undefined when the text is not one. */
export function dataSizeBytes(text: string): number | undefined {
  const bytes = magnitudeIn(text, DATA_SIZE_UNITS);
  return typeof bytes === 'number' ? Math.round(bytes) : undefined;
}

/** Milliseconds of a duration such as `500ms`, `1.5s` or `100d`; undefined when the text is not one. */
export function durationMilliseconds(text: string): number | undefined {
  const nanoseconds = magnitudeIn(text, DURATION_UNITS);
  return typeof nanoseconds === 'number' ? nanoseconds / 1e6 : undefined;
}

function invalid(what: string, problem: 'malformed' | 'unknown unit', text: string, form: string): VivaceError {
  const says = problem === 'malformed' ? 'is not valid' : 'has an unknown unit';
  return new VivaceError('CONFIGURATION_INVALID', `${what} ${says}: '${text}' (expected ${form})`);
}

/** What a data size looks like, for error messages. */
export const DATA_SIZE_FORM = 'a number and a unit B, kB, MB, GB, TB or PB, such as 512MB';
/** What a duration looks like, for error messages. */
export const DURATION_FORM = 'a number and a unit ns, us, ms, s, m, h or d, such as 30s';

/** Bytes of a configuration data size; CONFIGURATION_INVALID naming the form when it is not one. */
export function parseDataSize(text: string): number {
  const bytes = magnitudeIn(text, DATA_SIZE_UNITS);
  if (typeof bytes !== 'number') throw invalid('Data size', bytes, text, DATA_SIZE_FORM);
  return Math.round(bytes);
}

/** Nanoseconds in a millisecond (timings are taken in ms by `performance.now()` and kept in ns). */
export const NANOS_PER_MILLI = 1_000_000;

/** Milliseconds of a configuration duration; CONFIGURATION_INVALID naming the form when it is not one. */
export function parseDuration(text: string): number {
  const nanoseconds = magnitudeIn(text, DURATION_UNITS);
  if (typeof nanoseconds !== 'number') throw invalid('Duration', nanoseconds, text, DURATION_FORM);
  return nanoseconds / 1e6;
}

/**
 * Bytes in the largest unit in which they are at least one: `0B`, `17B`, `1kB`, `6.08kB`,
 * `1.50GB` (Airlift's `succinct()`); negative counts print as `0B`, an infinite one as `unlimited`.
 */
export function formatDataSize(bytes: number): string {
  if (bytes === Number.POSITIVE_INFINITY) return 'unlimited';
  const value = Math.max(0, bytes);
  let chosen = DATA_SIZE_UNITS[0];
  for (const unit of DATA_SIZE_UNITS) {
    if (value / unit[1] >= 1) chosen = unit;
    else break;
  }
  const magnitude = value / chosen[1];
  return Number.isInteger(magnitude) ? `${magnitude}${chosen[0]}` : `${magnitude.toFixed(2)}${chosen[0]}`;
}

/**
 * Milliseconds in the largest unit in which they exceed 0.9999, with two decimals: `2.74ms`,
 * `1.00s`, `2.50m` (Airlift's `convertToMostSuccinctTimeUnit()`; the fuzz keeps 999.99995ms from
 * printing as `1000.00ms`); negative durations print as `0.00ns`.
 */
export function formatDuration(milliseconds: number): string {
  // Most of a small task's durations (blocked, queued, per operator) are zero.
  if (!(milliseconds > 0)) return '0.00ns';
  const value = milliseconds * 1e6;
  let chosen = DURATION_UNITS[0];
  for (const unit of DURATION_UNITS) {
    if (value / unit[1] > 0.9999) chosen = unit;
    else break;
  }
  return `${(value / chosen[1]).toFixed(2)}${chosen[0]}`;
}
