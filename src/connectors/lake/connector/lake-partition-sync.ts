/**
 * `CALL <catalog>.system.sync_partition_metadata(schema_name, table_name, mode, case_sensitive)`
 * (fact sheet §1.5): brings the metastore's partitions of a table up to date with its `key=value`
 * directories. ADD registers directories the metastore lacks, DROP unregisters partitions whose
 * directory is gone (their data stays: there is none), FULL does both. Directories are walked one
 * level per partition column (partition/hive-partitions.ts); with `case_sensitive = false` keys
 * are matched lower-cased. Also run (ADD) when an external partitioned table is created, so a
 * table over existing directories can be queried at once.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { FileSystem } from '../fs/file-system.js';
import { joinLocation } from '../fs/location.js';
import type { FileHiveMetastore } from '../metastore/file-metastore.js';
import type { LakePartition, LakeTable } from '../metastore/metastore-model.js';
import { discoverPartitions } from '../partition/hive-partitions.js';

export type SyncMode = 'ADD' | 'DROP' | 'FULL';

export function parseSyncMode(mode: unknown): SyncMode {
  const text = typeof mode === 'string' ? mode.toUpperCase() : '';
  if (text !== 'ADD' && text !== 'DROP' && text !== 'FULL') {
    throw new VivaceError('INVALID_PROCEDURE_ARGUMENT', `Invalid partition metadata sync mode: ${String(mode)}`);
  }
  return text;
}

export async function syncPartitionMetadata(
  fs: FileSystem,
  metastore: FileHiveMetastore,
  table: LakeTable,
  mode: SyncMode,
  caseSensitive = true,
): Promise<{ added: number; dropped: number }> {
  if (table.partitionColumns.length === 0) {
    throw new VivaceError(
      'INVALID_PROCEDURE_ARGUMENT',
      `Table is not partitioned: ${table.schemaName}.${table.tableName}`,
    );
  }
  const location = metastore.tableLocation(table);
  const found = await discoverPartitions(fs, location, table.partitionColumns, { caseInsensitive: !caseSensitive });
  const registered = new Set(await metastore.listPartitionNames(table));
  const onDisk = new Map(found.map((p) => [metastore.partitionName(table, p.values), p]));
  let added = 0;
  let dropped = 0;
  if (mode === 'ADD' || mode === 'FULL') {
    const fresh: LakePartition[] = [];
    for (const [name, partition] of onDisk) {
      if (registered.has(name)) continue;
      const canonicalLocation = joinLocation(location, name);
      fresh.push({
        values: partition.values,
        columns: table.dataColumns,
        parameters: {},
        ...(table.storageFormat !== undefined && { storageFormat: table.storageFormat }),
        ...(table.bucketProperty !== undefined && { bucketProperty: table.bucketProperty }),
        serdeParameters: table.serdeParameters,
        // A directory whose name differs from the canonical one (case) is recorded as its location.
        ...((table.tableType === 'EXTERNAL_TABLE' || partition.location !== canonicalLocation) && {
          externalLocation: partition.location,
        }),
        columnStatistics: {},
      });
    }
    if (fresh.length > 0) await metastore.addPartitions(table, fresh);
    added = fresh.length;
  }
  if (mode === 'DROP' || mode === 'FULL') {
    for (const name of registered) {
      if (onDisk.has(name)) continue;
      const partition = (await metastore.getPartitionsByNames(table, [name]))[0];
      if (partition === undefined) continue;
      if (partition.externalLocation !== undefined && (await fs.directoryExists(partition.externalLocation))) continue;
      await metastore.dropPartition(table, partition.values, false);
      dropped++;
    }
  }
  return { added, dropped };
}
