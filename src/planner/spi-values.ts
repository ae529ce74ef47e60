/**
 * The planner's constants (analyzer/bound-tree.ts: bigint values beyond ±2^53 and decimals as
 * digit strings) as values of the connector contract (spi/values.ts: numbers, or JS bigints where
 * a number cannot hold them), for the tuple domains the planner offers connectors. Domains are
 * built over boolean, numeric, varchar and date columns (tuple-domain.ts `supportsDomains`); other
 * values pass unchanged.
 */
import type { ColumnDomain, TupleDomain, ValueRange } from '../spi/tuple-domain.js';
import { isNumberDecimal } from '../spi/values.js';
import type { Type } from '../types/type.js';

function integer(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return undefined;
}

function safeNumber(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value;
}

/** A constant of `type` in the SPI value representation. */
export function toSpiValue(value: unknown, type: Type): unknown {
  if (value === null || value === undefined) return value;
  switch (type.kind) {
    case 'bigint': {
      const v = integer(value);
      return v === undefined ? value : safeNumber(v);
    }
    case 'decimal': {
      const v = integer(value);
      if (v === undefined) return value;
      return isNumberDecimal(type) ? Number(v) : v;
    }
    default:
      return value;
  }
}

function toSpiRange(range: ValueRange, type: Type): ValueRange {
  return {
    ...(range.low ? { low: { value: toSpiValue(range.low.value, type), inclusive: range.low.inclusive } } : {}),
    ...(range.high ? { high: { value: toSpiValue(range.high.value, type), inclusive: range.high.inclusive } } : {}),
  };
}

/** A domain over constants as a domain over SPI values; `typeOf` gives each column's type. */
export function toSpiTupleDomain(domain: TupleDomain, typeOf: (column: string) => Type | undefined): TupleDomain {
  if (domain.none) return domain;
  const columns: Record<string, ColumnDomain> = {};
  for (const [column, columnDomain] of Object.entries(domain.columns)) {
    const type = typeOf(column);
    columns[column] =
      type === undefined || columnDomain.ranges === undefined
        ? columnDomain
        : { ...columnDomain, ranges: columnDomain.ranges.map((range) => toSpiRange(range, type)) };
  }
  return { columns };
}
