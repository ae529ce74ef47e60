/**
 * A self-contained Parquet file holding one top-level column of one row group, made from the
 * column's chunks as read from the real file: `PAR1`, the chunks back to back, and a footer whose
 * schema has only that column and whose offsets point into the new buffer. The reader hands such a
 * file to parquet-wasm's synchronous decoder, column chunk by column chunk, for two reasons:
 *   - the decoder sees only bytes already fetched by byte range (the real file is never opened by
 *     it, let alone buffered), and
 *   - a Rust panic inside the synchronous call surfaces as an exception the reader catches and
 *     turns into HIVE_BAD_DATA; panics inside parquet-wasm's asynchronous stream API escape as
 *     uncaught exceptions of the process (they run in the wasm executor's microtasks), which a
 *     worker must never suffer from a corrupt file.
 * Statistics, page indexes, bloom filter offsets and the Arrow schema hint are left out of the
 * footer: the decoder needs none of them (pruning happened before, on the real footer).
 */

import type { FileMetaData } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { fail } from '../../../common/invariant.js';
import { dictionaryStringHint } from './arrow-schema-hint.js';
import { decompressChunkPages } from './page-decompression.js';
import { columnChunkRange } from './parquet-footer.js';

type SchemaElement = FileMetaData['schema'][number];
type ColumnChunk = FileMetaData['row_groups'][number]['columns'][number];

const MAGIC = Uint8Array.of(0x50, 0x41, 0x52, 0x31); // PAR1

/** The schema elements of the top-level field at `index` in the flat schema list, and its descendants. */
function fieldElements(schema: readonly SchemaElement[], fieldName: string): SchemaElement[] {
  // Walk the depth-first list: element 0 is the root, then the top-level fields with their subtrees.
  let position = 1;
  const subtreeEnd = (start: number): number => {
    let end = start + 1;
    for (let child = 0; child < (schema[start]?.num_children ?? 0); child++) end = subtreeEnd(end);
    return end;
  };
  while (position < schema.length) {
    const end = subtreeEnd(position);
    if (schema[position]?.name === fieldName) return schema.slice(position, end);
    position = end;
  }
  throw new Error(`no field ${fieldName} in the schema`);
}

/**
 * The element with an INTEGER logical type expressed by its converted type alone (INT_8, UINT_32,
 * ...), which every reader maps the same way: hyparquet-writer's thrift writer encodes the logical
 * type's bit width (an i8) as a zigzag i32, which arrow-rs would misread (8 as 16).
 */
function withoutIntegerLogicalType(element: SchemaElement): SchemaElement {
  const logical = element.logical_type;
  if (logical?.type !== 'INTEGER') return element;
  return {
    ...element,
    logical_type: undefined,
    converted_type: `${logical.isSigned ? 'INT' : 'UINT'}_${logical.bitWidth}` as SchemaElement['converted_type'],
  };
}

/**
 * The element without its DECIMAL annotation when it is an INT32/INT64 decimal: arrow-rs then
 * decodes the unscaled integers as they are stored (4 or 8 bytes a value) instead of widening them
 * into 128-bit decimals, which Vivace would narrow back; the converter takes the scale from the real
 * footer's field (arrow-to-blocks.ts `integerDecimalScale`).
 */
function withoutIntegerDecimal(element: SchemaElement): SchemaElement {
  if (element.type !== 'INT32' && element.type !== 'INT64') return element;
  if (element.logical_type?.type !== 'DECIMAL' && element.converted_type !== 'DECIMAL') return element;
  return { ...element, logical_type: undefined, converted_type: undefined, scale: undefined, precision: undefined };
}

export interface ColumnChunkFileOptions {
  /** Hand a top-level INT32/INT64 decimal column over as plain integers (see `withoutIntegerDecimal`). */
  readonly integerDecimalsAsIntegers?: boolean;
  /** Have a top-level string column decoded into an Arrow dictionary array (arrow-schema-hint.ts). */
  readonly stringsAsDictionary?: boolean;
  /**
   * Chunks given as a subset of their pages (page-index pruning): their bytes are the dictionary
   * page (`dictionaryLength` bytes, 0 without one) followed by data pages holding `rows` rows.
   */
  readonly pageSubsets?: ReadonlyMap<ColumnChunk, { readonly dictionaryLength: number; readonly rows: number }>;
  /**
   * Where the file is assembled: a buffer of at least `size` bytes, of which the file takes the
   * first `size` (default a new one). The reader passes a scratch buffer it reuses, as the decoder
   * copies the file into WebAssembly memory at once: no file-sized allocation per column chunk.
   */
  readonly allocate?: (size: number) => Uint8Array;
  /**
   * Decompress compressed pages in native code before the decoder sees them (page-decompression.ts;
   * default true): the file then declares those chunks UNCOMPRESSED.
   */
  readonly nativeDecompression?: boolean;
}

