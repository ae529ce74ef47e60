/**
 * Arrow arrays (what parquet-wasm decodes a row group's column chunks into) → Vivace blocks of the
 * table column's declared type, in typed-array loops without per-value objects except where the
 * block itself holds objects (strings, binaries). The declared type may differ from the file's
 * (files of one table may widen types over time): integers widen (int32 file column into bigint,
 * unsigned ones zero-extended), real widens to double, decimals rescale, a scale-0 decimal reads
 * into an integer column, timestamps convert between units (rounding half up, as Trino) and read
 * as bigint raw values; what cannot be read fails with HIVE_PARTITION_SCHEMA_MISMATCH naming the
 * column, both types and the file, and a value that does not fit the declared type with
 * HIVE_BAD_DATA.
 *
 * Semantics decided here (the Hive connector's where it has one):
 *   - INT64 TIMESTAMP values are the wall clock whatever `isAdjustedToUTC` says when read into
 *     `timestamp(p)`, and the UTC instant when read into `timestamp(p) with time zone`.
 *   - INT96 timestamps (Impala/Hive/Spark, and Trino's Hive writer) are UTC instants, read as their
 *     UTC wall clock (Trino's `hive.parquet.time-zone` set to UTC).
 *   - A UUID (FIXED_LEN_BYTE_ARRAY(16) annotated UUID) reads into varchar as its 8-4-4-4-12 text;
 *     Vivace has no uuid type.
 *   - Bytes read into varchar are decoded as UTF-8 (invalid sequences become U+FFFD); varchar(n)
 *     values longer than n are truncated and char(n) values lose trailing spaces, as Trino.
 *
 * Why one long file: one conversion per Parquet physical/logical type onto each declared type,
 * all sharing the same validity and widening helpers; a file per type would scatter one table.
 */
import { isAscii } from 'node:buffer';
import {
  arrayBlock,
  type Block,
  binaryBlock,
  booleanBlock,
  dictionaryBlock,
  float32Block,
  float64Block,
  int32Block,
  int64Block,
  int128Block,
  mapBlock,
  rowBlock,
  stringBlock,
  timestampTzBlock,
} from '../../../data/block.js';
import { nullBlock } from '../../../data/block-builder.js';
import { concatBlocks } from '../../../data/block-copy.js';
import {
  MAX_FLOAT64_DECIMAL_PRECISION,
  MAX_FLOAT64_TIMESTAMP_PRECISION,
  MAX_INT64_DECIMAL_PRECISION,
  unitsPerSecond,
} from '../../../data/physical-type.js';
import { UTC_ZONE_KEY } from '../../../data/time-zones.js';
import { formatType } from '../../../types/format-type.js';
import type { DecimalType, RowType, TemporalType, Type } from '../../../types/type.js';
import { uuidFromBytes } from '../../../types/uuid-text.js';
import { lakeError } from '../lake-errors.js';
import { type ArrowColumn, ArrowTypeId as ArrowType } from './arrow-ffi.js';
import { describeParquetType, listElement, mapEntries, type SchemaTree } from './parquet-schema.js';

/** What an error message needs: the file and the column being read. */
export interface ConversionContext {
  readonly location: string;
  readonly column: string;
}

const TWO_32 = 4294967296;

function mismatch(ctx: ConversionContext, target: Type, field: SchemaTree | undefined, data: ArrowColumn): Error {
  const fileType = field === undefined ? `Arrow type ${data.typeId}` : describeParquetType(field);
  return lakeError(
    'HIVE_PARTITION_SCHEMA_MISMATCH',
    `The column ${ctx.column} is declared as type ${formatType(target)}, but the Parquet file (${ctx.location}) declares the column as type ${fileType}`,
  );
}

function outOfRange(ctx: ConversionContext, target: Type, value: number | bigint | string): Error {
  return lakeError(
    'HIVE_BAD_DATA',
    `Value ${value} of column ${ctx.column} is out of range for ${formatType(target)} in Parquet file ${ctx.location}`,
  );
}

/** The validity of `data` as a Vivace null mask (1 = null), or undefined when nothing is null. */
export function nullsOf(data: ArrowColumn): Uint8Array | undefined {
  if (data.nullCount === 0 || data.nullBitmap === undefined || data.nullBitmap.length === 0) {
    return data.typeId === ArrowType.Null ? new Uint8Array(data.length).fill(1) : undefined;
  }
  const bitmap = data.nullBitmap;
  const offset = data.offset;
  const nulls = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const bit = offset + i;
    nulls[i] = 1 - (((bitmap[bit >> 3] as number) >> (bit & 7)) & 1);
  }
  return nulls;
}

/** An Int32Array over the 64-bit values of `data` (two words per value, low first). */
function int64Words(data: ArrowColumn): Int32Array {
  const values = data.values as BigInt64Array | BigUint64Array;
  return new Int32Array(values.buffer, values.byteOffset + data.offset * 8, data.length * 2);
}

