/**
 * Estimates attached to a plan node: its row count and, per output symbol, the number of distinct
 * values, the fraction of NULLs, the value range (as numbers, for numeric and date columns) and,
 * for booleans, the fraction of TRUE. Every figure is optional: unknown stays unknown.
 */
import type { ColumnStatistics } from '../../spi/metadata.js';
import type { Type } from '../../types/type.js';

export interface SymbolStatistics {
  readonly distinctValues?: number;
  readonly nullFraction?: number;
  readonly low?: number;
  readonly high?: number;
  readonly trueFraction?: number;
}

export interface PlanStatistics {
  readonly rowCount?: number;
  readonly symbols: ReadonlyMap<string, SymbolStatistics>;
}

export const UNKNOWN_STATISTICS: PlanStatistics = { symbols: new Map() };

/** Presto's coefficient for a predicate whose selectivity cannot be estimated. */
export const UNKNOWN_FILTER_COEFFICIENT = 0.9;

/** A constant or statistics value of a numeric or date type as a number, when it has one. */
export function numericValue(value: unknown, type: Type): number | undefined {
  if (value === null || value === undefined) return undefined;
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
    case 'date': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'decimal': {
      const n = Number(value);
      return Number.isFinite(n) ? n / 10 ** type.scale : undefined;
    }
    default:
      return undefined;
  }
}

export function fromColumnStatistics(column: ColumnStatistics | undefined, type: Type): SymbolStatistics {
  if (!column) return {};
  const low = numericValue(column.min, type);
  const high = numericValue(column.max, type);
  return {
    ...(column.distinctValues !== undefined ? { distinctValues: column.distinctValues } : {}),
    ...(column.nullFraction !== undefined ? { nullFraction: column.nullFraction } : {}),
    ...(low !== undefined ? { low } : {}),
    ...(high !== undefined ? { high } : {}),
  };
}

/** Symbol statistics capped to what `rowCount` rows can hold. */
export function capToRows(stats: SymbolStatistics, rowCount: number | undefined): SymbolStatistics {
  if (rowCount === undefined || stats.distinctValues === undefined || stats.distinctValues <= rowCount) return stats;
  return { ...stats, distinctValues: Math.max(rowCount, rowCount > 0 ? 1 : 0) };
}
