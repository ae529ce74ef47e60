/**
 * The time zone registry behind the `zones: Int16Array` of timestamptz blocks. A zone key is a small
 * integer naming a zone within this process: 0 is always UTC, every other zone (a fixed offset such as
 * `+05:30`, or an IANA name such as `America/New_York`) gets the next free key the first time it is
 * seen. Keys are NOT stable across processes: the page serde sends the zone id text of the keys a block
 * uses and the receiver maps them to its own keys.
 *
 * Zone ids are normalised as Presto does: the UTC aliases (`Z`, `GMT`, `UT`, `Etc/UTC`, `+00:00`, ...)
 * are UTC; offsets in any of the forms `+H`, `+HH`, `+HHMM`, `+HH:MM`, optionally after `UTC`, `GMT`,
 * `UT` or `Etc/GMT` (whose sign is inverted, POSIX style) become `+HH:MM` within ±14:00; other names
 * must be IANA zones known to the runtime's Intl. Offsets of IANA zones come from Intl and are cached
 * per zone and UTC hour.
 */
import { VivaceError } from '../common/vivace-error.js';

export const UTC_ZONE_KEY = 0;
/** Zone keys are stored in an Int16Array. */
const MAX_ZONE_KEY = 32767;
const MAX_OFFSET_MINUTES = 14 * 60;
const MILLIS_PER_MINUTE = 60_000;
const MILLIS_PER_HOUR = 3_600_000;
const MILLIS_PER_DAY = 86_400_000;
/** The instants Intl (like Date) can format. */
const MAX_DATE_MILLIS = 8.64e15;
const OFFSET_CACHE_LIMIT = 65_536;

const UTC_ALIASES = new Set(
  [
    'utc',
    'z',
    'zulu',
    'gmt',
    'gmt0',
    'ut',
    'uct',
    'greenwich',
    'universal',
    'etc/utc',
    'etc/gmt',
    'etc/gmt0',
    'etc/ut',
    'etc/uct',
    'etc/universal',
    'etc/greenwich',
    'etc/zulu',
  ].map((s) => s.toLowerCase()),
);
const OFFSET_PREFIXES = ['etc/gmt', 'etc/utc', 'etc/ut', 'utc', 'gmt', 'ut'];

interface ZoneEntry {
  readonly id: string;
  /** Defined for UTC and fixed-offset zones. */
  readonly fixedOffsetMinutes: number | undefined;
  formatter: Intl.DateTimeFormat | undefined;
  /** UTC hour → offset in ms, or NaN when the offset changes within that hour. */
  readonly offsetByHour: Map<number, number>;
}

const zones: ZoneEntry[] = [{ id: 'UTC', fixedOffsetMinutes: 0, formatter: undefined, offsetByHour: new Map() }];
const keyById = new Map<string, number>([['UTC', UTC_ZONE_KEY]]);

/** The key of a zone id, registering the zone on first use. Throws for an unknown zone. */
export function zoneKeyOf(zoneId: string): number {
  const known = keyById.get(zoneId);
  if (known !== undefined) return known;
  const key = registerZone(zoneId);
  keyById.set(zoneId, key);
  return key;
}

/** The key of the fixed-offset zone `offsetMinutes` east of UTC (0 → UTC). */
export function zoneKeyForOffsetMinutes(offsetMinutes: number): number {
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new VivaceError('INVALID_FUNCTION_ARGUMENT', `Invalid offset minutes ${offsetMinutes}`);
  }
  return offsetMinutes === 0 ? UTC_ZONE_KEY : zoneKeyOf(formatOffset(offsetMinutes));
}

/** The canonical id of a registered key (`UTC`, `+05:30`, `America/New_York`). */
export function zoneIdOf(zoneKey: number): string {
  return entryOf(zoneKey).id;
}

/** Whether `zoneKey` was handed out by this registry. */
export function isValidZoneKey(zoneKey: number): boolean {
  return Number.isInteger(zoneKey) && zoneKey >= 0 && zoneKey < zones.length;
}

/** The offset of a fixed-offset zone (UTC included) in minutes, undefined for region zones. */
export function fixedOffsetMinutesOf(zoneKey: number): number | undefined {
  return entryOf(zoneKey).fixedOffsetMinutes;
}

/** Milliseconds to add to the UTC instant `utcMillis` to get the local wall clock of the zone. */
export function zoneOffsetMillis(zoneKey: number, utcMillis: number): number {
  const entry = entryOf(zoneKey);
  if (entry.fixedOffsetMinutes !== undefined) return entry.fixedOffsetMinutes * MILLIS_PER_MINUTE;
  const hour = Math.floor(utcMillis / MILLIS_PER_HOUR);
  let offset = entry.offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * MILLIS_PER_HOUR;
    const atStart = intlOffsetMillis(entry, start);
    const atEnd = intlOffsetMillis(entry, start + MILLIS_PER_HOUR - 1);
    offset = atStart === atEnd ? atStart : Number.NaN;
    if (entry.offsetByHour.size >= OFFSET_CACHE_LIMIT) entry.offsetByHour.clear();
    entry.offsetByHour.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffsetMillis(entry, utcMillis) : offset;
}

