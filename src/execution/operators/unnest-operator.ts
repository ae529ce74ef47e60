/**
 * UNNEST (UnnestNode): for each input row, one output row per element of its collections. The
 * replicated channels are copied to every produced row; an array becomes one column (an array of
 * rows one column per field); a map becomes a key and a value column. Several collections are
 * zipped: a row produces as many rows as its longest collection, the others padded with NULLs (a
 * NULL collection counts as empty). WITH ORDINALITY adds a bigint column numbering the produced
 * rows of each input row from 1. `outer` (LEFT JOIN UNNEST ... ON true) turns an input row whose
 * collections are all empty or NULL into one row of NULLs (ordinality NULL) instead of none.
 *
 * Output is produced in pages of at most OUTPUT_PAGE_ROWS rows, resuming inside an input row when
 * its collections are long. Output columns: replicated, then each unnest channel's, then ordinality.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { float64Block } from '../../data/block.js';
import { copyPositions } from '../../data/block-copy.js';
import { underlyingBlock, underlyingPosition } from '../../data/block-values.js';
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { gatherNullable } from '../join/nullable-gather.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { OUTPUT_PAGE_ROWS } from './order-by-operator.js';

export interface UnnestChannel {
  readonly channel: number;
  /** array(T) or map(K, V). */
  readonly type: Type;
}

/** One collection column of the current page, resolved to its flat array or map block. */
interface Collection {
  readonly offsets: Int32Array;
  readonly nulls: Uint8Array | undefined;
  /** Position in the flat block of each page position. */
  readonly positionOf: (position: number) => number;
  /** The element columns it produces and their types. */
  readonly outputs: readonly { readonly block: Block; readonly type: Type }[];
  /** For arrays of rows: element position → position in the row block holding the fields. */
  readonly rowElements: Block | null;
}

export class UnnestOperator implements Operator {
  private page: Page | null = null;
  private collections: Collection[] = [];
  /** Rows produced by each input row of the current page. */
  private rowCounts = new Int32Array(0);
  private row = 0;
  /** Rows of `row` already produced. */
  private produced = 0;
  private finishing = false;

