/**
 * The memory catalog's metadata: schemas (a `default` schema exists from the start), tables with
 * their columns, and views, all held in the coordinator. Errors carry Trino's names and messages.
 * A table's data is the committed row ranges of fragments on its `MemoryTable` record, each
 * fragment naming the node whose store (memory-store.ts) holds its pages: the coordinator itself
 * without workers, the workers that wrote them in a cluster. Committed rows are only ever added
 * while the record lives, so a split (row ranges copied when it is made) names a stable snapshot;
 * a version is bumped by every commit.
 *
 * Writes: a sink anywhere appends a run of rows to a fragment of its node's store and reports it;
 * `commitInsert` adds every run of one write at once (or none: TRANSACTION_CONFLICT when the table
 * was replaced meanwhile). Successive writes on a node append to the same fragment, and adjoining
 * committed runs are merged, so a table filled by single-row INSERTs is one range per node.
 * Rewrites (DELETE, UPDATE, ALTER TABLE) write the new contents into a hidden staging table and
 * `replaceTable` swaps it in under a version check; renames change the record in place.
 */
import { randomUUID } from 'node:crypto';
import { VivaceError } from '../../common/vivace-error.js';
import type { Page } from '../../data/page.js';
import type { ConnectorMetadata, RowLevelRewrite, SchemaTableName, TableReplacement } from '../../spi/connector.js';
import type { ColumnMetadata, TableMetadata, TableStatistics, ViewDefinition } from '../../spi/metadata.js';
import type { MemoryWriteFragment } from './memory-page-sink.js';
import { memoryTableStatistics, mergedFragmentColumns, type SampledColumn } from './memory-statistics.js';
import type { MemoryStore } from './memory-store.js';

export const DEFAULT_MEMORY_SCHEMA = 'default';

/** Staging tables of rewrites are named with this prefix; they are never listed. */
const STAGING_PREFIX = '$rewrite$';

export interface TableData {
  readonly version: number;
  readonly columns: readonly ColumnMetadata[];
  readonly rowCount: number;
}

/** The committed rows of one fragment: where they are and which. */
export interface MemoryFragment {
  readonly nodeId: string;
  readonly fragmentId: string;
  /** Committed row ranges as [start, end) pairs, sorted, adjoining ones merged. */
  readonly ranges: number[];
}

/** What one committed sink sampled of its rows (statistics of tables held by other nodes). */
export interface MemoryWriteSample {
  readonly rows: number;
  readonly columns?: readonly SampledColumn[];
}

/** Whether a write's rows overlap committed ranges (the same write committed twice). */
function overlaps(ranges: readonly number[], write: MemoryWriteFragment): boolean {
  for (let r = 0; r < ranges.length; r += 2) {
    if ((ranges[r] as number) < write.rowEnd && write.rowStart < (ranges[r + 1] as number)) return true;
  }
  return false;
}

/** Adds [start, end) to sorted, disjoint `ranges` (flat pairs), merging it with the ranges it adjoins. */
export function addRowRange(ranges: number[], start: number, end: number): void {
  let at = ranges.length;
  while (at > 0 && (ranges[at - 2] as number) > start) at -= 2;
  // `at` is where the pair goes: after every range starting at or before `start`.
  const joinsPrevious = at > 0 && ranges[at - 1] === start;
  const joinsNext = at < ranges.length && ranges[at] === end;
  if (joinsPrevious && joinsNext) ranges.splice(at - 1, 2);
  else if (joinsPrevious) ranges[at - 1] = end;
  else if (joinsNext) ranges[at] = start;
  else ranges.splice(at, 0, start, end);
}

export interface MemoryTable {
  /** Unique for the connector's lifetime: a dropped and re-created or rewritten table gets a new id. */
  readonly id: number;
  schema: string;
  name: string;
  columns: readonly ColumnMetadata[];
  comment?: string;
  /** Fragments with committed rows, in order of their first commit; pages in table column order. */
  readonly fragments: MemoryFragment[];
  readonly fragmentsById: Map<string, MemoryFragment>;
  /** Every committed write's sample, in commit order. Only ever appended to. */
  readonly samples: MemoryWriteSample[];
  /** The nodes holding them, kept as they are appended (every scan's placement asks). */
  readonly dataNodes: string[];
  /** Number of commits and in-place changes so far. */
  version: number;
  rowCount: number;
  bytes: number;
}

