/**
 * dbgen's text pool: 300 MiB of grammar sentences (text-grammar.ts), each followed by a space, the
 * last one cut at the pool size, all drawn from one dedicated random stream. Every comment column
 * is a substring of the pool at a random offset with a random length.
 *
 * The pool is kept as overlapping 4 MiB string chunks rather than one buffer plus one string:
 * sentences are written into a small reused buffer, each full chunk becomes one string, and every
 * chunk also holds the first bytes of the next one, so any comment (at most 198 characters) lies
 * inside the chunk its offset falls in and costs one `substring` (a slice in V8, not a copy).
 * Building it takes one to two seconds; it happens on first use and is shared by the process.
 */
import { Buffer } from 'node:buffer';
import { MAX_SENTENCE_LENGTH, SentenceWriter } from './text-grammar.js';

/** Size of dbgen's pool (TEXT_POOL_SIZE). Comment offsets are drawn from [0, size − max length]. */
export const TEXT_POOL_SIZE = 300 * 1024 * 1024;

/** Seed of the stream that writes the pool (dbgen's stream 5, "text pregeneration"). */
const TEXT_POOL_SEED = 933588178;

const CHUNK_BITS = 22;
const CHUNK_SIZE = 1 << CHUNK_BITS;
/** How far each chunk extends into the next: at least the longest text ever taken from the pool. */
const CHUNK_OVERLAP = 256;

export class TextPool {
  private readonly chunks: readonly string[];

  constructor(
    chunks: readonly string[],
    /** Number of characters in the pool. */
    readonly size: number,
  ) {
    this.chunks = chunks;
  }

  /** The `length` characters at `offset`; `length` must not exceed 256. */
  text(offset: number, length: number): string {
    // 22 = CHUNK_BITS (a literal: module constants are slow in hot paths).
    const start = offset & 0x3fffff;
    return this.chunks[offset >>> 22]!.substring(start, start + length);
  }
}

/** Generates a pool of `size` characters (dbgen's is TEXT_POOL_SIZE; tests use smaller ones). */
export function buildTextPool(size: number): TextPool {
  const writer = new SentenceWriter(TEXT_POOL_SEED);
  const window = CHUNK_SIZE + CHUNK_OVERLAP;
  const buffer = Buffer.allocUnsafe(window + MAX_SENTENCE_LENGTH + 4);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const chunks: string[] = [];
  let chunkStart = 0; // pool offset of buffer[0]
  let length = 0; // bytes written into the buffer
  for (;;) {
    const wanted = Math.min(window, size - chunkStart);
    length = writer.writeSentences(view, buffer, length, wanted);
    chunks.push(buffer.toString('latin1', 0, wanted));
    if (chunkStart + CHUNK_SIZE >= size) break;
    buffer.copyWithin(0, CHUNK_SIZE, length);
    length -= CHUNK_SIZE;
    chunkStart += CHUNK_SIZE;
  }
  return new TextPool(chunks, size);
}

let sharedPool: TextPool | undefined;

/** dbgen's 300 MiB pool, built on first call. */
export function getTextPool(): TextPool {
  sharedPool ??= buildTextPool(TEXT_POOL_SIZE);
  return sharedPool;
}
