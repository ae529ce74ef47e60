/**
 * Collects a dynamic filter's summary (dynamic-filter-summary.ts) from the build side of a join,
 * page by page, as the build operator takes its input: the distinct non-null keys and their
 * smallest and largest. Past `maxValues` distinct keys, or on a key block the summary cannot
 * describe (a bigint beyond 2^53 held as int64), it gives up: "all keys", no filter. Numeric
 * and string keys have loops of their own, so a numeric key is never boxed (number-key-set.ts).
 */
import type { Block, FlatBlock } from '../../data/block.js';
import type { Page } from '../../data/page.js';
import { ALL_KEYS, type DynamicFilterSummary, MAX_DYNAMIC_FILTER_VALUES } from './dynamic-filter-summary.js';
import { NumberKeySet } from './number-key-set.js';

export class DynamicFilterCollector {
  private numbers: NumberKeySet | undefined = new NumberKeySet();
  private strings: Set<string> | undefined = new Set();
  private numberMin = Number.POSITIVE_INFINITY;
  private numberMax = Number.NEGATIVE_INFINITY;
  private stringMin: string | undefined;
  private stringMax: string | undefined;
  private all = false;

  constructor(
    readonly id: string,
    private readonly channel: number,
    private readonly maxValues = MAX_DYNAMIC_FILTER_VALUES,
  ) {}

  /**
   * Whether the filter is given up: more distinct keys than it keeps (a range over so many keys
   * rarely excludes anything, and scans should not wait for the rest of a large build) or keys
   * it cannot read. Its summary is then "all keys", to be published at once.
   */
  get abandoned(): boolean {
    return this.all || this.numbers === undefined || this.strings === undefined;
  }

  add(page: Page): void {
    if (this.abandoned) return;
    const block = page.blocks[this.channel];
    if (block !== undefined) this.addBlock(block);
  }

  private addBlock(block: Block): void {
    if (block.kind === 'rle') {
      if (block.positionCount > 0) this.addFlat(block.value, undefined, 1);
    } else if (block.kind === 'dictionary') {
      this.addFlat(block.dictionary, block.ids, block.positionCount);
    } else {
      this.addFlat(block, undefined, block.positionCount);
    }
  }

  /** Positions `ids[0..count)` of `flat` (or its first `count` when `ids` is absent). */
  private addFlat(flat: FlatBlock, ids: Int32Array | undefined, count: number): void {
    if (flat.kind === 'int32' || flat.kind === 'float64') this.addNumbers(flat.values, flat.nulls, ids, count);
    else if (flat.kind === 'string') this.addStrings(flat.values, flat.nulls, ids, count);
    else this.all = true;
  }

  private addNumbers(
    data: Float64Array | Int32Array,
    nulls: Uint8Array | undefined,
    ids: Int32Array | undefined,
    count: number,
  ): void {
    let min = this.numberMin;
    let max = this.numberMax;
    let set = this.numbers;
    for (let i = 0; i < count; i++) {
      const position = ids === undefined ? i : (ids[i] as number);
      if (nulls !== undefined && nulls[position] !== 0) continue;
      const value = data[position] as number;
      if (value < min) min = value;
      if (value > max) max = value;
      if (set?.add(value) && set.size > this.maxValues) set = undefined;
    }
    this.numberMin = min;
    this.numberMax = max;
    this.numbers = set;
  }

  private addStrings(
    data: readonly string[],
    nulls: Uint8Array | undefined,
    ids: Int32Array | undefined,
    count: number,
  ): void {
    let set = this.strings;
    for (let i = 0; i < count; i++) {
      const position = ids === undefined ? i : (ids[i] as number);
      if (nulls !== undefined && nulls[position] !== 0) continue;
      const value = data[position] as string;
      if (this.stringMin === undefined || value < this.stringMin) this.stringMin = value;
      if (this.stringMax === undefined || value > this.stringMax) this.stringMax = value;
      if (set !== undefined) {
        set.add(value);
        if (set.size > this.maxValues) set = undefined;
      }
    }
    this.strings = set;
  }

  summary(): DynamicFilterSummary {
    if (this.abandoned) return ALL_KEYS;
    if (this.stringMin !== undefined && this.stringMax !== undefined) {
      // A key column is one type: strings and numbers never mix in one filter.
      const values = this.strings === undefined ? {} : { values: [...this.strings] };
      return { min: this.stringMin, max: this.stringMax, ...values };
    }
    if (this.numberMin > this.numberMax) return {};
    const values = this.numbers === undefined ? {} : { values: this.numbers.values() };
    return { min: this.numberMin, max: this.numberMax, ...values };
  }
}