/** Converts `data` (one column of a decoded batch) into a block of `target`. */
export function arrowToBlock(
  data: ArrowColumn,
  target: Type,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  const typeId = data.typeId;
  if (typeId === ArrowType.Null) return nullBlock(target, data.length);
  if (data.dictionary !== undefined) return dictionaryBlockOf(data, data.dictionary, target, field, ctx);
  switch (target.kind) {
    case 'boolean':
      if (typeId !== ArrowType.Bool) throw mismatch(ctx, target, field, data);
      return booleanBlock(booleanValues(data), nullsOf(data));
    case 'tinyint':
    case 'smallint':
    case 'integer':
      return integerBlock(data, target, field, ctx);
    case 'bigint':
      return bigintBlock(data, target, field, ctx);
    case 'real':
      if (typeId !== ArrowType.Float) throw mismatch(ctx, target, field, data);
      return realBlock(data, target, field, ctx);
    case 'double':
      if (typeId !== ArrowType.Float && typeId !== ArrowType.Int) throw mismatch(ctx, target, field, data);
      return float64Block(numbersOf(data, target, field, ctx), nullsOf(data));
    case 'decimal':
      return decimalBlock(data, target, field, ctx);
    case 'date':
      if (
        typeId !== ArrowType.Date &&
        !(typeId === ArrowType.Int && (data.type as unknown as { bitWidth: number }).bitWidth === 32)
      ) {
        throw mismatch(ctx, target, field, data);
      }
      if (typeId === ArrowType.Date && (data.type as unknown as { unit: number }).unit !== 0)
        throw mismatch(ctx, target, field, data);
      return int32Block((data.values as Int32Array).slice(data.offset, data.offset + data.length), nullsOf(data));
    case 'time':
      return timeBlock(data, target, field, ctx);
    case 'timestamp':
    case 'timestamp with time zone':
      return timestampBlock(data, target, field, ctx);
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return stringBlockOf(data, target, field, ctx);
    case 'varbinary':
      return binaryBlockOf(data, target, field, ctx);
    case 'array':
      return listBlock(data, target, field, ctx);
    case 'map':
      return mapBlockOf(data, target, field, ctx);
    case 'row':
      return rowBlockOf(data, target, field, ctx);
    default:
      throw mismatch(ctx, target, field, data);
  }
}

/**
 * A dictionary-encoded array (the reader asks for one for dictionary-encoded string chunks) as a
 * dictionary block: the dictionary's values converted once into the declared type, the indices
 * copied; null positions point to a null entry appended to the dictionary.
 */
function dictionaryBlockOf(
  data: ArrowColumn,
  dictionary: ArrowColumn,
  target: Type,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  if (data.typeId !== ArrowType.Int || data.type.bitWidth === 64) throw mismatch(ctx, target, field, data);
  let values = arrowToBlock(dictionary, target, field, ctx);
  const n = data.length;
  const ids = new Int32Array(n);
  ids.set((data.values as Int32Array | Int16Array | Int8Array).subarray(data.offset, data.offset + n));
  const nulls = nullsOf(data);
  if (nulls !== undefined) {
    const nullId = values.positionCount;
    values = concatBlocks([values, nullBlock(target, 1)]);
    for (let i = 0; i < n; i++) if (nulls[i] === 1) ids[i] = nullId;
  }
  return dictionaryBlock(ids, values);
}

function booleanValues(data: ArrowColumn): Uint8Array {
  const bits = data.values as Uint8Array;
  const out = new Uint8Array(data.length);
  const offset = data.offset;
  for (let i = 0; i < data.length; i++) {
    const bit = offset + i;
    out[i] = ((bits[bit >> 3] as number) >> (bit & 7)) & 1;
  }
  return out;
}

const INT_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

/** The values of an integer, float, or scale-0 decimal column as doubles (checking they are exact). */
function numbersOf(
  data: ArrowColumn,
  target: Type,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Float64Array {
  const n = data.length;
  const out = new Float64Array(n);
  const nulls = data.nullCount > 0 ? nullsOf(data) : undefined;
  switch (data.typeId) {
    case ArrowType.Int: {
      const type = data.type as unknown as { bitWidth: number; isSigned: boolean };
      if (type.bitWidth < 64) {
        const values = (data.values as Int32Array).subarray(data.offset, data.offset + n);
        for (let i = 0; i < n; i++) out[i] = values[i] as number;
        return out;
      }
      const words = int64Words(data);
      for (let i = 0; i < n; i++) {
        const lo = (words[2 * i] as number) >>> 0;
        const hi = type.isSigned ? (words[2 * i + 1] as number) : (words[2 * i + 1] as number) >>> 0;
        const value = hi * TWO_32 + lo;
        if ((hi >= 2097152 || hi < -2097152) && !(nulls !== undefined && nulls[i] === 1)) {
          if (target.kind === 'double' || target.kind === 'real') {
            out[i] = value; // rounded, as a cast to double rounds
            continue;
          }
          throw outOfRange(
            ctx,
            target,
            type.isSigned ? BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)) : (BigInt(hi) << 32n) | BigInt(lo),
          );
        }
        out[i] = value;
      }
      return out;
    }
    case ArrowType.Float: {
      const values = data.values as Float32Array | Float64Array | Uint16Array;
      if ((data.type as unknown as { precision: number }).precision === 0) {
        const halves = (values as Uint16Array).subarray(data.offset, data.offset + n);
        for (let i = 0; i < n; i++) out[i] = halfToFloat(halves[i] as number);
        return out;
      }
      if (values instanceof Float64Array && target.kind !== 'double') throw mismatch(ctx, target, field, data);
      const v = values.subarray(data.offset, data.offset + n);
      for (let i = 0; i < n; i++) out[i] = v[i] as number;
      return out;
    }
    case ArrowType.Decimal: {
      const type = data.type as unknown as { scale: number };
      if (type.scale !== 0 && target.kind !== 'double') throw mismatch(ctx, target, field, data);
      const words = data.values as Uint32Array;
      const scale = 10 ** type.scale;
      for (let i = 0; i < n; i++) {
        const base = (data.offset + i) * 4;
        const value = decimalWordsToNumber(words, base);
        if (value === undefined) {
          if (nulls !== undefined && nulls[i] === 1) continue;
          throw outOfRange(ctx, target, decimalWordsToBigInt(words, base).toString());
        }
        out[i] = value / scale;
      }
      return out;
    }
    default:
      throw mismatch(ctx, target, field, data);
  }
}

