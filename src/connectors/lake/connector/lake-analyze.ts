/**
 * `ANALYZE lake.s.t`: reads every row of the table on the coordinator (through the connector's
 * own splits and page sources) and stores, per column, the null count, min/max (numbers, dates,
 * decimals) and distinct count — per partition for a partitioned table, for the table otherwise,
 * as Trino's statistics documents hold them — with `numRows`. Distinct values are counted exactly
 * up to `EXACT_DISTINCT_LIMIT` per column, then estimated by a HyperLogLog sketch of every value
 * (2^14 registers, about 0.8 % standard error), as Trino's ANALYZE does with approx_distinct: an
 * estimate for the optimizer, not an answer. (Linear extrapolation from the rows at the limit, the
 * first method, put 4.3 M distinct part keys in TPC-H SF 1 lineitem instead of 200,000 — every
 * key appears early — and gave Q9 a join order that replicated a 5 M-row build.)
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
const SKETCH_INDEX_BITS = 14;

const hashScratch = new DataView(new ArrayBuffer(8));

/** Murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A 32-bit hash of a distinct-set key (a number, or a string: other values are keyed as text). */
function hashKey(key: unknown): number {
  if (typeof key === 'number') {
    hashScratch.setFloat64(0, key === 0 ? 0 : key); // -0 and 0 are one value
    return mix32(hashScratch.getInt32(0) ^ mix32(hashScratch.getInt32(4) + 0x9e3779b9));
  }
  const text = typeof key === 'string' ? key : String(key);
  let h = 0x811c9dc5; // FNV-1a over UTF-16 code units, then mixed
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** HyperLogLog registers (Flajolet et al.) over `hashKey` hashes, with linear counting when sparse. */
class DistinctSketch {
  private readonly registers = new Uint8Array(1 << SKETCH_INDEX_BITS);

  add(key: unknown): void {
    const hash = hashKey(key);
    const index = hash >>> (32 - SKETCH_INDEX_BITS);
    const rest = (hash << SKETCH_INDEX_BITS) >>> 0;
    const rank = rest === 0 ? 32 - SKETCH_INDEX_BITS + 1 : Math.clz32(rest) + 1;
    if (rank > (this.registers[index] as number)) this.registers[index] = rank;
  }

  estimate(): number {
    const m = this.registers.length;
    let sum = 0;
    let zeros = 0;
    for (const register of this.registers) {
      sum += 2 ** -register;
      if (register === 0) zeros++;
    }
    const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
    return raw <= 2.5 * m && zeros > 0 ? m * Math.log(m / zeros) : raw;
  }
}

class ColumnAccumulator {
  nulls = 0;
  rows = 0;
  min: unknown;
  max: unknown;
  readonly distinct = new Set<unknown>();
  /** Every value once the exact set is full (its contents first; the set is then emptied). */
  private sketch: DistinctSketch | undefined;
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
    if (this.sketch !== undefined) {
      this.sketch.add(key);
    } else {
      this.distinct.add(key);
      if (this.distinct.size >= EXACT_DISTINCT_LIMIT) {
        const sketch = new DistinctSketch();
        for (const seen of this.distinct) sketch.add(seen);
        this.sketch = sketch;
        this.distinct.clear();
      }
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
      this.sketch === undefined
        ? this.distinct.size
        : Math.min(nonNull, Math.max(EXACT_DISTINCT_LIMIT, Math.round(this.sketch.estimate())));
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
