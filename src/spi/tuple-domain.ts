/**
 * A constraint on a table's columns that the planner pushes into a connector (Presto's
 * TupleDomain): per column, the values a row may have, as ranges and single values, in the SPI
 * value representation (values.ts). A connector may use it to skip data (splits, row groups,
 * generated ranges) and says through `applyFilter` which columns it enforces exactly; the engine
 * still filters what the connector does not enforce.
 */

/** One contiguous range of values; an absent bound is unbounded. `low === high` inclusive is a single value. */
export interface ValueRange {
  readonly low?: { readonly value: unknown; readonly inclusive: boolean };
  readonly high?: { readonly value: unknown; readonly inclusive: boolean };
}

/** The values a column may take (values per values.ts). */
export interface ColumnDomain {
  readonly nullAllowed: boolean;
  /** Allowed non-null values as a union of ranges; absent means any non-null value. */
  readonly ranges?: readonly ValueRange[];
}

export interface TupleDomain {
  /** No row can match. */
  readonly none?: boolean;
  /** By column name; a column not listed is unconstrained. */
  readonly columns: Readonly<Record<string, ColumnDomain>>;
}

export const TUPLE_DOMAIN_ALL: TupleDomain = Object.freeze({ columns: Object.freeze({}) });