interface MemorySchema {
  readonly tables: Map<string, MemoryTable>;
  readonly views: Map<string, ViewDefinition>;
}

function emptyTable(id: number, schema: string, name: string, columns: readonly ColumnMetadata[]): MemoryTable {
  return {
    id,
    schema,
    name,
    columns: columns.map((column) => ({ ...column })),
    fragments: [],
    fragmentsById: new Map(),
    samples: [],
    dataNodes: [],
    version: 0,
    rowCount: 0,
    bytes: 0,
  };
}

/** Replaced table records kept readable for scans that started before the replacement. */
const RETIRED_TABLES_KEPT = 16;

export class MemoryMetadata implements ConnectorMetadata {
  /** DELETE, UPDATE, TRUNCATE and ALTER TABLE rewrite memory tables through staging tables. */
  readonly rowLevelRewrite: RowLevelRewrite = {
    tableData: (name) => this.tableData(name),
    createStagingTable: (name, columns) => this.createStagingTable(name, columns),
    replaceTable: (name, expectedVersion, data, rename) => this.replaceTable(name, expectedVersion, data, rename),
  };

  private readonly schemas = new Map<string, MemorySchema>();
  /** Live tables, staging tables and the retired records still readable, by id. */
  private readonly tablesById = new Map<number, MemoryTable>();
  /** Staging tables of rewrites in progress, by `schema.name`. */
  private readonly staging = new Map<string, MemoryTable>();
  private readonly retired: MemoryTable[] = [];
  private nextTableId = 1;

  /** Tells this catalog's table records from an earlier coordinator's, whose ids were the same (insert handles). */
  readonly instance = randomUUID();

  constructor(
    readonly catalogName: string,
    /** This node's pages (the coordinator's own, when it runs writes itself). */
    private readonly store: MemoryStore,
  ) {
    this.schemas.set(DEFAULT_MEMORY_SCHEMA, { tables: new Map(), views: new Map() });
  }

  /** Ids of every record whose data must be kept, and the first id not yet given out (worker clean-up). */
  activeTables(): { ids: number[]; idsBelow: number } {
    return { ids: [...this.tablesById.keys()], idsBelow: this.nextTableId };
  }

  private qualified(schema: string, name?: string): string {
    return name === undefined ? `${this.catalogName}.${schema}` : `${this.catalogName}.${schema}.${name}`;
  }

  private requireSchema(schema: string): MemorySchema {
    const entry = this.schemas.get(schema);
    if (entry === undefined) {
      throw new VivaceError('SCHEMA_NOT_FOUND', `Schema '${this.qualified(schema)}' does not exist`);
    }
    return entry;
  }

  async listSchemas(): Promise<readonly string[]> {
    return [...this.schemas.keys()].sort();
  }

  async schemaExists(schema: string): Promise<boolean> {
    return this.schemas.has(schema);
  }

