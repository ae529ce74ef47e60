/**
 * HyperLogLog over 32-bit value hashes, for approx_distinct.
 *
 * A sketch starts SPARSE: the exact set of distinct hashes seen (open addressing in an Int32Array), so
 * small cardinalities are exact up to hash collisions. Once it holds more hashes than a quarter of
 * its register count (where the set would outgrow the registers), it turns DENSE: m = 2^p one-byte
 * registers, register = top p bits of the hash, value = position of the first 1-bit in the remaining
 * 32 − p bits. The dense estimate is the standard one (Flajolet et al.): α·m²/Σ2^−M[j], with linear
 * counting below 2.5·m while registers are empty, and the 32-bit large-range correction. With
 * p = 11 (2048 registers) the standard error is 1.04/√2048 ≈ 2.3%, Presto's default. Because hashes
 * are 32 bits, cardinalities far beyond 10^8 lose accuracy to hash collisions (documented limit).
 *
 * Serialised form (varbinary): [format 1 = sparse | 2 = dense][p], then for sparse the hash count
 * and the hashes (int32 each), for dense the m registers.
 */

import { fail } from '../../common/invariant.js';
import { VivaceError } from '../../common/vivace-error.js';
import { ByteReader, ByteWriter } from './binary-state.js';

const SPARSE = 1;
const DENSE = 2;
/** Stands for hash 0 in the sparse set, whose empty slots are 0. */
const ZERO_HASH_STAND_IN = 0x5bd1e995;
const TWO_32 = 4294967296;

/** Register-index bits for a maximum standard error: the smallest p with 1.04/√(2^p) ≤ error. */
export function indexBitsForError(maxStandardError: number): number {
  const buckets = (1.04 / maxStandardError) ** 2;
  return Math.max(4, Math.min(16, Math.ceil(Math.log2(buckets))));
}

export const DEFAULT_INDEX_BITS = 11;

export class HyperLogLog {
  private sparse: Int32Array | null = new Int32Array(8);
  private sparseCount = 0;
  private registers: Uint8Array | null = null;

  constructor(readonly indexBits: number) {}

  get retainedBytes(): number {
    return 48 + (this.sparse?.byteLength ?? 0) + (this.registers?.byteLength ?? 0);
  }

  add(hash: number): void {
    const registers = this.registers;
    if (registers !== null) this.addDense(registers, hash);
    else this.addSparse(hash === 0 ? ZERO_HASH_STAND_IN : hash);
  }

  private addSparse(hash: number): void {
    let set = this.sparse ?? fail('a sketch without registers is sparse');
    let mask = set.length - 1;
    let slot = (hash ^ (hash >>> 16)) & mask;
    for (;;) {
      const entry = set[slot];
      if (entry === hash) return;
      if (entry === 0) break;
      slot = (slot + 1) & mask;
    }
    set[slot] = hash;
    this.sparseCount++;
    if (this.sparseCount > (1 << this.indexBits) / 4) {
      this.toDense();
      return;
    }
    if (this.sparseCount * 2 > set.length) {
      const old = set;
      set = new Int32Array(old.length * 2);
      mask = set.length - 1;
      for (const h of old) {
        if (h === 0) continue;
        let s = (h ^ (h >>> 16)) & mask;
        while (set[s] !== 0) s = (s + 1) & mask;
        set[s] = h;
      }
      this.sparse = set;
    }
  }

  private addDense(registers: Uint8Array, hash: number): void {
    const p = this.indexBits;
    const index = hash >>> (32 - p);
    // Rank: leading zeros of the remaining bits plus one, bounded by 32 − p + 1.
    const rest = (hash << p) | (1 << (p - 1));
    const rank = Math.clz32(rest) + 1;
    if (rank > registers[index]) registers[index] = rank;
  }

  private toDense(): Uint8Array {
    const registers = new Uint8Array(1 << this.indexBits);
    const sparse = this.sparse ?? fail('a sketch without registers is sparse');
    this.registers = registers;
    this.sparse = null;
    this.sparseCount = 0;
    for (const h of sparse) if (h !== 0) this.addDense(registers, h === ZERO_HASH_STAND_IN ? 0 : h);
    return registers;
  }

  /** Merges another sketch of the same precision into this one. */
  merge(other: HyperLogLog): void {
    if (other.indexBits !== this.indexBits) {
      throw new VivaceError('INVALID_FUNCTION_ARGUMENT', 'Cannot merge HyperLogLog sketches of different precisions');
    }
    if (other.registers === null) {
      for (const h of other.sparse ?? fail('a sketch without registers is sparse'))
        if (h !== 0) this.add(h === ZERO_HASH_STAND_IN ? 0 : h);
      return;
    }
    const mine = this.registers ?? this.toDense();
    const theirs = other.registers;
    for (let i = 0; i < mine.length; i++) if (theirs[i] > mine[i]) mine[i] = theirs[i];
  }

  cardinality(): number {
    if (this.registers === null) return this.sparseCount;
    const registers = this.registers;
    const m = registers.length;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < m; i++) {
      const r = registers[i];
      sum += 2 ** -r;
      if (r === 0) zeros++;
    }
    const alpha = m >= 128 ? 0.7213 / (1 + 1.079 / m) : m === 64 ? 0.709 : m === 32 ? 0.697 : 0.673;
    const raw = (alpha * m * m) / sum;
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    if (raw > TWO_32 / 30) return Math.round(-TWO_32 * Math.log(1 - raw / TWO_32));
    return Math.round(raw);
  }

  serialize(): Uint8Array {
    const writer = new ByteWriter();
    if (this.registers !== null) return writer.uint8(DENSE).uint8(this.indexBits).bytes(this.registers).finish();
    writer.uint8(SPARSE).uint8(this.indexBits).int32(this.sparseCount);
    for (const h of this.sparse ?? fail('a sketch without registers is sparse')) if (h !== 0) writer.int32(h);
    return writer.finish();
  }

  static deserialize(bytes: Uint8Array): HyperLogLog {
    const reader = new ByteReader(bytes);
    const format = reader.uint8();
    const sketch = new HyperLogLog(reader.uint8());
    if (format === DENSE) {
      sketch.sparse = null;
      sketch.registers = reader.bytesOf(1 << sketch.indexBits).slice();
      return sketch;
    }
    const count = reader.int32();
    for (let i = 0; i < count; i++) {
      const h = reader.int32();
      sketch.add(h === ZERO_HASH_STAND_IN ? 0 : h);
    }
    return sketch;
  }
}
