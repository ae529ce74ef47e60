/**
 * The function library as the execution layer sees it: scalar implementations by signature id,
 * casts by (from, to), value equality and ordering per type, LIKE matchers, and the session-time
 * special forms. One instance per process; it caches what it builds.
 */
import { VivaceError } from '../../common/vivace-error.js';
import { zoneOffsetMillis as offsetOfZoneKey, zoneIdOf, zoneKeyOf } from '../../data/time-zones.js';
import {
  castImplementation,
  comparatorOf,
  distinctnessOf,
  equalityOf,
  likeMatcher,
  type ScalarImplementation,
  scalarImplementations,
} from '../../functions/implementations/index.js';
import type { Type } from '../../types/type.js';

export interface SessionContext {
  /** IANA zone id or offset (`UTC`, `Europe/Berlin`, `+05:30`). */
  readonly timeZone: string;
  /** Query start, epoch milliseconds: CURRENT_TIMESTAMP is constant within a query. */
  readonly startTime: number;
}

export interface ScalarCallContext {
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  readonly session: SessionContext;
}

export type CastImplementation = (value: unknown, context: ScalarCallContext) => unknown;

export class EngineFunctions {
  private readonly scalars = scalarImplementations();

  scalar(id: string): ScalarImplementation {
    const implementation = this.scalars.get(id);
    if (!implementation) {
      throw new VivaceError('FUNCTION_IMPLEMENTATION_MISSING', `Function implementation missing: ${id}`);
    }
    return implementation;
  }

  cast(from: Type, to: Type): CastImplementation {
    return castImplementation(from, to) as CastImplementation;
  }

  /** SQL `=` of two non-NULL values: NULL when nested NULLs leave it undecided. */
  equals(type: Type, a: unknown, b: unknown): boolean | null {
    return equalityOf(type)(a, b);
  }

  /** IS DISTINCT FROM, NULLs included. */
  distinct(type: Type, a: unknown, b: unknown): boolean {
    return distinctnessOf(type)(a, b);
  }

  compare(type: Type, a: unknown, b: unknown): number {
    return comparatorOf(type)(a, b);
  }

  like(pattern: string, escapeCharacter?: string): (value: string) => boolean {
    return likeMatcher(pattern, escapeCharacter);
  }

  /** CURRENT_DATE and friends, in the session's zone at the query's start. */
  currentTime(form: string, type: Type, session: SessionContext): unknown {
    const offsetMillis = zoneOffsetMillis(session.timeZone, session.startTime);
    const local = session.startTime + offsetMillis;
    const precision = 'precision' in type ? type.precision : 3;
    const scale = precision <= 3 ? 1 : 1000;
    switch (form) {
      case 'CURRENT_DATE':
        return Math.floor(local / 86_400_000);
      case 'CURRENT_TIMESTAMP':
        return { millis: session.startTime, zone: session.timeZone };
      case 'CURRENT_TIME':
        return { millis: mod(local, 86_400_000), zone: formatOffset(offsetMillis) };
      case 'LOCALTIMESTAMP':
        return local * scale;
      case 'LOCALTIME':
        return mod(local, 86_400_000) * scale;
      default:
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unknown time function ${form}`);
    }
  }

  /** `value AT TIME ZONE zone`: the same instant, shown in another zone. */
  atTimeZone(value: unknown, zone: unknown, zoneType: Type): unknown {
    const instant = value as { millis: number; zone: string };
    if (zoneType.kind === 'interval day to second') {
      return { millis: instant.millis, zone: formatOffset(zone as number) };
    }
    // Canonical id (`utc` → `UTC`); an unknown zone is an error here.
    return { millis: instant.millis, zone: zoneIdOf(zoneKeyOf(String(zone))) };
  }
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** The UTC offset of a zone at an instant, in milliseconds. */
export function zoneOffsetMillis(zone: string, epochMillis: number): number {
  return offsetOfZoneKey(zoneKeyOf(zone), epochMillis);
}

export function formatOffset(millis: number): string {
  const sign = millis < 0 ? '-' : '+';
  const minutes = Math.abs(Math.round(millis / 60_000));
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
