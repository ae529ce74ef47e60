import type { ArrowColumn } from '../../../../src/connectors/lake/parquet/arrow-ffi.js';

/** An Arrow array as the FFI reader hands it over, for conversion and gathering tests. */
export function arrowColumn(
  typeId: number,
  type: ArrowColumn['type'],
  values: ArrayBufferView,
  length: number,
  extra: Partial<ArrowColumn> = {},
): ArrowColumn {
  return {
    typeId,
    type,
    length,
    offset: 0,
    nullCount: 0,
    nullBitmap: undefined,
    values,
    valueOffsets: undefined,
    children: [],
    ...extra,
  };
}