/**
 * The UTC instant of the wall clock `localMillis` in the zone. Like java.time: in an overlap (clocks
 * set back) the earlier instant wins; in a gap (clocks set forward) the time is moved later by the
 * length of the gap.
 */
export function utcMillisFromLocal(zoneKey: number, localMillis: number): number {
  const before = zoneOffsetMillis(zoneKey, localMillis - MILLIS_PER_DAY);
  const after = zoneOffsetMillis(zoneKey, localMillis + MILLIS_PER_DAY);
  const withBefore = localMillis - before;
  if (before === after) return withBefore;
  const withAfter = localMillis - after;
  const beforeValid = zoneOffsetMillis(zoneKey, withBefore) === before;
  const afterValid = zoneOffsetMillis(zoneKey, withAfter) === after;
  if (beforeValid && afterValid) return Math.min(withBefore, withAfter);
  if (afterValid) return withAfter;
  return withBefore;
}

/** `+05:30` / `-08:00` for an offset in minutes. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  return `${sign}${hours < 10 ? '0' : ''}${hours}:${minutes < 10 ? '0' : ''}${minutes}`;
}

function entryOf(zoneKey: number): ZoneEntry {
  const entry = zones[zoneKey];
  if (entry === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unknown time zone key ${zoneKey}`);
  return entry;
}

function registerZone(zoneId: string): number {
  const lower = zoneId.toLowerCase();
  if (UTC_ALIASES.has(lower)) return UTC_ZONE_KEY;
  const offset = parseOffsetZone(lower);
  if (offset !== undefined) {
    if (offset === 0) return UTC_ZONE_KEY;
    return addZone(formatOffset(offset), offset, undefined);
  }
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = createFormatter(zoneId);
  } catch {
    throw new VivaceError('INVALID_FUNCTION_ARGUMENT', `Time zone not supported: ${zoneId}`);
  }
  const resolved = formatter.resolvedOptions().timeZone;
  if (UTC_ALIASES.has(resolved.toLowerCase())) return UTC_ZONE_KEY;
  // Keep the caller's spelling (Asia/Kolkata stays, although ICU resolves it to Asia/Calcutta), but
  // take the runtime's capitalisation when only the case differs.
  const id = resolved.toLowerCase() === lower ? resolved : zoneId;
  return addZone(id, undefined, formatter);
}

function addZone(id: string, fixedOffsetMinutes: number | undefined, formatter: Intl.DateTimeFormat | undefined) {
  const existing = keyById.get(id);
  if (existing !== undefined) return existing;
  if (zones.length > MAX_ZONE_KEY) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Too many distinct time zones (${zones.length})`);
  }
  zones.push({ id, fixedOffsetMinutes, formatter, offsetByHour: new Map() });
  const key = zones.length - 1;
  keyById.set(id, key);
  return key;
}

/** Minutes east of UTC for the offset forms, undefined when `lower` is not an offset. */
function parseOffsetZone(lower: string): number | undefined {
  let rest = lower;
  let invert = false;
  for (const prefix of OFFSET_PREFIXES) {
    if (lower.startsWith(prefix)) {
      rest = lower.slice(prefix.length);
      invert = prefix === 'etc/gmt';
      break;
    }
  }
  const sign = rest.charCodeAt(0);
  if (sign !== 43 /* + */ && sign !== 45 /* - */) return undefined;
  const digits = rest.slice(1);
  let hours: number;
  let minutes = 0;
  const colon = digits.indexOf(':');
  if (colon >= 0) {
    if (colon < 1 || colon > 2 || digits.length - colon - 1 !== 2) return undefined;
    hours = parseDigits(digits.slice(0, colon));
    minutes = parseDigits(digits.slice(colon + 1));
  } else if (digits.length === 1 || digits.length === 2) {
    hours = parseDigits(digits);
  } else if (digits.length === 4) {
    hours = parseDigits(digits.slice(0, 2));
    minutes = parseDigits(digits.slice(2));
  } else {
    return undefined;
  }
  if (Number.isNaN(hours) || Number.isNaN(minutes) || minutes > 59) return undefined;
  let total = hours * 60 + minutes;
  if ((sign === 45) !== invert) total = -total;
  if (Math.abs(total) > MAX_OFFSET_MINUTES) {
    throw new VivaceError('INVALID_FUNCTION_ARGUMENT', `Time zone not supported: ${lower}`);
  }
  return total === 0 ? 0 : total;
}

function parseDigits(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return text.length === 0 ? Number.NaN : value;
}

function createFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** The zone's offset at `utcMillis` computed by Intl (whole seconds, as the tz database has them). */
function intlOffsetMillis(entry: ZoneEntry, utcMillis: number): number {
  entry.formatter ??= createFormatter(entry.id);
  const instant = Math.max(-MAX_DATE_MILLIS, Math.min(MAX_DATE_MILLIS, Math.floor(utcMillis / 1000) * 1000));
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let beforeChrist = false;
  for (const part of entry.formatter.formatToParts(instant)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        beforeChrist = part.value.startsWith('B');
        break;
    }
  }
  const local = new Date(0);
  local.setUTCFullYear(beforeChrist ? 1 - year : year, month - 1, day);
  local.setUTCHours(hour, minute, second, 0);
  return local.getTime() - instant;
}
