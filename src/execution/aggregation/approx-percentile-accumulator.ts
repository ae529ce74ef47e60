/**
 * approx_percentile over bigint, real and double, in its four forms: (x, p), (x, p[]), (x, w, p) and
 * (x, w, p[]). Each group keeps a t-digest (t-digest.ts, as Trino) of its non-null values (with their
 * weights) and the percentile(s) of its first row (they are constants in practice). Results: the
 * digest's value at the percentile, rounded to the nearest integer for bigint and to real for real;
 * an array of them for the array forms; NULL for an empty group. For small groups (every value its
 * own centroid) the result is the smallest value whose cumulative count exceeds p·n, as Presto's
 * quantile digests give. Percentiles outside [0, 1] and weights that are not positive fail with
 * INVALID_FUNCTION_ARGUMENT.
 * Intermediate state (varbinary): [array flag][percentile count][percentiles][digest].
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { binaryBlock } from '../../data/block.js';
import { type ArrayBlockBuilder, createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { arrayOf, DOUBLE, type Type, VARBINARY } from '../../types/type.js';
import { BaseAccumulator } from './accumulator.js';
import { ByteReader, ByteWriter } from './binary-state.js';
import { numberValues } from './state-blocks.js';
import { TDigest } from './t-digest.js';

interface PercentileState {
  readonly digest: TDigest;
  readonly percentiles: readonly number[];
}

export class ApproxPercentileAccumulator extends BaseAccumulator {
  private states: (PercentileState | undefined)[] = [];
  private bytes = 0;

  /**
   * @param valueType bigint, real or double.
   * @param weighted whether the arguments are (x, w, p) rather than (x, p).
   * @param arrayForm whether p is an array of percentiles.
   */
  constructor(
    private readonly valueType: Type,
    private readonly weighted: boolean,
    private readonly arrayForm: boolean,
  ) {
    super(VARBINARY);
  }

  get retainedBytes(): number {
    return 8 * this.states.length + this.bytes;
  }

  protected grow(capacity: number): void {
    while (this.states.length < capacity) this.states.push(undefined);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const valueBlock = args[0];
    const values = numberValues(valueBlock);
    const weightBlock = this.weighted ? args[1] : undefined;
    const weights = weightBlock === undefined ? undefined : numberValues(weightBlock);
    const percentileBlock = args[this.weighted ? 2 : 1];
    for (let i = 0; i < count; i++) {
      if (valueBlock.nulls !== undefined && valueBlock.nulls[i] !== 0) continue;
      if (weightBlock?.nulls !== undefined && weightBlock.nulls[i] !== 0) continue;
      const g = groupIds[i];
      let state = this.states[g];
      if (state === undefined) {
        state = { digest: new TDigest(), percentiles: this.readPercentiles(percentileBlock, i) };
        this.states[g] = state;
        this.bytes += state.digest.retainedBytes;
      }
      const weight = weights === undefined ? 1 : weights[i];
      if (!(weight > 0)) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', `Weight must be > 0, was ${weight}`);
      const before = state.digest.retainedBytes;
      state.digest.add(values[i], weight);
      this.bytes += state.digest.retainedBytes - before;
    }
  }

  private readPercentiles(block: FlatBlock, position: number): number[] {
    const value = getValue(block, this.arrayForm ? arrayOf(DOUBLE) : DOUBLE, position);
    if (value === null) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Percentile cannot be null');
    const percentiles = this.arrayForm ? (value as (number | null)[]) : [value as number];
    for (const p of percentiles) {
      if (p === null) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Percentile cannot be null');
      if (!(p >= 0 && p <= 1)) throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Percentile must be between 0 and 1');
    }
    return percentiles as number[];
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const values = (states as { values: readonly Uint8Array[] }).values;
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const reader = new ByteReader(values[i]);
      reader.uint8();
      const percentiles: number[] = [];
      const percentileCount = reader.int32();
      for (let j = 0; j < percentileCount; j++) percentiles.push(reader.float64());
      const digest = TDigest.deserialize(reader);
      const g = groupIds[i];
      const state = this.states[g];
      if (state === undefined) {
        this.states[g] = { digest, percentiles };
        this.bytes += digest.retainedBytes;
      } else {
        const before = state.digest.retainedBytes;
        state.digest.merge(digest);
        this.bytes += state.digest.retainedBytes - before;
      }
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const values: Uint8Array[] = [];
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const state = this.states[g];
      if (state === undefined) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
        values.push(new Uint8Array(0));
        continue;
      }
      const writer = new ByteWriter().uint8(this.arrayForm ? 1 : 0).int32(state.percentiles.length);
      for (const p of state.percentiles) writer.float64(p);
      state.digest.serialize(writer);
      values.push(writer.finish());
    }
    return binaryBlock(values, nulls);
  }

  evaluateFinal(from: number, to: number): Block {
    const resultType = this.arrayForm ? arrayOf(this.valueType) : this.valueType;
    const builder = createBlockBuilder(resultType, to - from);
    for (let g = from; g < to; g++) {
      const state = this.states[g];
      if (state === undefined || state.digest.count === 0) {
        builder.appendNull();
        continue;
      }
      const results = state.percentiles.map((p) => this.convert(state.digest.quantile(p)));
      if (!this.arrayForm) {
        builder.append(results[0]);
        continue;
      }
      const arrays = builder as ArrayBlockBuilder;
      for (const value of results) arrays.elements.append(value);
      arrays.closeEntry();
    }
    return builder.build();
  }

  private convert(value: number): number {
    if (this.valueType.kind === 'bigint') return Math.round(value);
    if (this.valueType.kind === 'real') return Math.fround(value);
    return value;
  }
}