/** IEEE 754 half precision bits → number. */
function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** A 128-bit little-endian decimal value as a number when it is a safe integer, else undefined. */
function decimalWordsToNumber(words: Uint32Array, base: number): number | undefined {
  const w1 = words[base + 1] as number;
  const w2 = words[base + 2] as number;
  const w3 = words[base + 3] as number;
  const negative = (w3 & 0x80000000) !== 0;
  const extension = negative ? 0xffffffff : 0;
  if (w2 !== extension || w3 !== extension) return undefined;
  const hi = w1 | 0; // signed high word of the low 64 bits
  if ((negative && hi >= 0) || (!negative && hi < 0)) return undefined;
  if (hi >= 2097152 || hi < -2097152) return undefined;
  return hi * TWO_32 + (words[base] as number);
}

function decimalWordsToBigInt(words: Uint32Array, base: number): bigint {
  const value =
    (BigInt(words[base + 3] as number) << 96n) |
    (BigInt(words[base + 2] as number) << 64n) |
    (BigInt(words[base + 1] as number) << 32n) |
    BigInt(words[base] as number);
  return BigInt.asIntN(128, value);
}

function integerBlock(data: ArrowColumn, target: Type, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  const [min, max] = INT_LIMITS[target.kind] as readonly [number, number];
  const n = data.length;
  const nulls = nullsOf(data);
  if (data.typeId === ArrowType.Int && (data.type as unknown as { bitWidth: number }).bitWidth <= 32) {
    const values = (data.values as Int32Array).subarray(data.offset, data.offset + n);
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i] as number;
      if ((v < min || v > max) && !(nulls !== undefined && nulls[i] === 1)) throw outOfRange(ctx, target, v);
      out[i] = v;
    }
    return int32Block(out, nulls);
  }
  if (data.typeId !== ArrowType.Int && data.typeId !== ArrowType.Decimal) throw mismatch(ctx, target, field, data);
  const wide = numbersOf(data, target, field, ctx);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = wide[i] as number;
    if ((v < min || v > max) && !(nulls !== undefined && nulls[i] === 1)) throw outOfRange(ctx, target, v);
    out[i] = v;
  }
  return int32Block(out, nulls);
}

function bigintBlock(data: ArrowColumn, target: Type, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  const n = data.length;
  const typeId = data.typeId;
  const type = data.type as unknown as { bitWidth: number; isSigned: boolean };
  if (typeId === ArrowType.Int && type.bitWidth === 64) {
    // Doubles while every value is a safe integer (the usual case), int64 otherwise.
    const words = int64Words(data);
    const out = new Float64Array(n);
    let safe = true;
    const signed = type.isSigned;
    for (let i = 0; i < n; i++) {
      const hi = signed ? (words[2 * i + 1] as number) : (words[2 * i + 1] as number) >>> 0;
      if (hi >= 2097152 || hi < -2097152) {
        safe = false;
        break;
      }
      out[i] = hi * TWO_32 + ((words[2 * i] as number) >>> 0);
    }
    const nulls = nullsOf(data);
    if (safe) return float64Block(out, nulls);
    if (!type.isSigned) {
      for (let i = 0; i < n; i++) {
        if ((words[2 * i + 1] as number) < 0 && !(nulls !== undefined && nulls[i] === 1)) {
          throw outOfRange(
            ctx,
            target,
            ((BigInt((words[2 * i + 1] as number) >>> 0) << 32n) | BigInt((words[2 * i] as number) >>> 0)).toString(),
          );
        }
      }
    }
    const values = new BigInt64Array(n);
    new Int32Array(values.buffer).set(words);
    return int64Block(values, nulls);
  }
  if (typeId === ArrowType.Int || typeId === ArrowType.Decimal) {
    return float64Block(numbersOf(data, target, field, ctx), nullsOf(data));
  }
  if (typeId === ArrowType.Timestamp) {
    // Trino reads an INT64 TIMESTAMP into bigint as its raw value.
    return float64Block(numbersOf(reinterpretAsInt64(data), target, field, ctx), nullsOf(data));
  }
  throw mismatch(ctx, target, field, data);
}