/** Whether the element is a primitive BYTE_ARRAY annotated as a UTF-8 string. */
export function isStringElement(element: SchemaElement): boolean {
  return (
    element.type === 'BYTE_ARRAY' &&
    element.num_children === undefined &&
    (element.logical_type?.type === 'STRING' || element.converted_type === 'UTF8')
  );
}

/**
 * The file for field `fieldName` of row group `rowGroup`; `chunkBytes(chunk)` returns the bytes of
 * a column chunk (its whole range, from the dictionary page on).
 */
export function columnChunkFile(
  metadata: FileMetaData,
  rowGroup: number,
  fieldName: string,
  chunkBytes: (chunk: ColumnChunk) => Uint8Array,
  options: ColumnChunkFileOptions = {},
): Uint8Array {
  const group = metadata.row_groups[rowGroup];
  if (group === undefined) throw new Error(`no row group ${rowGroup}`);
  const chunks = group.columns.filter((c) => c.meta_data?.path_in_schema[0] === fieldName);
  const columns: ColumnChunk[] = [];
  const pieces: Uint8Array[] = [];
  let position = MAGIC.length;
  let rows = group.num_rows;
  for (const chunk of chunks) {
    const meta = chunk.meta_data ?? fail('a column chunk of this file has its metadata');
    const stored = chunkBytes(chunk);
    const subset = options.pageSubsets?.get(chunk);
    const uncompressed =
      meta.codec === 'UNCOMPRESSED' || options.nativeDecompression === false
        ? undefined
        : decompressChunkPages(stored, meta.codec);
    const length = uncompressed?.length ?? stored.length;
    if (uncompressed === undefined) pieces.push(stored);
    else pieces.push(...uncompressed.pieces);
    // Where the dictionary page ends in the new buffer: known from the pages when they were
    // re-framed, else from the subset or the footer's offsets (shifted into the new buffer).
    let dictionaryLength: number;
    if (uncompressed !== undefined) dictionaryLength = uncompressed.dictionaryLength;
    else if (subset !== undefined) dictionaryLength = subset.dictionaryLength;
    else {
      const { start } = columnChunkRange(meta);
      const hasDictionary =
        meta.dictionary_page_offset !== undefined &&
        Number(meta.dictionary_page_offset) === start &&
        start < Number(meta.data_page_offset);
      dictionaryLength = hasDictionary ? Number(meta.data_page_offset) - start : 0;
    }
    if (subset !== undefined) rows = BigInt(subset.rows);
    columns.push({
      file_offset: BigInt(position),
      meta_data: {
        type: meta.type,
        encodings: meta.encodings,
        path_in_schema: meta.path_in_schema,
        codec: uncompressed === undefined ? meta.codec : 'UNCOMPRESSED',
        num_values: subset === undefined ? meta.num_values : rows,
        total_uncompressed_size: meta.total_uncompressed_size,
        total_compressed_size: BigInt(length),
        data_page_offset: BigInt(position + dictionaryLength),
        dictionary_page_offset: dictionaryLength > 0 ? BigInt(position) : undefined,
        encoding_stats: subset === undefined ? meta.encoding_stats : undefined,
      },
    });
    position += length;
  }
  const elements = fieldElements(metadata.schema, fieldName).map(withoutIntegerLogicalType);
  const [top] = elements;
  if (options.integerDecimalsAsIntegers === true && top !== undefined && elements.length === 1) {
    elements[0] = withoutIntegerDecimal(top);
  }
  const schema = [{ ...(metadata.schema[0] as SchemaElement), num_children: 1 }, ...elements];
  // The footer goes through hyparquet-writer's thrift writer; the chunks are copied once, into place.
  const footer = new ByteWriter();
  writeMetadata(
    footer as never,
    {
      version: metadata.version,
      schema,
      num_rows: rows,
      row_groups: [
        {
          columns,
          total_byte_size: group.total_byte_size,
          num_rows: rows,
          total_compressed_size: BigInt(position - MAGIC.length),
        },
      ],
      created_by: metadata.created_by,
      key_value_metadata:
        options.stringsAsDictionary === true && top !== undefined && elements.length === 1 && isStringElement(top)
          ? [{ key: 'ARROW:schema', value: dictionaryStringHint(fieldName) }]
          : undefined,
      metadata_length: 0,
    } as FileMetaData,
  );
  const footerBytes = footer.getBytes(); // metadata and its length
  const size = position + footerBytes.length + MAGIC.length;
  const file = options.allocate === undefined ? new Uint8Array(size) : options.allocate(size).subarray(0, size);
  file.set(MAGIC, 0);
  let at = MAGIC.length;
  for (const bytes of pieces) {
    file.set(bytes, at);
    at += bytes.length;
  }
  file.set(footerBytes, at);
  file.set(MAGIC, at + footerBytes.length);
  return file;
}
