/**
 * Retained-size estimate of one value in the engine's JS representation (block-values.ts), for
 * accumulators that keep values rather than blocks (arbitrary, min/max of arrays, min_by/max_by,
 * reduce_agg, top-n). It counts what blockSizeInBytes counts per value: strings at 2 bytes per
 * character plus a header, byte arrays at their length plus a header, arrays, maps and rows with
 * their elements. The cost is linear in the value: callers size a value when they keep it.
 */

const SCALAR_BYTES = 8;
const STRING_HEADER_BYTES = 24;
const BINARY_HEADER_BYTES = 80;
const ARRAY_HEADER_BYTES = 32;
const MAP_ENTRY_BYTES = 32;
const OBJECT_BYTES = 48;

export function valueSizeInBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING_HEADER_BYTES + 2 * value.length;
    case 'object': {
      if (value === null) return SCALAR_BYTES;
      if (value instanceof Uint8Array) return BINARY_HEADER_BYTES + value.byteLength;
      if (Array.isArray(value)) {
        let size = ARRAY_HEADER_BYTES;
        for (let i = 0; i < value.length; i++) size += valueSizeInBytes(value[i]);
        return size;
      }
      if (value instanceof Map) {
        let size = ARRAY_HEADER_BYTES;
        for (const [k, v] of value) size += MAP_ENTRY_BYTES + valueSizeInBytes(k) + valueSizeInBytes(v);
        return size;
      }
      // Zoned timestamps and similar small records.
      return OBJECT_BYTES;
    }
    case 'bigint':
      return 2 * SCALAR_BYTES;
    default:
      return SCALAR_BYTES;
  }
}
