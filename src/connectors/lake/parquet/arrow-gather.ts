/**
 * An Arrow array's values at some positions, as a new (compact) array, so that converting it into
 * a block (arrow-to-blocks.ts) converts only those rows: the reader's late materialization
 * (domain-row-filter.ts). Done for the arrays whose values have a fixed width (integers, floats,
 * dates, times, timestamps, decimals, fixed-size binaries) and for dictionary-encoded arrays (the
 * indices are gathered, the dictionary kept); undefined for the others (booleans, strings, nested
 * types), which the reader converts whole and then copies at the positions. Values are moved as
 * 32-bit words (or bytes and halves for narrow types), never through a Float64Array, whose loads
 * could rewrite the bit patterns of 64-bit integers that look like NaNs.
 */
import { type ArrowColumn, ArrowTypeId } from './arrow-ffi.js';

const FIXED_WIDTH_TYPES: ReadonlySet<number> = new Set([
  ArrowTypeId.Int,
  ArrowTypeId.Float,
  ArrowTypeId.Date,
  ArrowTypeId.Time,
  ArrowTypeId.Timestamp,
  ArrowTypeId.Decimal,
  ArrowTypeId.FixedSizeBinary,
]);

type TypedArrayConstructor = new (buffer: ArrayBuffer) => ArrayBufferView;

/** The values at `positions` (ascending indices into the array, its offset not counted). */
export function gatherArrowColumn(column: ArrowColumn, positions: Int32Array): ArrowColumn | undefined {
  const values = column.values;
  if (values === undefined || column.children.length > 0 || !FIXED_WIDTH_TYPES.has(column.typeId)) return undefined;
  const slots = column.offset + column.length;
  if (slots === 0 || values.byteLength % slots !== 0) return undefined;
  const width = values.byteLength / slots;
  const count = positions.length;
  const out = new ArrayBuffer(count * width);
  const start = values.byteOffset + column.offset * width;
  if (width % 4 === 0 && start % 4 === 0) {
    const words = width / 4;
    const source = new Int32Array(values.buffer, start, column.length * words);
    const target = new Int32Array(out);
    if (words === 1) {
      for (let i = 0; i < count; i++) target[i] = source[positions[i] as number] as number;
    } else if (words === 2) {
      for (let i = 0, t = 0; i < count; i++, t += 2) {
        const s = (positions[i] as number) * 2;
        target[t] = source[s] as number;
        target[t + 1] = source[s + 1] as number;
      }
    } else {
      for (let i = 0, t = 0; i < count; i++) {
        const s = (positions[i] as number) * words;
        for (let w = 0; w < words; w++) target[t++] = source[s + w] as number;
      }
    }
  } else if (width === 2 && start % 2 === 0) {
    const source = new Uint16Array(values.buffer, start, column.length);
    const target = new Uint16Array(out);
    for (let i = 0; i < count; i++) target[i] = source[positions[i] as number] as number;
  } else {
    const source = new Uint8Array(values.buffer, start, column.length * width);
    const target = new Uint8Array(out);
    for (let i = 0, t = 0; i < count; i++) {
      const s = (positions[i] as number) * width;
      for (let b = 0; b < width; b++) target[t++] = source[s + b] as number;
    }
  }
  const { nullBitmap, nullCount } = gatherValidity(column, positions);
  return {
    ...column,
    values: new (values.constructor as TypedArrayConstructor)(out),
    offset: 0,
    length: count,
    nullBitmap,
    nullCount,
  };
}

/** The validity bits at the positions (undefined when none of them is null). */
function gatherValidity(
  column: ArrowColumn,
  positions: Int32Array,
): { nullBitmap: Uint8Array | undefined; nullCount: number } {
  const source = column.nullBitmap;
  if (source === undefined || column.nullCount === 0) return { nullBitmap: undefined, nullCount: 0 };
  const count = positions.length;
  const bitmap = new Uint8Array((count + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < count; i++) {
    const bit = column.offset + (positions[i] as number);
    if (((source[bit >> 3] as number) >> (bit & 7)) & 1) (bitmap[i >> 3] as number) |= 1 << (i & 7);
    else nulls++;
  }
  return nulls === 0 ? { nullBitmap: undefined, nullCount: 0 } : { nullBitmap: bitmap, nullCount: nulls };
}
