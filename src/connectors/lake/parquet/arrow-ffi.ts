/**
 * Reading Arrow arrays straight out of WebAssembly memory through the Arrow C data interface
 * (ArrowArray / ArrowSchema structs, which parquet-wasm exports for each decoded batch): typed-array
 * views over the wasm memory, no serialisation and no copy. The views are valid only until the batch
 * is freed or the wasm memory grows, so the caller converts them into blocks (which copies) before
 * either can happen. On wasm32 the structs are laid out with 8-byte integers and 4-byte pointers:
 *   ArrowArray:  length@0 null_count@8 offset@16 n_buffers@24 n_children@32 buffers@40 children@44 dictionary@48
 *   ArrowSchema: format@0 name@4 metadata@8 flags@16 n_children@24 children@32 dictionary@36
 * The result has the shape arrow-to-blocks.ts converts (`ArrowColumn`), with apache-arrow's type ids.
 */
import { lakeError } from '../lake-errors.js';

/** Type ids as apache-arrow numbers them. */
export const ArrowTypeId = {
  Null: 1,
  Int: 2,
  Float: 3,
  Binary: 4,
  Utf8: 5,
  Bool: 6,
  Decimal: 7,
  Date: 8,
  Time: 9,
  Timestamp: 10,
  List: 12,
  Struct: 13,
  FixedSizeBinary: 15,
  Map: 17,
  LargeBinary: 19,
  LargeUtf8: 20,
  LargeList: 21,
} as const;

export interface ArrowTypeInfo {
  readonly bitWidth?: number;
  readonly isSigned?: boolean;
  /** Float: 0 half, 1 single, 2 double. */
  readonly precision?: number;
  readonly scale?: number;
  /** Time units: 0 s, 1 ms, 2 µs, 3 ns; date units: 0 day, 1 ms. */
  readonly unit?: number;
  readonly timezone?: string;
  readonly byteWidth?: number;
  readonly children?: readonly { readonly name: string }[];
}

/** One Arrow array: what arrow-to-blocks.ts reads (apache-arrow's Data has the same shape). */
export interface ArrowColumn {
  readonly typeId: number;
  readonly type: ArrowTypeInfo;
  readonly length: number;
  readonly offset: number;
  readonly nullCount: number;
  readonly nullBitmap: Uint8Array | undefined;
  readonly values: ArrayBufferView | undefined;
  readonly valueOffsets: Int32Array | BigInt64Array | undefined;
  readonly children: readonly ArrowColumn[];
  /** The values of a dictionary-encoded array, whose own values are then the indices. */
  readonly dictionary?: ArrowColumn | undefined;
}

export interface ArrowField {
  readonly name: string;
  readonly column: ArrowColumn;
}

class MemoryReader {
  readonly view: DataView;
  readonly bytes: Uint8Array;

  constructor(readonly buffer: ArrayBuffer) {
    this.view = new DataView(buffer);
    this.bytes = new Uint8Array(buffer);
  }

  int64(address: number): number {
    return Number(this.view.getBigInt64(address, true));
  }

  pointer(address: number): number {
    return this.view.getUint32(address, true);
  }

  cString(address: number): string {
    if (address === 0) return '';
    let end = address;
    while (this.bytes[end] !== 0) end++;
    return Buffer.from(this.buffer, address, end - address).toString('utf8');
  }
}

function unsupported(format: string): Error {
  return lakeError('HIVE_UNSUPPORTED_FORMAT', `Unsupported Arrow type from the Parquet decoder: '${format}'`);
}

const TIME_UNITS: Readonly<Record<string, number>> = { s: 0, m: 1, u: 2, n: 3 };

/** The top-level fields of a record batch exported as a struct array. */
export function readRecordBatch(memory: ArrayBuffer, arrayAddress: number, schemaAddress: number): ArrowField[] {
  const reader = new MemoryReader(memory);
  const root = readArray(reader, arrayAddress, schemaAddress);
  const names = root.type.children ?? [];
  return root.children.map((column, i) => ({ name: names[i]?.name ?? '', column: withParentOffset(column, root) }));
}

