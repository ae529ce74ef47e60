import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage } from '../../../src/data/page.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import type { ViewDefinition } from '../../../src/spi/metadata.js';
import { collectSplits } from '../../../src/spi/split-source.js';
import { parseType } from '../../../src/types/type-signature.js';

const BIGINT = parseType('bigint');
const VARCHAR = parseType('varchar');

function manager(desiredSplits?: number): MetadataManager {
  return new MetadataManager(createCatalogManager({ nodeId: 'n1' }), { desiredSplits });
}

async function fails(run: () => unknown, name: string, message: string): Promise<void> {
  await assert.rejects(
    async () => run(),
    (e: unknown) => {
      assert.ok(e instanceof VivaceError, String(e));
      assert.equal(e.errorName, name);
      assert.equal(e.message, message);
      return true;
    },
  );
}

function view(catalog: string, schema: string, name: string): ViewDefinition {
  return { name: { catalog, schema, name }, sql: 'SELECT 1 x', columns: [{ name: 'x', type: parseType('integer') }] };
}

/** Reads every row of a scan through the manager. */
async function scanRows(
  metadata: MetadataManager,
  table: { catalog: string; schema: string; name: string },
  columns: string[],
) {
  const types = (await metadata.getTable(table))!.columns.filter((c) => columns.includes(c.name)).map((c) => c.type);
  const scan = metadata.scanSource(table, undefined, columns, types);
  const rows: unknown[][] = [];
  for (const split of await collectSplits(scan.splitSource!)) {
    const source = scan.createPageSource(split);
    while (!source.isFinished()) {
      const page = source.getNextPage();
      if (page === null) continue;
      for (let r = 0; r < page.positionCount; r++) rows.push(types.map((t, c) => getValue(page.blocks[c]!, t, r)));
    }
  }
  return rows;
}

