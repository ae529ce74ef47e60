/**
 * Row-group pruning by Parquet bloom filters (split block bloom filters, which DuckDB writes for
 * dictionary-encoded columns, and Spark and Trino on request): for a column whose domain is a short
 * list of values (`= x`, `IN (...)`), a row group whose bloom filter contains none of them holds no
 * matching row, even when its min/max statistics cannot tell (the values lie between min and
 * max). The filters are read by byte range (one coalesced read per row group) and decoded and
 * probed with hyparquet's implementation (xxhash64 of the plain-encoded value). Only exact physical
 * representations are probed: integers, floats, booleans and strings of unbounded varchar
 * columns; any other type, or a filter in a format hyparquet does not read, keeps the row group.
 * A column with a value list but no bloom filter in a row group is checked against its dictionary
 * page instead, when all its data pages are dictionary-encoded (parquet-dictionary.ts).
 */
import { hashParquetValue, readBloomFilter, sbbfContains } from 'hyparquet/src/bloom.js';
import type { LakeColumnDomain, LakeDomain } from '../domain.js';
import type { FileSystem } from '../fs/file-system.js';
import { type ByteRange, readRanges } from '../fs/range-coalescing.js';
import { dictionaryMayContain, dictionaryPageRange } from './parquet-dictionary.js';
import type { ParquetFooter } from './parquet-footer.js';
import { findField, type SchemaTree, schemaTree } from './parquet-schema.js';
import type { PruningColumn } from './parquet-statistics.js';

/** Domains with more values than this are not probed (a long IN list would rarely prune). */
export const MAX_BLOOM_PROBES = 64;

type SchemaElement = ParquetFooter['metadata']['schema'][number];
type ColumnChunk = ParquetFooter['metadata']['row_groups'][number]['columns'][number];

interface Probe {
  readonly element: SchemaElement;
  readonly values: readonly unknown[];
  readonly fieldName: string;
}

function probeable(
  column: PruningColumn,
  domain: LakeColumnDomain | undefined,
  element: SchemaElement | undefined,
): Probe | undefined {
  if (domain === undefined || element === undefined || domain.nullAllowed) return undefined;
  const values = domain.values;
  if (values === undefined || values.length === 0 || values.length > MAX_BLOOM_PROBES) return undefined;
  const kind = column.type.kind;
  const exact =
    kind === 'tinyint' ||
    kind === 'smallint' ||
    kind === 'integer' ||
    kind === 'bigint' ||
    kind === 'real' ||
    kind === 'double' ||
    kind === 'boolean' ||
    (kind === 'varchar' && column.type.length === undefined);
  return exact ? { element, values, fieldName: element.name } : undefined;
}

/** Whether the filter may contain one of the values (undefined when it cannot be told). */
function mayContain(blocks: Uint32Array, probe: Probe): boolean {
  for (const value of probe.values) {
    // A value the file's physical type cannot hold is surely absent (an INT32 column has no 2^40).
    if (probe.element.type === 'INT32' && typeof value === 'number' && (value > 2147483647 || value < -2147483648))
      continue;
    const hash = hashParquetValue(value, probe.element);
    if (hash === undefined || sbbfContains(blocks, hash)) return true;
  }
  return false;
}

/** A column whose domain is a short list of values, for the dictionary check. */
interface ValueListColumn {
  readonly column: PruningColumn;
  readonly domain: LakeColumnDomain;
  readonly field: SchemaTree;
}

/**
 * The row groups of `candidates` whose bloom filters — or, for a column without one, whose
 * dictionary pages (parquet-dictionary.ts) — do not rule out every domain value.
 */
export async function pruneByBloomFilters(
  fs: FileSystem,
  footer: ParquetFooter,
  columns: readonly PruningColumn[],
  domain: LakeDomain | undefined,
  candidates: readonly number[],
): Promise<{ rowGroups: number[]; reads: number }> {
  if (domain === undefined || domain.none) return { rowGroups: domain?.none ? [] : [...candidates], reads: 0 };
  const root = schemaTree(footer.metadata);
  const probes: Probe[] = [];
  const valueLists: ValueListColumn[] = [];
  for (const column of columns) {
    const field = findField(root, column.name);
    const columnDomain = domain.columns[column.name];
    if (field === undefined || field.children.length > 0 || columnDomain === undefined) continue;
    const probe = probeable(column, columnDomain, field.element);
    if (probe !== undefined) probes.push(probe);
    const values = columnDomain.values;
    if (!columnDomain.nullAllowed && values !== undefined && values.length > 0 && values.length <= MAX_BLOOM_PROBES) {
      valueLists.push({ column, domain: columnDomain, field });
    }
  }
  if (valueLists.length === 0) return { rowGroups: [...candidates], reads: 0 };
  const kept: number[] = [];
  let reads = 0;
  const read = (offset: number, length: number) => {
    reads++;
    return fs.readRange(footer.location, offset, length);
  };
  for (const g of candidates) {
    const group = footer.metadata.row_groups[g];
    if (group === undefined) continue;
    const chunkOf = (fieldName: string) =>
      group.columns.find(
        (c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === fieldName,
      );
    const targets: { probe: Probe; range: ByteRange }[] = [];
    for (const probe of probes) {
      const meta = chunkOf(probe.fieldName)?.meta_data;
      if (meta?.bloom_filter_offset === undefined || meta.bloom_filter_length === undefined) continue;
      targets.push({ probe, range: { offset: Number(meta.bloom_filter_offset), length: meta.bloom_filter_length } });
    }
    const parts =
      targets.length === 0
        ? []
        : await readRanges(
            read,
            targets.map((t) => t.range),
          );
    const excludedByBloom = targets.some((target, i) => {
      const bytes = parts[i] as Uint8Array;
      let filter: ReturnType<typeof readBloomFilter>;
      try {
        filter = readBloomFilter({ view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 });
      } catch {
        return false; // an unreadable filter proves nothing
      }
      return filter !== undefined && !mayContain(filter.blocks, target.probe);
    });
    if (excludedByBloom) continue;
    // Columns without a bloom filter: their dictionaries, when every data page uses one.
    const probed = new Set(targets.map((t) => t.probe.fieldName));
    const dictionaries: { list: ValueListColumn; chunk: ColumnChunk; range: ByteRange }[] = [];
    for (const list of valueLists) {
      const name = list.field.element.name;
      const chunk = chunkOf(name);
      const meta = chunk?.meta_data;
      if (probed.has(name) || chunk === undefined || meta === undefined) continue;
      const range = dictionaryPageRange(meta);
      if (range !== undefined) dictionaries.push({ list, chunk, range });
    }
    const pages =
      dictionaries.length === 0
        ? []
        : await readRanges(
            read,
            dictionaries.map((d) => d.range),
          );
    let excluded = false;
    for (const [i, { list, chunk }] of dictionaries.entries()) {
      const bytes = pages[i] as Uint8Array;
      if (!(await dictionaryMayContain(footer, g, chunk, list.field, list.column, list.domain, bytes))) {
        excluded = true;
        break;
      }
    }
    if (!excluded) kept.push(g);
  }
  return { rowGroups: kept, reads };
}
