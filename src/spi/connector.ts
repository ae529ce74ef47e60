/**
 * The connector contract: what the engine asks of a data source. A connector has metadata
 * (schemas, tables, statistics, DDL; asynchronous), enumerates splits (JSON-serialisable units of
 * work) through a split source the engine pulls batches from, and creates page sources that read
 * one split with only the requested columns, using a pushed-down constraint and limit where they
 * can, and page sinks for writes.
 *
 * Catalogs are instances of connectors, configured Presto's way
 * (`etc/catalog/<name>.properties` with `connector.name=...`).
 */
import type { Page } from '../data/page.js';
import type { Type } from '../types/type.js';
import type { ColumnMetadata, TableMetadata, TableStatistics, ViewDefinition } from './metadata.js';
import type { FilterApplication, LimitApplication, ScanTable, TablePartitioning } from './pushdown.js';
import type { ConnectorSplit, ConnectorSplitSource } from './split-source.js';
import type { TupleDomain } from './tuple-domain.js';

export type { FilterApplication, LimitApplication, ScanTable, TablePartitioning } from './pushdown.js';
export type { ConnectorSplit, ConnectorSplitSource, SplitBatch } from './split-source.js';

/**
 * Where a table's splits can run. `nodes`: only on those nodes (a split's `addresses` says which
 * one holds it); an empty list means the table holds no data yet, so any node can take it.
 * `coordinator`: the data is the coordinator's own state (system tables, information_schema,
 * tables kept in the coordinator's memory).
 */
export type SplitPlacement =
  | { readonly kind: 'any-worker' }
  | { readonly kind: 'nodes'; readonly nodes: readonly string[] }
  | { readonly kind: 'coordinator' };

export const ANY_WORKER: SplitPlacement = Object.freeze({ kind: 'any-worker' });
export const COORDINATOR_ONLY: SplitPlacement = Object.freeze({ kind: 'coordinator' });

export interface SchemaTableName {
  readonly schema: string;
  readonly table: string;
}

/**
 * A catalog's metadata. Every read and every DDL operation is asynchronous: listing a directory,
 * reading a file footer, asking a metastore or object storage all wait. Names are canonical
 * (lowercase). The engine resolves what a statement needs before analysing it, so a connector is
 * asked about each name once per statement.
 */
export interface ConnectorMetadata {
  listSchemas(): Promise<readonly string[]>;
  /** For connectors whose schemas cannot all be listed (tpch accepts any `sfN`). */
  schemaExists?(schema: string): Promise<boolean>;
  listTables(schema?: string): Promise<readonly SchemaTableName[]>;
  /** The table's columns, with connector-canonical (lowercase) names, and its scan handle. */
  getTable(name: SchemaTableName): Promise<TableMetadata | undefined>;
  getTableStatistics?(name: SchemaTableName): Promise<TableStatistics | undefined>;
  getView?(name: SchemaTableName): Promise<ViewDefinition | undefined>;
  listViews?(schema?: string): Promise<readonly SchemaTableName[]>;

  createSchema?(schema: string, properties: Readonly<Record<string, unknown>>): Promise<void>;
  dropSchema?(schema: string, cascade: boolean): Promise<void>;
  createTable?(
    name: SchemaTableName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>>,
    comment?: string,
  ): Promise<void>;
  /** COMMENT ON TABLE: sets the table's comment, or removes it (null). */
  setTableComment?(name: SchemaTableName, comment: string | null): Promise<void>;
  /** COMMENT ON COLUMN: sets a column's comment, or removes it (null). */
  setColumnComment?(name: SchemaTableName, column: string, comment: string | null): Promise<void>;
  dropTable?(name: SchemaTableName): Promise<void>;
  createView?(view: ViewDefinition, replace: boolean): Promise<void>;
  dropView?(name: SchemaTableName): Promise<void>;

  /**
   * Offered a scan's filter as a tuple domain (values per spi/values.ts): answer what the
   * connector takes and what it leaves for the engine (pushdown.ts). Synchronous and pure: from
   * the handle and metadata already known, without I/O (planning does not wait); work that needs
   * I/O (pruning partitions, files) belongs in `getSplits`. Absent or undefined: nothing is
   * taken, the engine filters every row itself.
   */
  applyFilter?(table: ScanTable, constraint: TupleDomain): FilterApplication | undefined;
  /** Offered a scan's limit, on the same terms as `applyFilter`; undefined: not guaranteed. */
  applyLimit?(table: ScanTable, limit: number): LimitApplication | undefined;
  /**
   * How the table's splits partition its rows (pushdown.ts `TablePartitioning`), on the same
   * terms as `applyFilter`: synchronous, from the handle. Undefined: splits hold rows in no
   * particular arrangement.
   */
  getTablePartitioning?(table: ScanTable): TablePartitioning | undefined;

