import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type GeneratedColumn,
  generateTpchColumns,
  TPCH_TABLES,
  tpchUnitCount,
} from '../../../src/connectors/tpch/generator/index.js';
import {
  createTpchConnector,
  TPCH_CONNECTOR_FACTORY,
  type TpchConnector,
} from '../../../src/connectors/tpch/tpch-connector.js';
import { ORDERS_PER_LINEITEM_BATCH, ROWS_PER_BATCH } from '../../../src/connectors/tpch/tpch-page-source.js';
import { getValue } from '../../../src/data/block-values.js';
import type { Page } from '../../../src/data/page.js';
import { MeteredPageSource } from '../../../src/execution/metered-page-source.js';
import type { Connector, ConnectorSplit } from '../../../src/spi/connector.js';
import type { TupleDomain } from '../../../src/spi/tuple-domain.js';
import type { Type } from '../../../src/types/type.js';
import { parseType } from '../../../src/types/type-signature.js';

interface ReadResult {
  readonly pages: Page[];
  readonly rows: number;
  readonly completedPositions: number;
  readonly completedBytes: number;
}

function columnTypes(table: string, columns: readonly string[]): Type[] {
  const definitions = TPCH_TABLES[table as keyof typeof TPCH_TABLES];
  return columns.map((name) => parseType(definitions.find((c) => c.name === name.replace(/^[a-z]+_/, ''))!.type));
}

function read(
  connector: Connector,
  schema: string,
  table: string,
  columns: readonly string[],
  options: {
    desiredSplits?: number;
    limit?: number;
    constraint?: TupleDomain;
    splits?: readonly ConnectorSplit[];
  } = {},
): ReadResult {
  const tableName = { schema, table };
  const splits =
    options.splits ??
    (connector as TpchConnector).listSplits({
      table: tableName,
      desiredSplits: options.desiredSplits ?? 4,
      constraint: options.constraint,
    });
  const pages: Page[] = [];
  let completedPositions = 0;
  let completedBytes = 0;
  for (const split of splits) {
    // Read as the engine reads: counted and held to the limit by its wrapper.
    const source = new MeteredPageSource(
      connector.createPageSource({
        split,
        table: tableName,
        columns,
        columnTypes: columnTypes(table, columns),
        constraint: options.constraint,
        limit: options.limit,
      }),
      options.limit,
    );
    while (!source.isFinished()) {
      const page = source.getNextPage();
      if (page !== null) pages.push(page);
    }
    assert.equal(source.getNextPage(), null);
    completedPositions += source.completedPositions;
    completedBytes += source.completedBytes;
    source.close();
  }
  return { pages, rows: pages.reduce((sum, p) => sum + p.positionCount, 0), completedPositions, completedBytes };
}

function generatedValue(column: GeneratedColumn, row: number): unknown {
  return column.kind === 'dictionary' ? column.dictionary[column.ids[row]!] : column.values[row];
}

/** The pages' values column by column, as the engine reads them. */
function pageColumns(pages: readonly Page[], types: readonly Type[]): unknown[][] {
  return types.map((type, channel) =>
    pages.flatMap((page) =>
      Array.from({ length: page.positionCount }, (_, row) => getValue(page.blocks[channel]!, type, row)),
    ),
  );
}

