/**
 * A child process for the memory test (parquet-memory.test.ts): scans every column of the Parquet
 * file given as its argument with the lake reader, as a worker would, and prints the row count and
 * the process's peak resident set size (`process.resourceUsage().maxRSS`, KiB) as JSON. Run in a
 * process of its own so that the test runner's memory does not count.
 */
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { ParquetReader } from '../../../../src/connectors/lake/parquet/parquet-reader.js';
import { inferParquetColumns } from '../../../../src/connectors/lake/parquet/parquet-schema.js';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: parquet-scan-child <file.parquet>');
const fs = new LocalFileSystem();
const footer = await readParquetFooter(fs, fileLocation(path));
const reader = new ParquetReader({ fs, footer, columns: inferParquetColumns(footer.metadata) });
let rows = 0;
for await (const page of reader.pages()) rows += page.positionCount;
process.stdout.write(
  `${JSON.stringify({ rows, maxRssKib: process.resourceUsage().maxRSS, bytesRead: reader.statistics.bytesRead })}\n`,
);
