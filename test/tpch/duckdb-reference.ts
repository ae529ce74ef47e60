/**
 * A DuckDB database holding the TPC-H tables exactly as our tpch connector generates them, to
 * check our answers against another engine on the same data. Tables are loaded through DuckDB's
 * appender from the generator's columns (no text round trip).
 */
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

export async function tpchDuckDb(scaleFactor: number, threads = '1'): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:', { threads });
  const connection = await instance.connect();
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
  return connection;
}