/** The same buffers seen as a signed 64-bit integer column (for raw timestamp values). */
function reinterpretAsInt64(data: ArrowColumn): ArrowColumn {
  return { ...data, typeId: ArrowType.Int, type: { bitWidth: 64, isSigned: true } };
}

function realBlock(data: ArrowColumn, target: Type, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  const precision = (data.type as unknown as { precision: number }).precision;
  if (precision === 2) throw mismatch(ctx, target, field, data);
  if (precision === 1) {
    return float32Block((data.values as Float32Array).slice(data.offset, data.offset + data.length), nullsOf(data));
  }
  return float32Block(Float32Array.from(numbersOf(data, target, field, ctx)), nullsOf(data));
}

const POW10 = Array.from({ length: 39 }, (_, i) => 10n ** BigInt(i));

function decimalBlock(
  data: ArrowColumn,
  target: DecimalType,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  const n = data.length;
  const nulls = nullsOf(data);
  let sourceScale: number;
  let unscaledAt: (i: number) => bigint;
  let numberAt: ((i: number) => number | undefined) | undefined;
  if (data.typeId === ArrowType.Decimal) {
    const words = data.values as Uint32Array;
    const type = data.type as unknown as { scale: number; bitWidth: number };
    if (type.bitWidth !== 128) throw mismatch(ctx, target, field, data);
    sourceScale = type.scale;
    unscaledAt = (i) => decimalWordsToBigInt(words, (data.offset + i) * 4);
    numberAt = (i) => decimalWordsToNumber(words, (data.offset + i) * 4);
  } else if (data.typeId === ArrowType.Int && (data.type as { bitWidth: number }).bitWidth === 64) {
    // 64-bit integers (UINT_64 among them, which infers as decimal(20,0)): exact through bigints.
    // The reader hands INT64 decimals over undecorated (column-chunk-file.ts): their scale is the field's.
    sourceScale = integerDecimalScale(field);
    const words = int64Words(data);
    const signed = (data.type as { isSigned: boolean }).isSigned;
    unscaledAt = (i) => {
      const value = (BigInt((words[2 * i + 1] as number) >>> 0) << 32n) | BigInt((words[2 * i] as number) >>> 0);
      return signed ? BigInt.asIntN(64, value) : value;
    };
    numberAt = (i) => {
      const hi = signed ? (words[2 * i + 1] as number) : (words[2 * i + 1] as number) >>> 0;
      return hi < 2097152 && hi >= -2097152 ? hi * TWO_32 + ((words[2 * i] as number) >>> 0) : undefined;
    };
  } else if (data.typeId === ArrowType.Int) {
    // A plain integer column read as a decimal (Trino accepts INT32/INT64 for short decimals), or
    // an INT32 decimal handed over undecorated.
    sourceScale = integerDecimalScale(field);
    const wide = numbersOf(data, target, field, ctx);
    unscaledAt = (i) => BigInt(wide[i] as number);
    numberAt = (i) => wide[i] as number;
  } else {
    throw mismatch(ctx, target, field, data);
  }
  const scaleUp = target.scale - sourceScale;
  const limit = POW10[target.precision] as bigint;
  // The exact unscaled value at the target scale (rounding half up when the scale shrinks).
  const rescaled = (i: number): bigint => {
    const value = unscaledAt(i);
    if (scaleUp >= 0) return value * (POW10[scaleUp] as bigint);
    const divisor = POW10[-scaleUp] as bigint;
    const quotient = value / divisor;
    const remainder = value - quotient * divisor;
    const half = divisor / 2n;
    if (remainder >= half) return quotient + 1n;
    if (remainder <= -half) return quotient - 1n;
    return quotient;
  };
  const checked = (i: number, value: bigint): bigint => {
    if ((value >= limit || value <= -limit) && !(nulls !== undefined && nulls[i] === 1)) {
      throw outOfRange(ctx, target, value.toString());
    }
    return value;
  };
  if (target.precision <= MAX_FLOAT64_DECIMAL_PRECISION && scaleUp >= 0) {
    const fast =
      data.typeId === ArrowType.Decimal
        ? shortDecimals(data, 10 ** scaleUp, 10 ** target.precision)
        : integerShortDecimals(data, 10 ** scaleUp, 10 ** target.precision);
    if (fast !== undefined) return float64Block(fast, nulls);
  }
  if (target.precision <= MAX_FLOAT64_DECIMAL_PRECISION) {
    const out = new Float64Array(n);
    const factor = scaleUp >= 0 ? 10 ** scaleUp : 0;
    const numberLimit = 10 ** target.precision;
    for (let i = 0; i < n; i++) {
      const fast = scaleUp >= 0 ? numberAt?.(i) : undefined;
      if (fast !== undefined) {
        const value = fast * factor;
        if (Number.isSafeInteger(value) && value < numberLimit && value > -numberLimit) {
          out[i] = value;
          continue;
        }
      }
      if (nulls !== undefined && nulls[i] === 1) continue;
      out[i] = Number(checked(i, rescaled(i)));
    }
    return float64Block(out, nulls);
  }
  if (target.precision <= MAX_INT64_DECIMAL_PRECISION) {
    const out = new BigInt64Array(n);
    for (let i = 0; i < n; i++) out[i] = nulls !== undefined && nulls[i] === 1 ? 0n : checked(i, rescaled(i));
    return int64Block(out, nulls);
  }
  const out = new BigInt64Array(2 * n);
  if (scaleUp === 0 && data.typeId === ArrowType.Decimal) {
    // Same scale: copy the words, reordered from Arrow's (low, high) to Vivace's (high, low).
    const words = new Int32Array(
      (data.values as Uint32Array).buffer,
      (data.values as Uint32Array).byteOffset + data.offset * 16,
      n * 4,
    );
    const dst = new Int32Array(out.buffer);
    for (let i = 0; i < n; i++) {
      dst[4 * i] = words[4 * i + 2] as number;
      dst[4 * i + 1] = words[4 * i + 3] as number;
      dst[4 * i + 2] = words[4 * i] as number;
      dst[4 * i + 3] = words[4 * i + 1] as number;
    }
    if (target.precision < 38) for (let i = 0; i < n; i++) if (!(nulls !== undefined && nulls[i] === 1)) checkedLong(i);
    return int128Block(out, nulls);
  }
  for (let i = 0; i < n; i++) {
    if (nulls !== undefined && nulls[i] === 1) continue;
    const value = checked(i, rescaled(i));
    out[2 * i] = BigInt.asIntN(64, value >> 64n);
    out[2 * i + 1] = BigInt.asIntN(64, value);
  }
  return int128Block(out, nulls);

  function checkedLong(i: number): void {
    const words = data.values as Uint32Array;
    const base = (data.offset + i) * 4;
    if (decimalWordsToNumber(words, base) === undefined) checked(i, decimalWordsToBigInt(words, base));
  }
}

