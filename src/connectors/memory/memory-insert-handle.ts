/**
 * The insert handle of a memory table: what a page sink on any node needs to write it, made by
 * the coordinator (which has the metadata) and carried as JSON in the plan's TableWriter. It also
 * carries the ids of every table record the coordinator still knows, so a worker's store can
 * forget the pages of dropped and long-replaced tables when it next writes (as Presto does).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { ColumnMetadata } from '../../spi/metadata.js';
import type { Type } from '../../types/type.js';
import { formatType, parseType } from '../../types/type-signature.js';

/** The JSON form. */
export interface MemoryInsertHandle {
  readonly tableId: number;
  /** The coordinator catalog instance whose record `tableId` is (ids restart with a new coordinator). */
  readonly owner: string;
  readonly table: string;
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly activeTableIds: readonly number[];
  readonly tableIdsBelow: number;
}

/** A parsed handle: the table's columns with their types. */
export interface MemoryInsertColumns {
  readonly tableId: number;
  readonly owner: string;
  readonly qualifiedName: string;
  readonly columns: readonly { readonly name: string; readonly type: Type }[];
}

export function createInsertHandle(
  tableId: number,
  owner: string,
  qualifiedName: string,
  columns: readonly ColumnMetadata[],
  active: { ids: readonly number[]; idsBelow: number },
): MemoryInsertHandle {
  return {
    tableId,
    owner,
    table: qualifiedName,
    columns: columns.map((column) => ({ name: column.name, type: formatType(column.type) })),
    activeTableIds: active.ids,
    tableIdsBelow: active.idsBelow,
  };
}

export interface ParsedInsertHandle extends MemoryInsertColumns {
  readonly activeTableIds: ReadonlySet<number>;
  readonly tableIdsBelow: number;
}

export function parseInsertHandle(handle: unknown): ParsedInsertHandle {
  const value = handle as Partial<MemoryInsertHandle> | null | undefined;
  if (
    value === null ||
    typeof value !== 'object' ||
    !Number.isSafeInteger(value.tableId) ||
    typeof value.owner !== 'string' ||
    typeof value.table !== 'string' ||
    !Array.isArray(value.columns) ||
    !Array.isArray(value.activeTableIds) ||
    !Number.isSafeInteger(value.tableIdsBelow)
  ) {
    throw new VivaceError('GENERIC_INTERNAL_ERROR', `Not a memory insert handle: ${JSON.stringify(handle)}`);
  }
  const raw = value as MemoryInsertHandle;
  return {
    tableId: raw.tableId,
    owner: raw.owner,
    qualifiedName: raw.table,
    columns: raw.columns.map((column) => ({ name: column.name, type: parseType(column.type) })),
    activeTableIds: new Set(raw.activeTableIds),
    tableIdsBelow: raw.tableIdsBelow,
  };
}
