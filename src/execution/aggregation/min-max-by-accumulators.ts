/**
 * min_by(v, k) and max_by(v, k): the value of the row with the smallest/largest key. Rows with a NULL
 * key are ignored; a NULL value on the winning row gives NULL. Keys are compared in a Float64Array for
 * numeric key types (int64 key blocks — bigints beyond 2^53 — are compared as rounded doubles), in a
 * string[] for character keys and with compareValues otherwise; the value is read (getValue) only
 * when a row wins. Ties keep the first row seen.
 * Intermediate state: row(key K, value V), NULL for an empty group.
 */

import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder, type RowBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { physicalKindOf } from '../../data/physical-type.js';
import { valueSizeInBytes } from '../../data/value-size.js';
import { rowOf, type Type } from '../../types/type.js';
import { compareStrings, compareValues } from '../expression/value-comparison.js';
import { type NumberKeyWriter, numberKeyWriter } from '../hash/number-group-by-hash.js';
import { BaseAccumulator, growFloat64Array, growUint8Array } from './accumulator.js';
import { numberValues, rowFields } from './state-blocks.js';

type KeyMode = 'number' | 'string' | 'value';

function keyModeOf(type: Type): KeyMode {
  switch (physicalKindOf(type)) {
    case 'int32':
    case 'float32':
    case 'float64':
    case 'boolean':
    case 'int64':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'value';
  }
}

export function minMaxByStateType(valueType: Type, keyType: Type): Type {
  return rowOf([
    { name: 'key', type: keyType },
    { name: 'value', type: valueType },
  ]);
}

export class MinMaxByAccumulator extends BaseAccumulator {
  private readonly mode: KeyMode;
  private seen = new Uint8Array(0);
  private numberKeys = new Float64Array(0);
  private otherKeys: unknown[] = [];
  private values: unknown[] = [];
  /** Estimated bytes of the kept values and non-number keys (valueSizeInBytes): they may be large. */
  private keptBytes = 0;
  private readonly writeNumberKey: NumberKeyWriter;

  constructor(
    private readonly valueType: Type,
    private readonly keyType: Type,
    private readonly isMax: boolean,
  ) {
    super(minMaxByStateType(valueType, keyType));
    this.mode = keyModeOf(keyType);
    this.writeNumberKey = this.mode === 'number' ? numberKeyWriter(keyType) : () => {};
  }

  get retainedBytes(): number {
    return (
      this.seen.byteLength +
      this.numberKeys.byteLength +
      40 * (this.otherKeys.length + this.values.length) +
      this.keptBytes
    );
  }

  protected grow(capacity: number): void {
    this.seen = growUint8Array(this.seen, capacity);
    if (this.mode === 'number') this.numberKeys = growFloat64Array(this.numberKeys, capacity);
    else while (this.otherKeys.length < capacity) this.otherKeys.push(null);
    while (this.values.length < capacity) this.values.push(null);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.offer(groupIds, args[0], args[1], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const [keys, values] = rowFields(states);
    this.offer(groupIds, values, keys, count);
  }

  private offer(groupIds: Int32Array, valueBlock: FlatBlock, keyBlock: FlatBlock, count: number): void {
    const keyNulls = keyBlock.nulls;
    const sign = this.isMax ? 1 : -1;
    const seen = this.seen;
    if (this.mode === 'number') {
      const keys = numberValues(keyBlock);
      const current = this.numberKeys;
      for (let i = 0; i < count; i++) {
        if (keyNulls !== undefined && keyNulls[i] !== 0) continue;
        const g = groupIds[i];
        const key = keys[i];
        if (seen[g] === 0 || sign * compareNumbers(key, current[g]) > 0) {
          seen[g] = 1;
          current[g] = key;
          this.keep(g, getValue(valueBlock, this.valueType, i));
        }
      }
      return;
    }
    const strings = this.mode === 'string' ? (keyBlock as { values: readonly string[] }).values : undefined;
    for (let i = 0; i < count; i++) {
      if (keyNulls !== undefined && keyNulls[i] !== 0) continue;
      const g = groupIds[i];
      const key = strings !== undefined ? strings[i] : getValue(keyBlock, this.keyType, i);
      if (seen[g] !== 0) {
        const order =
          strings !== undefined
            ? compareStrings(key as string, this.otherKeys[g] as string)
            : compareValues(this.keyType, key, this.otherKeys[g]);
        if (sign * order <= 0) continue;
      }
      seen[g] = 1;
      if (strings === undefined) this.keptBytes += valueSizeInBytes(key) - valueSizeInBytes(this.otherKeys[g]);
      else this.keptBytes += 2 * ((key as string).length - ((this.otherKeys[g] as string | null)?.length ?? 0));
      this.otherKeys[g] = key;
      this.keep(g, getValue(valueBlock, this.valueType, i));
    }
  }

  private keep(g: number, value: unknown): void {
    this.keptBytes += valueSizeInBytes(value) - valueSizeInBytes(this.values[g]);
    this.values[g] = value;
  }

  evaluateIntermediate(from: number, to: number): Block {
    const builder = createBlockBuilder(this.intermediateType, to - from) as RowBlockBuilder;
    const [keyBuilder, valueBuilder] = builder.fields;
    for (let g = from; g < to; g++) {
      if (this.seen[g] === 0) {
        builder.appendNull();
        continue;
      }
      if (this.mode === 'number') this.writeNumberKey(keyBuilder, this.numberKeys[g], undefined);
      else keyBuilder.append(this.otherKeys[g]);
      valueBuilder.append(this.values[g]);
      builder.closeEntry();
    }
    return builder.build();
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.valueType, to - from);
    for (let g = from; g < to; g++) builder.append(this.seen[g] === 0 ? null : this.values[g]);
    return builder.build();
  }
}

/** Double ordering with NaN above every other value. */
function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
}
