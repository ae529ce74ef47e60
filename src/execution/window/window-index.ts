/**
 * The window operator's input in window order: all rows sorted by (partition keys, order keys),
 * gathered into one page so that row i of the index is position i of every block, with the
 * partition boundaries and the peer groups (rows of a partition equal on the order keys; the
 * whole partition when there are none) precomputed:
 *   partitionStarts  the first row of each partition, then rowCount
 *   groupOf[i]       the peer group of row i (numbered across the whole index; groups never span
 *                    partitions)
 *   groupStarts[g]   the first row of group g, then rowCount
 */

import type { Block } from '../../data/block.js';
import { constantBlock } from '../../data/block-builder.js';
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { createRowComparator, type SortOrdering, sortColumnsOf, sortedPermutation } from '../sort/sort-keys.js';
import type { WindowArgument } from './window-function.js';

export class WindowIndex {
  private constructor(
    readonly page: Page,
    readonly types: readonly Type[],
    readonly partitionStarts: Int32Array,
    readonly groupOf: Int32Array,
    readonly groupStarts: Int32Array,
  ) {}

  get rowCount(): number {
    return this.page.positionCount;
  }

  /** Sorts `page` (values of `types`) into window order. */
  static build(
    page: Page,
    types: readonly Type[],
    partitionBy: readonly number[],
    orderBy: readonly SortOrdering[],
  ): WindowIndex {
    const n = page.positionCount;
    const partitionOrderings: SortOrdering[] = partitionBy.map((channel) => ({
      channel,
      type: types[channel]!,
      ascending: true,
      nullsFirst: false,
    }));
    const orderings = [...partitionOrderings, ...orderBy];
    const columns = sortColumnsOf(page.blocks, orderings);
    const permutation = sortedPermutation(columns, orderings, n);
    const partitionColumns = columns.slice(0, partitionOrderings.length);
    const orderColumns = columns.slice(partitionOrderings.length);
    const samePartition = createRowComparator(partitionOrderings, partitionColumns);
    const samePeers = createRowComparator(orderBy, orderColumns);
    const partitionStarts: number[] = [];
    const groupStarts: number[] = [];
    const groupOf = new Int32Array(n);
    let group = -1;
    for (let i = 0; i < n; i++) {
      const row = permutation[i]!;
      const previous = i === 0 ? -1 : permutation[i - 1]!;
      const newPartition =
        i === 0 ||
        (partitionOrderings.length > 0 && samePartition(partitionColumns, previous, partitionColumns, row) !== 0);
      if (newPartition) partitionStarts.push(i);
      if (newPartition || (orderBy.length > 0 && samePeers(orderColumns, previous, orderColumns, row) !== 0)) {
        group++;
        groupStarts.push(i);
      }
      groupOf[i] = group;
    }
    partitionStarts.push(n);
    groupStarts.push(n);
    const sorted: Page = { positionCount: n, blocks: page.blocks.map((block) => copyPositions(block, permutation, n)) };
    return new WindowIndex(sorted, types, Int32Array.from(partitionStarts), groupOf, Int32Array.from(groupStarts));
  }

  /** The rows' values of an argument: its channel's block, or the constant repeated. */
  argumentBlock(argument: WindowArgument, type: Type): Block {
    if ('channel' in argument) return this.page.blocks[argument.channel]!;
    return constantBlock(type, argument.constant, this.rowCount);
  }

  /** First row of the peer group of row i. */
  peerStart(i: number): number {
    return this.groupStarts[this.groupOf[i]!]!;
  }

  /** One past the last row of the peer group of row i. */
  peerEnd(i: number): number {
    return this.groupStarts[this.groupOf[i]! + 1]!;
  }

  /** Bytes held beyond the sorted page. */
  get structureBytes(): number {
    return this.groupOf.byteLength + this.groupStarts.byteLength + this.partitionStarts.byteLength;
  }
}
