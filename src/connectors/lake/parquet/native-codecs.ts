/**
 * Decompression of Parquet pages in native code, for the codec where it pays: zstd (the
 * `zstd-napi` addon, libzstd built by node-gyp at install). The reader decompresses a column
 * chunk's pages with it before handing the chunk to arrow-rs in WebAssembly
 * (page-decompression.ts), because zstd compiled to WebAssembly is the slowest part of decoding a
 * zstd column: reading five lineitem columns from Vivace's own files took 18-20 % less CPU with it
 * (docs/performance.md). Snappy (the `snappy` addon) and gzip (Node's zlib) were measured the same
 * way and bought nothing over their WebAssembly builds, so those codecs stay with the decoder.
 *
 * The addon is an optional dependency: where it did not install (no compiler for node-gyp, an
 * unsupported platform) zstd is left to the WebAssembly decoder, which reads every codec, only
 * slower. `VIVACE_NATIVE_CODECS=off` does the same on purpose (to measure the difference).
 */
import { createRequire } from 'node:module';

/**
 * Decompresses `source` into at most `size` bytes and returns them (fewer when the data holds
 * fewer); throws when the data is not valid for the codec (the codec library's message).
 */
export type PageDecompressor = (source: Uint8Array, size: number) => Uint8Array;

interface ZstdDecompressionContext {
  decompress(destination: Uint8Array, source: Uint8Array): number;
}

const require = createRequire(import.meta.url);

function zstdDecompressor(): PageDecompressor | undefined {
  let binding: { DCtx: new () => ZstdDecompressionContext };
  try {
    binding = require('zstd-napi/binding') as typeof binding;
  } catch {
    return undefined;
  }
  const context = new binding.DCtx();
  return (source, size) => {
    const destination = new Uint8Array(size);
    const written = context.decompress(destination, source);
    return written === size ? destination : destination.subarray(0, written);
  };
}

let codecs: ReadonlyMap<string, PageDecompressor> | undefined;

/** The native decompressor of a Parquet codec name (`ZSTD`), if there is one here. */
export function nativeDecompressor(codec: string): PageDecompressor | undefined {
  if (codecs === undefined) {
    const found = new Map<string, PageDecompressor>();
    const zstd = process.env.VIVACE_NATIVE_CODECS === 'off' ? undefined : zstdDecompressor();
    if (zstd !== undefined) found.set('ZSTD', zstd);
    codecs = found;
  }
  return codecs.get(codec);
}
