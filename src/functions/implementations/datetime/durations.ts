/**
 * parse_duration (airlift Duration syntax: a decimal number and a unit ns, us, ms, s, m, h or d,
 * rounded to whole milliseconds) and human_readable_seconds (`1 hour, 2 minutes, 42 seconds`).
 */
import { invalidArgument } from '../errors.js';

const UNIT_MILLIS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const DURATION = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]+)\s*$/;

export function durationMillis(text: string): number {
  const m = DURATION.exec(text);
  const unit = m === null ? undefined : UNIT_MILLIS[m[2]];
  if (m === null || unit === undefined) {
    throw invalidArgument(`duration is not a valid data duration string: ${text}`);
  }
  return Math.floor(Number(m[1]) * unit + 0.5);
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
