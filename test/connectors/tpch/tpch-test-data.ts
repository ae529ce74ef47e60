/**
 * Reference data for the TPC-H generator tests, copied from dbgen 2.14.0's output: the line count
 * and sha256 of every table's `.tbl` file at SF 0.01 and SF 1, and the first and last three lines
 * of every table at SF 1, and a few rows at SF 1 by row index (suppliers whose comment carries a
 * "Customer Complaints/Recommends" review). Paths are relative to the project root (the tests' working directory).
 */
import { readFileSync } from 'node:fs';

export interface TableChecksum {
  readonly rows: number;
  readonly sha256: string;
}

export interface TableSample {
  readonly first: readonly string[];
  readonly last: readonly string[];
}

const DATA_DIR = 'test/connectors/tpch/data';

/** Checksums by scale factor ('0.01', '1') and table. */
export function loadChecksums(): Readonly<Record<string, Readonly<Record<string, TableChecksum>>>> {
  return JSON.parse(readFileSync(`${DATA_DIR}/tpch-checksums.json`, 'utf8'));
}

/** First and last three `.tbl` lines of each table at SF 1. */
export function loadSf1Samples(): Readonly<Record<string, TableSample>> {
  return JSON.parse(readFileSync(`${DATA_DIR}/tpch-sf1-rows.json`, 'utf8'));
}

/** Individual `.tbl` lines at SF 1 by table and 0-based row index. */
export function loadSf1RowsByIndex(): Readonly<Record<string, Readonly<Record<string, string>>>> {
  return JSON.parse(readFileSync(`${DATA_DIR}/tpch-sf1-rows-by-index.json`, 'utf8'));
}
