/**
 * Which flat block kind stores each logical SQL type, and in which unit. This is the table every
 * kernel, builder and serde relies on; `block.ts` describes the kinds themselves.
 *
 * | SQL type                                   | kind          | value in the block                        |
 * |--------------------------------------------|---------------|-------------------------------------------|
 * | boolean                                    | boolean       | 0 / 1                                     |
 * | tinyint, smallint, integer                 | int32         | the integer                               |
 * | date                                       | int32         | days since 1970-01-01                     |
 * | interval year to month                     | int32         | months                                    |
 * | bigint                                     | float64/int64 | float64 while every value is a safe       |
 * |                                            |               | integer (|v| ≤ 2^53 − 1), int64 otherwise |
 * | double                                     | float64       | the double                                |
 * | real                                       | float32       | the float                                 |
 * | decimal(p ≤ 15, s)                         | float64       | unscaled integer (12.34 in (4,2) → 1234)  |
 * | decimal(16..18, s)                         | int64         | unscaled integer                          |
 * | decimal(19..38, s)                         | int128        | unscaled two's complement 128-bit         |
 * | varchar, char(n), json                     | string        | the text (char without trailing spaces,   |
 * |                                            |               | as Presto stores it; padded on output)    |
 * | varbinary                                  | binary        | the bytes                                 |
 * | time(p)                                    | float64       | time of day in ms (p ≤ 3), µs (p 4..6),   |
 * |                                            |               | ns (p 7..12; 10..12 truncated to ns)      |
 * | timestamp(p ≤ 3)                           | float64       | epoch milliseconds (wall clock as UTC)    |
 * | timestamp(4..6)                            | float64       | epoch microseconds                        |
 * | timestamp(7..12)                           | timestamptz   | epoch millis + picos of milli, zone UTC   |
 * | timestamp(p) with time zone                | timestamptz   | UTC epoch millis (+ picos if p > 3), zone |
 * | time(p) with time zone                     | timestamptz   | LOCAL ms of day (+ picos if p > 3), zone  |
 * |                                            |               | key of a fixed offset                     |
 * | interval day to second                     | float64       | milliseconds                              |
 * | array(T), map(K, V), row(...)              | array/map/row | nested blocks of the element types        |
 * | unknown (type of bare NULL)                | boolean       | always null (an rle of a null boolean)    |
 *
 * Why float64 for bigint: V8's BigInt arithmetic allocates; doubles are exact up to 2^53, which
 * covers almost every real bigint. Kernels compute in doubles and check `Number.isSafeInteger` on
 * results; the builder switches a block to int64 when a value outside the safe range arrives, so a
 * bigint column may mix float64 and int64 blocks (see `acceptsBlockKind`). The bound is 2^53 − 1
 * rather than 2^53 so that a kernel's overflow check needs no special case for a rounded 2^53.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { DecimalType, TemporalType, Type } from '../types/type.js';
import type { Block, FlatBlockKind } from './block.js';

/** Decimals up to this precision are float64-backed (10^15 − 1 < 2^53). */
export const MAX_FLOAT64_DECIMAL_PRECISION = 15;
/** Decimals up to this precision fit in int64. */
export const MAX_INT64_DECIMAL_PRECISION = 18;
/** timestamp(p) for p above this is stored in the timestamptz layout (millis + picos). */
export const MAX_FLOAT64_TIMESTAMP_PRECISION = 6;
/** timestamptz and time with time zone carry `picos` for p above this. */
export const MAX_PRECISION_WITHOUT_PICOS = 3;

