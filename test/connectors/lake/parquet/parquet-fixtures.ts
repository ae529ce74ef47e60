/**
 * Parquet fixtures for the lake tests, written in the test set-up (no committed binaries): by
 * DuckDB (`COPY ... TO ... (FORMAT PARQUET, ...)`, the reference writer of the issue) and, for what
 * DuckDB does not write (explicit encodings, data page v2, Hadoop's LZ4 framing, a legacy two-level
 * list), by hyparquet-writer. Plus helpers that read a file back into JS values.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import type { FileMetaData } from 'hyparquet';
import type { FileSystem } from '../../../../src/connectors/lake/fs/file-system.js';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { type ParquetFooter, readParquetFooter } from '../../../../src/connectors/lake/parquet/parquet-footer.js';
import { type ParquetColumn, ParquetReader } from '../../../../src/connectors/lake/parquet/parquet-reader.js';
import { inferParquetColumns } from '../../../../src/connectors/lake/parquet/parquet-schema.js';
import { getValue } from '../../../../src/data/block-values.js';
import type { Type } from '../../../../src/types/type.js';

let duck: Awaited<ReturnType<typeof DuckDBInstance.create>> | undefined;

/** Runs SQL in a shared in-memory DuckDB. */
export async function duckdb(sql: string): Promise<void> {
  duck ??= await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await duck.connect();
  try {
    await connection.run(sql);
  } finally {
    connection.closeSync();
  }
}

/** Rows of a DuckDB query, as DuckDB's JS values. */
export async function duckdbRows(sql: string): Promise<unknown[][]> {
  duck ??= await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await duck.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRows() as unknown[][];
  } finally {
    connection.closeSync();
  }
}

/** Writes `select` to `path` as Parquet with DuckDB (`options` is the COPY option list). */
export async function writeWithDuckDb(path: string, select: string, options = ''): Promise<string> {
  await duckdb(`COPY (${select}) TO '${path}' (FORMAT PARQUET${options === '' ? '' : `, ${options}`})`);
  return fileLocation(path);
}

export const localFs: FileSystem = new LocalFileSystem();

export interface ReadResult {
  readonly footer: ParquetFooter;
  readonly columns: ParquetColumn[];
  readonly rows: unknown[][];
  readonly reader: ParquetReader;
}

/** Reads a whole file (with its inferred columns, or the given ones) into rows of JS values. */
export async function readRows(
  location: string,
  columns?: ParquetColumn[],
  options: { rowGroups?: number[]; maxPageRows?: number; fs?: FileSystem } = {},
): Promise<ReadResult> {
  const fs = options.fs ?? localFs;
  const footer = await readParquetFooter(fs, location);
  const wanted = columns ?? inferParquetColumns(footer.metadata);
  const reader = new ParquetReader({
    fs,
    footer,
    columns: wanted,
    rowGroups: options.rowGroups,
    maxPageRows: options.maxPageRows,
  });
  const rows: unknown[][] = [];
  for await (const page of reader.pages()) {
    for (let p = 0; p < page.positionCount; p++) {
      rows.push(wanted.map((c, i) => getValue(page.blocks[i]!, c.type, p)));
    }
  }
  return { footer, columns: wanted, rows, reader };
}

export function column(name: string, type: Type): ParquetColumn {
  return { name, type };
}

/**
 * An LZ4 block holding `input` as literals only (a valid block every decoder accepts), framed as
 * Hadoop's Lz4Codec frames it: big-endian uncompressed length, compressed length, then the block.
 */
export function hadoopLz4(input: Uint8Array): Uint8Array {
  const lengthBytes: number[] = [];
  let rest = input.length - 15;
  const token = input.length >= 15 ? 0xf0 : input.length << 4;
  if (input.length >= 15) {
    while (rest >= 255) {
      lengthBytes.push(255);
      rest -= 255;
    }
    lengthBytes.push(rest);
  }
  const block = new Uint8Array(1 + lengthBytes.length + input.length);
  block[0] = token;
  block.set(lengthBytes, 1);
  block.set(input, 1 + lengthBytes.length);
  const out = new Uint8Array(8 + block.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, input.length);
  view.setUint32(4, block.length);
  out.set(block, 8);
  return out;
}

/** Writes a file with hyparquet-writer (options as its parquetWriteBuffer takes them). */
export async function writeWithHyparquet(path: string, options: Record<string, unknown>): Promise<string> {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const buffer = parquetWriteBuffer(options as never);
  await writeFile(path, new Uint8Array(buffer));
  return fileLocation(path);
}

/**
 * Rewrites the footer of a Parquet file in place: `edit` changes the parsed metadata (hyparquet's
 * form), which hyparquet-writer's thrift writer serialises again; the data pages stay as they are.
 * Fixtures of what no available writer produces (INT96, two- and one-level lists) are written as an
 * equivalent shape (same bytes in the pages) whose footer is then edited into the wanted one.
 */
export async function rewriteFooter(path: string, edit: (metadata: FileMetaData) => FileMetaData): Promise<void> {
  const { parquetMetadata } = await import('hyparquet');
  const { ByteWriter } = await import('hyparquet-writer');
  const { writeMetadata } = await import('hyparquet-writer/src/metadata.js');
  const bytes = await readFile(path);
  const metadataLength = bytes.readUInt32LE(bytes.length - 8);
  const footerStart = bytes.length - 8 - metadataLength;
  const metadata = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const writer = new ByteWriter();
  writeMetadata(writer as never, edit(metadata));
  const footer = writer.getBytes(); // the metadata and its length
  const out = new Uint8Array(footerStart + footer.length + 4);
  out.set(bytes.subarray(0, footerStart), 0);
  out.set(footer, footerStart);
  out.set(bytes.subarray(bytes.length - 4), footerStart + footer.length);
  await writeFile(path, out);
}
