/**
 * The tables of `information_schema` (the SQL standard's, with Trino's columns) and how their
 * rows come from a catalog's connector metadata. Listing is narrowed by the schema and table
 * names a query pins with `=` or `IN` (pushed down as single-value domains), so a catalog with
 * many tables answers `WHERE table_schema = 's' AND table_name = 't'` without listing them all.
 * Rows are computed asynchronously from the catalog's (possibly remote) metadata.
 */
import type { ConnectorMetadata, SchemaTableName } from '../../spi/connector.js';
import type { TableMetadata } from '../../spi/metadata.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import { BIGINT, type Type, VARCHAR } from '../../types/type.js';
import { formatType } from '../../types/type-signature.js';

export const INFORMATION_SCHEMA = 'information_schema';

export interface InformationSchemaTable {
  readonly columns: readonly { readonly name: string; readonly type: Type }[];
  /** The rows for `catalog`, narrowed by `filter`; values in column order. */
  rows(catalog: string, metadata: ConnectorMetadata, filter: NameFilter): Promise<unknown[][]>;
}

const varcharColumns = (...names: string[]) => names.map((name) => ({ name, type: VARCHAR }));

/** Schema and table names a query pinned to single values; undefined means any. */
export interface NameFilter {
  readonly schemas?: ReadonlySet<string>;
  readonly tables?: ReadonlySet<string>;
}

function singleValues(domain: TupleDomain | undefined, column: string): Set<string> | undefined {
  const ranges = domain?.columns[column]?.ranges;
  if (ranges === undefined) return undefined;
  const values = new Set<string>();
  for (const range of ranges) {
    const low = range.low;
    const high = range.high;
    if (low === undefined || high === undefined || !low.inclusive || !high.inclusive || low.value !== high.value) {
      return undefined;
    }
    if (typeof low.value !== 'string') return undefined;
    values.add(low.value.toLowerCase());
  }
  return values;
}

/** The name filter of a pushed-down constraint on `schemaColumn` and `tableColumn`. */
export function nameFilterOf(
  constraint: TupleDomain | undefined,
  schemaColumn: string,
  tableColumn?: string,
): NameFilter {
  return {
    schemas: singleValues(constraint, schemaColumn),
    tables: tableColumn === undefined ? undefined : singleValues(constraint, tableColumn),
  };
}

async function schemasOf(metadata: ConnectorMetadata, filter: NameFilter): Promise<string[]> {
  const all = [...(await metadata.listSchemas()), INFORMATION_SCHEMA];
  if (filter.schemas === undefined) return [...new Set(all)].sort();
  const exists = await Promise.all(
    [...filter.schemas].map(
      async (s) => s === INFORMATION_SCHEMA || (await metadata.schemaExists?.(s)) === true || all.includes(s),
    ),
  );
  return [...filter.schemas].filter((_, i) => exists[i]).sort();
}

interface Relation {
  readonly name: SchemaTableName;
  readonly kind: 'BASE TABLE' | 'VIEW';
}

async function relationsOf(metadata: ConnectorMetadata, filter: NameFilter): Promise<Relation[]> {
  const relations: Relation[] = [];
  for (const schema of await schemasOf(metadata, filter)) {
    if (schema === INFORMATION_SCHEMA) {
      for (const table of Object.keys(INFORMATION_SCHEMA_TABLES)) {
        if (filter.tables === undefined || filter.tables.has(table))
          relations.push({ name: { schema, table }, kind: 'BASE TABLE' });
      }
      continue;
    }
    if (filter.tables !== undefined) {
      for (const table of filter.tables) {
        const name = { schema, table };
        if ((await metadata.getView?.(name)) !== undefined) relations.push({ name, kind: 'VIEW' });
        else if ((await metadata.getTable(name)) !== undefined) relations.push({ name, kind: 'BASE TABLE' });
      }
      continue;
    }
    for (const name of await metadata.listTables(schema)) relations.push({ name, kind: 'BASE TABLE' });
    for (const name of (await metadata.listViews?.(schema)) ?? []) relations.push({ name, kind: 'VIEW' });
  }
  return relations.sort((a, b) =>
    a.name.schema === b.name.schema ? (a.name.table < b.name.table ? -1 : 1) : a.name.schema < b.name.schema ? -1 : 1,
  );
}

