/**
 * The page sink of one writer into a memory table, on whichever node the writer runs. It works
 * from the insert handle the coordinator made (memory-insert-handle.ts), not from metadata, since
 * a worker has none. Pages arrive with one channel per target column (the INSERT's column list,
 * in its order); the sink rearranges them into table column order, filling columns the INSERT
 * does not name with NULLs, checks each block against its column type, and appends them to a
 * fragment of this node's store. `finish` reports the run of rows it wrote; they become visible
 * when the coordinator commits every sink's rows together.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block } from '../../data/block.js';
import { nullBlock } from '../../data/block-builder.js';
import { createPage, type Page } from '../../data/page.js';
import { blockMatchesType } from '../../data/physical-type.js';
import type { ConnectorPageSink } from '../../spi/connector.js';
import { formatType } from '../../types/type-signature.js';
import type { MemoryInsertColumns } from './memory-insert-handle.js';
import { SAMPLE_ROWS, type SampledColumn, sampleColumns } from './memory-statistics.js';
import type { FragmentWrite, MemoryStore } from './memory-store.js';

/** What a finished sink hands to `finishInsert`: rows [rowStart, rowEnd) of a fragment of `tableId` held by `nodeId`. */
export interface MemoryWriteFragment {
  readonly tableId: number;
  readonly nodeId: string;
  readonly fragmentId: string;
  /** The store's number of the write (only the last write of a fragment can be cut off again). */
  readonly write: number;
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly rows: number;
  readonly bytes: number;
  /** Column statistics of the fragment's first rows (for the coordinator's optimizer). */
  readonly columns: SampledColumn[];
}

export class MemoryPageSink implements ConnectorPageSink {
  /** For each table column, the input channel that carries it, or -1 for NULLs. */
  private readonly channelOfColumn: Int32Array;
  private readonly inputChannels: number;
  private readonly write: FragmentWrite;
  private bytes = 0;
  /** The first pages written (as appended, before the store merges them), for the column samples. */
  private readonly sampled: Page[] = [];
  private sampledRows = 0;

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
    this.write = store.openWrite(table.tableId, table.owner);
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
    this.bytes += this.store.append(this.write, stored);
    if (this.sampledRows < SAMPLE_ROWS) {
      this.sampled.push(stored);
      this.sampledRows += stored.positionCount;
    }
  }

  finish(): MemoryWriteFragment {
    const { rowStart, rowEnd } = this.store.finishWrite(this.write);
    const { tableId, fragmentId } = this.write.fragment;
    const rows = rowEnd - rowStart;
    const columns = sampleColumns(this.table.columns, rows, this.sampled);
    return {
      tableId,
      nodeId: this.store.nodeId,
      fragmentId,
      write: this.write.write,
      rowStart,
      rowEnd,
      rows,
      bytes: this.bytes,
      columns,
    };
  }

  abort(): void {
    this.store.abortWrite(this.write);
  }
}
