/**
 * A page: a batch of rows as one block per column (channel), all with the page's positionCount.
 * Operators pass pages to each other; the exchange ships them between nodes (page-serde.ts). Like
 * blocks, pages are immutable plain objects. A page may have no block at all (e.g. the input of
 * `count(*)`), in which case only positionCount matters.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Block } from './block.js';
import { copyPositions, getBlockRegion } from './block-copy.js';
import { blockSizeInBytes } from './block-values.js';

export interface Page {
  readonly positionCount: number;
  readonly blocks: readonly Block[];
}

/** A page of `blocks`; `positionCount` is needed only for a page without blocks. */
export function createPage(blocks: readonly Block[], positionCount?: number): Page {
  const count = positionCount ?? blocks[0]?.positionCount;
  if (count === undefined) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', 'A page without blocks needs an explicit positionCount');
  }
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i].positionCount !== count) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Block ${i} has ${blocks[i].positionCount} positions, the page has ${count}`,
      );
    }
  }
  return { positionCount: count, blocks };
}

/** The page restricted to the given channels, in that order (blocks are shared, not copied). */
export function selectChannels(page: Page, channels: readonly number[]): Page {
  const blocks = channels.map((channel) => {
    const block = page.blocks[channel];
    if (block === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', `Page has no channel ${channel}`);
    return block;
  });
  return { positionCount: page.positionCount, blocks };
}

/** The page with `blocks` appended as further channels. */
export function appendChannels(page: Page, blocks: readonly Block[]): Page {
  return createPage([...page.blocks, ...blocks], page.positionCount);
}

/** Rows [start, start + length) of the page, sharing the typed arrays (see getBlockRegion). */
export function getPageRegion(page: Page, start: number, length: number): Page {
  if (start < 0 || length < 0 || start + length > page.positionCount) {
    throw new VivaceError(
      'GENERIC_INTERNAL_ERROR',
      `Region [${start}, ${start + length}) outside a page of ${page.positionCount} positions`,
    );
  }
  if (start === 0 && length === page.positionCount) return page;
  return { positionCount: length, blocks: page.blocks.map((block) => getBlockRegion(block, start, length)) };
}

/** The rows at `positions[0 .. count)` (see copyPositions). */
export function copyPagePositions(page: Page, positions: Int32Array, count: number): Page {
  return { positionCount: count, blocks: page.blocks.map((block) => copyPositions(block, positions, count)) };
}

/** Retained-size estimate of the page's blocks, for memory accounting (see blockSizeInBytes). */
export function pageSizeInBytes(page: Page): number {
  let size = 0;
  for (const block of page.blocks) size += blockSizeInBytes(block);
  return size;
}