  /**
   * DELETE of whole partitions (Trino's Hive connector on non-transactional tables): drops the
   * partitions named (`k1=v1/k2=v2`, the hidden `$partition` column's values) with their data.
   * The engine calls it only when every row of those partitions matches the DELETE's WHERE.
   */
  deletePartitions?(table: SchemaTableName, partitions: readonly string[]): Promise<void>;

  /**
   * Removes every row of the table without rewriting rows (Trino's Hive connector on
   * non-transactional tables): TRUNCATE TABLE, and a DELETE without a WHERE clause of a table with
   * no partitions (`statement` names which, for the connector's refusals).
   */
  truncateTable?(table: SchemaTableName, statement: 'TRUNCATE' | 'DELETE'): Promise<void>;

  /**
   * ALTER TABLE as a change of metadata alone, for connectors whose data needs no rewrite (files
   * read by column name: a new column reads as NULL from older files). The engine has checked the
   * names (the column exists, the new one does not); the connector refuses what it cannot do.
   * Present, it is used instead of `rowLevelRewrite` for the changes it lists in `alterations`.
   */
  alterTable?(name: SchemaTableName, change: TableChange): Promise<void>;
  readonly alterations?: readonly TableChange['kind'][];

  /**
   * Row-level changes — DELETE, UPDATE, TRUNCATE and ALTER TABLE (rename, add, drop and rename
   * columns) — by rewriting the table's contents, for connectors that can. Absent: those
   * statements fail with NOT_SUPPORTED.
   */
  readonly rowLevelRewrite?: RowLevelRewrite;

  /** The properties CREATE TABLE ... WITH takes (system.metadata.table_properties lists them). */
  readonly tableProperties?: readonly PropertyMetadata[];
  /** The properties CREATE SCHEMA ... WITH takes (system.metadata.schema_properties). */
  readonly schemaProperties?: readonly PropertyMetadata[];
}

/** An ALTER TABLE a connector makes as a metadata change (`ConnectorMetadata.alterTable`). */
export type TableChange =
  | { readonly kind: 'renameTable'; readonly target: SchemaTableName }
  | { readonly kind: 'addColumn'; readonly column: ColumnMetadata }
  | { readonly kind: 'dropColumn'; readonly column: string }
  | { readonly kind: 'renameColumn'; readonly from: string; readonly to: string };

/** A catalog session property: what SHOW SESSION lists, and how SET SESSION checks a value. */
export interface ConnectorSessionProperty {
  readonly name: string;
  readonly type: 'varchar' | 'integer' | 'boolean';
  readonly defaultValue: string;
  readonly description: string;
  /** Throws INVALID_SESSION_PROPERTY when `value` is not acceptable; returns it normalised. */
  validate(value: string): string;
}

/** A table or schema property a connector takes, as Trino's system.metadata tables show it. */
export interface PropertyMetadata {
  readonly name: string;
  /** Its SQL type, as written (`varchar`, `array(varchar)`, `integer`). */
  readonly type: string;
  /** The value it has when not given, as text ('' when none). */
  readonly defaultValue: string;
  readonly description: string;
}

/**
 * The rewrite protocol of row-level changes (server/query/statements/data-modification.ts): the engine reads
 * a table's columns and version, writes its new contents with an ordinary INSERT into a hidden
 * staging table beside it (so the rewrite runs wherever the data is), then swaps them in; the
 * swap fails with TRANSACTION_CONFLICT if anything was committed to the table meanwhile.
 */
export interface RowLevelRewrite {
  /** A table's columns, rows and version as of now. */
  tableData(name: SchemaTableName): Promise<{ version: number; columns: readonly ColumnMetadata[]; rowCount: number }>;
  /** A hidden empty table beside `name` that a rewrite writes the new contents into (INSERT). */
  createStagingTable(name: SchemaTableName, columns: readonly ColumnMetadata[]): Promise<SchemaTableName>;
  /** Replaces columns and rows (and the name, given `rename`) at once if nothing was committed since `expectedVersion`. */
  replaceTable(
    name: SchemaTableName,
    expectedVersion: number,
    data: TableReplacement,
    rename?: SchemaTableName,
  ): Promise<void>;
}

