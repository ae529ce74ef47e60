/**
 * The proleptic Gregorian calendar on day numbers counted from 1970-01-01 (ISO chronology, as
 * java.time and Trino use): civil date ↔ day number for any year, with Howard Hinnant's
 * algorithm, which shifts to years that start on March 1st so that February's length only affects
 * the last day of a year (719,468 is 1970-01-01 counted from 0000-03-01). The one copy of this
 * arithmetic: value formatting (`data/`), the date functions and the tpch generator use it.
 */

/** Year, month (1..12) and day (1..31). */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The civil date of a day number. Pass `out` to fill an existing object (hot loops that format
 * many dates allocate nothing); without it a new object is returned.
 */
export function civilFromDays(days: number, out: CivilDate = { year: 0, month: 0, day: 0 }): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  out.day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  out.month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  out.year = yearOfEra + era * 400 + (out.month <= 2 ? 1 : 0);
  return out;
}

/** The day number of a civil date (inverse of civilFromDays; month 1..12, day 1..31, not validated). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
