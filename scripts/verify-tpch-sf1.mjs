#!/usr/bin/env node
// Verifies the TPC-H generator against dbgen 2.14.0 at scale factor 1 (or another scale with
// checksums in the test data): generates every table in batches, renders it in dbgen's .tbl format
// and compares the line count and the sha256 of the whole text with
// test/connectors/tpch/data/tpch-checksums.json. Takes about half a minute; run after `npm run build`.
//
//   node scripts/verify-tpch-sf1.mjs [--dist DIR] [--sf 1] [table ...]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const distDir = resolve(option('--dist', join(root, 'dist')));
const scaleFactor = option('--sf', '1');

const generator = await import(pathToFileURL(join(distDir, 'src/connectors/tpch/generator/index.js')).href);
const expectedByScale = JSON.parse(readFileSync(join(root, 'test/connectors/tpch/data/tpch-checksums.json'), 'utf8'));
const expected = expectedByScale[scaleFactor];
if (expected === undefined) {
  console.error(`no checksums for scale factor ${scaleFactor} in the test data`);
  process.exit(2);
}
const tables = args.length > 0 ? args : Object.keys(expected);
const BATCH_UNITS = 10_000;

let failures = 0;
const started = performance.now();
for (const table of tables) {
  const tableStarted = performance.now();
  const columns = generator.TPCH_TABLES[table].map((column) => column.name);
  const units = generator.tpchUnitCount(table, Number(scaleFactor));
  const hash = createHash('sha256');
  let rows = 0;
  for (let start = 0; start < units; start += BATCH_UNITS) {
    const batch = generator.generateTpchColumns(table, Number(scaleFactor), start, BATCH_UNITS, columns);
    hash.update(generator.renderTblBatch(table, batch));
    rows += batch.rowCount;
  }
  const sha256 = hash.digest('hex');
  const ok = rows === expected[table].rows && sha256 === expected[table].sha256;
  if (!ok) failures++;
  const seconds = ((performance.now() - tableStarted) / 1000).toFixed(1);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${table.padEnd(9)} ${String(rows).padStart(9)} rows  ${sha256}  ${seconds} s`);
  if (!ok) console.log(`     expected ${expected[table].rows} rows, sha256 ${expected[table].sha256}`);
}
console.log(
  `${failures === 0 ? 'all tables match' : `${failures} table(s) differ`} at SF ${scaleFactor}` +
    ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(failures === 0 ? 0 : 1);