function withParentOffset(child: ArrowColumn, parent: ArrowColumn): ArrowColumn {
  if (parent.offset === 0 && child.length === parent.length) return child;
  return { ...child, offset: child.offset + parent.offset, length: parent.length };
}

function readArray(reader: MemoryReader, array: number, schema: number): ArrowColumn {
  const indices = readPlainArray(reader, array, schema);
  const dictionarySchema = reader.pointer(schema + 36);
  const dictionaryArray = reader.pointer(array + 48);
  if (dictionarySchema === 0 || dictionaryArray === 0) return indices;
  return { ...indices, dictionary: readArray(reader, dictionaryArray, dictionarySchema) };
}

function readPlainArray(reader: MemoryReader, array: number, schema: number): ArrowColumn {
  const format = reader.cString(reader.pointer(schema));
  const length = reader.int64(array);
  const nullCount = reader.int64(array + 8);
  const offset = reader.int64(array + 16);
  const bufferCount = reader.int64(array + 24);
  const childCount = reader.int64(array + 32);
  const buffers = reader.pointer(array + 40);
  const childArrays = reader.pointer(array + 44);
  const schemaChildCount = reader.int64(schema + 24);
  const childSchemas = reader.pointer(schema + 32);
  const buffer = (i: number): number => (i < bufferCount ? reader.pointer(buffers + 4 * i) : 0);
  const validityAddress = buffer(0);
  const bits = Math.ceil((offset + length) / 8);
  const nullBitmap =
    validityAddress === 0 || nullCount === 0 ? undefined : new Uint8Array(reader.buffer, validityAddress, bits);
  const children: ArrowColumn[] = [];
  const childNames: { name: string }[] = [];
  for (let i = 0; i < Math.min(childCount, schemaChildCount); i++) {
    const childSchema = reader.pointer(childSchemas + 4 * i);
    children.push(readArray(reader, reader.pointer(childArrays + 4 * i), childSchema));
    childNames.push({ name: reader.cString(reader.pointer(childSchema + 4)) });
  }
  const count = offset + length;
  const base = { length, offset, nullCount: nullBitmap === undefined ? 0 : nullCount, nullBitmap, children };
  const view = <T>(Kind: new (b: ArrayBuffer, o: number, n: number) => T, address: number, n: number): T =>
    new Kind(reader.buffer, address, n);
  const first = format[0];
  if (format.length === 1) {
    switch (format) {
      case 'n':
        return { ...base, typeId: ArrowTypeId.Null, type: {}, values: undefined, valueOffsets: undefined };
      case 'b':
        return {
          ...base,
          typeId: ArrowTypeId.Bool,
          type: {},
          values: view(Uint8Array, buffer(1), bits),
          valueOffsets: undefined,
        };
      case 'c':
      case 'C':
      case 's':
      case 'S':
      case 'i':
      case 'I':
      case 'l':
      case 'L': {
        const kinds = {
          c: Int8Array,
          C: Uint8Array,
          s: Int16Array,
          S: Uint16Array,
          i: Int32Array,
          I: Uint32Array,
          l: BigInt64Array,
          L: BigUint64Array,
        };
        const widths = { c: 8, C: 8, s: 16, S: 16, i: 32, I: 32, l: 64, L: 64 };
        const key = format as keyof typeof kinds;
        return {
          ...base,
          typeId: ArrowTypeId.Int,
          type: { bitWidth: widths[key], isSigned: format === format.toLowerCase() },
          values: view(
            kinds[key] as unknown as new (
              b: ArrayBuffer,
              o: number,
              n: number,
            ) => ArrayBufferView,
            buffer(1),
            count,
          ),
          valueOffsets: undefined,
        };
      }
      case 'e':
        return {
          ...base,
          typeId: ArrowTypeId.Float,
          type: { precision: 0 },
          values: view(Uint16Array, buffer(1), count),
          valueOffsets: undefined,
        };
      case 'f':
        return {
          ...base,
          typeId: ArrowTypeId.Float,
          type: { precision: 1 },
          values: view(Float32Array, buffer(1), count),
          valueOffsets: undefined,
        };
      case 'g':
        return {
          ...base,
          typeId: ArrowTypeId.Float,
          type: { precision: 2 },
          values: view(Float64Array, buffer(1), count),
          valueOffsets: undefined,
        };
      case 'z':
      case 'u':
      case 'Z':
      case 'U': {
        const large = format === 'Z' || format === 'U';
        const offsets = large ? view(BigInt64Array, buffer(1), count + 1) : view(Int32Array, buffer(1), count + 1);
        const end = large ? Number((offsets as BigInt64Array)[count]) : ((offsets as Int32Array)[count] as number);
        const typeId =
          format === 'z'
            ? ArrowTypeId.Binary
            : format === 'u'
              ? ArrowTypeId.Utf8
              : format === 'Z'
                ? ArrowTypeId.LargeBinary
                : ArrowTypeId.LargeUtf8;
        return { ...base, typeId, type: {}, values: view(Uint8Array, buffer(2), end), valueOffsets: offsets };
      }
      default:
        throw unsupported(format);
    }
  }
  if (first === 'w' && format[1] === ':') {
    const width = Number(format.slice(2));
    return {
      ...base,
      typeId: ArrowTypeId.FixedSizeBinary,
      type: { byteWidth: width },
      values: view(Uint8Array, buffer(1), count * width),
      valueOffsets: undefined,
    };
  }
  if (first === 'd' && format[1] === ':') {
    const [precision, scale, bitWidth] = format.slice(2).split(',').map(Number);
    const width = bitWidth ?? 128;
    if (width !== 128) throw unsupported(format);
    return {
      ...base,
      typeId: ArrowTypeId.Decimal,
      type: { precision, scale, bitWidth: 128 },
      values: view(Uint32Array, buffer(1), count * 4),
      valueOffsets: undefined,
    };
  }
  if (format === 'tdD') {
    return {
      ...base,
      typeId: ArrowTypeId.Date,
      type: { unit: 0 },
      values: view(Int32Array, buffer(1), count),
      valueOffsets: undefined,
    };
  }
  if (format === 'tdm') {
    return {
      ...base,
      typeId: ArrowTypeId.Date,
      type: { unit: 1 },
      values: view(BigInt64Array, buffer(1), count),
      valueOffsets: undefined,
    };
  }
  if (format.startsWith('tt') && format.length === 3) {
    const unit = TIME_UNITS[format[2] ?? ''];
    if (unit === undefined) throw unsupported(format);
    const wide = unit >= 2;
    return {
      ...base,
      typeId: ArrowTypeId.Time,
      type: { unit, bitWidth: wide ? 64 : 32 },
      values: wide ? view(BigInt64Array, buffer(1), count) : view(Int32Array, buffer(1), count),
      valueOffsets: undefined,
    };
  }
  if (format.startsWith('ts') && format[3] === ':') {
    const unit = TIME_UNITS[format[2] ?? ''];
    if (unit === undefined) throw unsupported(format);
    const timezone = format.slice(4);
    return {
      ...base,
      typeId: ArrowTypeId.Timestamp,
      type: { unit, timezone: timezone === '' ? undefined : timezone },
      values: view(BigInt64Array, buffer(1), count),
      valueOffsets: undefined,
    };
  }
  switch (format) {
    case '+l':
      return {
        ...base,
        typeId: ArrowTypeId.List,
        type: { children: childNames },
        values: undefined,
        valueOffsets: view(Int32Array, buffer(1), count + 1),
      };
    case '+L':
      return {
        ...base,
        typeId: ArrowTypeId.LargeList,
        type: { children: childNames },
        values: undefined,
        valueOffsets: view(BigInt64Array, buffer(1), count + 1),
      };
    case '+m':
      return {
        ...base,
        typeId: ArrowTypeId.Map,
        type: { children: childNames },
        values: undefined,
        valueOffsets: view(Int32Array, buffer(1), count + 1),
      };
    case '+s':
      return {
        ...base,
        typeId: ArrowTypeId.Struct,
        type: { children: childNames },
        values: undefined,
        valueOffsets: undefined,
      };
    default:
      throw unsupported(format);
  }
}
