/**
 * Row-group pruning by min/max statistics: which row groups of a Parquet file may hold a row that
 * satisfies a domain on the table's columns. Statistics are read from the footer (kept raw by
 * parquet-footer.ts) and converted into the value representation of the table column's declared
 * type, conservatively: where a conversion could be inexact (decimals that hyparquet hands over as
 * doubles) the bounds are widened, and where it is not understood (INT96, float16, long or zoned
 * timestamps, bounded varchar and char, whose reads truncate, nested columns, deprecated min/max
 * fields of byte arrays written with signed byte order) the row group is kept. A column missing
 * from a file reads as NULL, so its "statistics" are all-null.
 */

import type { Type } from '../../../types/type.js';
import {
  compareValues,
  domainMayMatch,
  type LakeColumnDomain,
  type LakeDomain,
  type ValueStatistics,
} from '../domain.js';
import type { ParquetFooter } from './parquet-footer.js';
import { decimalOf, findField, type SchemaElement, schemaTree } from './parquet-schema.js';

export interface PruningColumn {
  readonly name: string;
  readonly type: Type;
}

type ColumnMetaData = NonNullable<ParquetFooter['metadata']['row_groups'][number]['columns'][number]['meta_data']>;

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const UNITS: Readonly<Record<string, number>> = { MILLIS: 1000, MICROS: 1_000_000, NANOS: 1_000_000_000 };

function toNumberIfSafe(value: bigint): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** A big-endian two's complement integer (byte-array decimals). */
function bigEndianInteger(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  return bytes.length > 0 && ((bytes[0] as number) & 0x80) !== 0 ? value - (1n << BigInt(bytes.length * 8)) : value;
}

function isSignedOrderSafe(e: SchemaElement): boolean {
  // Legacy min/max were compared as signed values: right for signed integers, floats and dates only.
  const unsigned =
    e.converted_type?.startsWith('UINT_') === true || (e.logical_type?.type === 'INTEGER' && !e.logical_type.isSigned);
  return (
    (e.type === 'INT32' || e.type === 'INT64' || e.type === 'FLOAT' || e.type === 'DOUBLE') &&
    !unsigned &&
    decimalOf(e) === undefined
  );
}

/**
 * The min/max of a column chunk in the declared type's value representation, or undefined when
 * they cannot be used. `low` rounds down and `high` up where the conversion is inexact.
 */
function bounds(meta: ColumnMetaData, e: SchemaElement, target: Type): { min: unknown; max: unknown } | undefined {
  return meta.statistics === undefined ? undefined : statisticsBounds(meta.statistics, e, target);
}

/** Min/max fields as a chunk's statistics and a page index (min_value/max_value only) carry them. */
export interface RawStatistics {
  readonly min_value?: unknown;
  readonly max_value?: unknown;
  readonly min?: unknown;
  readonly max?: unknown;
}

/**
 * Raw min/max (as parquet-footer.ts keeps them) in the declared type's value representation, or
 * undefined when they cannot be used; the `bounds` of a chunk and of a page alike.
 */
