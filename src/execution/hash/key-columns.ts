/**
 * Columnar key storage for the multi-column GroupByHash: one KeyColumn per key, holding the keys of
 * all groups in a typed array or a plain array (by physical kind), with a null flag per group. For
 * each input page the table points every column at its block (`setBlock`, which resolves dictionary
 * and rle wrappers once), then asks it to compare a position with a group and to append a position
 * as a new group. NULL equals NULL (GROUP BY semantics; join callers filter NULL keys out before).
 *
 *   NumberKeyColumn   int32/float32/float64/boolean/int64 blocks, as doubles (integers outside ±2^53
 *                     kept as BigInt in a side map, the double slot NaN)
 *   StringKeyColumn   string blocks
 *   Int128KeyColumn   long decimals: two BigInt64 words per group
 *   BinaryKeyColumn   varbinary
 *   ZonedKeyColumn    timestamptz layout: equality on (millis, picos); the first zone seen is kept
 *   ValueKeyColumn    arrays, maps, rows: JS values compared with valuesEqual
 */
import type { Block, FlatBlock } from '../../data/block.js';
import type { BlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { physicalKindOf } from '../../data/physical-type.js';
import type { Type } from '../../types/type.js';
import { valuesEqual } from '../expression/value-comparison.js';
import { growBigInt64, growFloat64, growUint8 } from './hash-table-sizing.js';
import { type NumberKeyWriter, numberKeyWriter } from './number-group-by-hash.js';

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INITIAL_CAPACITY = 16;

export interface KeyColumn {
  readonly type: Type;
  readonly retainedBytes: number;
  /** Points the column at the current page's block of this key. */
  setBlock(block: Block): void;
  isNull(position: number): boolean;
  /** Whether `position` of the current block holds the key of `group`. */
  equalsGroup(position: number, group: number): boolean;
  /** Stores `position`'s value as the key of the next group (`group` = the number of groups so far). */
  append(position: number, group: number): void;
  /** Appends `group`'s key to a builder of the column's type. */
  write(group: number, builder: BlockBuilder): void;
}

export function createKeyColumn(type: Type): KeyColumn {
  switch (physicalKindOf(type)) {
    case 'int32':
    case 'float32':
    case 'float64':
    case 'boolean':
    case 'int64':
      return new NumberKeyColumn(type);
    case 'string':
      return new StringKeyColumn(type);
    case 'int128':
      return new Int128KeyColumn(type);
    case 'binary':
      return new BinaryKeyColumn(type);
    case 'timestamptz':
      return new ZonedKeyColumn(type);
    default:
      return new ValueKeyColumn(type);
  }
}

/** Wrapper resolution shared by the columns: `flat` and the position in it of each page position. */
abstract class BaseKeyColumn<F extends FlatBlock> {
  protected flat!: F;
  private ids: Int32Array | undefined;
  private constant = false;
  protected groupNulls: Uint8Array = new Uint8Array(INITIAL_CAPACITY);

  constructor(readonly type: Type) {}

  setBlock(block: Block): void {
    if (block.kind === 'dictionary') {
      this.flat = block.dictionary as F;
      this.ids = block.ids;
      this.constant = false;
    } else if (block.kind === 'rle') {
      this.flat = block.value as F;
      this.ids = undefined;
      this.constant = true;
    } else {
      this.flat = block as F;
      this.ids = undefined;
      this.constant = false;
    }
  }

  protected at(position: number): number {
    if (this.constant) return 0;
    return this.ids === undefined ? position : this.ids[position];
  }

  isNull(position: number): boolean {
    const nulls = this.flat.nulls;
    return nulls !== undefined && nulls[this.at(position)] !== 0;
  }

  /** Records the null flag of a new group; true when the position is null (nothing else to store). */
  protected appendNullFlag(index: number, group: number): boolean {
    this.groupNulls = growUint8(this.groupNulls, group + 1, group);
    const nulls = this.flat.nulls;
    const isNull = nulls !== undefined && nulls[index] !== 0;
    this.groupNulls[group] = isNull ? 1 : 0;
    return isNull;
  }

  /** Compares null flags: 1 both null, 0 neither, -1 exactly one (unequal). */
  protected compareNulls(index: number, group: number): number {
    const nulls = this.flat.nulls;
    const positionNull = nulls !== undefined && nulls[index] !== 0;
    const groupNull = this.groupNulls[group] === 1;
    if (positionNull === groupNull) return positionNull ? 1 : 0;
    return -1;
  }
}

class NumberKeyColumn extends BaseKeyColumn<FlatBlock> implements KeyColumn {
  private values: Float64Array = new Float64Array(INITIAL_CAPACITY);
  private wide: Map<number, bigint> | undefined;
  private readonly writer: NumberKeyWriter;

  constructor(type: Type) {
    super(type);
    this.writer = numberKeyWriter(type);
  }

  get retainedBytes(): number {
    return this.values.byteLength + this.groupNulls.byteLength + (this.wide?.size ?? 0) * 96;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    const flat = this.flat;
    const key = this.values[group];
    if (flat.kind === 'int64') {
      const wide = flat.values[index];
      if (wide < MIN_SAFE || wide > MAX_SAFE) return this.wide?.get(group) === wide;
      return key === Number(wide);
    }
    const value = (flat as { values: Float64Array }).values[index];
    return key === value || (Number.isNaN(key) && Number.isNaN(value) && this.wide?.has(group) !== true);
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    this.values = growFloat64(this.values, group + 1, group);
    if (this.appendNullFlag(index, group)) return;
    const flat = this.flat;
    if (flat.kind === 'int64') {
      const wide = flat.values[index];
      if (wide < MIN_SAFE || wide > MAX_SAFE) {
        this.wide ??= new Map();
        this.wide.set(group, wide);
        this.values[group] = Number.NaN;
      } else {
        this.values[group] = Number(wide);
      }
      return;
    }
    this.values[group] = (flat as { values: Float64Array }).values[index];
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else this.writer(builder, this.values[group], this.wide?.get(group));
  }
}

class StringKeyColumn extends BaseKeyColumn<FlatBlock & { values: readonly string[] }> implements KeyColumn {
  private values: string[] = [];
  private chars = 0;

  get retainedBytes(): number {
    return this.groupNulls.byteLength + 2 * this.chars + 24 * this.values.length;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    return this.values[group] === this.flat.values[index];
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    if (this.appendNullFlag(index, group)) {
      this.values.push('');
      return;
    }
    const value = this.flat.values[index];
    this.chars += value.length;
    this.values.push(value);
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else builder.appendString(this.values[group]);
  }
}

class Int128KeyColumn extends BaseKeyColumn<FlatBlock & { values: BigInt64Array }> implements KeyColumn {
  private words: BigInt64Array = new BigInt64Array(2 * INITIAL_CAPACITY);

  get retainedBytes(): number {
    return this.words.byteLength + this.groupNulls.byteLength;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    const values = this.flat.values;
    return this.words[2 * group] === values[2 * index] && this.words[2 * group + 1] === values[2 * index + 1];
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    this.words = growBigInt64(this.words, 2 * group + 2, 2 * group);
    if (this.appendNullFlag(index, group)) return;
    this.words[2 * group] = this.flat.values[2 * index];
    this.words[2 * group + 1] = this.flat.values[2 * index + 1];
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else builder.appendBigInt((this.words[2 * group] << 64n) | BigInt.asUintN(64, this.words[2 * group + 1]));
  }
}

class BinaryKeyColumn extends BaseKeyColumn<FlatBlock & { values: readonly Uint8Array[] }> implements KeyColumn {
  private values: Uint8Array[] = [];
  private bytes = 0;

  get retainedBytes(): number {
    return this.groupNulls.byteLength + this.bytes + 88 * this.values.length;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    const a = this.values[group];
    const b = this.flat.values[index];
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    if (this.appendNullFlag(index, group)) {
      this.values.push(EMPTY_BYTES);
      return;
    }
    const value = this.flat.values[index];
    this.bytes += value.length;
    this.values.push(value);
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else builder.appendBinary(this.values[group]);
  }
}

const EMPTY_BYTES = new Uint8Array(0);

type ZonedFlat = FlatBlock & { millis: Float64Array; zones: Int16Array; picos?: Int32Array | undefined };

class ZonedKeyColumn extends BaseKeyColumn<ZonedFlat> implements KeyColumn {
  private millis: Float64Array = new Float64Array(INITIAL_CAPACITY);
  private picos: Float64Array = new Float64Array(INITIAL_CAPACITY);
  private zones: Float64Array = new Float64Array(INITIAL_CAPACITY);

  get retainedBytes(): number {
    return this.millis.byteLength * 3 + this.groupNulls.byteLength;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    const flat = this.flat;
    const picos = flat.picos === undefined ? 0 : flat.picos[index];
    return this.millis[group] === flat.millis[index] && this.picos[group] === picos;
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    this.millis = growFloat64(this.millis, group + 1, group);
    this.picos = growFloat64(this.picos, group + 1, group);
    this.zones = growFloat64(this.zones, group + 1, group);
    if (this.appendNullFlag(index, group)) return;
    const flat = this.flat;
    this.millis[group] = flat.millis[index];
    this.picos[group] = flat.picos === undefined ? 0 : flat.picos[index];
    this.zones[group] = flat.zones[index];
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else builder.appendZoned(this.millis[group], this.picos[group], this.zones[group]);
  }
}

/** Nested keys (arrays, maps, rows): stored as JS values, compared with valuesEqual. */
class ValueKeyColumn extends BaseKeyColumn<FlatBlock> implements KeyColumn {
  private values: unknown[] = [];

  get retainedBytes(): number {
    // Nested values have no cheap exact size; 64 bytes per key is the estimate.
    return this.groupNulls.byteLength + 64 * this.values.length;
  }

  equalsGroup(position: number, group: number): boolean {
    const index = this.at(position);
    const nulls = this.compareNulls(index, group);
    if (nulls !== 0) return nulls > 0;
    return valuesEqual(this.type, this.values[group], getValue(this.flat, this.type, index));
  }

  append(position: number, group: number): void {
    const index = this.at(position);
    if (this.appendNullFlag(index, group)) {
      this.values.push(null);
      return;
    }
    this.values.push(getValue(this.flat, this.type, index));
  }

  write(group: number, builder: BlockBuilder): void {
    if (this.groupNulls[group] === 1) builder.appendNull();
    else builder.append(this.values[group]);
  }
}
