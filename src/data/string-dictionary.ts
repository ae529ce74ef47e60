/**
 * Dictionary encoding of a flat string block for the wire. Columns that leave an operator as flat
 * strings (grouping keys out of an aggregation, columns copied by a join) are often a handful of
 * distinct values repeated — a brand, a ship mode, a nation name. Sent as ids into a dictionary of
 * the distinct values, such a block costs 4 bytes a row instead of its text, and the receiving
 * worker creates one string per distinct value instead of one per row (less garbage to collect)
 * and gets a dictionary block, whose keys the hash operators hash once per distinct value.
 *
 * The encoding gives up as soon as it cannot pay: a block whose first rows are mostly distinct
 * (comments, names) is dropped after a short probe, so a high-cardinality column costs a few
 * hundred map lookups, not one per row.
 */
import { type DictionaryBlock, type StringBlock, stringBlock } from './block.js';

/** Blocks shorter than this are sent as they are: too few rows to repeat much. */
const MIN_POSITIONS = 128;
/** Rows looked at before judging whether the block repeats values at all. */
const PROBE_POSITIONS = 256;

/**
 * `block` as a dictionary block over its distinct values (a NULL is one more entry, null in the
 * dictionary), or undefined when the block has more than a quarter of its rows distinct, or more
 * than a quarter of the probe's rows distinct.
 */
export function dictionaryEncodedStrings(block: StringBlock): DictionaryBlock | undefined {
  const count = block.positionCount;
  if (count < MIN_POSITIONS) return undefined;
  const { values, nulls } = block;
  const maxDistinct = count >>> 2;
  const probeEnd = Math.min(count, PROBE_POSITIONS);
  const maxProbeDistinct = probeEnd >>> 2;
  const idOf = new Map<string, number>();
  const distinct: string[] = [];
  const ids = new Int32Array(count);
  let nullId = -1;
  for (let i = 0; i < count; i++) {
    if (i === probeEnd && distinct.length > maxProbeDistinct) return undefined;
    if (nulls !== undefined && nulls[i] !== 0) {
      if (nullId < 0) {
        nullId = distinct.length;
        distinct.push('');
      }
      ids[i] = nullId;
      continue;
    }
    const value = values[i] as string;
    let id = idOf.get(value);
    if (id === undefined) {
      id = distinct.length;
      if (id >= maxDistinct) return undefined;
      idOf.set(value, id);
      distinct.push(value);
    }
    ids[i] = id;
  }
  let dictionaryNulls: Uint8Array | undefined;
  if (nullId >= 0) {
    dictionaryNulls = new Uint8Array(distinct.length);
    dictionaryNulls[nullId] = 1;
  }
  return { kind: 'dictionary', positionCount: count, ids, dictionary: stringBlock(distinct, dictionaryNulls) };
}
