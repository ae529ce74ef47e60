/**
 * The body of a task results response (`application/X-presto-pages`): the pages of the response
 * one after another, each a serialized page stream (data/page-serde.ts) preceded by its length as
 * a 32-bit little-endian integer. An empty body carries no page.
 */
import { VivaceError } from '../../common/vivace-error.js';

export const PAGES_CONTENT_TYPE = 'application/X-presto-pages';

export function framePages(pages: readonly Uint8Array[]): Buffer {
  let total = 0;
  for (const page of pages) total += 4 + page.length;
  const body = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const page of pages) {
    body.writeUInt32LE(page.length, offset);
    body.set(page, offset + 4);
    offset += 4 + page.length;
  }
  return body;
}

/**
 * The answer to a task creation that asked for its results inline (`X-Vivace-Inline-Results`): the
 * task's record as JSON without its `stats`, then the `stats` as JSON of their own, then every page
 * of its output framed as above — each JSON part preceded by its length as a 32-bit little-endian
 * integer (0 for no `stats`). The statistics (pipelines and operator summaries, most of the record)
 * travel apart so that the coordinator can keep them as text and parse them only when someone
 * reads them (lazy-json.ts): it answers thousands of small statements whose statistics nobody asks
 * for, and parsing them, then carrying the objects through the young generation, cost it more than
 * any other part of the answer.
 */
export const TASK_WITH_PAGES_CONTENT_TYPE = 'application/x-vivace-task-with-pages';

/** `statsText`: the record's statistics as JSON text already (then `info` has none of its own). */
export function frameTaskWithPages(
  info: Readonly<Record<string, unknown>>,
  pages: readonly Uint8Array[],
  statsText?: string,
): Buffer {
  const { stats, ...record } = info;
  const head = Buffer.from(JSON.stringify(record), 'utf8');
  const text = statsText ?? (stats === undefined ? undefined : JSON.stringify(stats));
  const statsJson = text === undefined ? Buffer.alloc(0) : Buffer.from(text, 'utf8');
  const lengths = Buffer.allocUnsafe(8);
  lengths.writeUInt32LE(head.length, 0);
  lengths.writeUInt32LE(statsJson.length, 4);
  return Buffer.concat([lengths.subarray(0, 4), head, lengths.subarray(4), statsJson, framePages(pages)]);
}

export interface TaskWithPages {
  /** The record without its `stats`. */
  readonly info: Record<string, unknown>;
  /** The record's `stats` as JSON text, when it had them. */
  readonly statsJson: string | undefined;
  readonly pages: Uint8Array[];
}

export function unframeTaskWithPages(body: Uint8Array): TaskWithPages {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const part = (offset: number, what: string): { text: string; end: number } => {
    if (offset + 4 > body.length)
      throw new VivaceError('CORRUPT_PAGE', `Truncated task answer with inline results (${what})`);
    const length = view.getUint32(offset, true);
    if (offset + 4 + length > body.length) {
      throw new VivaceError('CORRUPT_PAGE', `The ${what} of a task answer runs past its end`);
    }
    const text = Buffer.from(body.buffer, body.byteOffset + offset + 4, length).toString('utf8');
    return { text, end: offset + 4 + length };
  };
  const head = part(0, 'task record');
  const stats = part(head.end, 'task statistics');
  const info: unknown = JSON.parse(head.text);
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    throw new VivaceError('CORRUPT_PAGE', 'The task record of a task answer is not a JSON object');
  }
  return {
    info: info as Record<string, unknown>,
    statsJson: stats.text.length > 0 ? stats.text : undefined,
    pages: unframePages(body.subarray(stats.end)),
  };
}

export function unframePages(body: Uint8Array): Uint8Array[] {
  const pages: Uint8Array[] = [];
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let offset = 0;
  while (offset < body.length) {
    if (offset + 4 > body.length) throw new VivaceError('CORRUPT_PAGE', 'Truncated page frame in a results response');
    const length = view.getUint32(offset, true);
    if (offset + 4 + length > body.length) {
      throw new VivaceError('CORRUPT_PAGE', 'A page frame runs past the end of a results response');
    }
    pages.push(body.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return pages;
}