/**
 * A short decimal column (Decimal128 words) as unscaled doubles times `factor`, in one tight loop;
 * undefined when some value does not fit below `limit` (the caller's general path then decides).
 * Null positions hold zeros in Arrow, so they never fail the check.
 */
/**
 * The scale of a DECIMAL annotation on an INT32/INT64 field, 0 without one: the reader strips the
 * annotation of such columns before decoding (column-chunk-file.ts), so that arrow-rs gives their
 * unscaled integers as 4 or 8 bytes per value instead of widening them to 128-bit decimals.
 */
export function integerDecimalScale(field: SchemaTree | undefined): number {
  const element = field?.element;
  if (element === undefined || (element.type !== 'INT32' && element.type !== 'INT64')) return 0;
  const logical = element.logical_type;
  if (logical?.type === 'DECIMAL') return logical.scale;
  return element.converted_type === 'DECIMAL' ? (element.scale ?? 0) : 0;
}

/**
 * Unscaled INT32/INT64 decimal values (or plain integers) times `factor` as doubles, or undefined
 * when some value does not fit below `limit`. Null positions hold zeros in Arrow.
 */
function integerShortDecimals(data: ArrowColumn, factor: number, limit: number): Float64Array | undefined {
  const n = data.length;
  const out = new Float64Array(n);
  const type = data.type;
  if (type.bitWidth === 64) {
    if (type.isSigned !== true) return undefined;
    const words = int64Words(data);
    for (let i = 0, w = 0; i < n; i++, w += 2) {
      const hi = words[w + 1] as number;
      if (hi >= 2097152 || hi < -2097152) return undefined;
      const value = (hi * TWO_32 + ((words[w] as number) >>> 0)) * factor;
      if (!(value < limit && value > -limit)) return undefined;
      out[i] = value;
    }
    return out;
  }
  if (type.bitWidth !== 32 || type.isSigned !== true) return undefined;
  const values = (data.values as Int32Array).subarray(data.offset, data.offset + n);
  for (let i = 0; i < n; i++) {
    const value = (values[i] as number) * factor;
    if (!(value < limit && value > -limit)) return undefined;
    out[i] = value;
  }
  return out;
}

function shortDecimals(data: ArrowColumn, factor: number, limit: number): Float64Array | undefined {
  const source = data.values as Uint32Array;
  const n = data.length;
  // Signed 32-bit words: every comparison below is between small integers.
  const words = new Int32Array(source.buffer, source.byteOffset + data.offset * 16, n * 4);
  const out = new Float64Array(n);
  for (let i = 0, base = 0; i < n; i++, base += 4) {
    const hi = words[base + 1] as number;
    const sign = hi >> 31;
    if (words[base + 2] !== sign || words[base + 3] !== sign || hi >= 2097152 || hi < -2097152) return undefined;
    const value = (hi * TWO_32 + ((words[base] as number) >>> 0)) * factor;
    if (!(value < limit && value > -limit)) return undefined;
    out[i] = value;
  }
  return out;
}

