/**
 * parse_duration (Airlift's duration syntax, read by common/units.ts, rounded to whole
 * milliseconds) and human_readable_seconds (`1 hour, 2 minutes, 42 seconds`).
 */
import { durationMilliseconds } from '../../../common/units.js';
import { invalidArgument } from '../errors.js';

/** parse_duration: whole milliseconds, halves rounded up, as Trino's interval of the Duration. */
export function durationMillis(text: string): number {
  const milliseconds = durationMilliseconds(text);
  if (milliseconds === undefined) throw invalidArgument(`duration is not a valid data duration string: ${text}`);
  return Math.floor(milliseconds + 0.5);
}

const UNITS: readonly (readonly [string, number])[] = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** Whole seconds (rounded) as weeks, days, hours, minutes and seconds, zero units left out. */
export function humanReadableSeconds(value: number): string {
  if (Number.isNaN(value) || !Number.isFinite(value)) throw invalidArgument(`Invalid argument found: ${value}`);
  let rest = Math.round(Math.abs(value));
  if (rest === 0) return '0 seconds';
  const parts: string[] = [];
  for (const [name, seconds] of UNITS) {
    const count = Math.floor(rest / seconds);
    rest -= count * seconds;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
  }
  return parts.join(', ');
}
