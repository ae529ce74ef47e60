/**
 * A DuckDB database holding the TPC-H tables exactly as our tpch connector generates them, to
 * check our answers against another engine on the same data. Tables are loaded through DuckDB's
 * appender from the generator's columns (no text round trip).
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { GeneratedColumn } from '../../src/connectors/tpch/generator/generated-column.js';
import {
  generateTpchColumns,
  TPCH_TABLES,
  tpchOrderCount,
  tpchRowCount,
} from '../../src/connectors/tpch/generator/index.js';

const BATCH = 50_000;

function duckType(signature: string): string {
  if (signature === 'bigint' || signature === 'integer' || signature === 'double' || signature === 'date') {
    return signature.toUpperCase();
  }
  return 'VARCHAR';
}

function valueAt(column: GeneratedColumn, row: number): number | string {
  switch (column.kind) {
    case 'float64':
    case 'int32':
      return column.values[row]!;
    case 'string':
      return column.values[row]!;
    case 'dictionary':
      return column.dictionary[column.ids[row]!]!;
  }
}

function append(appender: DuckDBAppender, type: string, value: number | string): void {
  switch (type) {
    case 'bigint':
      appender.appendBigInt(BigInt(value as number));
      break;
    case 'integer':
      appender.appendInteger(value as number);
      break;
    case 'double':
      appender.appendDouble(value as number);
      break;
    case 'date':
      appender.appendDate({ days: value as number } as never);
      break;
    default:
      appender.appendVarchar(value as string);
  }
}

/**
 * A connection to DuckDB holding the TPC-H tables of `scaleFactor`. With `cacheFile`, the
 * database lives in that file: built once (loading SF 1 through the appender takes over a
 * minute), then reopened by later runs.
 */
export async function tpchDuckDb(scaleFactor: number, threads = '1', cacheFile?: string): Promise<DuckDBConnection> {
  if (cacheFile !== undefined && existsSync(cacheFile)) {
    const instance = await DuckDBInstance.create(cacheFile, { threads });
    return instance.connect();
  }
  const building = cacheFile === undefined ? ':memory:' : `${cacheFile}.building`;
  if (cacheFile !== undefined) {
    mkdirSync(dirname(cacheFile), { recursive: true });
    rmSync(building, { force: true });
  }
  const instance = await DuckDBInstance.create(building, { threads });
  const connection = await instance.connect();
  await load(connection, scaleFactor);
  if (cacheFile === undefined) return connection;
  // Written under another name first so an interrupted load never leaves a partial cache.
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  renameSync(building, cacheFile);
  rmSync(`${building}.wal`, { force: true });
  return (await DuckDBInstance.create(cacheFile, { threads })).connect();
}

async function load(connection: DuckDBConnection, scaleFactor: number): Promise<void> {
  for (const [table, columns] of Object.entries(TPCH_TABLES)) {
    const ddl = columns.map((c) => `${c.name} ${duckType(c.type)}`).join(', ');
    await connection.run(`CREATE TABLE ${table} (${ddl})`);
    const appender = await connection.createAppender(table);
    const names = columns.map((c) => c.name);
    const total = table === 'lineitem' ? tpchOrderCount(scaleFactor) : tpchRowCount(table as never, scaleFactor);
    for (let start = 0; start < total; start += BATCH) {
      const batch = generateTpchColumns(table, scaleFactor, start, Math.min(BATCH, total - start), names);
      for (let row = 0; row < batch.rowCount; row++) {
        columns.forEach((c, i) => {
          append(appender, c.type, valueAt(batch.columns[i]!, row));
        });
        appender.endRow();
      }
    }
    appender.closeSync();
  }
}
