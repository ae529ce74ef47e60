/**
 * numeric_histogram(buckets, value [, weight]): an approximate histogram with at most `buckets`
 * bins (Ben-Haim & Tom-Tov's streaming histogram, as Presto). Each group collects (value, weight)
 * points; whenever it holds more than twice the bucket count, and before output, the points are
 * sorted, equal values are combined, and the two closest neighbours are merged (weighted mean of
 * their values, sum of weights) until `buckets` remain. The result maps each bin's centre to its
 * total weight (double → double, or real → real for real values); NULL for an empty group. The
 * bucket count must be at least 2.
 * Intermediate state (varbinary): [buckets][point count][value, weight]*.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { binaryBlock } from '../../data/block.js';
import { createBlockBuilder, type MapBlockBuilder } from '../../data/block-builder.js';
import { DOUBLE, mapOf, REAL, VARBINARY } from '../../types/type.js';
import { BaseAccumulator } from './accumulator.js';
import { ByteReader, ByteWriter } from './binary-state.js';
import { numberValues } from './state-blocks.js';

class Histogram {
  values: number[] = [];
  weights: number[] = [];

  constructor(readonly buckets: number) {}

  add(value: number, weight: number): void {
    this.values.push(value);
    this.weights.push(weight);
    if (this.values.length > 2 * this.buckets) this.compact();
  }

  /** Sorts, combines equal values, and merges closest neighbours down to `buckets` bins. */
  compact(): void {
    const order = this.values.map((_, i) => i).sort((a, b) => this.values[a] - this.values[b]);
    const values: number[] = [];
    const weights: number[] = [];
    for (const i of order) {
      const last = values.length - 1;
      if (last >= 0 && values[last] === this.values[i]) weights[last] += this.weights[i];
      else {
        values.push(this.values[i]);
        weights.push(this.weights[i]);
      }
    }
    while (values.length > this.buckets) {
      let closest = 0;
      for (let i = 1; i < values.length - 1; i++) {
        if (values[i + 1] - values[i] < values[closest + 1] - values[closest]) closest = i;
      }
      const weight = weights[closest] + weights[closest + 1];
      values[closest] = (values[closest] * weights[closest] + values[closest + 1] * weights[closest + 1]) / weight;
      weights[closest] = weight;
      values.splice(closest + 1, 1);
      weights.splice(closest + 1, 1);
    }
    this.values = values;
    this.weights = weights;
  }
}

export class NumericHistogramAccumulator extends BaseAccumulator {
  private histograms: (Histogram | undefined)[] = [];
  private points = 0;

  constructor(
    private readonly real: boolean,
    private readonly weighted: boolean,
  ) {
    super(VARBINARY);
  }

  get retainedBytes(): number {
    return 8 * this.histograms.length + 32 * this.points;
  }

  protected grow(capacity: number): void {
    while (this.histograms.length < capacity) this.histograms.push(undefined);
  }

  private histogramOf(g: number, buckets: number): Histogram {
    let histogram = this.histograms[g];
    if (histogram === undefined) {
      if (!(buckets >= 2) || !Number.isInteger(buckets)) {
        throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'numeric_histogram bucket count must be greater than one');
      }
      histogram = new Histogram(buckets);
      this.histograms[g] = histogram;
    }
    return histogram;
  }

  protected addRows(groupIds: Int32Array, args: readonly FlatBlock[], count: number): void {
    const [bucketBlock, valueBlock, weightBlock] = args;
    const buckets = numberValues(bucketBlock);
    const values = numberValues(valueBlock);
    const weights = weightBlock === undefined || !this.weighted ? undefined : numberValues(weightBlock);
    for (let i = 0; i < count; i++) {
      if (valueBlock.nulls !== undefined && valueBlock.nulls[i] !== 0) continue;
      if (bucketBlock.nulls !== undefined && bucketBlock.nulls[i] !== 0) continue;
      if (weightBlock?.nulls !== undefined && weightBlock.nulls[i] !== 0) continue;
      const histogram = this.histogramOf(groupIds[i], buckets[i]);
      const before = histogram.values.length;
      histogram.add(values[i], weights === undefined ? 1 : weights[i]);
      this.points += histogram.values.length - before;
    }
  }

  protected mergeStates(groupIds: Int32Array, states: FlatBlock, count: number): void {
    const bytes = (states as { values: readonly Uint8Array[] }).values;
    for (let i = 0; i < count; i++) {
      if (states.nulls !== undefined && states.nulls[i] !== 0) continue;
      const reader = new ByteReader(bytes[i]);
      const histogram = this.histogramOf(groupIds[i], reader.int32());
      const points = reader.int32();
      const before = histogram.values.length;
      for (let j = 0; j < points; j++) {
        const value = reader.float64();
        histogram.add(value, reader.float64());
      }
      this.points += histogram.values.length - before;
    }
  }

  evaluateIntermediate(from: number, to: number): Block {
    const values: Uint8Array[] = [];
    let nulls: Uint8Array | undefined;
    for (let g = from; g < to; g++) {
      const histogram = this.histograms[g];
      if (histogram === undefined) {
        nulls ??= new Uint8Array(to - from);
        nulls[g - from] = 1;
        values.push(new Uint8Array(0));
        continue;
      }
      const writer = new ByteWriter().int32(histogram.buckets).int32(histogram.values.length);
      for (let j = 0; j < histogram.values.length; j++)
        writer.float64(histogram.values[j]).float64(histogram.weights[j]);
      values.push(writer.finish());
    }
    return binaryBlock(values, nulls);
  }

  evaluateFinal(from: number, to: number): Block {
    const elementType = this.real ? REAL : DOUBLE;
    const builder = createBlockBuilder(mapOf(elementType, elementType), to - from) as MapBlockBuilder;
    for (let g = from; g < to; g++) {
      const histogram = this.histograms[g];
      if (histogram === undefined || histogram.values.length === 0) {
        builder.appendNull();
        continue;
      }
      histogram.compact();
      for (let j = 0; j < histogram.values.length; j++) {
        builder.appendEntry(histogram.values[j], histogram.weights[j]);
      }
      builder.closeEntry();
    }
    return builder.build();
  }
}