  /**
   * @param replicateChannels UnnestNode.replicate as channels
   * @param unnestChannels UnnestNode.unnest: each collection channel and its type
   * @param withOrdinality UnnestNode.ordinality is set
   * @param outer UnnestNode.outer
   */
  constructor(
    readonly context: OperatorContext,
    private readonly replicateChannels: readonly number[],
    private readonly unnestChannels: readonly UnnestChannel[],
    private readonly withOrdinality: boolean,
    private readonly outer: boolean,
  ) {
    for (const { type } of unnestChannels) {
      if (type.kind !== 'array' && type.kind !== 'map') {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `Cannot unnest a value of type ${type.kind}`);
      }
    }
  }

  needsInput(): boolean {
    return !this.finishing && this.page === null;
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    this.collections = this.unnestChannels.map(({ channel, type }) => resolveCollection(page.blocks[channel], type));
    const counts = new Int32Array(page.positionCount);
    for (const collection of this.collections) {
      const { offsets, nulls } = collection;
      for (let position = 0; position < page.positionCount; position++) {
        const p = collection.positionOf(position);
        if (nulls !== undefined && nulls[p] !== 0) continue;
        const length = offsets[p + 1] - offsets[p];
        if (length > counts[position]) counts[position] = length;
      }
    }
    if (this.outer) for (let position = 0; position < page.positionCount; position++) counts[position] ||= 1;
    this.page = page;
    this.rowCounts = counts;
    this.row = 0;
    this.produced = 0;
    this.context.memory.setBytes(counts.byteLength);
  }

  getOutput(): Page | null {
    const page = this.page;
    if (page === null) return null;
    const counts = this.rowCounts;
    // Count the rows of this output page first, then fill the position arrays.
    let total = 0;
    let row = this.row;
    let produced = this.produced;
    while (row < page.positionCount && total < OUTPUT_PAGE_ROWS) {
      const take = Math.min(counts[row] - produced, OUTPUT_PAGE_ROWS - total);
      total += take;
      produced += take;
      if (produced === counts[row]) {
        row++;
        produced = 0;
      }
    }
    if (total === 0) {
      this.releasePage();
      return null;
    }
    const replicated = new Int32Array(total);
    const elementPositions = this.collections.map(() => new Int32Array(total));
    const ordinality = this.withOrdinality ? new Float64Array(total) : null;
    const ordinalityNulls = this.withOrdinality && this.outer ? new Uint8Array(total) : null;
    let out = 0;
    while (out < total) {
      const position = this.row;
      const count = counts[position];
      const take = Math.min(count - this.produced, total - out);
      for (let c = 0; c < this.collections.length; c++) {
        const collection = this.collections[c];
        const p = collection.positionOf(position);
        const isNull = collection.nulls !== undefined && collection.nulls[p] !== 0;
        const start = collection.offsets[p];
        const length = isNull ? 0 : collection.offsets[p + 1] - start;
        const target = elementPositions[c];
        for (let k = 0; k < take; k++) {
          const index = this.produced + k;
          target[out + k] = index < length ? start + index : -1;
        }
      }
      const emptyRow = this.outer && this.isEmptyRow(position);
      for (let k = 0; k < take; k++) {
        replicated[out + k] = position;
        if (ordinality !== null) ordinality[out + k] = this.produced + k + 1;
        if (ordinalityNulls !== null && emptyRow) ordinalityNulls[out + k] = 1;
      }
      out += take;
      this.produced += take;
      if (this.produced === count) {
        this.row++;
        this.produced = 0;
      }
    }
    const blocks: Block[] = this.replicateChannels.map((channel) =>
      copyPositions(page.blocks[channel], replicated, total),
    );
    this.collections.forEach((collection, c) => {
      const positions = elementPositions[c];
      const fieldPositions =
        collection.rowElements === null ? positions : rowPositions(collection.rowElements, positions);
      for (const output of collection.outputs)
        blocks.push(gatherNullable(output.block, output.type, fieldPositions, total));
    });
    if (ordinality !== null) blocks.push(float64Block(ordinality, compactNulls(ordinalityNulls)));
    while (this.row < page.positionCount && counts[this.row] === 0) this.row++;
    if (this.row >= page.positionCount) this.releasePage();
    return { positionCount: total, blocks };
  }

  private isEmptyRow(position: number): boolean {
    for (const collection of this.collections) {
      const p = collection.positionOf(position);
      if (collection.nulls !== undefined && collection.nulls[p] !== 0) continue;
      if (collection.offsets[p + 1] > collection.offsets[p]) return false;
    }
    return true;
  }

  private releasePage(): void {
    this.page = null;
    this.collections = [];
    this.rowCounts = new Int32Array(0);
    this.context.memory.setBytes(0);
  }

  finish(): void {
    this.finishing = true;
  }

  isFinished(): boolean {
    return this.finishing && this.page === null;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.releasePage();
  }
}

function compactNulls(nulls: Uint8Array | null): Uint8Array | undefined {
  if (nulls === null) return undefined;
  for (let i = 0; i < nulls.length; i++) if (nulls[i] !== 0) return nulls;
  return undefined;
}

function resolveCollection(block: Block, type: Type): Collection {
  const flat: FlatBlock = underlyingBlock(block);
  const positionOf =
    block.kind === 'dictionary'
      ? (position: number) => block.ids[position]
      : block.kind === 'rle'
        ? () => 0
        : (position: number) => position;
  if (type.kind === 'map') {
    if (flat.kind !== 'map') throw blockMismatch(flat, type);
    return {
      offsets: flat.offsets,
      nulls: flat.nulls,
      positionOf,
      outputs: [
        { block: flat.keys, type: type.key },
        { block: flat.values, type: type.value },
      ],
      rowElements: null,
    };
  }
  if (type.kind !== 'array' || flat.kind !== 'array') throw blockMismatch(flat, type);
  const element = type.element;
  if (element.kind === 'row') {
    const rows = underlyingBlock(flat.elements);
    if (rows.kind !== 'row') throw blockMismatch(rows, element);
    return {
      offsets: flat.offsets,
      nulls: flat.nulls,
      positionOf,
      outputs: element.fields.map((field, i) => ({ block: rows.fields[i], type: field.type })),
      rowElements: flat.elements,
    };
  }
  return {
    offsets: flat.offsets,
    nulls: flat.nulls,
    positionOf,
    outputs: [{ block: flat.elements, type: element }],
    rowElements: null,
  };
}

/** Element positions mapped through the wrapper of a row-typed elements block (−1 kept). */
function rowPositions(elements: Block, positions: Int32Array): Int32Array {
  if (elements.kind !== 'dictionary' && elements.kind !== 'rle') return positions;
  const mapped = new Int32Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    mapped[i] = p < 0 ? -1 : underlyingPosition(elements, p);
  }
  return mapped;
}

function blockMismatch(block: FlatBlock, type: Type): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `A ${block.kind} block cannot hold values of type ${type.kind}`);
}
