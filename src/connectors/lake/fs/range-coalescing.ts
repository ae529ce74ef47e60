/**
 * Coalescing of byte ranges: the column chunks a query needs from one file, sorted, with the
 * neighbours closer than `maxGap` merged into one read (reading a small gap costs less than another
 * request: a syscall locally, a round trip on S3), as long as a merged read stays below
 * `maxReadSize`. `readRanges` then performs the merged reads and hands each requested range back as
 * a view of its read, in the order asked. Used by the Parquet reader; the S3 file system of the next
 * issue uses the same helper for its ranged GETs.
 */
import { fail } from '../../../common/invariant.js';

export interface ByteRange {
  readonly offset: number;
  readonly length: number;
}

/** One read covering several requested ranges (their indexes in the request). */
export interface CoalescedRead extends ByteRange {
  readonly members: readonly number[];
}

export interface CoalescingOptions {
  /** Ranges at most this many bytes apart are read together (default 1 MiB, Trino's merge distance). */
  readonly maxGap?: number;
  /** A merged read grows no larger than this (default 16 MiB); a single larger range is still one read. */
  readonly maxReadSize?: number;
}

export const DEFAULT_MAX_GAP = 1 << 20;
export const DEFAULT_MAX_READ_SIZE = 16 << 20;

export function coalesceRanges(ranges: readonly ByteRange[], options: CoalescingOptions = {}): CoalescedRead[] {
  const maxGap = options.maxGap ?? DEFAULT_MAX_GAP;
  const maxReadSize = options.maxReadSize ?? DEFAULT_MAX_READ_SIZE;
  const order = ranges.map((_, i) => i).sort((a, b) => (ranges[a]?.offset ?? 0) - (ranges[b]?.offset ?? 0));
  const reads: CoalescedRead[] = [];
  let start = -1;
  let end = -1;
  let members: number[] = [];
  for (const index of order) {
    const range = ranges[index] ?? fail('a range per index');
    const rangeEnd = range.offset + range.length;
    if (start >= 0 && range.offset - end <= maxGap && Math.max(end, rangeEnd) - start <= maxReadSize) {
      end = Math.max(end, rangeEnd);
      members.push(index);
      continue;
    }
    if (start >= 0) reads.push({ offset: start, length: end - start, members });
    start = range.offset;
    end = rangeEnd;
    members = [index];
  }
  if (start >= 0) reads.push({ offset: start, length: end - start, members });
  return reads;
}

/**
 * Reads `ranges` through `read` with neighbouring ranges coalesced; the result holds the bytes of
 * `ranges[i]` at index i (views into the merged reads' buffers, not copies).
 */
export async function readRanges(
  read: (offset: number, length: number) => Promise<Uint8Array>,
  ranges: readonly ByteRange[],
  options: CoalescingOptions = {},
): Promise<Uint8Array[]> {
  const results = new Array<Uint8Array>(ranges.length);
  const reads = coalesceRanges(ranges, options);
  await Promise.all(
    reads.map(async (merged) => {
      const bytes = await read(merged.offset, merged.length);
      for (const index of merged.members) {
        const range = ranges[index] ?? fail('a range per member');
        const from = range.offset - merged.offset;
        results[index] = bytes.subarray(from, from + range.length);
      }
    }),
  );
  return results;
}
