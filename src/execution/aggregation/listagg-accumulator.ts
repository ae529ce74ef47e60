/**
 * listagg(value, separator, overflowError, filler, withCount), Trino's LISTAGG ... WITHIN GROUP:
 * each group's non-null values joined by the separator, in the order the ORDER BY wrapper
 * (ordered-accumulator.ts) feeds them; a group without a non-null value gives NULL. The result is
 * at most 1,048,576 bytes of UTF-8, as in Trino: beyond that, ON OVERFLOW ERROR (the default)
 * fails the query and ON OVERFLOW TRUNCATE keeps the values that fit, then the separator, the
 * filler and, WITH COUNT, the number of values left out in parentheses.
 *
 * The separator and the overflow settings are constant arguments, read from the first row. The
 * function is not decomposable (its FINAL step would not see them), so the intermediate state —
 * the values as array(varchar) — only serves the contract.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { type ArrayBlockBuilder, createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { arrayOf, BOOLEAN, VARCHAR } from '../../types/type.js';
import { BaseAccumulator } from './accumulator.js';

/** Trino's maximum length of a listagg result, in bytes. */
export const LISTAGG_MAX_OUTPUT_BYTES = 1_048_576;

export class ListaggAccumulator extends BaseAccumulator {
  private values: (string[] | undefined)[] = [];
  private valueBytes = 0;
  private separator = '';
  private overflowError = true;
  private filler = '...';
  private withCount = false;
  private settingsRead = false;

  constructor() {
    super(arrayOf(VARCHAR));
  }

  get retainedBytes(): number {
    return 8 * this.values.length + this.valueBytes;
  }

  protected grow(capacity: number): void {
    while (this.values.length < capacity) this.values.push(undefined);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    if (!this.settingsRead && count > 0) this.readSettings(args);
    const block = args[0] as FlatBlock;
    for (let i = 0; i < count; i++) {
      const value = getValue(block, VARCHAR, i);
      if (typeof value === 'string') this.append(groupIds[i] as number, value);
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    for (let i = 0; i < count; i++) {
      const values = getValue(states, this.intermediateType, i);
      if (!Array.isArray(values)) continue;
      for (const value of values) if (typeof value === 'string') this.append(groupIds[i] as number, value);
    }
  }

  private readSettings(args: readonly FlatBlock[]): void {
    this.settingsRead = true;
    const at = (index: number) => {
      const block = args[index];
      return block === undefined ? undefined : getValue(block, index === 2 || index === 4 ? BOOLEAN : VARCHAR, 0);
    };
    const separator = at(1);
    if (typeof separator === 'string') this.separator = separator;
    const overflowError = at(2);
    if (typeof overflowError === 'boolean') this.overflowError = overflowError;
    const filler = at(3);
    if (typeof filler === 'string') this.filler = filler;
    const withCount = at(4);
    if (typeof withCount === 'boolean') this.withCount = withCount;
  }

  private append(group: number, value: string): void {
    let list = this.values[group];
    if (list === undefined) {
      list = [];
      this.values[group] = list;
    }
    list.push(value);
    this.valueBytes += 2 * value.length + 16;
  }

  evaluateIntermediate(from: number, to: number): Block {
    const builder = createBlockBuilder(this.intermediateType, to - from) as ArrayBlockBuilder;
    for (let g = from; g < to; g++) {
      const list = this.values[g];
      if (list === undefined) builder.appendNull();
      else builder.append(list);
    }
    return builder.build();
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(VARCHAR, to - from);
    for (let g = from; g < to; g++) {
      const list = this.values[g];
      if (list === undefined) builder.appendNull();
      else builder.append(this.join(list));
    }
    return builder.build();
  }

  private join(list: readonly string[]): string {
    const separatorBytes = Buffer.byteLength(this.separator);
    let bytes = 0;
    for (let i = 0; i < list.length; i++) {
      bytes += (i > 0 ? separatorBytes : 0) + Buffer.byteLength(list[i] as string);
      if (bytes <= LISTAGG_MAX_OUTPUT_BYTES) continue;
      if (this.overflowError) {
        throw new VivaceError(
          'EXCEEDED_FUNCTION_MEMORY_LIMIT',
          `Concatenated string has the length in bytes larger than the maximum output length ${LISTAGG_MAX_OUTPUT_BYTES}`,
        );
      }
      const kept = list.slice(0, i).join(this.separator);
      const count = this.withCount ? `(${list.length - i})` : '';
      return `${kept}${i > 0 ? this.separator : ''}${this.filler}${count}`;
    }
    return list.join(this.separator);
  }
}
