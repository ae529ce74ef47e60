/**
 * Trino's Hive partition procedures (`CALL <catalog>.system.<name>(...)`), with Trino's arguments
 * and messages: `create_empty_partition` (a partition with no rows),
 * `register_partition` (a partition over a directory that exists; allowed only with
 * `hive.allow-register-partition-procedure=true`), `unregister_partition` (its metadata goes,
 * its files stay) and `drop_stats` (the statistics of the table, of every partition or of the
 * partitions named, forgotten). sync_partition_metadata lives in lake-partition-sync.ts.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { ConnectorProcedure } from '../../../spi/connector.js';
import type { FileSystem } from '../fs/file-system.js';
import { joinLocation, withoutTrailingSlash } from '../fs/location.js';
import type { FileHiveMetastore } from '../metastore/file-metastore.js';
import type { LakePartition, LakeTable } from '../metastore/metastore-model.js';
import { parsePartitionValue } from '../partition/hive-partitions.js';
import type { LakeConfig } from './lake-config.js';

export interface PartitionProcedureContext {
  readonly fs: FileSystem;
  readonly metastore: FileHiveMetastore;
  readonly config: LakeConfig;
  /** Forgets cached listings once partitions change. */
  invalidate(): void;
}

function invalidArgument(message: string): VivaceError {
  return new VivaceError('INVALID_PROCEDURE_ARGUMENT', message);
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidArgument(`${name} cannot be null`);
  return value;
}

function texts(value: unknown, name: string): string[] {
  if (!Array.isArray(value)) throw invalidArgument(`${name} cannot be null`);
  return value.map((v) => {
    if (typeof v !== 'string') throw invalidArgument(`${name} must hold varchar values, not NULL`);
    return v;
  });
}

async function partitionedTable(context: PartitionProcedureContext, schema: string, table: string): Promise<LakeTable> {
  const stored = await context.metastore.getTable(schema.toLowerCase(), table.toLowerCase());
  if (stored === undefined || stored.tableType === 'VIRTUAL_VIEW') {
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${schema}.${table}' does not exist`);
  }
  if (stored.partitionColumns.length === 0) throw invalidArgument(`Table is not partitioned: ${schema}.${table}`);
  return stored;
}

/** The partition values given, checked against the table's partition columns (names in order, values typed). */
function partitionValues(table: LakeTable, columns: readonly string[], values: readonly string[]): string[] {
  const actual = table.partitionColumns.map((c) => c.name);
  if (columns.length !== actual.length || columns.some((c, i) => c !== actual[i])) {
    throw invalidArgument(
      `Provided partition column names do not match actual partition column names: [${actual.join(', ')}]`,
    );
  }
  if (values.length !== actual.length) {
    throw invalidArgument(
      `Partition values [${values.join(', ')}] don't match the number of partition columns (${actual.length})`,
    );
  }
  // Each value must read as its column's type (HIVE_INVALID_PARTITION_VALUE otherwise).
  for (const [i, column] of table.partitionColumns.entries()) {
    parsePartitionValue(column.name, values[i] ?? null, column.type);
  }
  return [...values];
}

/** The arguments naming one partition of one table (Trino's). */
const PARTITION_ARGUMENTS = [
  { name: 'schema_name' },
  { name: 'table_name' },
  { name: 'partition_columns' },
  { name: 'partition_values' },
] as const;

/** The table a procedure names by schema and table text: INVALID_PROCEDURE_ARGUMENT when it is none (Trino's). */
async function namedTable(metastore: FileHiveMetastore, schema: unknown, table: unknown): Promise<LakeTable> {
  const schemaName = text(schema, 'schema_name');
  const tableName = text(table, 'table_name');
  const stored = await metastore.getTable(schemaName.toLowerCase(), tableName.toLowerCase());
  if (stored === undefined || stored.tableType === 'VIRTUAL_VIEW') {
    throw invalidArgument(`Table '${schemaName}.${tableName}' does not exist`);
  }
  return stored;
}

/** A new partition document of `table` with `values`, storage as the table's. */
function partitionDocument(
  table: LakeTable,
  values: readonly string[],
  parameters: Readonly<Record<string, string>>,
  externalLocation?: string,
): LakePartition {
  return {
    values,
    columns: table.dataColumns,
    parameters,
    ...(table.storageFormat !== undefined && { storageFormat: table.storageFormat }),
    ...(table.bucketProperty !== undefined && { bucketProperty: table.bucketProperty }),
    serdeParameters: table.serdeParameters,
    ...(externalLocation !== undefined && { externalLocation }),
    columnStatistics: {},
  };
}

