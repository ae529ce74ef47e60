/**
 * count(*), count(x) and count_if(b): a Float64Array of counts per group (exact far beyond any row
 * count). The intermediate state is the bigint count itself; an empty group counts 0.
 */
import type { Block, FlatBlock } from '../../data/block.js';
import { BIGINT } from '../../types/type.js';
import { BaseAccumulator, growFloat64Array } from './accumulator.js';
import { float64Range, numberValues } from './state-blocks.js';

export type CountKind = 'rows' | 'nonNull' | 'true';

export class CountAccumulator extends BaseAccumulator {
  private counts = new Float64Array(0);

  constructor(private readonly kind: CountKind) {
    super(BIGINT);
  }

  get retainedBytes(): number {
    return this.counts.byteLength;
  }

  protected grow(capacity: number): void {
    this.counts = growFloat64Array(this.counts, capacity);
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const counts = this.counts;
    // One group so far (a global count(*)): every id is 0, so count without reading the ids — an
    // increment per row of one array element is a chain of dependent stores.
    const single = this.groupCount === 1;
    if (this.kind === 'rows') {
      if (single) counts[0] += count;
      else for (let i = 0; i < count; i++) counts[groupIds[i]]++;
      return;
    }
    const block = args[0];
    const nulls = block.nulls;
    if (this.kind === 'nonNull') {
      if (nulls === undefined && single) counts[0] += count;
      else if (nulls === undefined) for (let i = 0; i < count; i++) counts[groupIds[i]]++;
      else for (let i = 0; i < count; i++) if (nulls[i] === 0) counts[groupIds[i]]++;
      return;
    }
    const values = numberValues(block);
    for (let i = 0; i < count; i++) {
      if (values[i] === 1 && (nulls === undefined || nulls[i] === 0)) counts[groupIds[i]]++;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const counts = this.counts;
    const values = numberValues(states);
    const nulls = states.nulls;
    for (let i = 0; i < count; i++) if (nulls === undefined || nulls[i] === 0) counts[groupIds[i]] += values[i];
  }

  evaluateIntermediate(from: number, to: number): Block {
    return float64Range(this.counts, from, to);
  }

  evaluateFinal(from: number, to: number): Block {
    return float64Range(this.counts, from, to);
  }
}