describe('metadata manager: resolution', () => {
  const metadata = manager();

  it('knows catalogs and schemas, case-insensitively', async () => {
    assert.deepEqual(metadata.listCatalogs(), ['memory', 'tpch']);
    assert.equal(metadata.catalogExists('tpch'), true);
    assert.equal(metadata.catalogExists('TPCH'), true);
    assert.equal(metadata.catalogExists('hive'), false);
    assert.equal(await metadata.schemaExists('tpch', 'Tiny'), true);
    assert.equal(await metadata.schemaExists('tpch', 'SF10'), true);
    assert.equal(await metadata.schemaExists('tpch', 'big'), false);
    assert.equal(await metadata.schemaExists('Memory', 'DEFAULT'), true);
    assert.equal(await metadata.schemaExists('memory', 'tiny'), false);
    assert.equal(await metadata.schemaExists('hive', 'default'), false);
  });

  it('resolves tables across catalogs with canonical qualified names', async () => {
    const orders = await metadata.getTable({ catalog: 'TPCH', schema: 'Tiny', name: 'ORDERS' });
    assert.ok(orders);
    assert.deepEqual(orders.name, { catalog: 'tpch', schema: 'tiny', name: 'orders' });
    assert.equal(orders.columns[0]!.name, 'orderkey');
    assert.equal(await metadata.getTable({ catalog: 'tpch', schema: 'tiny', name: 'nope' }), undefined);
    assert.equal(await metadata.getTable({ catalog: 'tpch', schema: 'nope', name: 'orders' }), undefined);
    assert.equal(await metadata.getTable({ catalog: 'hive', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(await metadata.getView({ catalog: 'tpch', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(await metadata.getView({ catalog: 'hive', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(
      (await metadata.getTableStatistics({ catalog: 'tpch', schema: 'TINY', name: 'Lineitem' }))?.rowCount,
      60175,
    );
    assert.equal(await metadata.getTableStatistics({ catalog: 'hive', schema: 'tiny', name: 'lineitem' }), undefined);
  });

  it('lists schemas and tables, and names an unknown catalog', async () => {
    assert.deepEqual(await metadata.listSchemas('memory'), ['default', 'information_schema']);
    assert.equal((await metadata.listSchemas('TPCH')).length, 10);
    assert.deepEqual((await metadata.listTables('tpch', 'TINY'))[0], {
      catalog: 'tpch',
      schema: 'tiny',
      name: 'region',
    });
    assert.deepEqual(await metadata.listViews('tpch'), []);
    await fails(() => metadata.listSchemas('hive'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
    await fails(() => metadata.listTables('Hive'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
  });

  it('reads tpch tables through splits and page sources', async () => {
    const lineitem = { catalog: 'tpch', schema: 'tiny', name: 'lineitem' };
    // The manager's desired count (4 by default) reaches the connector: sf1's parts are cut where
    // partsupp's 800,000 rows are, three splits by size, four as asked.
    const part = { catalog: 'tpch', schema: 'sf1', name: 'part' };
    assert.equal((await collectSplits(metadata.getSplits(part))).length, 4);
    assert.equal((await collectSplits(manager(2).getSplits(lineitem))).length, 2);
    assert.equal((await collectSplits(metadata.getSplits(lineitem, { desiredSplits: 1 }))).length, 1);
    const rows = await scanRows(metadata, { catalog: 'tpch', schema: 'TINY', name: 'Region' }, ['name']);
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'],
    );
    await fails(
      () => metadata.getSplits({ catalog: 'tpch', schema: 'tiny', name: 'nope' }),
      'TABLE_NOT_FOUND',
      "Table 'tpch.tiny.nope' does not exist",
    );
    await fails(
      () => metadata.getSplits({ catalog: 'hive', schema: 'tiny', name: 'x' }),
      'CATALOG_NOT_FOUND',
      "Catalog 'hive' not found",
    );
  });

  it('passes constraints and limits to the connector', async () => {
    const table = { catalog: 'tpch', schema: 'tiny', name: 'orders' };
    const constraint = {
      columns: {
        orderkey: {
          nullAllowed: false,
          ranges: [{ low: { value: 1, inclusive: true }, high: { value: 3, inclusive: true } }],
        },
      },
    };
    const scan = metadata.scanSource(table, undefined, ['ORDERKEY'], [BIGINT], constraint, 2);
    const splits = await collectSplits(scan.splitSource!);
    assert.equal(splits.length, 1);
    const source = scan.createPageSource(splits[0]!);
    const page = source.getNextPage()!;
    assert.equal(page.positionCount, 2);
    assert.equal(source.isFinished(), true);
  });
});

describe('metadata manager: DDL and writes', () => {
  it('creates schemas, tables and views in memory, case-insensitively', async () => {
    const metadata = manager();
    await metadata.createSchema('MEMORY', 'Sales');
    assert.equal(await metadata.schemaExists('memory', 'sales'), true);
    await metadata.createTable({ catalog: 'memory', schema: 'SALES', name: 'Orders' }, [
      { name: 'ID', type: BIGINT },
      { name: 'Note', type: VARCHAR },
    ]);
    const table = (await metadata.getTable({ catalog: 'memory', schema: 'sales', name: 'orders' }))!;
    assert.deepEqual(table.name, { catalog: 'memory', schema: 'sales', name: 'orders' });
    assert.deepEqual(
      table.columns.map((c) => c.name),
      ['id', 'note'],
    );
    assert.deepEqual(await metadata.listTables('memory', 'SALES'), [
      { catalog: 'memory', schema: 'sales', name: 'orders' },
    ]);
    await metadata.createView(view('memory', 'Sales', 'V'), false);
    assert.deepEqual((await metadata.getView({ catalog: 'MEMORY', schema: 'sales', name: 'v' }))?.name, {
      catalog: 'memory',
      schema: 'sales',
      name: 'v',
    });
    assert.deepEqual(await metadata.listViews('memory'), [{ catalog: 'memory', schema: 'sales', name: 'v' }]);
    await metadata.dropView({ catalog: 'memory', schema: 'sales', name: 'V' });
    await metadata.dropTable({ catalog: 'memory', schema: 'sales', name: 'ORDERS' });
    await metadata.dropSchema('memory', 'SALES', false);
    assert.equal(await metadata.schemaExists('memory', 'sales'), false);
  });

  it('inserts into a memory table and reads it back', async () => {
    const metadata = manager();
    const table = { catalog: 'memory', schema: 'default', name: 't' };
    await metadata.createTable(table, [
      { name: 'id', type: BIGINT },
      { name: 'note', type: VARCHAR },
    ]);
    const sink = metadata.createPageSink({ ...table, name: 'T' }, ['NOTE', 'ID']);
    sink.appendPage(createPage([blockOf(VARCHAR, ['a', 'b']), blockOf(BIGINT, [1, 2])]));
    const fragment = sink.finish();
    assert.deepEqual(await scanRows(metadata, table, ['id', 'note']), []);
    await metadata.finishInsert(table, ['note', 'id'], [fragment]);
    assert.deepEqual(await scanRows(metadata, table, ['id', 'note']), [
      [1, 'a'],
      [2, 'b'],
    ]);
    assert.equal((await metadata.getTableStatistics(table))?.rowCount, 2);
    // An INSERT abandoned after its sinks finished leaves nothing behind.
    const abandoned = metadata.createPageSink(table, ['id']);
    abandoned.appendPage(createPage([blockOf(BIGINT, [3])]));
    const abandonedFragment = abandoned.finish();
    await metadata.abortInsert(table, [abandonedFragment]);
    await assert.rejects(
      async () => metadata.finishInsert(table, ['id'], [abandonedFragment]),
      /Unknown or unfinished/,
    );
    assert.equal((await scanRows(metadata, table, ['id'])).length, 2);
  });

  it('answers Trino’s errors for DDL', async () => {
    const metadata = manager();
    const t = { catalog: 'memory', schema: 'default', name: 't' };
    await metadata.createTable(t, [{ name: 'id', type: BIGINT }]);
    await fails(() => metadata.createSchema('hive', 's'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
    await fails(
      () => metadata.createSchema('memory', 'Default'),
      'SCHEMA_ALREADY_EXISTS',
      "Schema 'memory.default' already exists",
    );
    await fails(
      () => metadata.dropSchema('memory', 'nope', true),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
    await fails(
      () => metadata.dropSchema('memory', 'default', false),
      'SCHEMA_NOT_EMPTY',
      "Cannot drop non-empty schema 'default'",
    );
    await fails(
      () => metadata.createTable({ ...t, name: 'T' }, [{ name: 'id', type: BIGINT }]),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    await fails(
      () => metadata.createTable({ ...t, schema: 'nope' }, [{ name: 'id', type: BIGINT }]),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
    await fails(
      () => metadata.dropTable({ ...t, name: 'u' }),
      'TABLE_NOT_FOUND',
      "Table 'memory.default.u' does not exist",
    );
    await fails(
      () => metadata.dropView({ ...t, name: 'u' }),
      'TABLE_NOT_FOUND',
      "View 'memory.default.u' does not exist",
    );
    await fails(
      () => metadata.createView(view('memory', 'default', 'T'), true),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    await metadata.createView(view('memory', 'default', 'v'), false);
    await fails(
      () => metadata.createView(view('memory', 'default', 'V'), false),
      'TABLE_ALREADY_EXISTS',
      "View 'memory.default.v' already exists",
    );
    await fails(
      () => metadata.createTable({ ...t, name: 'v' }, [{ name: 'id', type: BIGINT }]),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.v' already exists",
    );
    await fails(
      () => metadata.dropTable({ ...t, name: 'v' }),
      'GENERIC_USER_ERROR',
      "Table 'memory.default.v' does not exist, but a view with that name exists. Did you mean DROP VIEW memory.default.v?",
    );
    await fails(
      () => metadata.dropView(t),
      'GENERIC_USER_ERROR',
      "View 'memory.default.t' does not exist, but a table with that name exists. Did you mean DROP TABLE memory.default.t?",
    );
  });

  it('says what a read-only connector does not support', async () => {
    const metadata = manager();
    const orders = { catalog: 'tpch', schema: 'tiny', name: 'orders' };
    await fails(
      () => metadata.createSchema('tpch', 'mine'),
      'NOT_SUPPORTED',
      'This connector does not support creating schemas',
    );
    await fails(
      () => metadata.dropSchema('tpch', 'tiny', false),
      'NOT_SUPPORTED',
      'This connector does not support dropping schemas',
    );
    await fails(
      () => metadata.createTable({ ...orders, name: 'mine' }, [{ name: 'id', type: BIGINT }]),
      'NOT_SUPPORTED',
      'This connector does not support creating tables',
    );
    await fails(() => metadata.dropTable(orders), 'NOT_SUPPORTED', 'This connector does not support dropping tables');
    await fails(
      () => metadata.createView(view('tpch', 'tiny', 'v'), false),
      'NOT_SUPPORTED',
      'This connector does not support creating views',
    );
    await fails(
      () => metadata.createPageSink(orders, ['orderkey']),
      'NOT_SUPPORTED',
      'This connector does not support inserts',
    );
    await fails(
      () => metadata.finishInsert(orders, ['orderkey'], []),
      'NOT_SUPPORTED',
      'This connector does not support inserts',
    );
    await fails(
      () => metadata.createTable({ ...orders, schema: 'nope' }, []),
      'SCHEMA_NOT_FOUND',
      "Schema 'tpch.nope' does not exist",
    );
    await fails(
      () => metadata.createTable(orders, []),
      'TABLE_ALREADY_EXISTS',
      "Table 'tpch.tiny.orders' already exists",
    );
    await fails(
      () => metadata.dropTable({ ...orders, name: 'nope' }),
      'TABLE_NOT_FOUND',
      "Table 'tpch.tiny.nope' does not exist",
    );
    await fails(
      () => metadata.tableData(orders, 'deletes'),
      'NOT_SUPPORTED',
      'This connector does not support deletes',
    );
    await fails(
      () => metadata.tableData(orders, 'renaming columns'),
      'NOT_SUPPORTED',
      'This connector does not support renaming columns',
    );
    await fails(
      () => metadata.tableData({ ...orders, name: 'nope' }, 'deletes'),
      'TABLE_NOT_FOUND',
      "Table 'tpch.tiny.nope' does not exist",
    );
    // tpch connectors keep no aborted writes: nothing to do, no error.
    await metadata.abortInsert(orders, []);
  });
});
