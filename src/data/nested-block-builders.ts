/**
 * Builders of array, map and row blocks. Besides `append(value)` and `appendFrom`, each exposes its
 * child builders so that operators can append element values with the typed fast paths and then
 * close the entry:
 *
 *   const b = createBlockBuilder(arrayOf(DOUBLE)) as ArrayBlockBuilder;
 *   b.elements.appendFloat64(1); b.elements.appendFloat64(2); b.closeEntry();   // [1, 2]
 *   b.appendNull();                                                               // NULL
 *
 * A row entry is closed once every field builder has received exactly one more value. Map keys must
 * be non-null; duplicate keys are not checked here (the functions that build maps do that).
 */
import { VivaceError } from '../common/vivace-error.js';
import type { ArrayType, MapType, RowType } from '../types/type.js';
import type { Block, FlatBlock } from './block.js';
import { arrayBlock, mapBlock, rowBlock } from './block.js';
import type { BlockBuilder } from './block-builder-interface.js';
import { BaseBlockBuilder, resized } from './flat-block-builders.js';

/** Offsets (positionCount + 1 entries) of array and map builders. */
abstract class OffsetsBlockBuilder extends BaseBlockBuilder {
  protected offsets = new Int32Array(1);

  /** Number of child entries appended so far. */
  protected abstract childCount(): number;

  /** Ends the current entry: everything appended to the children since the last entry belongs to it. */
  closeEntry(): void {
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.offsets[n + 1] = this.childCount();
    this.positionCount = n + 1;
  }

  override appendNull(): void {
    if (this.childCount() !== this.offsets[this.positionCount]) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'appendNull while an entry is open');
    }
    const n = this.markNextNull();
    this.offsets[n + 1] = this.offsets[n];
    this.positionCount = n + 1;
  }

  protected resizeValues(capacity: number): void {
    this.offsets = resized(this.offsets, capacity + 1, this.positionCount + 1);
  }

  protected exactOffsets(): Int32Array {
    const length = this.positionCount + 1;
    return this.offsets.length === length ? this.offsets : this.offsets.slice(0, length);
  }

  protected resetValues(): void {
    this.offsets = new Int32Array(1);
  }
}

export class ArrayBlockBuilder extends OffsetsBlockBuilder {
  constructor(
    type: ArrayType,
    expectedPositions: number,
    readonly elements: BlockBuilder,
  ) {
    super(type, expectedPositions);
  }

  protected childCount(): number {
    return this.elements.positionCount;
  }

  protected appendValue(value: unknown): void {
    if (!Array.isArray(value)) this.mismatch(value);
    for (const element of value) this.elements.append(element);
    this.closeEntry();
  }

  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'array') this.mismatch(block);
    const end = block.offsets[position + 1];
    for (let i = block.offsets[position]; i < end; i++) this.elements.appendFrom(block.elements, i);
    this.closeEntry();
  }

  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return arrayBlock(this.exactOffsets(), this.elements.build(), nulls);
  }
}

export class MapBlockBuilder extends OffsetsBlockBuilder {
  constructor(
    type: MapType,
    expectedPositions: number,
    readonly keys: BlockBuilder,
    readonly values: BlockBuilder,
  ) {
    super(type, expectedPositions);
  }

  protected childCount(): number {
    const count = this.keys.positionCount;
    if (count !== this.values.positionCount) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'map entry has different numbers of keys and values');
    }
    return count;
  }

  /** Takes a Map or an iterable of [key, value] pairs. */
  protected appendValue(value: unknown): void {
    if (typeof value !== 'object' || value === null || !(Symbol.iterator in value)) this.mismatch(value);
    for (const entry of value as Iterable<unknown>) {
      if (!Array.isArray(entry) || entry.length !== 2) this.mismatch(entry);
      this.appendEntry(entry[0], entry[1]);
    }
    this.closeEntry();
  }

  /** Appends one key → value pair to the open entry. */
  appendEntry(key: unknown, value: unknown): void {
    if (key === null || key === undefined) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'map key cannot be null');
    this.keys.append(key);
    this.values.append(value);
  }

  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'map') this.mismatch(block);
    const end = block.offsets[position + 1];
    for (let i = block.offsets[position]; i < end; i++) {
      this.keys.appendFrom(block.keys, i);
      this.values.appendFrom(block.values, i);
    }
    this.closeEntry();
  }

  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return mapBlock(this.exactOffsets(), this.keys.build(), this.values.build(), nulls);
  }
}

export class RowBlockBuilder extends BaseBlockBuilder {
  constructor(
    type: RowType,
    expectedPositions: number,
    readonly fields: readonly BlockBuilder[],
  ) {
    super(type, expectedPositions);
  }

  /** Ends the current row: each field builder must have received exactly one value for it. */
  closeEntry(): void {
    const n = this.positionCount;
    for (const field of this.fields) {
      if (field.positionCount !== n + 1) {
        throw new VivaceError(
          'GENERIC_INTERNAL_ERROR',
          `row entry ${n} has ${field.positionCount - n} values in a field`,
        );
      }
    }
    if (n === this.capacity) this.grow();
    this.positionCount = n + 1;
  }

  override appendNull(): void {
    this.markNextNull();
    for (const field of this.fields) field.appendNull();
    this.positionCount++;
  }

  /** Takes an array of field values in field order. */
  protected appendValue(value: unknown): void {
    if (!Array.isArray(value) || value.length !== this.fields.length) this.mismatch(value);
    for (let i = 0; i < this.fields.length; i++) this.fields[i].append(value[i]);
    this.closeEntry();
  }

  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'row' || block.fields.length !== this.fields.length) this.mismatch(block);
    for (let i = 0; i < this.fields.length; i++) this.fields[i].appendFrom(block.fields[i], position);
    this.closeEntry();
  }

  protected resizeValues(): void {}

  protected buildBlock(nulls: Uint8Array | undefined): Block {
    return rowBlock(
      this.positionCount,
      this.fields.map((field) => field.build()),
      nulls,
    );
  }

  protected resetValues(): void {}
}
