/**
 * Buffers the input of a blocking operator (sort, window, join build side) and turns it into one
 * page per column when the input ends, so that later gathers are single `copyPositions` calls on
 * one block and a row is addressed by one integer. Tracks the retained size for memory accounting.
 */

import type { Block } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { concatBlocks } from '../../data/block-copy.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { Type } from '../../types/type.js';

export class RowBuffer {
  private pages: Page[] = [];
  private rows = 0;
  private bytes = 0;

  constructor(private readonly types: readonly Type[]) {}

  get positionCount(): number {
    return this.rows;
  }

  /** Estimated bytes held by the buffered pages. */
  get retainedBytes(): number {
    return this.bytes;
  }

  /** What `takeConcatenated` allocates beside the buffered pages (a copy, unless there is one page). */
  get concatenationBytes(): number {
    return this.pages.length > 1 ? this.bytes : 0;
  }

  add(page: Page): void {
    if (page.positionCount === 0) return;
    this.pages.push(page);
    this.rows += page.positionCount;
    this.bytes += pageSizeInBytes(page);
  }

  /**
   * All buffered rows as one page (in arrival order); the buffer is emptied. With no rows, a page of
   * empty blocks of the buffer's types.
   */
  takeConcatenated(): Page {
    const pages = this.pages;
    const rows = this.rows;
    this.pages = [];
    this.rows = 0;
    this.bytes = 0;
    if (pages.length === 1) return pages[0];
    const blocks: Block[] = this.types.map((type, channel) =>
      pages.length === 0 ? createBlockBuilder(type, 1).build() : concatBlocks(pages.map((p) => p.blocks[channel])),
    );
    return { positionCount: rows, blocks };
  }

  clear(): void {
    this.pages = [];
    this.rows = 0;
    this.bytes = 0;
  }
}