/** The flat block kind that stores `type` (for bigint: the kind a builder starts with). */
export function physicalKindOf(type: Type): FlatBlockKind {
  switch (type.kind) {
    case 'boolean':
    case 'unknown':
      return 'boolean';
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'date':
    case 'interval year to month':
      return 'int32';
    case 'bigint':
    case 'double':
    case 'time':
    case 'interval day to second':
      return 'float64';
    case 'real':
      return 'float32';
    case 'decimal':
      return decimalKind(type);
    case 'timestamp':
      return type.precision <= MAX_FLOAT64_TIMESTAMP_PRECISION ? 'float64' : 'timestamptz';
    case 'timestamp with time zone':
    case 'time with time zone':
      return 'timestamptz';
    case 'varchar':
    case 'char':
    case 'json':
    case 'uuid':
      return 'string';
    case 'varbinary':
      return 'binary';
    case 'array':
      return 'array';
    case 'map':
      return 'map';
    case 'row':
      return 'row';
    case 'function':
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'function types have no block representation');
  }
}

function decimalKind(type: DecimalType): FlatBlockKind {
  if (type.precision <= MAX_FLOAT64_DECIMAL_PRECISION) return 'float64';
  return type.precision <= MAX_INT64_DECIMAL_PRECISION ? 'int64' : 'int128';
}

/** Whether a flat block of `kind` may hold values of `type` (bigint accepts float64 and int64). */
export function acceptsBlockKind(type: Type, kind: FlatBlockKind): boolean {
  if (type.kind === 'bigint') return kind === 'float64' || kind === 'int64';
  return physicalKindOf(type) === kind;
}

/** Types whose values are plain numbers in a Float64Array (bigint: until a value needs int64). */
export function isFloat64Backed(type: Type): boolean {
  return physicalKindOf(type) === 'float64';
}

/** Types stored in an Int32Array. */
export function isInt32Backed(type: Type): boolean {
  return physicalKindOf(type) === 'int32';
}

/** decimal(p) with p ≤ 15: the unscaled value is a number. */
export function isFloat64Decimal(type: Type): type is DecimalType {
  return type.kind === 'decimal' && type.precision <= MAX_FLOAT64_DECIMAL_PRECISION;
}

/** timestamp(7..12): stored as a timestamptz-layout block whose zones are all UTC. */
export function isLongTimestamp(type: Type): type is TemporalType {
  return type.kind === 'timestamp' && type.precision > MAX_FLOAT64_TIMESTAMP_PRECISION;
}

/** Whether blocks of a timestamptz-layout type carry the `picos` array. */
export function hasPicos(type: TemporalType): boolean {
  return type.precision > MAX_PRECISION_WITHOUT_PICOS;
}

/**
 * How many stored units make one second for time(p) and float64-backed timestamp(p): 1000 for
 * p ≤ 3, 10^6 for p 4..6, 10^9 for time(7..12).
 */
export function unitsPerSecond(type: TemporalType): number {
  if (type.precision <= 3) return 1000;
  if (type.precision <= 6) return 1_000_000;
  return 1_000_000_000;
}

/** The number of fractional digits the stored unit of time(p)/timestamp(p) has (3, 6 or 9). */
export function storedFractionDigits(type: TemporalType): number {
  if (type.precision <= 3) return 3;
  if (type.precision <= 6) return 6;
  return 9;
}

/** Checks, through dictionary and rle wrappers and nested blocks, that `block` can hold `type`. */
export function blockMatchesType(block: Block, type: Type): boolean {
  if (block.kind === 'dictionary') return blockMatchesType(block.dictionary, type);
  if (block.kind === 'rle') return blockMatchesType(block.value, type);
  if (!acceptsBlockKind(type, block.kind)) return false;
  switch (block.kind) {
    case 'array':
      return type.kind === 'array' && blockMatchesType(block.elements, type.element);
    case 'map':
      return (
        type.kind === 'map' && blockMatchesType(block.keys, type.key) && blockMatchesType(block.values, type.value)
      );
    case 'row':
      return (
        type.kind === 'row' &&
        block.fields.length === type.fields.length &&
        block.fields.every((field, i) => blockMatchesType(field, type.fields[i].type))
      );
    case 'timestamptz':
      return (block.picos !== undefined) === hasPicos(type as TemporalType);
    default:
      return true;
  }
}
