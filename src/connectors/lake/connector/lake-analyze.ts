/**
 * `ANALYZE lake.s.t`: reads every row of the table on the coordinator (through the connector's
 * own splits and page sources) and stores, per column, the null count, min/max (numbers, dates,
 * decimals) and distinct count — per partition for a partitioned table, for the table otherwise,
 * as Trino's statistics documents hold them — with `numRows`. Distinct values are counted exactly
 * up to `EXACT_DISTINCT_LIMIT` per column, then extrapolated linearly over the remaining rows
 * (capped by the row count): an estimate for the optimizer, not an answer.
 */

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { fail } from '../../../common/invariant.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { getValue, isNull } from '../../../data/block-values.js';
import { formatDate } from '../../../data/temporal-format.js';
import type { ConnectorSplitSource, SplitRequest } from '../../../spi/connector.js';
import { collectSplits } from '../../../spi/split-source.js';
import type { Type } from '../../../types/type.js';
import type { FileSystem } from '../fs/file-system.js';
import type { FileHiveMetastore } from '../metastore/file-metastore.js';
import type { LakeColumnStatistics, LakeTable } from '../metastore/metastore-model.js';
import type { ParquetFooterCache } from '../parquet/parquet-footer.js';
import { asSplit, asTableHandle, type LakeSplitPart } from './lake-handles.js';
import type { LakeMetadata } from './lake-metadata.js';
import { LakePageSource } from './lake-page-source.js';

const EXACT_DISTINCT_LIMIT = 100_000;

class ColumnAccumulator {
  nulls = 0;
  rows = 0;
  min: unknown;
  max: unknown;
  readonly distinct = new Set<unknown>();
  rowsAtLimit = 0;
  totalLength = 0;

  constructor(readonly type: Type) {}

  add(value: unknown): void {
    this.rows++;
    if (value === null || value === undefined) {
      this.nulls++;
      return;
    }
    const key =
      typeof value === 'object' ? JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v)) : value;
    if (this.distinct.size < EXACT_DISTINCT_LIMIT) {
      this.distinct.add(key);
      this.rowsAtLimit = this.rows;
    }
    if (typeof value === 'string') this.totalLength += value.length;
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
      if (this.min === undefined || (value as number) < (this.min as number)) this.min = value;
      if (this.max === undefined || (value as number) > (this.max as number)) this.max = value;
    }
  }

  statistics(): LakeColumnStatistics {
    const nonNull = this.rows - this.nulls;
    const distinct =
      this.distinct.size < EXACT_DISTINCT_LIMIT
        ? this.distinct.size
        : Math.min(nonNull, Math.round((this.distinct.size * this.rows) / Math.max(1, this.rowsAtLimit)));
    const base: LakeColumnStatistics = { nullsCount: this.nulls, distinctValuesCount: distinct };
    const min = this.min;
    const max = this.max;
    switch (this.type.kind) {
      case 'tinyint':
      case 'smallint':
      case 'integer':
      case 'bigint':
        return min === undefined ? base : { ...base, integerStatistics: { min: Number(min), max: Number(max) } };
      case 'real':
      case 'double':
        return min === undefined ? base : { ...base, doubleStatistics: { min: Number(min), max: Number(max) } };
      case 'decimal': {
        const scale = 10 ** this.type.scale;
        return min === undefined
          ? base
          : { ...base, decimalStatistics: { min: Number(min) / scale, max: Number(max) / scale } };
      }
      case 'date':
        return min === undefined
          ? base
          : { ...base, dateStatistics: { min: formatDate(min as number), max: formatDate(max as number) } };
      case 'varchar':
      case 'char':
        return nonNull === 0 ? base : { ...base, averageColumnLength: this.totalLength / nonNull };
      default:
        return base;
    }
  }
}

/** What ANALYZE needs of the connector. */
export interface AnalyzeContext {
  readonly metadata: LakeMetadata;
  readonly fs: FileSystem;
  readonly footers: ParquetFooterCache;
  readonly metastore: FileHiveMetastore;
  getSplits(request: SplitRequest): ConnectorSplitSource;
}

export async function analyzeTable(connector: AnalyzeContext, table: LakeTable): Promise<number> {
  const metadata = await connector.metadata.getTable({ schema: table.schemaName, table: table.tableName });
  if (metadata === undefined) {
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${table.schemaName}.${table.tableName}' does not exist`);
  }
  const handle = asTableHandle(metadata.handle);
  const columns = table.dataColumns;
  const splits = await collectSplits(
    connector.getSplits({
      table: { schema: table.schemaName, table: table.tableName },
      handle,
      desiredSplits: 1,
    }),
  );
  // One accumulator set per partition (the empty key for an unpartitioned table).
  const groups = new Map<
    string,
    { values: readonly (string | null)[] | undefined; columns: ColumnAccumulator[]; rows: number }
  >();
  const groupOf = (part: LakeSplitPart) => {
    const key = JSON.stringify(part.partitionValues ?? null);
    let group = groups.get(key);
    if (group === undefined) {
      group = { values: part.partitionValues, columns: columns.map((c) => new ColumnAccumulator(c.type)), rows: 0 };
      groups.set(key, group);
    }
    return group;
  };
  for (const split of splits) {
    for (const part of asSplit(split).parts) {
      const group = groupOf(part);
      const source = new LakePageSource(
        { fs: connector.fs, footers: connector.footers, maxPageRows: 8192 },
        {
          split: { parts: [part] },
          table: { schema: table.schemaName, table: table.tableName },
          handle,
          columns: columns.map((c) => c.name),
          columnTypes: columns.map((c) => c.type),
        },
      );
      try {
        while (!source.isFinished()) {
          const blocked = source.isBlocked();
          if (blocked !== undefined) {
            await blocked;
            continue;
          }
          const page = source.getNextPage();
          if (page === null) continue;
          group.rows += page.positionCount;
          columns.forEach((column, c) => {
            const block = page.blocks[c] ?? fail('an ANALYZE page has every column');
            const accumulator = group.columns[c] ?? fail('an ANALYZE group has an accumulator per column');
            for (let p = 0; p < page.positionCount; p++) {
              accumulator.add(isNull(block, p) ? null : getValue(block, column.type, p));
            }
          });
          // ANALYZE runs on the coordinator: its HTTP server (heartbeats, announcements) goes first.
          await yieldToEventLoop();
        }
      } finally {
        source.close();
      }
    }
  }
  let total = 0;
  if (table.partitionColumns.length === 0) {
    const group = groups.get('null');
    const rows = group?.rows ?? 0;
    const statistics = Object.fromEntries(
      columns.map((c, i) => [c.name, group?.columns[i]?.statistics() ?? { nullsCount: 0, distinctValuesCount: 0 }]),
    );
    await connector.metastore.updateStatistics(table, undefined, statistics, { numRows: String(rows) });
    total = rows;
  } else {
    for (const group of groups.values()) {
      if (group.values === undefined) continue;
      const statistics = Object.fromEntries(
        columns.map((c, i) => [
          c.name,
          (group.columns[i] ?? fail('an ANALYZE group has an accumulator per column')).statistics(),
        ]),
      );
      await connector.metastore.updateStatistics(table, group.values, statistics, { numRows: String(group.rows) });
      total += group.rows;
    }
  }
  return total;
}
