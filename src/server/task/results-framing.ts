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
 * task's record as JSON, then every page of its output, framed as above — the record's length
 * first, as a 32-bit little-endian integer.
 */
export const TASK_WITH_PAGES_CONTENT_TYPE = 'application/x-vivace-task-with-pages';

export function frameTaskWithPages(info: unknown, pages: readonly Uint8Array[]): Buffer {
  const json = Buffer.from(JSON.stringify(info), 'utf8');
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32LE(json.length, 0);
  return Buffer.concat([length, json, framePages(pages)]);
}

export function unframeTaskWithPages(body: Uint8Array): { info: unknown; pages: Uint8Array[] } {
  if (body.length < 4) throw new VivaceError('CORRUPT_PAGE', 'Truncated task answer with inline results');
  const length = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0, true);
  if (4 + length > body.length) throw new VivaceError('CORRUPT_PAGE', 'A task record runs past the end of its answer');
  const info: unknown = JSON.parse(Buffer.from(body.buffer, body.byteOffset + 4, length).toString('utf8'));
  return { info, pages: unframePages(body.subarray(4 + length)) };
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
