/**
 * Row-group pruning by dictionary pages: when every data page of a column chunk is
 * dictionary-encoded, the chunk's dictionary page lists every value the row group holds, so a
 * domain that is a short list of values (`= x`, `IN (...)`) none of which is in the dictionary
 * rules the row group out, even where min/max statistics cannot (values between min and max) and
 * where the writer left no bloom filter (arrow-rs, Spark and Vivace write none by default).
 *
 * The dictionary page is read by byte range and decoded by the same decoder as the data, whatever
 * its codec: it is handed to parquet-wasm as a one-column file whose only data page is made here,
 * an uncompressed DATA_PAGE_V2 (its `is_compressed` flag off, so no codec is needed to make it)
 * that selects dictionary entries 0..n-1 in order; the decoded entries are converted into the
 * declared type (arrow-to-blocks.ts) and compared with the domain's values. Anything unexpected
 * (no dictionary page, a fallback to plain pages, a page that does not parse, an unreadable
 * dictionary) keeps the row group: pruning only ever drops what cannot match.
 */
import { parquetHeader } from 'hyparquet/src/column.js';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { getValue } from '../../../data/block-values.js';
import { compareValues, type LakeColumnDomain } from '../domain.js';
import { readRecordBatch } from './arrow-ffi.js';
import { arrowToBlock } from './arrow-to-blocks.js';
import { columnChunkFile } from './column-chunk-file.js';
import type { ParquetFooter } from './parquet-footer.js';
import type { SchemaTree } from './parquet-schema.js';
import type { PruningColumn } from './parquet-statistics.js';
import { withParquetWasm } from './parquet-wasm-host.js';

type ColumnChunk = ParquetFooter['metadata']['row_groups'][number]['columns'][number];
type ColumnMetaData = NonNullable<ColumnChunk['meta_data']>;

/** Dictionary pages larger than this are not read for pruning (a large dictionary rarely excludes). */
export const MAX_DICTIONARY_PAGE_BYTES = 1 << 20;

const DICTIONARY_ENCODINGS = new Set(['PLAIN_DICTIONARY', 'RLE_DICTIONARY']);
const LEVEL_ENCODINGS = new Set(['RLE', 'BIT_PACKED']);

/**
 * Whether every data page of a chunk is dictionary-encoded: by the encoding statistics when the
 * writer gave them, else by the list of encodings (dictionary and level encodings only: PLAIN is
 * ambiguous without statistics, the dictionary page's own encoding or a fallback to plain pages).
 */
export function allDataPagesDictionaryEncoded(meta: ColumnMetaData): boolean {
  const stats = meta.encoding_stats;
  if (stats !== undefined && stats.length > 0) {
    const data = stats.filter((s) => s.page_type === 'DATA_PAGE' || s.page_type === 'DATA_PAGE_V2');
    return data.length > 0 && data.every((s) => DICTIONARY_ENCODINGS.has(s.encoding));
  }
  const encodings = meta.encodings;
  return (
    encodings.some((e) => DICTIONARY_ENCODINGS.has(e)) &&
    encodings.every((e) => DICTIONARY_ENCODINGS.has(e) || LEVEL_ENCODINGS.has(e))
  );
}

/** The byte range of a chunk's dictionary page when every data page of the chunk uses it. */
export function dictionaryPageRange(meta: ColumnMetaData): { offset: number; length: number } | undefined {
  const dictionaryOffset = meta.dictionary_page_offset;
  if (dictionaryOffset === undefined) return undefined;
  const start = Number(dictionaryOffset);
  const end = Number(meta.data_page_offset);
  if (!(start > 0 && start < end) || end - start > MAX_DICTIONARY_PAGE_BYTES) return undefined;
  return allDataPagesDictionaryEncoded(meta) ? { offset: start, length: end - start } : undefined;
}

/**
 * An uncompressed DATA_PAGE_V2 of `count` rows selecting dictionary entries 0..count-1, every row
 * non-null (definition levels at `maxDefinition` when the column is optional).
 */
function entriesPage(count: number, optional: boolean): Uint8Array {
  const levels = new ByteWriter();
  if (optional) writeRleBitPackedHybrid(levels, new Array<number>(count).fill(1), 1);
  const levelBytes = levels.getBytes();
  const data = new ByteWriter();
  const bitWidth = Math.max(1, Math.ceil(Math.log2(Math.max(count, 2))));
  data.appendUint8(bitWidth);
  writeRleBitPackedHybrid(
    data,
    Array.from({ length: count }, (_, i) => i),
    bitWidth,
  );
  const dataBytes = data.getBytes();
  const size = levelBytes.length + dataBytes.length;
  const page = new ByteWriter();
  writePageHeader(page, {
    type: 'DATA_PAGE_V2',
    uncompressed_page_size: size,
    compressed_page_size: size,
    data_page_header_v2: {
      num_values: count,
      num_nulls: 0,
      num_rows: count,
      encoding: 'RLE_DICTIONARY',
      definition_levels_byte_length: levelBytes.length,
      repetition_levels_byte_length: 0,
      is_compressed: false,
    },
  } as never);
  page.appendBytes(levelBytes);
  page.appendBytes(dataBytes);
  return page.getBytes();
}

/**
 * Whether the dictionary page `bytes` of the chunk may hold one of the domain's values (true when
 * it cannot be told).
 */
export async function dictionaryMayContain(
  footer: ParquetFooter,
  rowGroup: number,
  chunk: ColumnChunk,
  field: SchemaTree,
  column: PruningColumn,
  domain: LakeColumnDomain,
  bytes: Uint8Array,
): Promise<boolean> {
  const values = domain.values;
  if (values === undefined || domain.nullAllowed) return true;
  let entries: number;
  try {
    const header = parquetHeader({ view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 });
    if (header.type !== 'DICTIONARY_PAGE' || header.dictionary_page_header === undefined) return true;
    entries = header.dictionary_page_header.num_values;
  } catch {
    return true;
  }
  if (!(entries >= 0 && entries <= 1 << 20)) return true;
  if (entries === 0) return false; // an empty dictionary: every value of the chunk is NULL
  const page = entriesPage(entries, field.element.repetition_type === 'OPTIONAL');
  const chunkBytes = new Uint8Array(bytes.length + page.length);
  chunkBytes.set(bytes, 0);
  chunkBytes.set(page, bytes.length);
  try {
    const file = columnChunkFile(footer.metadata, rowGroup, field.element.name, () => chunkBytes, {
      pageSubsets: new Map([[chunk, { dictionaryLength: bytes.length, rows: entries }]]),
    });
    return await withParquetWasm((wasm) => {
      const table = wasm.readParquet(file, { batchSize: entries });
      try {
        for (let b = 0; b < table.numBatches; b++) {
          const batch = table.recordBatch(b);
          if (batch === undefined) return true;
          const ffi = batch.intoFFI();
          try {
            const [decoded] = readRecordBatch(
              wasm.wasmMemory().buffer as ArrayBuffer,
              ffi.arrayAddr(),
              ffi.schemaAddr(),
            );
            if (decoded === undefined) return true;
            const block = arrowToBlock(decoded.column, column.type, field, {
              location: footer.location,
              column: column.name,
            });
            for (let i = 0; i < block.positionCount; i++) {
              const entry = getValue(block, column.type, i);
              if (entry !== null && values.some((value) => compareValues(value, entry) === 0)) return true;
            }
          } finally {
            ffi.free();
          }
        }
        return false;
      } finally {
        table.free();
      }
    });
  } catch {
    return true; // a dictionary that does not decode or convert proves nothing
  }
}