  /** Tables only; views are listed by `listViews`. */
  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    return this.relations(schema, (entry) => entry.tables.keys());
  }

  async listViews(schema?: string): Promise<readonly SchemaTableName[]> {
    return this.relations(schema, (entry) => entry.views.keys());
  }

  private relations(
    schema: string | undefined,
    names: (entry: MemorySchema) => Iterable<string>,
  ): readonly SchemaTableName[] {
    const result: SchemaTableName[] = [];
    for (const [name, entry] of this.schemas) {
      if (schema !== undefined && name !== schema) continue;
      for (const table of names(entry)) result.push({ schema: name, table });
    }
    return result.sort((a, b) => compareText(a.schema, b.schema) || compareText(a.table, b.table));
  }

  /** The table's record (data included), if it exists. */
  findTable(name: SchemaTableName): MemoryTable | undefined {
    return this.schemas.get(name.schema)?.tables.get(name.table) ?? this.staging.get(`${name.schema}.${name.table}`);
  }

  tableById(id: number): MemoryTable | undefined {
    return this.tablesById.get(id);
  }

  requireTable(name: SchemaTableName): MemoryTable {
    const table = this.findTable(name);
    if (table === undefined) {
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${this.qualified(name.schema, name.table)}' does not exist`);
    }
    return table;
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    const table = this.findTable(name);
    if (table === undefined) return undefined;
    return {
      name: { catalog: this.catalogName, schema: table.schema, name: table.name },
      columns: table.columns,
      ...(table.comment !== undefined && { comment: table.comment }),
    };
  }

  /** Row count and sampled column statistics (memory-statistics.ts). */
  async getTableStatistics(name: SchemaTableName): Promise<TableStatistics | undefined> {
    const table = this.findTable(name);
    if (table === undefined) return undefined;
    return memoryTableStatistics(
      table,
      () => this.localPages(table),
      () => mergedFragmentColumns(table.columns.length, table.samples),
    );
  }

  async getView(name: SchemaTableName): Promise<ViewDefinition | undefined> {
    return this.schemas.get(name.schema)?.views.get(name.table);
  }

  async createSchema(schema: string, properties: Readonly<Record<string, unknown>>): Promise<void> {
    const property = Object.keys(properties)[0];
    if (property !== undefined) {
      throw new VivaceError(
        'INVALID_SCHEMA_PROPERTY',
        `Catalog '${this.catalogName}' schema property '${property}' does not exist`,
      );
    }
    if (this.schemas.has(schema)) {
      throw new VivaceError('SCHEMA_ALREADY_EXISTS', `Schema '${this.qualified(schema)}' already exists`);
    }
    this.schemas.set(schema, { tables: new Map(), views: new Map() });
  }

  async dropSchema(schema: string, cascade: boolean): Promise<void> {
    const entry = this.requireSchema(schema);
    if (!cascade && (entry.tables.size > 0 || entry.views.size > 0)) {
      throw new VivaceError('SCHEMA_NOT_EMPTY', `Cannot drop non-empty schema '${schema}'`);
    }
    for (const table of entry.tables.values()) this.forgetTable(table);
    // Staging tables of rewrites still running there go too (their swap then fails).
    for (const [key, table] of this.staging) {
      if (table.schema !== schema) continue;
      this.staging.delete(key);
      this.forgetTable(table);
    }
    this.schemas.delete(schema);
  }

  async createTable(
    name: SchemaTableName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>>,
    comment?: string,
  ): Promise<void> {
    const property = Object.keys(properties)[0];
    if (property !== undefined) {
      throw new VivaceError(
        'INVALID_TABLE_PROPERTY',
        `Catalog '${this.catalogName}' table property '${property}' does not exist`,
      );
    }
    const schema = this.requireSchema(name.schema);
    if (schema.tables.has(name.table) || schema.views.has(name.table)) {
      throw new VivaceError(
        'TABLE_ALREADY_EXISTS',
        `Table '${this.qualified(name.schema, name.table)}' already exists`,
      );
    }
    if (columns.length === 0) {
      throw new VivaceError('NOT_SUPPORTED', 'Table creation with 0 columns is not supported');
    }
    const seen = new Set<string>();
    for (const column of columns) {
      if (seen.has(column.name)) {
        throw new VivaceError('DUPLICATE_COLUMN_NAME', `Column name '${column.name}' specified more than once`);
      }
      seen.add(column.name);
    }
    const table = emptyTable(this.nextTableId++, name.schema, name.table, columns);
    if (comment !== undefined) table.comment = comment;
    schema.tables.set(name.table, table);
    this.tablesById.set(table.id, table);
  }

  /** The pages of a table when this node holds all of them (statistics), else undefined. */
  localPages(table: MemoryTable): Page[] | undefined {
    const pages: Page[] = [];
    for (const fragment of table.fragments) {
      const stored = this.store.get(table.id, fragment.fragmentId);
      if (stored === undefined) return undefined;
      const { ranges } = fragment;
      for (let r = 0; r < ranges.length; r += 2) {
        this.store.readRows(stored, ranges[r] as number, ranges[r + 1] as number, pages);
      }
    }
    return pages;
  }

  /** The nodes holding a table's committed pages. */
  dataNodes(name: SchemaTableName): readonly string[] {
    return this.requireTable(name).dataNodes;
  }

  /**
   * Makes every fragment of one write visible at once, or none of them: a fragment written for
   * another record of the table (dropped and re-created, or rewritten while the write ran) fails
   * the commit with TRANSACTION_CONFLICT. The caller discards the fragments of a failed commit.
   */
  commitInsert(name: SchemaTableName, fragments: readonly MemoryWriteFragment[]): void {
    const table = this.requireTable(name);
    for (const fragment of fragments) {
      if (fragment.tableId !== table.id) {
        throw new VivaceError(
          'TRANSACTION_CONFLICT',
          `Table '${this.qualified(table.schema, table.name)}' was changed by another statement during the write; run it again`,
        );
      }
    }
    const seen = new Set<string>();
    for (const fragment of fragments) {
      // This node's rows can be checked here; a worker's sink reported its own.
      const missing =
        fragment.nodeId === this.store.nodeId &&
        !this.store.holds(fragment.tableId, fragment.fragmentId, fragment.write, fragment.rowEnd);
      const key = `${fragment.fragmentId}@${fragment.rowStart}`;
      const committed = table.fragmentsById.get(fragment.fragmentId)?.ranges;
      if (missing || seen.has(key) || (committed !== undefined && overlaps(committed, fragment))) {
        throw new VivaceError(
          'GENERIC_INTERNAL_ERROR',
          `Unknown or unfinished memory write: ${JSON.stringify(fragment)}`,
        );
      }
      seen.add(key);
    }
    for (const fragment of fragments) {
      if (fragment.rows === 0) continue;
      let committed = table.fragmentsById.get(fragment.fragmentId);
      if (committed === undefined) {
        committed = { nodeId: fragment.nodeId, fragmentId: fragment.fragmentId, ranges: [] };
        table.fragments.push(committed);
        table.fragmentsById.set(fragment.fragmentId, committed);
      }
      addRowRange(committed.ranges, fragment.rowStart, fragment.rowEnd);
      table.samples.push({
        rows: fragment.rows,
        ...(Array.isArray(fragment.columns) ? { columns: fragment.columns } : {}),
      });
      if (!table.dataNodes.includes(fragment.nodeId)) table.dataNodes.push(fragment.nodeId);
      table.rowCount += fragment.rows;
      table.bytes += fragment.bytes;
    }
    table.version++;
  }

  /** A hidden, empty table with `columns` beside `name`, for the new contents of a rewrite. */
  async createStagingTable(name: SchemaTableName, columns: readonly ColumnMetadata[]): Promise<SchemaTableName> {
    this.requireSchema(name.schema);
    const id = this.nextTableId++;
    const table = emptyTable(id, name.schema, `${STAGING_PREFIX}${id}`, columns);
    this.staging.set(`${table.schema}.${table.name}`, table);
    this.tablesById.set(id, table);
    return { schema: table.schema, table: table.name };
  }

  /** A table's columns, row count and version as of now (for rewrites). */
  async tableData(name: SchemaTableName): Promise<TableData> {
    const table = this.requireTable(name);
    return { version: table.version, columns: table.columns, rowCount: table.rowCount };
  }

  /**
   * Changes a table's columns and contents (and, given `rename`, its name) at once, provided
   * nothing was committed to it since `expectedVersion`; otherwise TRANSACTION_CONFLICT and
   * nothing changes. `keep` (renames) changes the record in place: its pages are unchanged, and
   * scans name columns by the split's own list. `empty` and a staging table's contents get a new
   * record: scans already reading the old record go on reading it (a statement sees the table as
   * of its start), and writes still open on the old record fail at commit instead of adding rows
   * to the wrong contents.
   */
  async replaceTable(
    name: SchemaTableName,
    expectedVersion: number,
    data: TableReplacement,
    rename?: SchemaTableName,
  ): Promise<void> {
    const schema = this.requireSchema(name.schema);
    const current = this.requireTable(name);
    if (current.version !== expectedVersion) {
      throw new VivaceError(
        'TRANSACTION_CONFLICT',
        `Table '${this.qualified(name.schema, name.table)}' was changed by another statement; run it again`,
      );
    }
    const target = rename ?? name;
    const targetSchema = this.requireSchema(target.schema);
    if (rename !== undefined && (targetSchema.tables.has(target.table) || targetSchema.views.has(target.table))) {
      throw new VivaceError(
        'TABLE_ALREADY_EXISTS',
        `Table '${this.qualified(target.schema, target.table)}' already exists`,
      );
    }
    const contents = data.contents;
    if (contents === 'keep') {
      schema.tables.delete(name.table);
      current.schema = target.schema;
      current.name = target.table;
      current.columns = data.columns.map((column) => ({ ...column }));
      current.version++;
      targetSchema.tables.set(target.table, current);
      return;
    }
    let next: MemoryTable;
    if (contents === 'empty') {
      next = emptyTable(this.nextTableId++, '', '', []);
      this.tablesById.set(next.id, next);
    } else {
      const key = `${contents.staging.schema}.${contents.staging.table}`;
      const staged = this.staging.get(key);
      if (staged === undefined) throw new VivaceError('GENERIC_INTERNAL_ERROR', `No staging table ${key}`);
      this.staging.delete(key);
      next = staged;
    }
    next.schema = target.schema;
    next.name = target.table;
    next.columns = data.columns.map((column) => ({ ...column }));
    if (current.comment !== undefined) next.comment = current.comment;
    next.version = current.version + 1;
    schema.tables.delete(name.table);
    targetSchema.tables.set(target.table, next);
    this.store.retire(current.id);
    this.retired.push(current);
    // Old records stay readable for a while, then go (their scans have long finished).
    while (this.retired.length > RETIRED_TABLES_KEPT) {
      const oldest = this.retired.shift();
      if (oldest !== undefined) this.forgetTable(oldest);
    }
  }

  async setTableComment(name: SchemaTableName, comment: string | null): Promise<void> {
    const table = this.requireTable(name);
    if (comment === null) delete table.comment;
    else table.comment = comment;
  }

  async setColumnComment(name: SchemaTableName, column: string, comment: string | null): Promise<void> {
    const table = this.requireTable(name);
    table.columns = table.columns.map((c) => {
      if (c.name !== column) return c;
      const { comment: _old, ...rest } = c;
      return comment === null ? rest : { ...rest, comment };
    });
  }

  async dropTable(name: SchemaTableName): Promise<void> {
    const schema = this.requireSchema(name.schema);
    const table = schema.tables.get(name.table) ?? this.staging.get(`${name.schema}.${name.table}`);
    if (table === undefined) {
      const qualified = this.qualified(name.schema, name.table);
      if (schema.views.has(name.table)) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `Table '${qualified}' does not exist, but a view with that name exists. Did you mean DROP VIEW ${qualified}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified}' does not exist`);
    }
    if (schema.tables.get(name.table) === table) schema.tables.delete(name.table);
    this.staging.delete(`${name.schema}.${name.table}`);
    this.forgetTable(table);
  }

  private forgetTable(table: MemoryTable): void {
    this.tablesById.delete(table.id);
    this.store.drop(table.id);
  }

  async createView(view: ViewDefinition, replace: boolean): Promise<void> {
    const name = view.name;
    const schema = this.requireSchema(name.schema);
    const qualified = this.qualified(name.schema, name.name);
    if (schema.tables.has(name.name)) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `Table '${qualified}' already exists`);
    }
    if (!replace && schema.views.has(name.name)) {
      throw new VivaceError('TABLE_ALREADY_EXISTS', `View '${qualified}' already exists`);
    }
    schema.views.set(name.name, { ...view, name: { catalog: this.catalogName, schema: name.schema, name: name.name } });
  }

  async dropView(name: SchemaTableName): Promise<void> {
    const schema = this.requireSchema(name.schema);
    if (!schema.views.delete(name.table)) {
      const qualified = this.qualified(name.schema, name.table);
      if (schema.tables.has(name.table)) {
        throw new VivaceError(
          'GENERIC_USER_ERROR',
          `View '${qualified}' does not exist, but a table with that name exists. Did you mean DROP TABLE ${qualified}?`,
        );
      }
      throw new VivaceError('TABLE_NOT_FOUND', `View '${qualified}' does not exist`);
    }
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
