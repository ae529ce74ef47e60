/**
 * The page sink of one writer into a memory table, on whichever node the writer runs. It works
 * from the insert handle the coordinator made (memory-insert-handle.ts), not from metadata, since
 * a worker has none. Pages arrive with one channel per target column (the INSERT's column list,
 * in its order); the sink rearranges them into table column order, filling columns the INSERT
 * does not name with NULLs, checks each block against its column type, and adds them to a
 * fragment of this node's store. `finish` reports the fragment; it becomes visible when the
 * coordinator commits every sink's fragments together.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import { nullBlock } from '../../data/block-builder.js';
import { createPage, type Page, pageSizeInBytes } from '../../data/page.js';
import { blockMatchesType } from '../../data/physical-type.js';
import type { ConnectorPageSink } from '../../spi/connector.js';
import { formatType } from '../../types/type-signature.js';
import type { MemoryInsertColumns } from './memory-insert-handle.js';
import { type SampledColumn, sampleColumns } from './memory-statistics.js';
import type { MemoryStore, StoredFragment } from './memory-store.js';

/** What a finished sink hands to `finishInsert`: a fragment of `tableId` held by `nodeId`. */
export interface MemoryWriteFragment {
  readonly tableId: number;
  readonly nodeId: string;
  readonly fragmentId: string;
  readonly rows: number;
  readonly pages: number;
  readonly bytes: number;
  /** Column statistics of the fragment's first rows (for the coordinator's optimizer). */
  readonly columns: SampledColumn[];
}

export class MemoryPageSink implements ConnectorPageSink {
  /** For each table column, the input channel that carries it, or -1 for NULLs. */
  private readonly channelOfColumn: Int32Array;
  private readonly inputChannels: number;
  private readonly fragment: StoredFragment;

  constructor(
    private readonly store: MemoryStore,
    private readonly table: MemoryInsertColumns,
    targetColumns: readonly string[],
  ) {
    this.channelOfColumn = new Int32Array(table.columns.length).fill(-1);
    targetColumns.forEach((name, channel) => {
      const column = table.columns.findIndex((c) => c.name === name);
      if (column < 0) {
        throw new VivaceError('COLUMN_NOT_FOUND', `Column '${name}' not found in table ${table.qualifiedName}`);
      }
      if (this.channelOfColumn[column] !== -1) {
        throw new VivaceError('DUPLICATE_COLUMN_NAME', `Insert column name is specified more than once: ${name}`);
      }
      this.channelOfColumn[column] = channel;
    });
    this.inputChannels = targetColumns.length;
    this.fragment = store.open(table.tableId);
  }

  appendPage(page: Page): void {
    if (page.blocks.length !== this.inputChannels) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Memory sink expects ${this.inputChannels} channels, got a page with ${page.blocks.length}`,
      );
    }
    if (page.positionCount === 0) return;
    const blocks: Block[] = [];
    for (let column = 0; column < this.channelOfColumn.length; column++) {
      const { name, type } = this.table.columns[column];
      const channel = this.channelOfColumn[column];
      if (channel < 0) {
        blocks.push(nullBlock(type, page.positionCount));
        continue;
      }
      const block = page.blocks[channel];
      if (!blockMatchesType(block, type)) {
        throw new VivaceError(
          'GENERIC_INTERNAL_ERROR',
          `Block of kind ${block.kind} cannot hold column '${name}' of type ${formatType(type)}`,
        );
      }
      blocks.push(block);
    }
    const stored = createPage(blocks, page.positionCount);
    this.store.append(this.fragment, stored, pageSizeInBytes(stored));
  }

  finish(): MemoryWriteFragment {
    const { tableId, fragmentId, rows, bytes, pages } = this.fragment;
    if (this.store.get(tableId, fragmentId) !== this.fragment) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Memory fragment ${fragmentId} was aborted`);
    }
    const columns = sampleColumns(this.table.columns, rows, pages);
    return { tableId, nodeId: this.store.nodeId, fragmentId, rows, pages: pages.length, bytes, columns };
  }

  abort(): void {
    this.store.discard(this.fragment.tableId, this.fragment.fragmentId);
  }
}
