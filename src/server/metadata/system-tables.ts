/**
 * The tables of the `system` catalog, as Presto and Trino have them: `runtime` (the nodes, queries
 * and tasks of the cluster, read live from the node manager and the coordinator's queries with
 * their tasks' last records), `metadata` (catalogs and the property tables) and `jdbc` (the views
 * JDBC drivers and BI tools read: catalogs, schemas, tables, columns, types, table types). The
 * `jdbc` rows come from every catalog's asynchronous metadata, listed concurrently.
 */

import type { VivaceError } from '../../common/vivace-error.js';
import type { SystemTable } from '../../connectors/system/system-connector.js';
import type { ColumnMetadata } from '../../spi/metadata.js';
import { arrayOf, BIGINT, BOOLEAN, INTEGER, type Type, timestamp, VARCHAR } from '../../types/type.js';
import { formatType } from '../../types/type-signature.js';
import type { QuerySession, QueryState, StageSnapshot } from '../protocol/query-state.js';
import type { MetadataManager } from './metadata-manager.js';

export interface SystemNode {
  readonly nodeId: string;
  readonly uri: string;
  readonly version: string;
  readonly coordinator: boolean;
  /** `active`, or `inactive` for a node that failed or runs another version. */
  readonly state: string;
}

/** What system.runtime.queries and .tasks read of a query (the query manager's queries). */
export interface SystemQuery {
  readonly queryId: string;
  readonly state: QueryState;
  readonly sql: string;
  readonly session: QuerySession;
  readonly createTime: number;
  readonly startTime: number | undefined;
  readonly endTime: number | undefined;
  readonly error: VivaceError | undefined;
  readonly stages: (() => StageSnapshot | undefined) | undefined;
}

export interface SystemTableSources {
  nodes(): readonly SystemNode[];
  queries(): readonly SystemQuery[];
  readonly metadata: MetadataManager;
  /** Connector name of each catalog. */
  connectorName(catalog: string): string;
}

const TIMESTAMP_TZ = timestamp(3, true);

function columns(spec: readonly [string, Type][]): ColumnMetadata[] {
  return spec.map(([name, type]) => ({ name, type }));
}

/** A time for a `timestamp(3) with time zone` column (UTC). */
function at(millis: number | undefined): unknown {
  return millis === undefined ? null : { millis, zone: 'UTC' };
}

function walk(stage: StageSnapshot | undefined, visit: (stage: StageSnapshot) => void): void {
  if (!stage) return;
  visit(stage);
  for (const child of stage.subStages) walk(child, visit);
}

const PROPERTY_COLUMNS = columns([
  ['catalog_name', VARCHAR],
  ['property_name', VARCHAR],
  ['default_value', VARCHAR],
  ['type', VARCHAR],
  ['description', VARCHAR],
]);

