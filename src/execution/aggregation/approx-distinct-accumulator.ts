/**
 * approx_distinct(x [, max_standard_error]): a HyperLogLog sketch per group (hyperloglog.ts) over the
 * value-based hashes of hash-values.ts, so equal values count once whatever their encoding. The
 * default standard error is Presto's 0.023 (2048 registers); an explicit one must lie in
 * [0.0040625, 0.26]. NULLs are ignored and an empty group gives 0 (not NULL), as in Presto.
 * Intermediate state: the serialised sketch (varbinary).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { binaryBlock, float64Block } from '../../data/block.js';
import type { Type } from '../../types/type.js';
import { VARBINARY } from '../../types/type.js';
import { hashBlock } from '../hash/hash-values.js';
import { BaseAccumulator } from './accumulator.js';
import { DEFAULT_INDEX_BITS, HyperLogLog, indexBitsForError } from './hyperloglog.js';
import { numberValues } from './state-blocks.js';

const MIN_STANDARD_ERROR = 0.0040625;
const MAX_STANDARD_ERROR = 0.26;

export class ApproxDistinctAccumulator extends BaseAccumulator {
  private sketches: (HyperLogLog | undefined)[] = [];
  private hashes = new Int32Array(0);
  private sketchBytes = 0;

  constructor(private readonly type: Type) {
    super(VARBINARY);
  }

  get retainedBytes(): number {
    return 8 * this.sketches.length + this.hashes.byteLength + this.sketchBytes;
  }

  protected grow(capacity: number): void {
    while (this.sketches.length < capacity) this.sketches.push(undefined);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const block = args[0];
    const errors = args.length > 1 ? numberValues(args[1]) : undefined;
    if (this.hashes.length < count) this.hashes = new Int32Array(count);
    const hashes = this.hashes;
    hashBlock(block, this.type, hashes, count);
    const nulls = block.nulls;
    for (let i = 0; i < count; i++) {
      if (nulls !== undefined && nulls[i] !== 0) continue;
      const g = groupIds[i];
      let sketch = this.sketches[g];
      if (sketch === undefined) {
        sketch = new HyperLogLog(errors === undefined ? DEFAULT_INDEX_BITS : indexBitsFor(errors[i]));
        this.sketches[g] = sketch;
        this.sketchBytes += sketch.retainedBytes;
      }
      const before = sketch.retainedBytes;
      sketch.add(hashes[i]);
      this.sketchBytes += sketch.retainedBytes - before;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const values = (states as { values: readonly Uint8Array[] }).values;
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const g = groupIds[i];
      const incoming = HyperLogLog.deserialize(values[i]);
      const sketch = this.sketches[g];
      if (sketch === undefined) {
        this.sketches[g] = incoming;
        this.sketchBytes += incoming.retainedBytes;
      } else {
        const before = sketch.retainedBytes;
        sketch.merge(incoming);
        this.sketchBytes += sketch.retainedBytes - before;
      }
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const values: Uint8Array[] = [];
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const sketch = this.sketches[g];
      if (sketch === undefined) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
        values.push(new Uint8Array(0));
      } else {
        values.push(sketch.serialize());
      }
    }
    return binaryBlock(values, nulls);
  }

  evaluateFinal(from: number, to: number): Block {
    const out = new Float64Array(to - from);
    for (let g = from; g < to; g++) out[g - from] = this.sketches[g]?.cardinality() ?? 0;
    return float64Block(out);
  }
}

function indexBitsFor(maxStandardError: number): number {
  if (!(maxStandardError >= MIN_STANDARD_ERROR && maxStandardError <= MAX_STANDARD_ERROR)) {
    throw new VivaceError(
      'INVALID_FUNCTION_ARGUMENT',
      `Max standard error must be in [${MIN_STANDARD_ERROR}, ${MAX_STANDARD_ERROR.toFixed(5)}]: ${maxStandardError}`,
    );
  }
  return indexBitsForError(maxStandardError);
}
