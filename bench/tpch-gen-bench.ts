/**
 * TPC-H generator benchmark: builds the text pool, then generates every column of lineitem, orders
 * and partsupp at a scale factor (default 1) in batches, and prints rows/s and seconds per table.
 * Run from the project root: `node dist/bench/run.js tpch-gen [--sf 1] [--batch 10000] [table ...]`
 * (--batch counts orders for lineitem, rows otherwise).
 */
import {
  generateTpchColumns,
  prepareTpchTextPool,
  TPCH_TABLES,
  type TpchTableName,
  tpchUnitCount,
} from '../src/connectors/tpch/generator/index.js';
import { numberOption as option } from './bench-options.js';

const DEFAULT_TABLES: readonly TpchTableName[] = ['lineitem', 'orders', 'partsupp'];

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

export async function run(argv: readonly string[]): Promise<void> {
  const args = [...argv];
  const scaleFactor = option(args, '--sf', 1);
  const batchUnits = option(args, '--batch', 10_000);
  const tables = args.length > 0 ? (args as TpchTableName[]) : DEFAULT_TABLES;

  const poolStart = process.hrtime.bigint();
  prepareTpchTextPool();
  console.log(`text pool  ${seconds(poolStart).toFixed(2)} s`);

  for (const table of tables) {
    const columns = TPCH_TABLES[table].map((column) => column.name);
    const units = tpchUnitCount(table, scaleFactor);
    const start = process.hrtime.bigint();
    let rows = 0;
    for (let first = 0; first < units; first += batchUnits) {
      rows += generateTpchColumns(table, scaleFactor, first, batchUnits, columns).rowCount;
    }
    const elapsed = seconds(start);
    console.log(
      `${table.padEnd(10)} SF ${scaleFactor}: ${rows} rows, ${columns.length} columns in ${elapsed.toFixed(2)} s` +
        `  ${(rows / elapsed / 1e6).toFixed(2)} M rows/s`,
    );
  }
}
