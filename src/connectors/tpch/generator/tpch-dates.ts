/**
 * TPC-H's calendar: every generated date lies in 1992-01-01 .. 1998-12-31 (dbgen counts days from
 * its STARTDATE), and "today" for deciding whether a line has shipped or been received is
 * 1995-06-17 (CURRENTDATE). Dates are produced as days since 1970-01-01.
 */

/** 1992-01-01 as days since 1970-01-01. */
export const START_EPOCH_DAY = 8035;
/** Number of days dbgen can generate (TOTDATE). */
export const TOTAL_DATE_DAYS = 2557;
/** 1995-06-17: lines shipped (received) on or before it are shipped (returnable). */
export const CURRENT_EPOCH_DAY = 9298;

/** Order dates leave room for the latest ship (121 days later) and receipt (30 more) dates. */
export const ORDER_DATE_MAX_OFFSET = TOTAL_DATE_DAYS - (121 + 30) - 1;

/** Formats days since 1970-01-01 as YYYY-MM-DD (proleptic Gregorian). */
export function formatEpochDay(epochDay: number): string {
  // Shift to a calendar whose years start on March 1st so that February's length only affects
  // the last day of the year; 719468 is the day number of 1970-01-01 counted from 0000-03-01.
  const days = epochDay + 719_468;
  const era = Math.floor(days / 146_097);
  const dayOfEra = days - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}
