/**
 * TPC-H's calendar: every generated date lies in 1992-01-01 .. 1998-12-31 (dbgen counts days from
 * its STARTDATE), and "today" for deciding whether a line has shipped or been received is
 * 1995-06-17 (CURRENTDATE). Dates are produced as days since 1970-01-01.
 */

import { civilFromDays } from '../../../common/civil-calendar.js';

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
  const { year, month, day } = civilFromDays(epochDay);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}
