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
/** Bytes of sentences one background step writes: a few milliseconds, so a warming server still answers. */
const STEP_BYTES = 1 << 19;

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
    return this.chunks[offset >>> 22].substring(start, start + length);
  }
}

/** Builds a pool chunk by chunk, so a server can build it between other work. */
class TextPoolBuilder {
  private readonly writer = new SentenceWriter(TEXT_POOL_SEED);
  private readonly buffer = Buffer.allocUnsafe(CHUNK_SIZE + CHUNK_OVERLAP + MAX_SENTENCE_LENGTH + 4);
  private readonly view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
  private readonly chunks: string[] = [];
  /** Pool offset of buffer[0]. */
  private chunkStart = 0;
  /** Bytes written into the buffer. */
  private length = 0;
  private finished = false;

  constructor(private readonly size: number) {}

  /**
   * Writes the next STEP_BYTES of the pool (sentences stop and resume at the same place either
   * way, so the pool does not depend on the step size); true once the pool is complete.
   */
  step(): boolean {
    if (this.finished) return true;
    const wanted = Math.min(CHUNK_SIZE + CHUNK_OVERLAP, this.size - this.chunkStart);
    const limit = Math.min(wanted, this.length + STEP_BYTES);
    this.length = this.writer.writeSentences(this.view, this.buffer, this.length, limit);
    if (this.length < wanted) return false;
    this.chunks.push(this.buffer.toString('latin1', 0, wanted));
    if (this.chunkStart + CHUNK_SIZE >= this.size) {
      this.finished = true;
      return true;
    }
    this.buffer.copyWithin(0, CHUNK_SIZE, this.length);
    this.length -= CHUNK_SIZE;
    this.chunkStart += CHUNK_SIZE;
    return false;
  }

  /** The pool, writing what is left first. */
  pool(): TextPool {
    while (!this.step()) {}
    return new TextPool(this.chunks, this.size);
  }
}

/** Generates a pool of `size` characters (dbgen's is TEXT_POOL_SIZE; tests use smaller ones). */
export function buildTextPool(size: number): TextPool {
  return new TextPoolBuilder(size).pool();
}

let sharedPool: TextPool | undefined;
let sharedBuilder: TextPoolBuilder | undefined;

/** dbgen's 300 MiB pool, built on first call (or finished, when a warm-up is under way). */
export function getTextPool(): TextPool {
  if (sharedPool === undefined) {
    sharedBuilder ??= new TextPoolBuilder(TEXT_POOL_SIZE);
    sharedPool = sharedBuilder.pool();
    sharedBuilder = undefined;
  }
  return sharedPool;
}

/**
 * Builds the shared pool in the background, half a MiB of sentences per turn of the event loop
 * (a few milliseconds each). Servers call it at start: built on first use instead, the pool would stall the
 * event loop for one to two seconds in the middle of a query — long enough for heartbeats to
 * time out and a healthy worker to look dead.
 */
export function warmTextPool(): Promise<void> {
  if (sharedPool !== undefined) return Promise.resolve();
  sharedBuilder ??= new TextPoolBuilder(TEXT_POOL_SIZE);
  const builder = sharedBuilder;
  return new Promise((resolve) => {
    const next = (): void => {
      // getTextPool may have finished (and replaced) the builder meanwhile.
      if (sharedPool !== undefined || builder !== sharedBuilder) {
        resolve();
      } else if (builder.step()) {
        sharedPool = builder.pool();
        sharedBuilder = undefined;
        resolve();
      } else {
        setImmediate(next);
      }
    };
    setImmediate(next);
  });
}