/** Splits v = hi·2^32 + lo (hi signed, lo unsigned) by `divisor` (≤ 10^6) exactly: floor quotient and remainder. */
let quotient = 0;
let remainder = 0;
function divide64(hi: number, lo: number, divisor: number): void {
  const k = Math.floor(TWO_32 / divisor);
  const m = TWO_32 - k * divisor;
  const a = hi * m + lo; // |hi·m| < 2^31 · 10^6 < 2^53: exact
  const q = Math.floor(a / divisor);
  quotient = hi * k + q;
  remainder = a - q * divisor;
}

const UNIT_PER_SECOND = [1, 1000, 1_000_000, 1_000_000_000];

function timestampBlock(
  data: ArrowColumn,
  target: TemporalType,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  if (data.typeId !== ArrowType.Timestamp) {
    if (data.typeId === ArrowType.Date && target.kind === 'timestamp') {
      // A DATE column read as a timestamp: midnight of the day.
      const days = (data.values as Int32Array).subarray(data.offset, data.offset + data.length);
      const perDay = 86_400 * unitsPerSecond(target);
      if (target.precision > MAX_FLOAT64_TIMESTAMP_PRECISION) {
        const millis = new Float64Array(data.length);
        for (let i = 0; i < data.length; i++) millis[i] = (days[i] as number) * 86_400_000;
        return timestampTzBlock(millis, new Int16Array(data.length), new Int32Array(data.length), nullsOf(data));
      }
      const out = new Float64Array(data.length);
      for (let i = 0; i < data.length; i++) out[i] = (days[i] as number) * perDay;
      return float64Block(out, nullsOf(data));
    }
    throw mismatch(ctx, target, field, data);
  }
  const n = data.length;
  const sourcePerSecond = UNIT_PER_SECOND[(data.type as unknown as { unit: number }).unit] as number;
  const words = int64Words(data);
  const nulls = nullsOf(data);
  const zoned = target.kind === 'timestamp with time zone';
  if (!zoned && target.precision <= MAX_FLOAT64_TIMESTAMP_PRECISION) {
    // float64 epoch units (ms for p ≤ 3, µs for p ≤ 6), rounded half up to the declared precision.
    const targetPerSecond = unitsPerSecond(target);
    const step = roundingStep(target.precision, targetPerSecond);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = convertUnits(
        words[2 * i + 1] as number,
        (words[2 * i] as number) >>> 0,
        sourcePerSecond,
        targetPerSecond,
        step,
      );
    }
    return float64Block(out, nulls);
  }
  // timestamptz layout: epoch millis + picoseconds of the millisecond, rounded to the precision.
  const millis = new Float64Array(n);
  const picos = target.precision > 3 ? new Int32Array(n) : undefined;
  const picoStep = 10 ** Math.max(0, 12 - target.precision);
  for (let i = 0; i < n; i++) {
    const hi = words[2 * i + 1] as number;
    const lo = (words[2 * i] as number) >>> 0;
    let ms: number;
    let pico: number;
    if (sourcePerSecond <= 1000) {
      ms = (hi * TWO_32 + lo) * (1000 / sourcePerSecond);
      pico = 0;
    } else {
      divide64(hi, lo, sourcePerSecond / 1000);
      ms = quotient;
      pico = remainder * (1e9 / (sourcePerSecond / 1000));
    }
    // Round the picoseconds to the precision (half up), carrying into the milliseconds.
    if (picoStep > 1) {
      pico = Math.floor((pico + picoStep / 2) / picoStep) * picoStep;
      if (pico >= 1e9) {
        ms += 1;
        pico -= 1e9;
      }
    }
    millis[i] = ms;
    if (picos !== undefined) picos[i] = pico;
  }
  return timestampTzBlock(millis, new Int16Array(n).fill(UTC_ZONE_KEY), picos, nulls);
}

/** The rounding unit (in stored units) for a precision below its stored unit (timestamp(1) in ms: 100). */
function roundingStep(precision: number, unitsPerSecondStored: number): number {
  return unitsPerSecondStored / 10 ** Math.min(precision, Math.log10(unitsPerSecondStored));
}

/** Converts an int64 count of 1/source seconds into 1/target seconds, rounding half up to `step` units. */
function convertUnits(hi: number, lo: number, source: number, target: number, step: number): number {
  let value: number;
  if (source === target) {
    value = hi * TWO_32 + lo;
  } else if (source < target) {
    value = (hi * TWO_32 + lo) * (target / source);
  } else {
    const divisor = source / target;
    if (divisor <= 1_000_000) {
      divide64(hi, lo, divisor);
    } else {
      // seconds from nanoseconds do not occur (targets are ms or µs): keep the general path exact enough
      divide64(hi, lo, 1_000_000);
      const q = quotient;
      const r = remainder;
      quotient = Math.floor(q / (divisor / 1_000_000));
      remainder = (q - quotient * (divisor / 1_000_000)) * 1_000_000 + r;
    }
    value = quotient + (remainder * 2 >= divisor ? 1 : 0);
  }
  if (step > 1) value = Math.floor((value + step / 2) / step) * step;
  return value;
}

