/**
 * Splits of a tpch table: contiguous ranges of generator units (rows, or orders for lineitem) of a
 * few hundred thousand rows each, at least as many as the cluster asked for when the table is big
 * enough for that to pay, and never smaller than one page's worth of rows. Any node can generate
 * any split, so splits carry no addresses. A constraint on the table's key drops splits that
 * cannot hold a matching row.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { ConnectorSplit } from '../../spi/connector.js';
import { isTpchTableName, type TpchTableName, tpchEstimatedRowCount, tpchUnitCount } from './generator/index.js';
import type { UnitInterval } from './tpch-key-ranges.js';

/** Rows a split aims for: large enough to amortise scheduling, small enough to balance work. */
export const TARGET_ROWS_PER_SPLIT = 300_000;
/** A split smaller than about one page is not worth scheduling on its own. */
export const MIN_ROWS_PER_SPLIT = 8192;

/** The JSON form of a tpch split: units [start, end) of a table at a scale factor. */
export interface TpchSplit extends ConnectorSplit {
  readonly table: TpchTableName;
  readonly scaleFactor: number;
  readonly start: number;
  readonly end: number;
}

/** How many splits a table of `rows` rows gets when `desiredSplits` can run in parallel. */
export function tpchSplitCount(rows: number, units: number, desiredSplits: number): number {
  const wanted = Math.max(Math.ceil(rows / TARGET_ROWS_PER_SPLIT), Math.floor(desiredSplits));
  const affordable = Math.ceil(rows / MIN_ROWS_PER_SPLIT);
  return Math.max(1, Math.min(wanted, affordable, units));
}

/**
 * The splits of a table, evenly dividing its units; when `intervals` is given (the units a
 * constraint allows) only splits overlapping them are kept.
 */
export function tpchSplits(
  table: TpchTableName,
  scaleFactor: number,
  desiredSplits: number,
  intervals?: readonly UnitInterval[],
): TpchSplit[] {
  const units = tpchUnitCount(table, scaleFactor);
  const count = tpchSplitCount(tpchEstimatedRowCount(table, scaleFactor), units, desiredSplits);
  const splits: TpchSplit[] = [];
  let next = 0;
  for (let i = 0; i < count; i++) {
    // Boundaries i·units/count, computed without overflowing the exact integer range.
    const end = i === count - 1 ? units : Math.floor(((i + 1) / count) * units);
    const start = next;
    next = end;
    if (end <= start) continue;
    if (intervals !== undefined && !intervals.some((interval) => interval.start < end && interval.end > start)) {
      continue;
    }
    splits.push({ table, scaleFactor, start, end });
  }
  return splits;
}

/** Reads a split back from its JSON form, checking that it is a tpch split. */
export function asTpchSplit(split: ConnectorSplit): TpchSplit {
  const { table, scaleFactor, start, end } = split;
  if (
    typeof table !== 'string' ||
    !isTpchTableName(table) ||
    typeof scaleFactor !== 'number' ||
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    (start as number) < 0 ||
    (end as number) < (start as number)
  ) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a tpch split: ${JSON.stringify(split)}`);
  }
  return split as TpchSplit;
}
