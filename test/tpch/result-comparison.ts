/**
 * Compares a query's rows from Vivace with DuckDB's: values normalised (numbers, dates as text,
 * DuckDB decimals as doubles), doubles equal within a relative 1e-6 (sums of money over millions
 * of rows differ in the last digits with summation order), rows compared in order and, where
 * ties leave the order open, as sorted sets.
 */
import { pageToJsonRows } from '../../src/data/json-values.js';
import type { QuerySession } from '../../src/server/protocol/query-state.js';
import type { QueryExecution } from '../../src/server/query/query-execution.js';

/** Normalises a value from either engine for comparison: numbers, strings, dates as text. */
export function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && value !== null && 'days' in value) {
    return new Date((value as { days: number }).days * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof value === 'object' && value !== null && 'toDouble' in value)
    return (value as { toDouble(): number }).toDouble();
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return Number(value);
  return value;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  }
  return a === b;
}

/** Our rows of a finished query, normalised. */
export function vivaceRows(query: QueryExecution): unknown[][] {
  const types = query.columns!.map((c) => c.type);
  const rows: unknown[][] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) {
    for (const row of pageToJsonRows(page, types)) rows.push(row.map(normalise));
  }
  return rows;
}

/** Why the two row lists differ, or undefined when they agree. */
export function compareRows(ours: readonly unknown[][], expected: readonly unknown[][]): string | undefined {
  if (ours.length !== expected.length) return `row count ${ours.length}, expected ${expected.length}`;
  const ordered = ours.every((row, i) => row.every((v, j) => sameValue(v, expected[i]![j])));
  if (ordered) return undefined;
  // TPC-H queries are ordered except where ties remain; compare as sorted sets then.
  const key = (row: readonly unknown[]) =>
    JSON.stringify(row.map((v) => (typeof v === 'number' ? v.toPrecision(8) : v)));
  const a = [...ours].map(key).sort();
  const b = [...expected].map(key).sort();
  const first = a.findIndex((k, i) => k !== b[i]);
  return first < 0 ? undefined : `first differing row (sorted): ${a[first]} vs expected ${b[first]}`;
}

/** Why rows a cluster returned over HTTP differ from the in-process engine's for `sql` at tiny, or undefined. */
export async function differenceFromInProcess(
  local: { execute(sql: string, session: QuerySession): Promise<QueryExecution> },
  sql: string,
  rows: readonly unknown[][],
): Promise<string | undefined> {
  const expected = await local.execute(sql, {
    user: 'test',
    catalog: 'tpch',
    schema: 'tiny',
    timeZone: 'UTC',
    properties: {},
  });
  if (expected.error) throw expected.error;
  return compareRows(
    rows.map((row) => row.map(normalise)),
    vivaceRows(expected),
  );
}