function timeBlock(
  data: ArrowColumn,
  target: TemporalType,
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  if (data.typeId !== ArrowType.Time) throw mismatch(ctx, target, field, data);
  const type = data.type as unknown as { unit: number; bitWidth: number };
  const sourcePerSecond = UNIT_PER_SECOND[type.unit] as number;
  const targetPerSecond = unitsPerSecond(target);
  const n = data.length;
  const out = new Float64Array(n);
  if (type.bitWidth === 32) {
    const values = (data.values as Int32Array).subarray(data.offset, data.offset + n);
    for (let i = 0; i < n; i++)
      out[i] = convertUnits(
        (values[i] as number) < 0 ? -1 : 0,
        (values[i] as number) >>> 0,
        sourcePerSecond,
        targetPerSecond,
        1,
      );
  } else {
    const words = int64Words(data);
    for (let i = 0; i < n; i++)
      out[i] = convertUnits(
        words[2 * i + 1] as number,
        (words[2 * i] as number) >>> 0,
        sourcePerSecond,
        targetPerSecond,
        1,
      );
  }
  return float64Block(out, nullsOf(data));
}

function isUuidField(field: SchemaTree | undefined): boolean {
  return field?.element.logical_type?.type === 'UUID';
}

function stringBlockOf(data: ArrowColumn, target: Type, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  const n = data.length;
  const nulls = nullsOf(data);
  const values = new Array<string>(n);
  const typeId = data.typeId;
  if (typeId === ArrowType.FixedSizeBinary) {
    const width = (data.type as unknown as { byteWidth: number }).byteWidth;
    const bytes = data.values as Uint8Array;
    const uuid = width === 16 && isUuidField(field);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) {
      const at = (data.offset + i) * width;
      values[i] =
        nulls !== undefined && nulls[i] === 1
          ? ''
          : uuid
            ? uuidFromBytes(bytes, at)
            : buffer.toString('utf8', at, at + width);
    }
  } else if (
    typeId === ArrowType.Utf8 ||
    typeId === ArrowType.Binary ||
    typeId === ArrowType.LargeUtf8 ||
    typeId === ArrowType.LargeBinary
  ) {
    decodeStrings(data, values, nulls);
  } else {
    throw mismatch(ctx, target, field, data);
  }
  if (target.kind === 'varchar' && target.length !== undefined) {
    const length = target.length;
    for (let i = 0; i < n; i++)
      if ((values[i] as string).length > length) values[i] = [...(values[i] as string)].slice(0, length).join('');
  } else if (target.kind === 'char') {
    for (let i = 0; i < n; i++) {
      const v = values[i] as string;
      if (v.endsWith(' ')) values[i] = v.replace(/ +$/, '');
    }
  }
  return stringBlock(values, nulls);
}

/** Offsets of a variable-length column as numbers (64-bit offsets of Large types included). */
function offsetAt(offsets: Int32Array | BigInt64Array, i: number): number {
  return typeof offsets[0] === 'bigint'
    ? Number((offsets as BigInt64Array)[i] as bigint)
    : ((offsets as Int32Array)[i] as number);
}

/**
 * Decodes UTF-8 values: when the column's bytes are all ASCII (common: keys, codes, comments in
 * English; checked by node's vectorised `isAscii`), one latin1 decode of the whole buffer and a
 * slice per value (V8 makes longer slices views of the whole); otherwise a decode per value.
 */
function decodeStrings(data: ArrowColumn, out: string[], nulls: Uint8Array | undefined): void {
  const offsets = data.valueOffsets as Int32Array | BigInt64Array;
  const bytes = data.values as Uint8Array;
  const n = data.length;
  const first = offsetAt(offsets, data.offset);
  const last = offsetAt(offsets, data.offset + n);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (typeof offsets[0] !== 'bigint' && isAscii(bytes.subarray(first, last))) {
    const all = buffer.toString('latin1', first, last);
    const o = offsets as Int32Array;
    for (let i = 0; i < n; i++)
      out[i] = all.slice((o[data.offset + i] as number) - first, (o[data.offset + i + 1] as number) - first);
    return;
  }
  for (let i = 0; i < n; i++) {
    if (nulls !== undefined && nulls[i] === 1) {
      out[i] = '';
      continue;
    }
    out[i] = buffer.toString('utf8', offsetAt(offsets, data.offset + i), offsetAt(offsets, data.offset + i + 1));
  }
}

