/**
 * A merging t-digest (Dunning & Ertl) for approx_percentile, as Trino uses one.
 *
 * Values (with weights) first go to a buffer; when it fills, buffer and centroids are sorted by mean
 * and swept once, merging neighbours while the merged centroid stays within the size bound
 * 4·N·q·(1 − q)/δ (q = the centroid's quantile, δ = the compression, 100 as Trino's default), so
 * centroids are tiny near the tails (the extremes stay single values) and larger in the middle. The
 * minimum and maximum are kept exactly. A quantile is read by interpolating between centroid centres
 * (each centroid's weight spread half before and half after its mean). With δ = 100 the rank error is
 * about 1% in the middle of the distribution and far less near the tails (tested on 100k values).
 *
 * Serialised form: [min][max][centroid count][mean, weight]* (doubles, little-endian).
 */
import type { ByteReader, ByteWriter } from './binary-state.js';

export const DEFAULT_COMPRESSION = 100;
const BUFFER_LIMIT = 5 * DEFAULT_COMPRESSION;

export class TDigest {
  private means = new Float64Array(0);
  private weights = new Float64Array(0);
  private centroidCount = 0;
  private bufferMeans = new Float64Array(8);
  private bufferWeights = new Float64Array(8);
  private bufferCount = 0;
  private totalWeight = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;

  constructor(private readonly compression = DEFAULT_COMPRESSION) {}

  get count(): number {
    return this.totalWeight;
  }

  get retainedBytes(): number {
    return 96 + this.means.byteLength * 2 + this.bufferMeans.byteLength * 2;
  }

  add(value: number, weight = 1): void {
    if (Number.isNaN(value)) return;
    if (this.bufferCount === this.bufferMeans.length) {
      if (this.bufferCount >= BUFFER_LIMIT) this.compress();
      else this.growBuffer();
    }
    this.bufferMeans[this.bufferCount] = value;
    this.bufferWeights[this.bufferCount] = weight;
    this.bufferCount++;
    this.totalWeight += weight;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  private growBuffer(): void {
    const capacity = Math.min(BUFFER_LIMIT, this.bufferMeans.length * 2);
    const means = new Float64Array(capacity);
    const weights = new Float64Array(capacity);
    means.set(this.bufferMeans);
    weights.set(this.bufferWeights);
    this.bufferMeans = means;
    this.bufferWeights = weights;
  }

  merge(other: TDigest): void {
    other.compress();
    for (let i = 0; i < other.centroidCount; i++) this.add(other.means[i], other.weights[i]);
    if (other.totalWeight > 0) {
      if (other.min < this.min) this.min = other.min;
      if (other.max > this.max) this.max = other.max;
    }
  }

  /** Folds the buffer into the centroids. */
  compress(): void {
    if (this.bufferCount === 0) return;
    const n = this.centroidCount + this.bufferCount;
    const means = new Float64Array(n);
    const weights = new Float64Array(n);
    means.set(this.means.subarray(0, this.centroidCount));
    weights.set(this.weights.subarray(0, this.centroidCount));
    means.set(this.bufferMeans.subarray(0, this.bufferCount), this.centroidCount);
    weights.set(this.bufferWeights.subarray(0, this.bufferCount), this.centroidCount);
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => means[a] - means[b]);

    const total = this.totalWeight;
    const outMeans = new Float64Array(n);
    const outWeights = new Float64Array(n);
    let out = 0;
    let currentMean = means[order[0]];
    let currentWeight = weights[order[0]];
    let weightBefore = 0;
    const factor = (4 * total) / this.compression;
    for (let k = 1; k < n; k++) {
      const i = order[k];
      const proposed = currentWeight + weights[i];
      const q0 = weightBefore / total;
      const q2 = (weightBefore + proposed) / total;
      const bound = factor * Math.min(q0 * (1 - q0), q2 * (1 - q2));
      if (proposed <= bound) {
        currentMean += ((means[i] - currentMean) * weights[i]) / proposed;
        currentWeight = proposed;
      } else {
        outMeans[out] = currentMean;
        outWeights[out] = currentWeight;
        out++;
        weightBefore += currentWeight;
        currentMean = means[i];
        currentWeight = weights[i];
      }
    }
    outMeans[out] = currentMean;
    outWeights[out] = currentWeight;
    out++;
    this.means = outMeans.slice(0, out);
    this.weights = outWeights.slice(0, out);
    this.centroidCount = out;
    this.bufferCount = 0;
  }

  /** The value at quantile q in [0, 1]; NaN for an empty digest. */
  quantile(q: number): number {
    this.compress();
    const n = this.centroidCount;
    if (n === 0) return Number.NaN;
    if (n === 1) return this.means[0];
    const total = this.totalWeight;
    const index = q * total;
    const means = this.means;
    const weights = this.weights;
    // Before the first centre: between min and the first mean.
    const firstHalf = weights[0] / 2;
    if (index < firstHalf) {
      if (weights[0] <= 1) return this.min;
      return this.min + ((means[0] - this.min) * index) / firstHalf;
    }
    let weightSoFar = firstHalf;
    for (let i = 0; i < n - 1; i++) {
      const gap = (weights[i] + weights[i + 1]) / 2;
      if (weightSoFar + gap > index) {
        // Single-value centroids own their point exactly: no interpolation into them.
        const leftSingle = weights[i] === 1 && index - weightSoFar < 0.5;
        const rightSingle = weights[i + 1] === 1 && weightSoFar + gap - index <= 0.5;
        if (leftSingle) return means[i];
        if (rightSingle) return means[i + 1];
        const z1 = index - weightSoFar;
        const z2 = weightSoFar + gap - index;
        return (means[i] * z2 + means[i + 1] * z1) / gap;
      }
      weightSoFar += gap;
    }
    // After the last centre: between the last mean and max.
    const lastHalf = weights[n - 1] / 2;
    const z = index - (total - lastHalf);
    if (weights[n - 1] <= 1 || z <= 0) return z <= 0 ? means[n - 1] : this.max;
    return means[n - 1] + ((this.max - means[n - 1]) * z) / lastHalf;
  }

  serialize(writer: ByteWriter): void {
    this.compress();
    writer.float64(this.min).float64(this.max).int32(this.centroidCount);
    for (let i = 0; i < this.centroidCount; i++) writer.float64(this.means[i]).float64(this.weights[i]);
  }

  static deserialize(reader: ByteReader): TDigest {
    const digest = new TDigest();
    const min = reader.float64();
    const max = reader.float64();
    const count = reader.int32();
    for (let i = 0; i < count; i++) {
      const mean = reader.float64();
      digest.add(mean, reader.float64());
    }
    if (count > 0) {
      digest.min = min;
      digest.max = max;
    }
    return digest;
  }
}