/** The system.jdbc tables that are always empty, with their JDBC columns. */
const EMPTY_JDBC_TABLES: readonly (readonly [string, readonly [string, Type][]])[] = [
  [
    'procedures',
    [
      ['procedure_cat', VARCHAR],
      ['procedure_schem', VARCHAR],
      ['procedure_name', VARCHAR],
      ['reserved1', VARCHAR],
      ['reserved2', VARCHAR],
      ['reserved3', VARCHAR],
      ['remarks', VARCHAR],
      ['procedure_type', BIGINT],
      ['specific_name', VARCHAR],
    ],
  ],
  [
    'pseudo_columns',
    [
      ['table_cat', VARCHAR],
      ['table_schem', VARCHAR],
      ['table_name', VARCHAR],
      ['column_name', VARCHAR],
      ['data_type', BIGINT],
      ['column_size', BIGINT],
      ['decimal_digits', BIGINT],
      ['num_prec_radix', BIGINT],
      ['column_usage', VARCHAR],
      ['remarks', VARCHAR],
      ['char_octet_length', BIGINT],
      ['is_nullable', VARCHAR],
    ],
  ],
  [
    'super_tables',
    [
      ['table_cat', VARCHAR],
      ['table_schem', VARCHAR],
      ['table_name', VARCHAR],
      ['supertable_name', VARCHAR],
    ],
  ],
  [
    'super_types',
    [
      ['type_cat', VARCHAR],
      ['type_schem', VARCHAR],
      ['type_name', VARCHAR],
      ['supertype_cat', VARCHAR],
      ['supertype_schem', VARCHAR],
      ['supertype_name', VARCHAR],
    ],
  ],
  [
    'udts',
    [
      ['type_cat', VARCHAR],
      ['type_schem', VARCHAR],
      ['type_name', VARCHAR],
      ['class_name', VARCHAR],
      ['data_type', BIGINT],
      ['remarks', VARCHAR],
      ['base_type', BIGINT],
    ],
  ],
  [
    'attributes',
    [
      ['type_cat', VARCHAR],
      ['type_schem', VARCHAR],
      ['type_name', VARCHAR],
      ['attr_name', VARCHAR],
      ['data_type', BIGINT],
      ['attr_type_name', VARCHAR],
      ['attr_size', BIGINT],
      ['decimal_digits', BIGINT],
      ['num_prec_radix', BIGINT],
      ['nullable', BIGINT],
      ['remarks', VARCHAR],
      ['attr_def', VARCHAR],
      ['sql_data_type', BIGINT],
      ['sql_datetime_sub', BIGINT],
      ['char_octet_length', BIGINT],
      ['ordinal_position', BIGINT],
      ['is_nullable', VARCHAR],
      ['scope_catalog', VARCHAR],
      ['scope_schema', VARCHAR],
      ['scope_table', VARCHAR],
      ['source_data_type', BIGINT],
    ],
  ],
];

/** java.sql.Types of our types, as JDBC metadata reports them. */
export function jdbcTypeOf(type: Type): number {
  switch (type.kind) {
    case 'boolean':
      return 16;
    case 'tinyint':
      return -6;
    case 'smallint':
      return 5;
    case 'integer':
      return 4;
    case 'bigint':
      return -5;
    case 'real':
      return 7;
    case 'double':
      return 8;
    case 'decimal':
      return 3;
    case 'varchar':
      return 12;
    case 'char':
      return 1;
    case 'varbinary':
      return -3;
    case 'date':
      return 91;
    case 'time':
      return 92;
    case 'timestamp':
      return 93;
    case 'time with time zone':
      return 2013;
    case 'timestamp with time zone':
      return 2014;
    case 'array':
      return 2003;
    case 'map':
    case 'row':
      return 2000;
    default:
      return 1111;
  }
}

function columnSize(type: Type): number | null {
  switch (type.kind) {
    case 'varchar':
      return type.length ?? null;
    case 'char':
      return type.length;
    case 'decimal':
      return type.precision;
    case 'bigint':
      return 19;
    case 'integer':
      return 10;
    case 'smallint':
      return 5;
    case 'tinyint':
      return 3;
    case 'double':
      return 53;
    case 'real':
      return 24;
    default:
      return null;
  }
}

const JDBC_TYPE_NAMES: readonly Type[] = [
  BOOLEAN,
  { kind: 'tinyint' },
  { kind: 'smallint' },
  INTEGER,
  BIGINT,
  { kind: 'real' },
  { kind: 'double' },
  { kind: 'decimal', precision: 38, scale: 0 },
  VARCHAR,
  { kind: 'char', length: 1 },
  { kind: 'varbinary' },
  { kind: 'date' },
  { kind: 'time', precision: 3 },
  timestamp(3),
  { kind: 'time with time zone', precision: 3 },
  TIMESTAMP_TZ,
  { kind: 'json' },
  { kind: 'uuid' },
  arrayOf(VARCHAR),
];