export function partitionProcedures(contextOf: () => PartitionProcedureContext): ConnectorProcedure[] {
  return [
    {
      schema: 'system',
      name: 'create_empty_partition',
      arguments: PARTITION_ARGUMENTS,
      call: async ([schema, table, columns, values]) => {
        const context = contextOf();
        const { metastore } = context;
        const stored = await namedTable(metastore, schema, table);
        const given = partitionValues(stored, texts(columns, 'partition_columns'), texts(values, 'partition_values'));
        if ((await metastore.getPartition(stored, given)) !== undefined) {
          throw new VivaceError('ALREADY_EXISTS', 'Partition already exists');
        }
        await metastore.addPartitions(stored, [
          partitionDocument(stored, given, { numRows: '0', numFiles: '0', totalSize: '0' }),
        ]);
        context.invalidate();
      },
    },
    {
      schema: 'system',
      name: 'register_partition',
      arguments: [...PARTITION_ARGUMENTS, { name: 'location', defaultValue: null }],
      call: async ([schema, table, columns, values, location]) => {
        const context = contextOf();
        const { metastore, fs } = context;
        if (!context.config.allowRegisterPartition) {
          throw new VivaceError('PERMISSION_DENIED', 'register_partition procedure is disabled');
        }
        const stored = await partitionedTable(context, text(schema, 'schema_name'), text(table, 'table_name'));
        const given = partitionValues(stored, texts(columns, 'partition_columns'), texts(values, 'partition_values'));
        const name = metastore.partitionName(stored, given);
        const existing = await metastore.getPartition(stored, given);
        if (existing !== undefined) {
          throw new VivaceError(
            'ALREADY_EXISTS',
            `Partition [${name}] is already registered with location ${metastore.partitionLocation(stored, existing)}`,
          );
        }
        const canonical = joinLocation(metastore.tableLocation(stored), name);
        const target =
          location === null || location === undefined ? canonical : withoutTrailingSlash(text(location, 'location'));
        if (!(await fs.directoryExists(target))) throw invalidArgument(`Partition location does not exist: ${target}`);
        await metastore.addPartitions(stored, [
          partitionDocument(stored, given, {}, target === canonical ? undefined : target),
        ]);
        context.invalidate();
      },
    },
    {
      schema: 'system',
      name: 'unregister_partition',
      arguments: PARTITION_ARGUMENTS,
      call: async ([schema, table, columns, values]) => {
        const context = contextOf();
        const { metastore } = context;
        const stored = await partitionedTable(context, text(schema, 'schema_name'), text(table, 'table_name'));
        const given = partitionValues(stored, texts(columns, 'partition_columns'), texts(values, 'partition_values'));
        if ((await metastore.getPartition(stored, given)) === undefined) {
          throw new VivaceError('NOT_FOUND', `Partition '${metastore.partitionName(stored, given)}' does not exist`);
        }
        await metastore.dropPartition(stored, given, false);
        context.invalidate();
      },
    },
    {
      schema: 'system',
      name: 'drop_stats',
      arguments: [{ name: 'schema_name' }, { name: 'table_name' }, { name: 'partition_values', defaultValue: null }],
      call: async ([schema, table, partitions]) => {
        const { metastore } = contextOf();
        const stored = await namedTable(metastore, schema, table);
        const withoutStatistics = (parameters: Readonly<Record<string, string>>) => {
          const { numRows: _rows, numFiles: _files, totalSize: _size, rawDataSize: _raw, ...rest } = parameters;
          return rest;
        };
        let targets: string[][];
        if (partitions === null || partitions === undefined) {
          if (stored.partitionColumns.length === 0) {
            await metastore.replaceTable({
              ...stored,
              parameters: withoutStatistics(stored.parameters),
              columnStatistics: {},
            });
            return;
          }
          const names = await metastore.listPartitionNames(stored);
          targets = (await metastore.getPartitionsByNames(stored, names)).map((p) => p.values.map((v) => v ?? ''));
        } else {
          if (!Array.isArray(partitions)) throw invalidArgument('Partition value must be an array');
          if (partitions.length === 0) throw invalidArgument('No partitions provided');
          if (stored.partitionColumns.length === 0) {
            throw invalidArgument('Cannot specify partition values for an unpartitioned table');
          }
          targets = partitions.map((values) => {
            if (values === null) throw invalidArgument('Null partition value');
            if (!Array.isArray(values)) throw invalidArgument('Partition value must be an array');
            if (values.length !== stored.partitionColumns.length) {
              throw invalidArgument(
                `Partition values [${values.join(', ')}] don't match the number of partition columns (${stored.partitionColumns.length})`,
              );
            }
            return values.map(String);
          });
        }
        for (const values of targets) {
          const partition = await metastore.getPartition(stored, values);
          if (partition === undefined) {
            throw new VivaceError('NOT_FOUND', `Partition '${metastore.partitionName(stored, values)}' does not exist`);
          }
          await metastore.replacePartition(stored, {
            ...partition,
            parameters: withoutStatistics(partition.parameters),
            columnStatistics: {},
          });
        }
      },
    },
  ];
}