function binaryBlockOf(data: ArrowColumn, target: Type, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  const n = data.length;
  const values = new Array<Uint8Array>(n);
  const bytes = data.values as Uint8Array;
  if (data.typeId === ArrowType.FixedSizeBinary) {
    const width = (data.type as unknown as { byteWidth: number }).byteWidth;
    for (let i = 0; i < n; i++) values[i] = bytes.slice((data.offset + i) * width, (data.offset + i + 1) * width);
  } else if (
    data.typeId === ArrowType.Binary ||
    data.typeId === ArrowType.Utf8 ||
    data.typeId === ArrowType.LargeBinary ||
    data.typeId === ArrowType.LargeUtf8
  ) {
    const offsets = data.valueOffsets as Int32Array | BigInt64Array;
    for (let i = 0; i < n; i++) {
      // A copy: the source may be a view of WebAssembly memory that the next batch reuses.
      values[i] = bytes.slice(offsetAt(offsets, data.offset + i), offsetAt(offsets, data.offset + i + 1));
    }
  } else {
    throw mismatch(ctx, target, field, data);
  }
  return binaryBlock(values, nullsOf(data));
}

/** Offsets (positionCount + 1) of a list-like column, null positions given empty ranges. */
function listOffsets(data: ArrowColumn): Int32Array {
  const source = data.valueOffsets as Int32Array | BigInt64Array;
  const out = new Int32Array(data.length + 1);
  for (let i = 0; i <= data.length; i++) out[i] = offsetAt(source, data.offset + i);
  return out;
}

function listBlock(
  data: ArrowColumn,
  target: Type & { kind: 'array' },
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  if (data.typeId !== ArrowType.List && data.typeId !== ArrowType.LargeList) throw mismatch(ctx, target, field, data);
  const elementField = field === undefined ? undefined : elementOf(field);
  const elements = arrowToBlock(data.children[0] as ArrowColumn, target.element, elementField, ctx);
  return arrayBlock(listOffsets(data), elements, nullsOf(data));
}

/** The schema field of a list's elements (a LIST group, or a repeated field of a one-level list). */
function elementOf(field: SchemaTree): SchemaTree | undefined {
  const e = field.element;
  if (e.logical_type?.type === 'LIST' || e.converted_type === 'LIST') {
    try {
      return listElement(field);
    } catch {
      return undefined;
    }
  }
  return e.repetition_type === 'REPEATED' ? field : undefined;
}

function mapBlockOf(
  data: ArrowColumn,
  target: Type & { kind: 'map' },
  field: SchemaTree | undefined,
  ctx: ConversionContext,
): Block {
  if (data.typeId !== ArrowType.Map) throw mismatch(ctx, target, field, data);
  const entries = data.children[0] as ArrowColumn;
  let keyField: SchemaTree | undefined;
  let valueField: SchemaTree | undefined;
  if (field !== undefined) {
    try {
      ({ key: keyField, value: valueField } = mapEntries(field));
    } catch {
      keyField = undefined;
    }
  }
  const keys = arrowToBlock(entries.children[0] as ArrowColumn, target.key, keyField, ctx);
  const values = arrowToBlock(entries.children[1] as ArrowColumn, target.value, valueField, ctx);
  return mapBlock(listOffsets(data), keys, values, nullsOf(data));
}

function rowBlockOf(data: ArrowColumn, target: RowType, field: SchemaTree | undefined, ctx: ConversionContext): Block {
  if (data.typeId !== ArrowType.Struct) throw mismatch(ctx, target, field, data);
  const names = (data.type as unknown as { children: { name: string }[] }).children.map((c) => c.name);
  const nulls = nullsOf(data);
  const fields = target.fields.map((targetField, i) => {
    const wanted = (targetField.name ?? '').toLowerCase();
    let index = targetField.name === undefined ? -1 : names.indexOf(targetField.name);
    if (index < 0) index = names.findIndex((name) => name.toLowerCase() === wanted);
    if (targetField.name === undefined) index = i < names.length ? i : -1;
    if (index < 0) return nullBlock(targetField.type, data.length);
    const childField = field?.children.find((c) => c.element.name === names[index]);
    const child = arrowToBlock(sliceChild(data.children[index] as ArrowColumn, data), targetField.type, childField, {
      location: ctx.location,
      column: `${ctx.column}.${names[index]}`,
    });
    return nulls === undefined ? child : withParentNulls(child, nulls);
  });
  return rowBlock(data.length, fields, nulls);
}

/** A struct's child seen at the struct's offset (children of a sliced struct are not sliced). */
function sliceChild(child: ArrowColumn, parent: ArrowColumn): ArrowColumn {
  if (parent.offset === 0 && child.length === parent.length) return child;
  return { ...child, offset: child.offset + parent.offset, length: parent.length };
}

/** Vivace rows are null in every field where the row is null: merge the row's nulls into a flat field. */
function withParentNulls(block: Block, parentNulls: Uint8Array): Block {
  if (block.kind === 'rle' || block.kind === 'dictionary') return block;
  const own = block.nulls;
  const merged = new Uint8Array(block.positionCount);
  for (let i = 0; i < merged.length; i++) merged[i] = (parentNulls[i] as number) | (own?.[i] ?? 0);
  switch (block.kind) {
    case 'row':
      return rowBlock(
        block.positionCount,
        block.fields.map((f) => withParentNulls(f, parentNulls)),
        merged,
      );
    case 'array':
    case 'map':
      // Arrow writers give null parents empty children: only the mask changes.
      return { ...block, nulls: merged };
    default:
      return { ...block, nulls: merged } as Block;
  }
}
