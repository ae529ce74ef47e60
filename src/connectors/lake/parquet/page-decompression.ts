/**
 * A column chunk's pages decompressed in native code (native-codecs.ts) and re-framed as
 * uncompressed pages: each page header is parsed, its data decompressed, and a new header written
 * whose sizes say the data is stored as it is (`DATA_PAGE_V2`: `is_compressed` off; its level
 * bytes were never compressed). The one-column file made for the WebAssembly decoder then declares
 * the chunk UNCOMPRESSED (column-chunk-file.ts), so arrow-rs only decodes.
 *
 * Anything unexpected in the framing (a header that does not parse, a page running past the chunk,
 * an index page, an encoding this code does not know, a page that decompresses to another size
 * than its header says) leaves the chunk as it was, for the WebAssembly decoder to read with its
 * own codec. Data the codec library rejects is corrupt whoever reads it (the decoder's zstd is the
 * same libzstd, compiled to WebAssembly, whose messages are stripped): that throws, with the
 * library's reason, and the reader reports it as HIVE_BAD_DATA naming the file.
 */
import { parquetHeader } from 'hyparquet/src/column.js';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { messageOf } from '../lake-errors.js';
import { nativeDecompressor, type PageDecompressor } from './native-codecs.js';

type PageHeader = ReturnType<typeof parquetHeader>;

/**
 * Pages declaring more than this uncompressed are left to the decoder: the size comes from the
 * file, and a corrupt or hostile header must not make the reader allocate gigabytes up front.
 */
export const MAX_NATIVE_PAGE_BYTES = 256 * 1024 * 1024;

/** A chunk's pages, uncompressed: header and data pieces in order, and the dictionary page's length. */
export interface UncompressedChunk {
  readonly pieces: readonly Uint8Array[];
  readonly length: number;
  /** Bytes of the leading dictionary page (header and data), 0 without one. */
  readonly dictionaryLength: number;
}

function encodingsKnown(header: PageHeader): boolean {
  const v1 = header.data_page_header;
  if (v1 !== undefined) {
    return (
      v1.encoding !== undefined &&
      v1.definition_level_encoding !== undefined &&
      v1.repetition_level_encoding !== undefined
    );
  }
  if (header.data_page_header_v2 !== undefined) return header.data_page_header_v2.encoding !== undefined;
  if (header.dictionary_page_header !== undefined) return header.dictionary_page_header.encoding !== undefined;
  return false;
}

/** The page's data, uncompressed; undefined where it cannot be done here. */
function pageData(header: PageHeader, data: Uint8Array, decompressor: PageDecompressor) {
  // Exactly the size the header says, or nothing (then the decoder judges the page).
  const decompress = (source: Uint8Array, size: number): Uint8Array | undefined => {
    const result = decompressor(source, size);
    return result.length === size ? result : undefined;
  };
  const size = header.uncompressed_page_size;
  if (!(Number.isInteger(size) && size >= 0 && size <= MAX_NATIVE_PAGE_BYTES)) return undefined;
  if (header.type === 'DICTIONARY_PAGE' || header.type === 'DATA_PAGE') {
    return size === 0 ? new Uint8Array(0) : decompress(data, size);
  }
  if (header.type !== 'DATA_PAGE_V2') return undefined;
  const v2 = header.data_page_header_v2;
  if (v2 === undefined) return undefined;
  if (!v2.is_compressed) return data;
  const levels = (v2.definition_levels_byte_length ?? 0) + (v2.repetition_levels_byte_length ?? 0);
  if (levels > data.length || levels > size) return undefined;
  const values = size === levels ? new Uint8Array(0) : decompress(data.subarray(levels), size - levels);
  if (values === undefined) return undefined;
  const page = new Uint8Array(size);
  page.set(data.subarray(0, levels), 0);
  page.set(values, levels);
  return page;
}

/**
 * The chunk `bytes` (its pages back to back, as stored) with every page decompressed, or undefined
 * to leave it to the WebAssembly decoder (no native decompressor for `codec`, or anything odd in
 * the framing). Throws when the codec rejects a page's data.
 */
export function decompressChunkPages(bytes: Uint8Array, codec: string): UncompressedChunk | undefined {
  const decompress = nativeDecompressor(codec);
  if (decompress === undefined) return undefined;
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  const pieces: Uint8Array[] = [];
  let length = 0;
  let dictionaryLength = 0;
  while (reader.offset < bytes.length) {
    let header: PageHeader;
    try {
      header = parquetHeader(reader);
    } catch {
      return undefined;
    }
    const start = reader.offset;
    const end = start + header.compressed_page_size;
    if (!(end <= bytes.length && end >= start) || !encodingsKnown(header)) return undefined;
    let data: Uint8Array | undefined;
    try {
      data = pageData(header, bytes.subarray(start, end), decompress);
    } catch (error) {
      throw new Error(`corrupt ${codec} data in a ${header.type} of a column chunk (${messageOf(error)})`);
    }
    if (data === undefined) return undefined;
    try {
      const rewritten: PageHeader = {
        ...header,
        crc: undefined,
        compressed_page_size: data.length,
        uncompressed_page_size: data.length,
        data_page_header_v2:
          header.data_page_header_v2 === undefined
            ? undefined
            : { ...header.data_page_header_v2, is_compressed: false },
      };
      const headerWriter = new ByteWriter();
      writePageHeader(headerWriter, rewritten as never);
      const headerBytes = new Uint8Array(headerWriter.getBytes());
      if (header.type === 'DICTIONARY_PAGE' && pieces.length === 0) {
        dictionaryLength = headerBytes.length + data.length;
      }
      pieces.push(headerBytes, data);
      length += headerBytes.length + data.length;
    } catch {
      return undefined;
    }
    reader.offset = end;
  }
  return { pieces, length, dictionaryLength };
}