/**
 * A table's new state in a rewrite: its columns, and its rows — unchanged (`keep`: renames),
 * none (`empty`: TRUNCATE), or a staging table's (`staging`: DELETE, UPDATE, ADD/DROP COLUMN).
 */
export interface TableReplacement {
  readonly columns: readonly ColumnMetadata[];
  readonly contents: 'keep' | 'empty' | { readonly staging: SchemaTableName };
}

export interface SplitRequest {
  readonly table: SchemaTableName;
  /** The scan's table handle (pushdown.ts); absent when the connector gave none. */
  readonly handle?: unknown;
  /** The columns the scan reads (the projection the engine offers); empty when only rows are counted. */
  readonly columns?: readonly string[];
  /** A hint: values rows may have; splits that cannot hold such a row may be skipped. */
  readonly constraint?: TupleDomain;
  /** A hint: how many splits the cluster can use in parallel. */
  readonly desiredSplits: number;
  /**
   * A hint: how many tasks read the splits (absent: unknown). A table too small to give each task
   * many splits balances them best with a count that is a multiple of this.
   */
  readonly tasks?: number;
}

/**
 * A join's build keys as a hint to the scan of its probe side (a dynamic filter, Trino's
 * DynamicFilter): a row whose `column` is NULL, outside [min, max], or not `contains`-ed cannot
 * join, so a source may skip it (the engine filters again). Keys are numbers (integers, dates as
 * days, short decimals unscaled) or strings. The engine judges whether filtering still pays.
 */
export interface KeyFilter {
  readonly column: string;
  readonly min: number | string;
  readonly max: number | string;
  /** Exact membership, when the build side's keys were few enough to keep. */
  readonly contains?: (key: number | string) => boolean;
  /** False once filtering by it has proven not to pay (most rows pass): skip it then. */
  isActive(): boolean;
  /** Reports rows tested and rows kept, from which the engine judges. */
  record(rowsIn: number, rowsOut: number): void;
}

export interface PageSourceRequest {
  readonly split: ConnectorSplit;
  readonly table: SchemaTableName;
  /** The scan's table handle, as the coordinator made it (the worker has no metadata). */
  readonly handle?: unknown;
  /** Column names to read, in output order (may be empty: only row counts are needed). */
  readonly columns: readonly string[];
  readonly columnTypes: readonly Type[];
  /** A hint: values rows may have (rows outside it may be skipped; the engine still filters). */
  readonly constraint?: TupleDomain;
  /** A hint: the dynamic filters that arrived for this scan (rows they exclude may be skipped). */
  readonly keyFilters?: readonly KeyFilter[];
  /**
   * A hint: the engine stops reading this split after `limit` rows (it counts and cuts them
   * itself); a source may use it to read less.
   */
  readonly limit?: number;
}

/**
 * Reads one split. `getNextPage` returns null when no page is ready now (check `isFinished`, and
 * `isBlocked` for asynchronous sources). The engine wraps every page source: it counts the rows
 * and their size (raw input statistics) and enforces the scan's limit, closing the source early.
 */
export interface ConnectorPageSource {
  getNextPage(): Page | null;
  isFinished(): boolean;
  isBlocked?(): Promise<void> | undefined;
  /**
   * Bytes read from storage so far, when the connector knows them (compressed file bytes); when
   * absent the engine counts the in-memory size of the pages.
   */
  readonly completedBytes?: number;
  /**
   * Nanoseconds the source has spent on the CPU outside `getNextPage` so far (decoding ahead,
   * asynchronously), when it does such work: the scan adds it to its own time, as Trino's page
   * sources report their read time. Work done inside `getNextPage` is timed by the engine.
   */
  readonly readTimeNanos?: number;
  close(): void;
}

/**
 * Writes pages into a table; `finish` returns the fragment `finishInsert` commits. Sinks that
 * write files are asynchronous: `appendPage` may return a promise (the engine sends the next page
 * only once it settles, so a sink holds at most what it buffers itself), and `finish` and `abort`
 * may return promises (of the fragment; of the clean-up). A rejected promise fails the write.
 */
export interface ConnectorPageSink {
  appendPage(page: Page): void | Promise<void>;
  finish(): unknown;
  abort(): void | Promise<void>;
}

