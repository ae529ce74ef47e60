/**
 * Pushdown negotiation between the planner and a connector, as Trino's `applyFilter` and
 * `applyLimit`: the engine offers a scan's filter (as a tuple domain) and limit; the connector
 * answers with a new table handle (plain data recording what it took) and what it does not
 * guarantee; the engine keeps a Filter for the rest, and the Limit unless the connector
 * guarantees it. A connector that answers nothing is correct: the engine keeps everything.
 */
import type { TupleDomain } from './tuple-domain.js';

/** A scan's table and its handle as pushdown has shaped it so far. */
export interface ScanTable {
  readonly table: { readonly schema: string; readonly table: string };
  /** The connector's handle (`TableMetadata.handle`, then what earlier answers returned). */
  readonly handle?: unknown;
}

export interface FilterApplication {
  /** The scan's new handle; absent: unchanged. */
  readonly handle?: unknown;
  /**
   * What the connector does not guarantee: every column it lists stays filtered by the engine
   * (return the offered domain to guarantee nothing). Columns it leaves out it enforces exactly.
   */
  readonly remaining: TupleDomain;
}

export interface LimitApplication {
  /** The scan's new handle; absent: unchanged. */
  readonly handle?: unknown;
  /** True when the scan yields at most the limit's rows in all (over every split). */
  readonly guaranteed: boolean;
}

/**
 * How a connector lays a table's rows out over its splits, as Trino's table partitioning: every
 * split names a bucket (`ConnectorSplit.bucket`), and rows whose `columns` hold equal values are in
 * splits of the same bucket — in this table and in every table whose partitioning has the same
 * `handle`. The engine then joins two such tables on those columns, or groups one by them, where
 * the rows are, without moving them: it sends all splits of one bucket, of every table of the
 * partitioning, to one task.
 */
export interface TablePartitioning {
  /**
   * The partitioning's identity within the catalog (the engine prefixes the catalog's name): equal
   * handles mean the same bucket numbering for equal key values, at any constraint on the scan.
   */
  readonly handle: string;
  /** The columns whose values decide a row's bucket, in the partitioning's order. */
  readonly columns: readonly string[];
  /**
   * The columns never hold NULL. A semi join (`x IN (subquery)`) may run where its rows are only
   * then: with NULLs every task would need to know whether the whole set holds one.
   */
  readonly keysNeverNull?: boolean;
}
