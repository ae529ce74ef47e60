/**
 * Helpers for the memory connector tests: building pages from rows, writing them through sinks
 * and reading a table back through splits and page sources.
 */

import { createMemoryConnector, type MemoryConnector } from '../../../src/connectors/memory/memory-connector.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { MeteredPageSource } from '../../../src/execution/metered-page-source.js';
import type { ConnectorSplit, SchemaTableName } from '../../../src/spi/connector.js';
import type { ColumnMetadata } from '../../../src/spi/metadata.js';
import type { Type } from '../../../src/types/type.js';
import { parseType } from '../../../src/types/type-signature.js';

export const T: SchemaTableName = { schema: 'default', table: 't' };

export function columns(spec: Record<string, string>): ColumnMetadata[] {
  return Object.entries(spec).map(([name, type]) => ({ name, type: parseType(type) }));
}

/** A connector with table default.t (id bigint, name varchar). */
export async function connectorWithTable(options: { maxDataBytes?: number } = {}): Promise<MemoryConnector> {
  const connector = createMemoryConnector('memory', { nodeId: 'node-1', ...options });
  await connector.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
  return connector;
}

/** A page of rows, one block per column of `types`. */
export function pageOf(types: readonly Type[], rows: readonly (readonly unknown[])[]): Page {
  return createPage(
    types.map((type, channel) =>
      blockOf(
        type,
        rows.map((row) => row[channel]),
      ),
    ),
    rows.length,
  );
}

export const ID_NAME = [parseType('bigint'), parseType('varchar')];

/** Inserts pages through one sink per page list and commits them together. */
export async function insert(
  connector: MemoryConnector,
  table: SchemaTableName,
  targetColumns: string[],
  perSink: Page[][],
): Promise<void> {
  const target = { table, columns: targetColumns };
  const fragments = perSink.map((pages) => {
    const sink = connector.createPageSink(target);
    for (const page of pages) sink.appendPage(page);
    return sink.finish();
  });
  await connector.finishInsert(target, fragments);
}

/** Reads the given splits (or fresh ones) of a table into rows. */
export async function readRows(
  connector: MemoryConnector,
  table: SchemaTableName,
  columnNames: string[],
  options: { splits?: readonly ConnectorSplit[]; limit?: number; desiredSplits?: number } = {},
): Promise<unknown[][]> {
  const metadata = (await connector.metadata.getTable(table))!;
  const types = columnNames.map((name) => metadata.columns.find((c) => c.name === name)!.type);
  const splits = options.splits ?? connector.listSplits({ table, desiredSplits: options.desiredSplits ?? 4 });
  const rows: unknown[][] = [];
  for (const split of splits) {
    // Read as the engine reads: held to the limit by its wrapper.
    const source = new MeteredPageSource(
      connector.createPageSource({ split, table, columns: columnNames, columnTypes: types, limit: options.limit }),
      options.limit,
    );
    while (!source.isFinished()) {
      const page = source.getNextPage();
      if (page === null) continue;
      for (let row = 0; row < page.positionCount; row++) {
        rows.push(types.map((type, channel) => getValue(page.blocks[channel]!, type, row)));
      }
    }
    source.close();
  }
  return rows;
}