export interface ConnectorInsertTarget {
  readonly table: SchemaTableName;
  readonly columns: readonly string[];
  /** The connector's JSON handle for this write (`insertHandle`), for sinks on nodes without metadata. */
  readonly handle?: unknown;
}

/**
 * A procedure a connector offers (`CALL <catalog>.<schema>.<name>(...)`), as Trino's: named
 * arguments in order, each required or with a default; values arrive as constants (strings,
 * numbers, booleans, arrays), checked by the procedure itself. Runs on the coordinator.
 */
export interface ConnectorProcedure {
  readonly schema: string;
  readonly name: string;
  readonly arguments: readonly { readonly name: string; readonly defaultValue?: unknown }[];
  call(args: readonly unknown[]): Promise<void>;
}

export interface Connector {
  readonly metadata: ConnectorMetadata;
  /** Procedures of the catalog (`CALL`); absent: none. */
  readonly procedures?: readonly ConnectorProcedure[];
  /**
   * `ANALYZE`: computes the table's statistics and stores them where `getTableStatistics` finds
   * them; resolves to the number of rows analysed. Absent: NOT_SUPPORTED.
   */
  analyze?(table: SchemaTableName, properties: Readonly<Record<string, unknown>>): Promise<number>;
  /**
   * The scan's splits as a source the engine pulls batches from (split-source.ts). Called on the
   * coordinator once per scan; enumeration itself (listing files) belongs in `nextBatch`.
   */
  getSplits(request: SplitRequest): ConnectorSplitSource;
  /**
   * Where the table's splits can be read (and a write into it runs): any worker, only the nodes
   * holding its data, or only the coordinator. Answered from the scan's handle (absent for a
   * write's target) and what the connector knows without I/O. Absent: any worker.
   */
  splitPlacement?(table: ScanTable): SplitPlacement;
  /**
   * The columns whose constraint can drop splits in `getSplits` (a table's key ranges, its
   * partition columns). The engine waits for a scan's dynamic filters before listing its splits
   * only when one of them is on such a column; a filter on another column goes to the workers as
   * soon as it completes and filters rows there, and waiting for it would only hold the scan back
   * (a chain of small joins waited for each build in turn). Absent, or undefined: any column may.
   */
  splitPruningColumns?(table: ScanTable): readonly string[] | undefined;
  createPageSource(request: PageSourceRequest): ConnectorPageSource;
  /**
   * Made on the coordinator when a write is planned; travels in the plan to every sink.
   * `sessionProperties`: the write's session's values of this catalog's session properties.
   */
  insertHandle?(target: {
    readonly table: SchemaTableName;
    readonly sessionProperties?: Readonly<Record<string, string>>;
  }): Promise<unknown>;
  /** The catalog's session properties (`SET SESSION <catalog>.<name> = ...`); absent: none. */
  readonly sessionProperties?: readonly ConnectorSessionProperty[];
  createPageSink?(target: ConnectorInsertTarget): ConnectorPageSink;
  /** Commits the fragments of every sink of a write atomically: all become visible, or none. */
  finishInsert?(target: ConnectorInsertTarget, fragments: readonly unknown[]): Promise<void>;
  /** Drops the data of sinks whose write will not be committed. */
  abortInsert?(fragments: readonly unknown[]): Promise<void>;
  /**
   * Prepares in the background what the connector's first queries would otherwise build inline
   * (servers call it once at start). Must not hold the event loop for long at a time.
   */
  warmUp?(): Promise<void>;
  /**
   * Checks, once, that the catalog's source can be reached (an object store's endpoint and
   * credentials, a metastore directory): called when CREATE CATALOG makes the catalog, so a bad
   * endpoint fails that statement instead of the first query. Absent: nothing to check.
   */
  verify?(): Promise<void>;
  /** Releases what the connector holds (connection pools) once its catalog is gone. */
  close?(): void;
}

/** Creates a connector for a catalog from its properties file (`connector.name` selects the factory). */
export interface ConnectorFactory {
  readonly name: string;
  create(catalogName: string, properties: Readonly<Record<string, string>>): Connector;
  /**
   * Property names whose values are secrets (`s3.aws-secret-key`, passwords): masked wherever the
   * text of a CREATE CATALOG is shown. Keys naming a secret, password, token or credential are
   * masked anyway.
   */
  readonly secretPropertyNames?: readonly string[];
}