export function statisticsBounds(
  stats: RawStatistics,
  e: SchemaElement,
  target: Type,
): { min: unknown; max: unknown } | undefined {
  let min: unknown = stats.min_value;
  let max: unknown = stats.max_value;
  if ((min === undefined || max === undefined) && isSignedOrderSafe(e)) {
    min = stats.min;
    max = stats.max;
  }
  if (min === undefined || max === undefined || min === null || max === null) return undefined;
  if (e.type === 'INT96' || e.logical_type?.type === 'FLOAT16') return undefined;
  switch (target.kind) {
    case 'boolean':
      return typeof min === 'boolean' && typeof max === 'boolean' ? { min, max } : undefined;
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'date':
    case 'double':
    case 'real': {
      if (decimalOf(e) !== undefined) return undefined;
      if (e.logical_type?.type === 'TIMESTAMP' || e.logical_type?.type === 'TIME') return undefined;
      const lo = typeof min === 'bigint' ? toNumberIfSafe(min) : min;
      const hi = typeof max === 'bigint' ? toNumberIfSafe(max) : max;
      if (typeof lo !== 'number' && typeof lo !== 'bigint') return undefined;
      if (typeof hi !== 'number' && typeof hi !== 'bigint') return undefined;
      if (Number.isNaN(lo) || Number.isNaN(hi)) return undefined;
      if (target.kind === 'date' && !(e.logical_type?.type === 'DATE' || e.converted_type === 'DATE')) return undefined;
      return { min: lo, max: hi };
    }
    case 'decimal': {
      const source = decimalOf(e);
      const sourceScale = source?.scale ?? 0;
      if (source === undefined && e.type !== 'INT32' && e.type !== 'INT64') return undefined;
      if (min instanceof Uint8Array && max instanceof Uint8Array) {
        // Byte-array decimals: exact (hyparquet handed the raw bytes through).
        return {
          min: rescale(bigEndianInteger(min), sourceScale, target.scale, 'down'),
          max: rescale(bigEndianInteger(max), sourceScale, target.scale, 'up'),
        };
      }
      if (source === undefined) {
        if (typeof min !== 'number' && typeof min !== 'bigint') return undefined;
        return {
          min: rescale(BigInt(min), 0, target.scale, 'down'),
          max: rescale(BigInt(max as number | bigint), 0, target.scale, 'up'),
        };
      }
      if (typeof min !== 'number' || typeof max !== 'number') return undefined;
      // hyparquet gave unscaled × 10^-scale as a double: widen by a relative epsilon and one unit.
      const factor = 10 ** target.scale;
      const widen = (v: number, direction: 1 | -1) => {
        const scaled = v * factor;
        return direction < 0
          ? Math.floor(scaled - Math.abs(scaled) * 1e-12) - 1
          : Math.ceil(scaled + Math.abs(scaled) * 1e-12) + 1;
      };
      return { min: widen(min, -1), max: widen(max, 1) };
    }
    case 'timestamp': {
      if (target.precision > 6) return undefined;
      const logical = e.logical_type;
      let perSecond: number | undefined;
      if (logical?.type === 'TIMESTAMP') perSecond = UNITS[logical.unit];
      else if (e.converted_type === 'TIMESTAMP_MILLIS') perSecond = 1000;
      else if (e.converted_type === 'TIMESTAMP_MICROS') perSecond = 1_000_000;
      if (perSecond === undefined || typeof min !== 'bigint' || typeof max !== 'bigint') return undefined;
      const targetPerSecond = target.precision <= 3 ? 1000 : 1_000_000;
      return {
        min: convertTime(min, perSecond, targetPerSecond, 'down'),
        max: convertTime(max, perSecond, targetPerSecond, 'up'),
      };
    }
    case 'varchar':
    case 'json':
    case 'uuid': {
      if (target.kind === 'varchar' && target.length !== undefined) return undefined;
      if (!(min instanceof Uint8Array) || !(max instanceof Uint8Array)) return undefined;
      if (stats.min_value === undefined || stats.max_value === undefined) return undefined;
      if (e.logical_type?.type === 'UUID') return undefined;
      try {
        return { min: UTF8.decode(min), max: UTF8.decode(max) };
      } catch {
        return undefined;
      }
    }
    default:
      return undefined;
  }
}

function rescale(value: bigint, from: number, to: number, round: 'down' | 'up'): number | bigint {
  let result: bigint;
  if (to >= from) result = value * 10n ** BigInt(to - from);
  else {
    const divisor = 10n ** BigInt(from - to);
    result = value / divisor;
    const exact = result * divisor === value;
    if (!exact && round === 'down' && value < 0n) result -= 1n;
    if (!exact && round === 'up' && value > 0n) result += 1n;
  }
  return toNumberIfSafe(result);
}

function convertTime(value: bigint, from: number, to: number, round: 'down' | 'up'): number {
  if (to >= from) return Number(value * BigInt(to / from));
  const divisor = BigInt(from / to);
  let result = value / divisor;
  const exact = result * divisor === value;
  if (!exact && round === 'down' && value < 0n) result -= 1n;
  if (!exact && round === 'up' && value > 0n) result += 1n;
  return Number(result);
}

/** The statistics of one column in one row group, as the domain evaluation takes them. */
export function columnChunkStatistics(footer: ParquetFooter, rowGroup: number, column: PruningColumn): ValueStatistics {
  const group = footer.metadata.row_groups[rowGroup];
  if (group === undefined) return { valueCount: 0 };
  const valueCount = Number(group.num_rows);
  const field = findField(schemaTree(footer.metadata), column.name);
  if (field === undefined) return { nullCount: valueCount, valueCount };
  if (field.children.length > 0) return { valueCount };
  const chunk = group.columns.find(
    (c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === field.element.name,
  );
  const meta = chunk?.meta_data;
  if (meta === undefined) return { valueCount };
  const nullCount = meta.statistics?.null_count === undefined ? undefined : Number(meta.statistics.null_count);
  const range = bounds(meta, field.element, column.type);
  if (range === undefined) return { nullCount, valueCount };
  // A min above the max means broken statistics: use none of them.
  try {
    if (compareValues(range.min, range.max) > 0) return { nullCount, valueCount };
  } catch {
    return { nullCount, valueCount };
  }
  return { min: range.min, max: range.max, nullCount, valueCount };
}

/**
 * The row groups (indexes, ascending) of the file that may hold a row matching `domain` on the
 * given columns (each the table's declared name and type; columns not in the domain are ignored).
 */
export function selectRowGroups(
  footer: ParquetFooter,
  columns: readonly PruningColumn[],
  domain: LakeDomain | undefined,
  candidates?: readonly number[],
): number[] {
  const all = candidates ?? footer.metadata.row_groups.map((_, i) => i);
  if (domain === undefined) return [...all];
  if (domain.none) return [];
  const constrained = columns.filter((c) => domain.columns[c.name] !== undefined);
  if (constrained.length === 0) return [...all];
  return all.filter((g) =>
    constrained.every((column) =>
      domainMayMatch(domain.columns[column.name] as LakeColumnDomain, columnChunkStatistics(footer, g, column)),
    ),
  );
}
