/**
 * bool_and (alias every) and bool_or: one byte per group (0 no value yet, 1 true, 2 false). NULL
 * inputs are ignored; an empty group gives NULL. The intermediate state is the boolean result.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { booleanBlock } from '../../data/block.js';
import { BOOLEAN } from '../../types/type.js';
import { BaseAccumulator, growUint8Array, nullsWhereUnset } from './accumulator.js';

const TRUE = 1;
const FALSE = 2;

export class BooleanAccumulator extends BaseAccumulator {
  private state = new Uint8Array(0);

  constructor(private readonly isAnd: boolean) {
    super(BOOLEAN);
  }

  get retainedBytes(): number {
    return this.state.byteLength;
  }

  protected grow(capacity: number): void {
    this.state = growUint8Array(this.state, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    this.addBlock(groupIds, args[0], count);
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    this.addBlock(groupIds, states, count);
  }

  private addBlock(groupIds: Int32Array, block: FlatBlock, count: number): void {
    const values = (block as { values: Uint8Array }).values;
    const nulls = block.nulls;
    const state = this.state;
    // The value that decides the result once seen: false for AND, true for OR.
    const decisive = this.isAnd ? FALSE : TRUE;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      const value = values[i] === 1 ? TRUE : FALSE;
      if (state[g] === 0 || value === decisive) state[g] = value;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const values = new Uint8Array(to - from);
    for (let g = from; g < to; g++) values[g - from] = this.state[g] === TRUE ? 1 : 0;
    return booleanBlock(values, nullsWhereUnset(this.state, from, to));
  }
}