describe('tpch connector: page sources', () => {
  const connector = createTpchConnector('tpch');

  it('reads all of tiny.lineitem with the generator’s values', () => {
    const columns = TPCH_TABLES.lineitem.map((c) => c.name);
    const result = read(connector, 'tiny', 'lineitem', columns);
    assert.equal(result.rows, 60175);
    assert.equal(result.completedPositions, 60175);
    assert.ok(result.completedBytes > 60175 * 8 * 10);
    const expected = generateTpchColumns('lineitem', 0.01, 0, tpchUnitCount('lineitem', 0.01), columns);
    const actual = pageColumns(result.pages, columnTypes('lineitem', columns));
    columns.forEach((name, i) => {
      const column = expected.columns[i]!;
      const values = actual[i]!;
      for (let row = 0; row < expected.rowCount; row++) {
        if (values[row] !== generatedValue(column, row)) {
          assert.fail(`lineitem.${name} row ${row}: ${values[row]} ≠ ${generatedValue(column, row)}`);
        }
      }
    });
  });

  it('wraps generated arrays in blocks of the right kinds, sharing dictionaries', () => {
    const { pages } = read(
      connector,
      'tiny',
      'lineitem',
      ['orderkey', 'linenumber', 'shipdate', 'returnflag', 'comment'],
      { desiredSplits: 1 },
    );
    const [first, second] = pages;
    assert.ok(first && second);
    assert.deepEqual(
      first.blocks.map((b) => b.kind),
      ['float64', 'int32', 'int32', 'dictionary', 'string'],
    );
    const flags = [first.blocks[3]!, second.blocks[3]!];
    assert.ok(flags[0]!.kind === 'dictionary' && flags[1]!.kind === 'dictionary');
    assert.equal(flags[0]!.dictionary, flags[1]!.dictionary);
    // Pages are about 8192 rows: 2048 orders of 1–7 lines.
    assert.ok(
      first.positionCount > ORDERS_PER_LINEITEM_BATCH * 3 && first.positionCount < ORDERS_PER_LINEITEM_BATCH * 5,
    );
    const orders = read(connector, 'tiny', 'orders', ['orderkey'], { desiredSplits: 1 });
    assert.deepEqual(
      orders.pages.map((p) => p.positionCount),
      [ROWS_PER_BATCH, 15000 - ROWS_PER_BATCH],
    );
  });

  it('produces only the requested columns, in the requested order', () => {
    const { pages, rows } = read(connector, 'tiny', 'nation', ['name', 'nationkey', 'name']);
    assert.equal(rows, 25);
    assert.equal(pages[0]!.blocks.length, 3);
    const [names, keys, again] = pageColumns(pages, columnTypes('nation', ['name', 'nationkey', 'name']));
    assert.equal(names![0], 'ALGERIA');
    assert.equal(keys![24], 24);
    assert.equal(names![24], 'UNITED STATES');
    assert.deepEqual(again, names);
  });

  it('counts rows without columns', () => {
    const { pages, rows } = read(connector, 'tiny', 'lineitem', []);
    assert.equal(rows, 60175);
    assert.ok(pages.every((p) => p.blocks.length === 0));
  });

  it('stops at the limit', () => {
    const limited = read(connector, 'tiny', 'lineitem', ['orderkey'], { desiredSplits: 1, limit: 10 });
    assert.equal(limited.rows, 10);
    assert.equal(limited.pages.length, 1);
    // Outside lineitem the limit also bounds the rows generated.
    const orders = read(connector, 'tiny', 'orders', ['orderkey'], { desiredSplits: 1, limit: 100 });
    assert.equal(orders.rows, 100);
    assert.equal(orders.completedPositions, 100);
    assert.deepEqual(
      pageColumns(orders.pages, columnTypes('orders', ['orderkey']))[0]!.slice(0, 9),
      [1, 2, 3, 4, 5, 6, 7, 32, 33],
    );
    assert.equal(read(connector, 'tiny', 'orders', ['orderkey'], { limit: 0 }).rows, 0);
    // Each split of a multi-split scan stops at the limit on its own.
    assert.equal(read(connector, 'tiny', 'lineitem', ['orderkey'], { desiredSplits: 4, limit: 5000 }).rows, 2 * 5000);
  });

  it('generates only the orders a key constraint allows', () => {
    const constraint: TupleDomain = {
      columns: {
        orderkey: {
          nullAllowed: false,
          ranges: [
            { low: { value: 3, inclusive: false }, high: { value: 33, inclusive: true } },
            { low: { value: 60_000, inclusive: true } },
          ],
        },
      },
    };
    const orders = read(connector, 'tiny', 'orders', ['orderkey'], { constraint });
    const keys = pageColumns(orders.pages, columnTypes('orders', ['orderkey']))[0] as number[];
    // Keys 4..7, 32, 33, then those from 60000 on: the last orders (up to key 60000 = order 15000).
    assert.deepEqual(keys.slice(0, 6), [4, 5, 6, 7, 32, 33]);
    assert.ok(keys.slice(6).every((k) => k >= 60_000));
    assert.deepEqual(keys.slice(6), [60_000]);
    assert.equal(orders.completedPositions, keys.length);
    const lines = read(connector, 'tiny', 'lineitem', ['orderkey', 'linenumber'], { constraint });
    const lineKeys = pageColumns(lines.pages, columnTypes('lineitem', ['orderkey']))[0] as number[];
    assert.deepEqual([...new Set(lineKeys)], [4, 5, 6, 7, 32, 33, 60_000]);
  });

  it('reads STANDARD-named columns and narrows on l_orderkey', () => {
    const standard = TPCH_CONNECTOR_FACTORY.create('tpch', { 'tpch.column-naming': 'STANDARD' });
    const constraint: TupleDomain = {
      columns: {
        l_orderkey: {
          nullAllowed: false,
          ranges: [{ low: { value: 1, inclusive: true }, high: { value: 1, inclusive: true } }],
        },
      },
    };
    const result = read(standard, 'tiny', 'lineitem', ['l_orderkey', 'l_linenumber'], { constraint });
    assert.equal(result.rows, 6);
    assert.throws(
      () => read(standard, 'tiny', 'lineitem', ['orderkey']),
      /Column 'orderkey' not found in tpch.tiny.lineitem/,
    );
  });

  it('rejects a split used for another table', () => {
    const [split] = connector.listSplits({ table: { schema: 'tiny', table: 'nation' }, desiredSplits: 1 });
    assert.throws(
      () =>
        connector.createPageSource({
          split: split!,
          table: { schema: 'tiny', table: 'region' },
          columns: [],
          columnTypes: [],
        }),
      /Split of nation at scale 0.01 used to read tiny.region/,
    );
  });
});
