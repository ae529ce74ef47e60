/**
 * The memory catalog's metadata: schemas (a `default` schema exists from the start), tables with
 * their columns and data, and views, all held in this process. Errors carry Trino's names and
 * messages. A table's data lives on its `MemoryTable` record: committed pages (append-only while
 * the table exists, so readers holding a page range see a stable snapshot), a version bumped by
 * every commit, and its row and byte counts. Writes go through memory-writes.ts.
 */
import { VivaceError } from '../../common/vivace-error.js';
import { type Page, pageSizeInBytes } from '../../data/page.js';
import type { ConnectorMetadata, SchemaTableName } from '../../spi/connector.js';
import type { ColumnMetadata, TableMetadata, TableStatistics, ViewDefinition } from '../../spi/metadata.js';
import { memoryTableStatistics } from './memory-statistics.js';

export const DEFAULT_MEMORY_SCHEMA = 'default';

export interface TableData {
  readonly version: number;
  readonly columns: readonly ColumnMetadata[];
  readonly pages: readonly Page[];
}

export interface ReplacementData {
  readonly columns: readonly ColumnMetadata[];
  readonly pages: readonly Page[];
}

export interface MemoryTable {
  /** Unique for the connector's lifetime: a dropped and re-created table gets a new id. */
  readonly id: number;
  readonly schema: string;
  readonly name: string;
  readonly columns: readonly ColumnMetadata[];
  /** Committed pages in commit order, every column in table order. Only ever appended to. */
  readonly pages: Page[];
  /** Number of commits so far. */
  version: number;
  rowCount: number;
  bytes: number;
}

interface MemorySchema {
  readonly tables: Map<string, MemoryTable>;
  readonly views: Map<string, ViewDefinition>;
}

/** Called when a table's data goes away, so the byte accounting can release it. */
export type TableDroppedListener = (table: MemoryTable) => void;

/** Replaced table records kept readable for scans that started before the replacement. */
const RETIRED_TABLES_KEPT = 16;

export class MemoryMetadata implements ConnectorMetadata {
  private readonly schemas = new Map<string, MemorySchema>();
  private readonly tablesById = new Map<number, MemoryTable>();
  private readonly retired: MemoryTable[] = [];
  private nextTableId = 1;

  constructor(
    readonly catalogName: string,
    private readonly onTableDropped: TableDroppedListener = () => {},
    private readonly onTableAdded: TableDroppedListener = () => {},
  ) {
    this.schemas.set(DEFAULT_MEMORY_SCHEMA, { tables: new Map(), views: new Map() });
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

  listSchemas(): readonly string[] {
    return [...this.schemas.keys()].sort();
  }

  schemaExists(schema: string): boolean {
    return this.schemas.has(schema);
  }

  /** Tables only; views are listed by `listViews`. */
  listTables(schema?: string): readonly SchemaTableName[] {
    return this.relations(schema, (entry) => entry.tables.keys());
  }

  listViews(schema?: string): readonly SchemaTableName[] {
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
    return this.schemas.get(name.schema)?.tables.get(name.table);
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

  getTable(name: SchemaTableName): TableMetadata | undefined {
    const table = this.findTable(name);
    if (table === undefined) return undefined;
    return { name: { catalog: this.catalogName, schema: table.schema, name: table.name }, columns: table.columns };
  }

  /** Row count only: the connector keeps no per-column statistics. */
  getTableStatistics(name: SchemaTableName): TableStatistics | undefined {
    const table = this.findTable(name);
    return table === undefined ? undefined : memoryTableStatistics(table);
  }

  getView(name: SchemaTableName): ViewDefinition | undefined {
    return this.schemas.get(name.schema)?.views.get(name.table);
  }

  createSchema(schema: string, properties: Readonly<Record<string, unknown>>): void {
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

  dropSchema(schema: string, cascade: boolean): void {
    const entry = this.requireSchema(schema);
    if (!cascade && (entry.tables.size > 0 || entry.views.size > 0)) {
      throw new VivaceError('SCHEMA_NOT_EMPTY', `Cannot drop non-empty schema '${schema}'`);
    }
    for (const table of entry.tables.values()) this.forgetTable(table);
    this.schemas.delete(schema);
  }

  createTable(
    name: SchemaTableName,
    columns: readonly ColumnMetadata[],
    properties: Readonly<Record<string, unknown>>,
  ): void {
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
    const table: MemoryTable = {
      id: this.nextTableId++,
      schema: name.schema,
      name: name.table,
      columns: columns.map((column) => ({ ...column })),
      pages: [],
      version: 0,
      rowCount: 0,
      bytes: 0,
    };
    schema.tables.set(name.table, table);
    this.tablesById.set(table.id, table);
  }

  /** A table's committed data as of now: version, columns and pages (for rewrites). */
  tableData(name: SchemaTableName): TableData {
    const table = this.requireTable(name);
    return { version: table.version, columns: table.columns, pages: [...table.pages] };
  }

  /**
   * Replaces a table's columns and rows (and, given `rename`, its name) at once, provided nothing
   * was committed to it since `expectedVersion`; otherwise TRANSACTION_CONFLICT and nothing
   * changes. The new contents get a new table record: scans already reading the old record go on
   * reading it (a statement sees the table as of its start), and writes still open on the old
   * record fail at commit instead of adding rows to the wrong contents.
   */
  replaceTable(name: SchemaTableName, expectedVersion: number, data: ReplacementData, rename?: SchemaTableName): void {
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
    let rows = 0;
    let bytes = 0;
    for (const page of data.pages) {
      rows += page.positionCount;
      bytes += pageSizeInBytes(page);
    }
    const next: MemoryTable = {
      id: this.nextTableId++,
      schema: target.schema,
      name: target.table,
      columns: data.columns.map((column) => ({ ...column })),
      pages: [...data.pages],
      version: current.version + 1,
      rowCount: rows,
      bytes,
    };
    schema.tables.delete(name.table);
    targetSchema.tables.set(target.table, next);
    this.tablesById.set(next.id, next);
    this.onTableAdded(next);
    this.onTableDropped(current);
    this.retired.push(current);
    // Old records stay readable for a while, then go (their scans have long finished).
    while (this.retired.length > RETIRED_TABLES_KEPT) this.tablesById.delete(this.retired.shift()!.id);
  }

  dropTable(name: SchemaTableName): void {
    const schema = this.requireSchema(name.schema);
    const table = schema.tables.get(name.table);
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
    schema.tables.delete(name.table);
    this.forgetTable(table);
  }

  private forgetTable(table: MemoryTable): void {
    this.tablesById.delete(table.id);
    this.onTableDropped(table);
  }

  createView(view: ViewDefinition, replace: boolean): void {
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

  dropView(name: SchemaTableName): void {
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