async function columnsOf(metadata: ConnectorMetadata, relation: Relation): Promise<TableMetadata['columns']> {
  if (relation.name.schema === INFORMATION_SCHEMA) return INFORMATION_SCHEMA_TABLES[relation.name.table]?.columns ?? [];
  if (relation.kind === 'VIEW') return (await metadata.getView?.(relation.name))?.columns ?? [];
  return (await metadata.getTable(relation.name))?.columns.filter((c) => !c.hidden) ?? [];
}

export const INFORMATION_SCHEMA_TABLES: Readonly<Record<string, InformationSchemaTable>> = {
  schemata: {
    columns: varcharColumns('catalog_name', 'schema_name'),
    rows: async (catalog, metadata, filter) => (await schemasOf(metadata, filter)).map((schema) => [catalog, schema]),
  },
  tables: {
    columns: varcharColumns('table_catalog', 'table_schema', 'table_name', 'table_type', 'table_comment'),
    rows: async (catalog, metadata, filter) =>
      (await relationsOf(metadata, filter)).map((r) => [catalog, r.name.schema, r.name.table, r.kind, null]),
  },
  columns: {
    columns: [
      ...varcharColumns('table_catalog', 'table_schema', 'table_name', 'column_name'),
      { name: 'ordinal_position', type: BIGINT },
      ...varcharColumns('column_default', 'is_nullable', 'data_type', 'comment', 'extra_info'),
    ],
    rows: async (catalog, metadata, filter) => {
      const relations = await relationsOf(metadata, filter);
      const columns = await Promise.all(relations.map((relation) => columnsOf(metadata, relation)));
      return relations.flatMap((relation, r) =>
        columns[r].map((column, i) => [
          catalog,
          relation.name.schema,
          relation.name.table,
          column.name,
          i + 1,
          null,
          (column as { nullable?: boolean }).nullable === false ? 'NO' : 'YES',
          formatType(column.type),
          (column as { comment?: string }).comment ?? null,
          (column as { extraInfo?: string }).extraInfo ?? null,
        ]),
      );
    },
  },
  views: {
    columns: varcharColumns('table_catalog', 'table_schema', 'table_name', 'view_owner', 'view_definition'),
    rows: async (catalog, metadata, filter) => {
      const views = (await relationsOf(metadata, filter)).filter((r) => r.kind === 'VIEW');
      const definitions = await Promise.all(views.map((r) => metadata.getView?.(r.name)));
      return views.map((r, i) => [catalog, r.name.schema, r.name.table, null, definitions[i]?.sql ?? null]);
    },
  },
  table_privileges: {
    columns: varcharColumns(
      'grantor',
      'grantor_type',
      'grantee',
      'grantee_type',
      'table_catalog',
      'table_schema',
      'table_name',
      'privilege_type',
      'is_grantable',
      'with_hierarchy',
    ),
    // Vivace has no access control yet: no privileges are granted, so none are listed.
    rows: async () => [],
  },
  applicable_roles: {
    columns: varcharColumns('grantee', 'grantee_type', 'role_name', 'is_grantable'),
    rows: async () => [],
  },
  enabled_roles: {
    columns: varcharColumns('role_name'),
    rows: async () => [],
  },
  roles: {
    columns: varcharColumns('role_name'),
    rows: async () => [],
  },
};

/** Which columns of each table carry the schema and table names a filter can narrow. */
export const NAME_COLUMNS: Readonly<Record<string, { schema: string; table?: string }>> = {
  schemata: { schema: 'schema_name' },
  tables: { schema: 'table_schema', table: 'table_name' },
  columns: { schema: 'table_schema', table: 'table_name' },
  views: { schema: 'table_schema', table: 'table_name' },
  table_privileges: { schema: 'table_schema', table: 'table_name' },
};
