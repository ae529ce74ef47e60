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