export function systemTables(sources: SystemTableSources): SystemTable[] {
  const metadata = sources.metadata;
  const catalogs = () => metadata.listCatalogs();
  /** Every relation of every catalog, each catalog's listed concurrently (they may be remote). */
  type Relation = { catalog: string; schema: string; table: string; view: boolean };
  const tablesOf = async (): Promise<Relation[]> => {
    const perCatalog = await Promise.all(
      catalogs().map(async (catalog) => {
        const [views, tables] = await Promise.all([metadata.listViews(catalog), metadata.listTables(catalog)]);
        const viewNames = new Set(views.map((v) => `${v.schema}.${v.name}`));
        const tableNames = new Set(tables.map((t) => `${t.schema}.${t.name}`));
        // Connectors list views with their tables or apart: each relation once, views marked.
        const relations = [...tables, ...views.filter((v) => !tableNames.has(`${v.schema}.${v.name}`))];
        return relations.map((name) => ({
          catalog,
          schema: name.schema,
          table: name.name,
          view: viewNames.has(`${name.schema}.${name.name}`),
        }));
      }),
    );
    return perCatalog.flat();
  };
  /** Each relation's comment (null without one; information_schema's have none). */
  const relationComments = (relations: readonly Relation[]): Promise<(string | null)[]> =>
    Promise.all(
      relations.map(async (t) => {
        if (t.schema === 'information_schema') return null;
        const name = { catalog: t.catalog, schema: t.schema, name: t.table };
        const relation = t.view ? await metadata.getView(name) : await metadata.getTable(name);
        return relation?.comment ?? null;
      }),
    );
  /** Rows of system.metadata.{table,schema}_properties: every catalog's declared properties. */
  const propertyRows = (kind: 'table' | 'schema'): unknown[][] =>
    catalogs().flatMap((catalog) => {
      const connector = metadata.catalogs.connectorOf(catalog)?.metadata;
      const declared = (kind === 'table' ? connector?.tableProperties : connector?.schemaProperties) ?? [];
      return declared.map((p) => [catalog, p.name, p.defaultValue, p.type, p.description]);
    });
  return [
    {
      schema: 'runtime',
      table: 'nodes',
      columns: columns([
        ['node_id', VARCHAR],
        ['http_uri', VARCHAR],
        ['node_version', VARCHAR],
        ['coordinator', BOOLEAN],
        ['state', VARCHAR],
      ]),
      rows: () => sources.nodes().map((n) => [n.nodeId, n.uri, n.version, n.coordinator, n.state]),
    },
    {
      schema: 'runtime',
      table: 'queries',
      columns: columns([
        ['query_id', VARCHAR],
        ['state', VARCHAR],
        ['user', VARCHAR],
        ['source', VARCHAR],
        ['query', VARCHAR],
        ['queued_time_ms', BIGINT],
        ['analysis_time_ms', BIGINT],
        ['planning_time_ms', BIGINT],
        ['created', TIMESTAMP_TZ],
        ['started', TIMESTAMP_TZ],
        ['last_heartbeat', TIMESTAMP_TZ],
        ['end', TIMESTAMP_TZ],
        ['error_type', VARCHAR],
        ['error_code', VARCHAR],
      ]),
      rows: () => {
        const now = Date.now();
        return sources.queries().map((q) => {
          const queued = (q.startTime ?? q.endTime ?? now) - q.createTime;
          return [
            q.queryId,
            q.state,
            q.session.user,
            q.session.source ?? null,
            q.sql,
            queued,
            queued,
            queued,
            at(q.createTime),
            at(q.startTime),
            at(now),
            at(q.endTime),
            q.error?.errorCode.type ?? null,
            q.error?.errorCode.name ?? null,
          ];
        });
      },
    },
    {
      schema: 'runtime',
      table: 'tasks',
      columns: columns([
        ['node_id', VARCHAR],
        ['task_id', VARCHAR],
        ['stage_id', VARCHAR],
        ['query_id', VARCHAR],
        ['state', VARCHAR],
        ['splits', BIGINT],
        ['queued_splits', BIGINT],
        ['running_splits', BIGINT],
        ['completed_splits', BIGINT],
        ['split_scheduled_time_ms', BIGINT],
        ['split_cpu_time_ms', BIGINT],
        ['split_blocked_time_ms', BIGINT],
        ['raw_input_bytes', BIGINT],
        ['raw_input_rows', BIGINT],
        ['processed_input_bytes', BIGINT],
        ['processed_input_rows', BIGINT],
        ['output_bytes', BIGINT],
        ['output_rows', BIGINT],
        ['physical_written_bytes', BIGINT],
        ['created', TIMESTAMP_TZ],
        ['start', TIMESTAMP_TZ],
        ['last_heartbeat', TIMESTAMP_TZ],
        ['end', TIMESTAMP_TZ],
      ]),
      rows: () => {
        const rows: unknown[][] = [];
        for (const query of sources.queries()) {
          walk(query.stages?.(), (stage) => {
            for (const task of stage.tasks) {
              const f = task.figures;
              const stats = (task.info.stats ?? {}) as Record<string, unknown>;
              const time = (field: string) =>
                typeof stats[field] === 'string' ? at(Date.parse(stats[field] as string)) : null;
              rows.push([
                task.nodeId,
                String(task.info.taskId ?? ''),
                `${query.queryId}.${stage.stageId}`,
                query.queryId,
                task.state,
                f.totalDrivers,
                f.queuedDrivers,
                f.runningDrivers,
                f.completedDrivers,
                Math.round(f.scheduledNanos / 1e6),
                Math.round(f.cpuNanos / 1e6),
                Math.round(f.blockedNanos / 1e6),
                f.rawInputBytes,
                f.rawInputPositions,
                f.processedInputBytes,
                f.processedInputPositions,
                f.outputBytes,
                f.outputPositions,
                0,
                time('createTime'),
                time('startTime'),
                typeof task.info.lastHeartbeat === 'string' ? at(Date.parse(task.info.lastHeartbeat)) : null,
                time('endTime'),
              ]);
            }
          });
        }
        return rows;
      },
    },
    {
      schema: 'metadata',
      table: 'catalogs',
      columns: columns([
        ['catalog_name', VARCHAR],
        ['connector_id', VARCHAR],
        ['connector_name', VARCHAR],
      ]),
      rows: () => catalogs().map((c) => [c, c, sources.connectorName(c)]),
    },
    { schema: 'metadata', table: 'schema_properties', columns: PROPERTY_COLUMNS, rows: () => propertyRows('schema') },
    { schema: 'metadata', table: 'table_properties', columns: PROPERTY_COLUMNS, rows: () => propertyRows('table') },
    // No connector here takes column properties.
    { schema: 'metadata', table: 'column_properties', columns: PROPERTY_COLUMNS, rows: () => [] },
    {
      schema: 'metadata',
      table: 'table_comments',
      columns: columns([
        ['catalog_name', VARCHAR],
        ['schema_name', VARCHAR],
        ['table_name', VARCHAR],
        ['comment', VARCHAR],
      ]),
      rows: async () => {
        const relations = (await tablesOf()).filter((t) => t.schema !== 'information_schema');
        const comments = await relationComments(relations);
        return relations.map((t, i) => [t.catalog, t.schema, t.table, comments[i]]);
      },
    },
    {
      schema: 'jdbc',
      table: 'catalogs',
      columns: columns([['table_cat', VARCHAR]]),
      rows: () => catalogs().map((c) => [c]),
    },
    {
      schema: 'jdbc',
      table: 'schemas',
      columns: columns([
        ['table_schem', VARCHAR],
        ['table_catalog', VARCHAR],
      ]),
      rows: async () => {
        const names = catalogs();
        const schemas = await Promise.all(names.map((c) => metadata.listSchemas(c)));
        return names.flatMap((c, i) => (schemas[i] ?? []).map((s) => [s, c]));
      },
    },
    // What JDBC's getProcedures, getPseudoColumns, getSuperTables, getSuperTypes, getUDTs and
    // getAttributes read: no catalog here has any of those, so the tables are empty (as Trino's).
    ...EMPTY_JDBC_TABLES.map(([table, spec]) => ({ schema: 'jdbc', table, columns: columns(spec), rows: () => [] })),
    {
      schema: 'jdbc',
      table: 'table_types',
      columns: columns([['table_type', VARCHAR]]),
      rows: () => [['TABLE'], ['VIEW']],
    },
    {
      schema: 'jdbc',
      table: 'tables',
      columns: columns([
        ['table_cat', VARCHAR],
        ['table_schem', VARCHAR],
        ['table_name', VARCHAR],
        ['table_type', VARCHAR],
        ['remarks', VARCHAR],
        ['type_cat', VARCHAR],
        ['type_schem', VARCHAR],
        ['type_name', VARCHAR],
        ['self_referencing_col_name', VARCHAR],
        ['ref_generation', VARCHAR],
      ]),
      rows: async () => {
        const relations = await tablesOf();
        // REMARKS: the table's or view's comment (JDBC's getTables shows it).
        const remarks = await relationComments(relations);
        return relations.map((t, i) => [
          t.catalog,
          t.schema,
          t.table,
          t.view ? 'VIEW' : 'TABLE',
          remarks[i],
          null,
          null,
          null,
          null,
          null,
        ]);
      },
    },
    {
      schema: 'jdbc',
      table: 'columns',
      columns: columns([
        ['table_cat', VARCHAR],
        ['table_schem', VARCHAR],
        ['table_name', VARCHAR],
        ['column_name', VARCHAR],
        ['data_type', BIGINT],
        ['type_name', VARCHAR],
        ['column_size', BIGINT],
        ['buffer_length', BIGINT],
        ['decimal_digits', BIGINT],
        ['num_prec_radix', BIGINT],
        ['nullable', BIGINT],
        ['remarks', VARCHAR],
        ['column_def', VARCHAR],
        ['sql_data_type', BIGINT],
        ['sql_datetime_sub', BIGINT],
        ['char_octet_length', BIGINT],
        ['ordinal_position', BIGINT],
        ['is_nullable', VARCHAR],
        ['scope_catalog', VARCHAR],
        ['scope_schema', VARCHAR],
        ['scope_table', VARCHAR],
        ['source_data_type', BIGINT],
        ['is_autoincrement', VARCHAR],
        ['is_generatedcolumn', VARCHAR],
      ]),
      rows: async () => {
        const rows: unknown[][] = [];
        const relations = (await tablesOf()).filter((t) => !t.view && t.schema !== 'information_schema');
        const tables = await Promise.all(
          relations.map((t) => metadata.getTable({ catalog: t.catalog, schema: t.schema, name: t.table })),
        );
        relations.forEach((t, r) => {
          tables[r]?.columns.forEach((column, i) => {
            if (column.hidden) return;
            const type = column.type;
            const numeric = ['tinyint', 'smallint', 'integer', 'bigint', 'real', 'double', 'decimal'].includes(
              type.kind,
            );
            rows.push([
              t.catalog,
              t.schema,
              t.table,
              column.name,
              jdbcTypeOf(type),
              formatType(type),
              columnSize(type),
              null,
              type.kind === 'decimal' ? type.scale : numeric ? 0 : null,
              numeric ? 10 : null,
              1,
              column.comment ?? null,
              null,
              null,
              null,
              type.kind === 'varchar' || type.kind === 'char' ? columnSize(type) : null,
              i + 1,
              'YES',
              null,
              null,
              null,
              null,
              'NO',
              'NO',
            ]);
          });
        });
        return rows;
      },
    },
    {
      schema: 'jdbc',
      table: 'types',
      columns: columns([
        ['type_name', VARCHAR],
        ['data_type', BIGINT],
        ['precision', BIGINT],
        ['literal_prefix', VARCHAR],
        ['literal_suffix', VARCHAR],
        ['create_params', VARCHAR],
        ['nullable', BIGINT],
        ['case_sensitive', BOOLEAN],
        ['searchable', BIGINT],
        ['unsigned_attribute', BOOLEAN],
        ['fixed_prec_scale', BOOLEAN],
        ['auto_increment', BOOLEAN],
        ['local_type_name', VARCHAR],
        ['minimum_scale', BIGINT],
        ['maximum_scale', BIGINT],
        ['sql_data_type', BIGINT],
        ['sql_datetime_sub', BIGINT],
        ['num_prec_radix', BIGINT],
      ]),
      rows: () =>
        JDBC_TYPE_NAMES.map((type) => {
          const name = type.kind === 'array' ? 'array' : type.kind;
          const text = ['varchar', 'char', 'varbinary', 'json', 'uuid', 'date', 'time', 'timestamp'].some((k) =>
            type.kind.startsWith(k),
          );
          return [
            name,
            jdbcTypeOf(type),
            columnSize(type),
            text ? "'" : null,
            text ? "'" : null,
            null,
            1,
            type.kind === 'varchar' || type.kind === 'char',
            3,
            false,
            false,
            false,
            null,
            0,
            type.kind === 'decimal' ? 38 : 0,
            null,
            null,
            ['tinyint', 'smallint', 'integer', 'bigint', 'real', 'double', 'decimal'].includes(type.kind) ? 10 : null,
          ];
        }),
    },
  ];
}
