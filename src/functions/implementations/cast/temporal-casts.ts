/**
 * Casts among date, time, time with time zone, timestamp and timestamp with time zone, with
 * precision changes rounded HALF_UP. The session supplies what a value lacks: its zone turns
 * wall clocks into instants (timestamp → timestamp with time zone) and its current date completes a
 * time into a timestamp; time with time zone takes the session zone's offset at the query start.
 */

import { fail } from '../../../common/invariant.js';
import type { TemporalType, Type } from '../../../types/type.js';
import { floorDiv, MILLIS_PER_DAY } from '../datetime/calendar.js';
import {
  roundInstant,
  timeOf,
  timeParts,
  timestampOf,
  timestampParts,
  type ZonedTimestamp,
  zonedTimeOf,
  zonedTimestampOf,
} from '../datetime/temporal-values.js';
import { canonicalZone, fromLocalMillis, toLocalMillis } from '../datetime/time-zone.js';
import { timeWithZoneUtcMillis } from '../datetime/wall-clock.js';
import type { CallContext } from '../implementation-types.js';
import { offsetMinutesOf } from '../value-comparison.js';
import { type ContextCast, fixedOffsetZone } from './varchar-casts.js';

/** A value reduced to what every conversion needs: local wall clock, picos, and the UTC instant if known. */
interface Moment {
  readonly local: number;
  readonly picos: number;
  /** The zone the value is in (undefined for date, time and timestamp). */
  readonly zone: string | undefined;
  /** The UTC instant for zoned values. */
  readonly utc: number | undefined;
  /** True for time and time with time zone: the date part must come from the session. */
  readonly timeOnly: boolean;
}

function sessionDateMillis(ctx: CallContext): number {
  const local = toLocalMillis(canonicalZone(ctx.session.timeZone), ctx.session.startTime);
  return floorDiv(local, MILLIS_PER_DAY) * MILLIS_PER_DAY;
}

function read(value: unknown, type: TemporalType | Type): Moment {
  switch (type.kind) {
    case 'date':
      return { local: (value as number) * MILLIS_PER_DAY, picos: 0, zone: undefined, utc: undefined, timeOnly: false };
    case 'timestamp': {
      const { millis, picos } = timestampParts(value, type.precision);
      return { local: millis, picos, zone: undefined, utc: undefined, timeOnly: false };
    }
    case 'timestamp with time zone': {
      const zoned = value as ZonedTimestamp;
      return {
        local: toLocalMillis(zoned.zone, zoned.millis),
        picos: zoned.picos ?? 0,
        zone: zoned.zone,
        utc: zoned.millis,
        timeOnly: false,
      };
    }
    case 'time': {
      const { millis, picos } = timeParts(value as number, type.precision);
      return { local: millis, picos, zone: undefined, utc: undefined, timeOnly: true };
    }
    default: {
      const zoned = value as ZonedTimestamp;
      return {
        local: zoned.millis,
        picos: zoned.picos ?? 0,
        zone: zoned.zone,
        utc: timeWithZoneUtcMillis(zoned),
        timeOnly: true,
      };
    }
  }
}

function isTemporalKind(kind: string): boolean {
  return (
    kind === 'date' ||
    kind === 'time' ||
    kind === 'time with time zone' ||
    kind === 'timestamp' ||
    kind === 'timestamp with time zone'
  );
}

/** A cast between two date/time types, or undefined when either is not one. */
export function temporalCast(from: Type, to: Type): ContextCast | undefined {
  if (!isTemporalKind(from.kind) || !isTemporalKind(to.kind)) return undefined;
  const precision = (to as TemporalType).precision ?? 0;
  return (value, ctx) => {
    const m = read(value, from);
    switch (to.kind) {
      case 'date':
        return floorDiv(m.local, MILLIS_PER_DAY);
      case 'time':
        return timeOf(m.local, m.picos, precision);
      case 'time with time zone': {
        if (m.zone !== undefined && from.kind === 'time with time zone') {
          return zonedTimeOf(m.local, m.picos, m.zone, precision);
        }
        const zone = m.zone ?? ctx.session.timeZone;
        const at = m.utc ?? (m.timeOnly ? ctx.session.startTime : fromLocalMillis(canonicalZone(zone), m.local));
        return zonedTimeOf(m.local, m.picos, fixedOffsetZone(zone, at), precision);
      }
      case 'timestamp': {
        const local = m.timeOnly ? sessionDateMillis(ctx) + m.local : m.local;
        return timestampOf(local, m.picos, precision);
      }
      default: {
        // timestamp with time zone
        if (m.utc !== undefined && !m.timeOnly)
          return zonedTimestampOf(m.utc, m.picos, m.zone ?? fail('text with an instant names its zone'), precision);
        if (m.timeOnly && m.zone !== undefined) {
          // time with time zone: the session's date at the value's fixed offset.
          const local = sessionDateMillis(ctx) + m.local;
          const zone = canonicalZone(m.zone);
          return zonedTimestampOf(local - offsetMinutesOf(m.zone) * 60_000, m.picos, zone, precision);
        }
        const zone = canonicalZone(ctx.session.timeZone);
        const local = m.timeOnly ? sessionDateMillis(ctx) + m.local : m.local;
        const rounded = roundInstant(local, m.picos, precision);
        return zonedTimestampOf(fromLocalMillis(zone, rounded.millis), rounded.picos, zone, precision);
      }
    }
  };
}
