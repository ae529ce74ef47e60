/**
 * Time zones for the date/time functions, on top of the process-wide zone registry of the data
 * layer (src/data/time-zones.ts: Presto's zone-id normalisation, fixed offsets, IANA zones through
 * Intl with offsets cached per zone and hour). Here: canonical ids, the offset of a zone at an
 * instant, local wall clock ↔ UTC, and offset text.
 */
import {
  formatOffset,
  utcMillisFromLocal,
  zoneIdOf,
  zoneKeyForOffsetMinutes,
  zoneKeyOf,
  zoneOffsetMillis,
} from '../../../data/time-zones.js';

/** The canonical id of a zone (`UTC` for its aliases, `+05:30` for offsets); throws for an unknown zone. */
export function canonicalZone(zone: string): string {
  return zoneIdOf(zoneKeyOf(zone));
}

/** Milliseconds to add to a UTC instant to get the wall clock of `zone`. */
export function offsetMillisAt(zone: string, utcMillis: number): number {
  return zoneOffsetMillis(zoneKeyOf(zone), utcMillis);
}

/** The wall clock of `zone` at a UTC instant, as epoch millis of that wall clock. */
export function toLocalMillis(zone: string, utcMillis: number): number {
  return utcMillis + zoneOffsetMillis(zoneKeyOf(zone), utcMillis);
}

/** The UTC instant of a wall clock in `zone` (gaps move later, overlaps take the earlier instant). */
export function fromLocalMillis(zone: string, localMillis: number): number {
  return utcMillisFromLocal(zoneKeyOf(zone), localMillis);
}

/** `+05:30`-style text for an offset in minutes. */
export function offsetText(offsetMinutes: number): string {
  return formatOffset(offsetMinutes);
}

/** The canonical zone id of a fixed offset in minutes (`UTC` for 0); INVALID_FUNCTION_ARGUMENT beyond ±14:00. */
export function zoneForOffsetMinutes(offsetMinutes: number): string {
  return zoneIdOf(zoneKeyForOffsetMinutes(offsetMinutes));
}
