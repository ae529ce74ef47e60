/**
 * The reader's memory bound: scanning every column of a 150 MB Parquet file (written by DuckDB in
 * the set-up, uncompressed so that its size is the data's) in a process of its own peaks below
 * 300 MB of resident memory, which holds only if nothing buffers the whole file and decoded
 * column chunks are released row group by row group. A memory test, not a timing one.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { temporaryDirectory } from '../lake-test-helpers.js';
import { writeWithDuckDb } from './parquet-fixtures.js';

const dir = await temporaryDirectory('vivace-parquet-memory-');
const CHILD = fileURLToPath(new URL('./parquet-scan-child.js', import.meta.url));

describe('lake parquet reader: memory', () => {
  it('scans a 150 MB file in under 300 MB of resident memory', async () => {
    const path = join(dir, 'large.parquet');
    const rowCount = 2_200_000;
    await writeWithDuckDb(
      path,
      `SELECT i AS id, hash(i) AS h1, hash(i + 1) AS h2, random() AS r, (i % 1000)::DECIMAL(15,2) AS price,
              DATE '2000-01-01' + (i % 3000)::INTEGER AS day, md5(i::VARCHAR) AS digest,
              CASE i % 4 WHEN 0 THEN 'A' WHEN 1 THEN 'B' WHEN 2 THEN 'C' END AS flag
       FROM range(${rowCount}) t(i)`,
      'COMPRESSION uncompressed, ROW_GROUP_SIZE 100000',
    );
    const size = (await stat(path)).size;
    assert.ok(size >= 150e6, `the file has ${size} bytes`);
    const { stdout } = await promisify(execFile)(process.execPath, [CHILD, path], { maxBuffer: 1 << 20 });
    const result = JSON.parse(stdout) as { rows: number; maxRssKib: number; bytesRead: number };
    assert.equal(result.rows, rowCount);
    assert.ok(result.bytesRead >= size * 0.9, 'every column was read');
    const peakMb = (result.maxRssKib * 1024) / 1e6;
    assert.ok(peakMb < 300, `peak RSS ${peakMb.toFixed(0)} MB for a ${(size / 1e6).toFixed(0)} MB file`);
  });
});
