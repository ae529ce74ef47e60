/**
 * A set of integer-valued numbers on typed arrays (open addressing, linear probing), for dynamic
 * filter keys: integers, dates and short decimals are all integers below 2^53. A JS `Set` would
 * box every double read from a Float64Array block into a heap number on `has`/`add` — one
 * allocation per row of a scan — where this compares the unboxed values.
 */

/** Bits of a safe integer mixed into a table index (multiplicative hashing of both 32-bit halves). */
function hashOf(value: number): number {
  const low = value | 0;
  const high = (value / 4294967296) | 0;
  return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
}

export class NumberKeySet {
  private keys: Float64Array;
  private used: Uint8Array;
  private mask: number;
  private shift: number;
  size = 0;

  constructor(expected = 16) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Float64Array(capacity);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
  }

  has(value: number): boolean {
    return this.used[this.slotOf(value)] !== 0;
  }

  /** Adds `value`; returns whether it was new. */
  add(value: number): boolean {
    const slot = this.slotOf(value);
    if (this.used[slot] !== 0) return false;
    this.keys[slot] = value;
    this.used[slot] = 1;
    this.size++;
    if (this.size * 2 > this.keys.length) this.grow();
    return true;
  }

  /** The slot holding `value`, or the empty slot where it would go. */
  private slotOf(value: number): number {
    const { keys, used, mask } = this;
    let slot = hashOf(value) >>> this.shift;
    while (used[slot] !== 0 && keys[slot] !== value) slot = (slot + 1) & mask;
    return slot;
  }

  values(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.keys.length; i++) if (this.used[i] !== 0) out.push(this.keys[i] as number);
    return out;
  }

  private grow(): void {
    const old = this.values();
    const capacity = this.keys.length * 2;
    this.keys = new Float64Array(capacity);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
    this.size = 0;
    for (const value of old) this.add(value);
  }
}
