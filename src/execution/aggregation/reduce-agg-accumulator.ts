/**
 * reduce_agg(value, initialState, inputFunction, combineFunction): folds each group's non-null values
 * into a state of type S with `inputFunction(state, value)`, starting from the group's first row's
 * initialState, and merges partial states with `combineFunction(state, state)`. The two lambdas come
 * evaluated (JS functions over engine values) from the caller, who compiles the lambda expressions.
 * A NULL initial state fails (INVALID_FUNCTION_ARGUMENT); a group without non-null values gives NULL.
 * Intermediate state: the state value itself (type S).
 */

import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { valueSizeInBytes } from '../../data/value-size.js';
import type { Type } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array, growUint8Array } from './accumulator.js';

export type LambdaFunction = (...args: unknown[]) => unknown;

export class ReduceAggAccumulator extends BaseAccumulator {
  private states: unknown[] = [];
  private seen = new Uint8Array(0);
  /** Estimated bytes of each group's state: a state can grow with every row (s || x). */
  private stateBytes = new Float64Array(0);
  private totalStateBytes = 0;

  constructor(
    private readonly valueType: Type,
    private readonly stateType: Type,
    private readonly inputFunction: LambdaFunction,
    private readonly combineFunction: LambdaFunction,
  ) {
    super(stateType);
  }

  get retainedBytes(): number {
    return this.seen.byteLength + this.stateBytes.byteLength + 64 * this.states.length + this.totalStateBytes;
  }

  protected grow(capacity: number): void {
    this.seen = growUint8Array(this.seen, capacity);
    this.stateBytes = growFloat64Array(this.stateBytes, capacity);
    while (this.states.length < capacity) this.states.push(null);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const [valueBlock, initialBlock] = args;
    for (let i = 0; i < count; i++) {
      if (valueBlock.nulls !== undefined && valueBlock.nulls[i] !== 0) continue;
      const g = groupIds[i];
      let state: unknown;
      if (this.seen[g] === 0) {
        state = getValue(initialBlock, this.stateType, i);
        if (state === null)
          throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Initial value in reduce_agg cannot be null');
        this.seen[g] = 1;
      } else {
        state = this.states[g];
      }
      this.setState(g, this.inputFunction(state, getValue(valueBlock, this.valueType, i)));
    }
  }

  private setState(g: number, state: unknown): void {
    this.states[g] = state;
    const bytes = typeof state === 'object' || typeof state === 'string' ? valueSizeInBytes(state) : 0;
    this.totalStateBytes += bytes - this.stateBytes[g];
    this.stateBytes[g] = bytes;
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const g = groupIds[i];
      const incoming = getValue(states, this.stateType, i);
      if (this.seen[g] === 0) {
        this.seen[g] = 1;
        this.setState(g, incoming);
      } else {
        this.setState(g, this.combineFunction(this.states[g], incoming));
      }
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    return this.evaluateFinal(from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    const builder = createBlockBuilder(this.stateType, to - from);
    for (let g = from; g < to; g++) builder.append(this.seen[g] === 0 ? null : this.states[g]);
    return builder.build();
  }
}
