/**
 * The value representation of the connector contract: tuple-domain bounds (`ValueRange`) and
 * statistics' min/max (`ColumnStatistics`) hold values of a column's type in the engine's own
 * value representation, the one blocks hold and builders take (data/block-values.ts):
 *
 *   boolean                               boolean
 *   tinyint, smallint, integer            number
 *   bigint                                number when a safe integer, else a JS bigint
 *   real, double                          number
 *   decimal(p ≤ 15, s)                    number: the unscaled value (12.34 as decimal(4,2) → 1234)
 *   decimal(16..38, s)                    bigint: the unscaled value
 *   varchar, char                         string (char without trailing spaces)
 *   varbinary                             Uint8Array
 *   date                                  number of days since 1970-01-01
 *   time, timestamp, intervals            as data/block-values.ts describes
 *
 * So a connector compares a pushed-down bound with what it reads (a Parquet statistic, a
 * partition value) without knowing how the analyzer writes constants. The engine converts its
 * constants once, where the planner builds a scan's domain (planner/spi-values.ts). Domains are
 * offered over boolean, numeric, varchar and date columns.
 */
import { compareCodePoints } from '../common/code-point-order.js';
import { isFloat64Decimal } from '../data/physical-type.js';
import type { DecimalType, Type } from '../types/type.js';

/** Whether a decimal type's SPI values are numbers (else bigints); both are unscaled. */
export function isNumberDecimal(type: DecimalType): boolean {
  return isFloat64Decimal(type);
}

function asBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return undefined;
}

/**
 * The order of two non-null SPI values of `type` (negative, zero, positive), or undefined when
 * the type has no order here (or a value is not of the type).
 */
export function compareSpiValues(a: unknown, b: unknown, type: Type): number | undefined {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal': {
      if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
      const x = asBigInt(a);
      const y = asBigInt(b);
      if (x === undefined || y === undefined) return undefined;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'real':
    case 'double':
    case 'date':
      if (typeof a !== 'number' || typeof b !== 'number' || Number.isNaN(a) || Number.isNaN(b)) return undefined;
      return a < b ? -1 : a > b ? 1 : 0;
    case 'boolean':
      if (typeof a !== 'boolean' || typeof b !== 'boolean') return undefined;
      return Number(a) - Number(b);
    case 'varchar':
    case 'char':
      if (typeof a !== 'string' || typeof b !== 'string') return undefined;
      return compareCodePoints(a, b);
    default:
      return undefined;
  }
}
