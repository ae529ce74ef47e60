import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage } from '../../../src/data/page.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import type { ViewDefinition } from '../../../src/spi/metadata.js';
import { parseType } from '../../../src/types/type-signature.js';

const BIGINT = parseType('bigint');
const VARCHAR = parseType('varchar');

function manager(desiredSplits?: number): MetadataManager {
  return new MetadataManager(createCatalogManager({ nodeId: 'n1' }), { desiredSplits });
}

function fails(run: () => unknown, name: string, message: string): void {
  assert.throws(run, (e: unknown) => {
    assert.ok(e instanceof VivaceError, String(e));
    assert.equal(e.errorName, name);
    assert.equal(e.message, message);
    return true;
  });
}

function view(catalog: string, schema: string, name: string): ViewDefinition {
  return { name: { catalog, schema, name }, sql: 'SELECT 1 x', columns: [{ name: 'x', type: parseType('integer') }] };
}

/** Reads every row of a scan through the manager. */
function scanRows(
  metadata: MetadataManager,
  table: { catalog: string; schema: string; name: string },
  columns: string[],
) {
  const types = metadata
    .getTable(table)!
    .columns.filter((c) => columns.includes(c.name))
    .map((c) => c.type);
  const scan = metadata.scanSource(table, columns, types);
  const rows: unknown[][] = [];
  for (const split of scan.splits) {
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

  it('knows catalogs and schemas, case-insensitively', () => {
    assert.deepEqual(metadata.listCatalogs(), ['memory', 'tpch']);
    assert.equal(metadata.catalogExists('tpch'), true);
    assert.equal(metadata.catalogExists('TPCH'), true);
    assert.equal(metadata.catalogExists('hive'), false);
    assert.equal(metadata.schemaExists('tpch', 'Tiny'), true);
    assert.equal(metadata.schemaExists('tpch', 'SF10'), true);
    assert.equal(metadata.schemaExists('tpch', 'big'), false);
    assert.equal(metadata.schemaExists('Memory', 'DEFAULT'), true);
    assert.equal(metadata.schemaExists('memory', 'tiny'), false);
    assert.equal(metadata.schemaExists('hive', 'default'), false);
  });

  it('resolves tables across catalogs with canonical qualified names', () => {
    const orders = metadata.getTable({ catalog: 'TPCH', schema: 'Tiny', name: 'ORDERS' });
    assert.ok(orders);
    assert.deepEqual(orders.name, { catalog: 'tpch', schema: 'tiny', name: 'orders' });
    assert.equal(orders.columns[0]!.name, 'orderkey');
    assert.equal(metadata.getTable({ catalog: 'tpch', schema: 'tiny', name: 'nope' }), undefined);
    assert.equal(metadata.getTable({ catalog: 'tpch', schema: 'nope', name: 'orders' }), undefined);
    assert.equal(metadata.getTable({ catalog: 'hive', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(metadata.getView({ catalog: 'tpch', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(metadata.getView({ catalog: 'hive', schema: 'tiny', name: 'orders' }), undefined);
    assert.equal(metadata.getTableStatistics({ catalog: 'tpch', schema: 'TINY', name: 'Lineitem' })?.rowCount, 60175);
    assert.equal(metadata.getTableStatistics({ catalog: 'hive', schema: 'tiny', name: 'lineitem' }), undefined);
  });

  it('lists schemas and tables, and names an unknown catalog', () => {
    assert.deepEqual(metadata.listSchemas('memory'), ['default', 'information_schema']);
    assert.equal(metadata.listSchemas('TPCH').length, 10);
    assert.deepEqual(metadata.listTables('tpch', 'TINY')[0], { catalog: 'tpch', schema: 'tiny', name: 'region' });
    assert.deepEqual(metadata.listViews('tpch'), []);
    fails(() => metadata.listSchemas('hive'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
    fails(() => metadata.listTables('Hive'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
  });

  it('reads tpch tables through splits and page sources', () => {
    const splits = metadata.getSplits({ catalog: 'tpch', schema: 'tiny', name: 'lineitem' });
    assert.equal(splits.length, 4);
    assert.equal(manager(2).getSplits({ catalog: 'tpch', schema: 'tiny', name: 'lineitem' }).length, 2);
    assert.equal(metadata.getSplits({ catalog: 'tpch', schema: 'tiny', name: 'lineitem' }, undefined, 1).length, 1);
    const rows = scanRows(metadata, { catalog: 'tpch', schema: 'TINY', name: 'Region' }, ['name']);
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'],
    );
    fails(
      () => metadata.getSplits({ catalog: 'tpch', schema: 'tiny', name: 'nope' }),
      'TABLE_NOT_FOUND',
      "Table 'tpch.tiny.nope' does not exist",
    );
    fails(
      () => metadata.getSplits({ catalog: 'hive', schema: 'tiny', name: 'x' }),
      'CATALOG_NOT_FOUND',
      "Catalog 'hive' not found",
    );
  });

  it('passes constraints and limits to the connector', () => {
    const table = { catalog: 'tpch', schema: 'tiny', name: 'orders' };
    const constraint = {
      columns: {
        orderkey: {
          nullAllowed: false,
          ranges: [{ low: { value: 1, inclusive: true }, high: { value: 3, inclusive: true } }],
        },
      },
    };
    const scan = metadata.scanSource(table, ['ORDERKEY'], [BIGINT], constraint, 2);
    assert.equal(scan.splits.length, 1);
    const source = scan.createPageSource(scan.splits[0]!);
    const page = source.getNextPage()!;
    assert.equal(page.positionCount, 2);
    assert.equal(source.isFinished(), true);
  });
});

describe('metadata manager: DDL and writes', () => {
  it('creates schemas, tables and views in memory, case-insensitively', () => {
    const metadata = manager();
    metadata.createSchema('MEMORY', 'Sales');
    assert.equal(metadata.schemaExists('memory', 'sales'), true);
    metadata.createTable({ catalog: 'memory', schema: 'SALES', name: 'Orders' }, [
      { name: 'ID', type: BIGINT },
      { name: 'Note', type: VARCHAR },
    ]);
    const table = metadata.getTable({ catalog: 'memory', schema: 'sales', name: 'orders' })!;
    assert.deepEqual(table.name, { catalog: 'memory', schema: 'sales', name: 'orders' });
    assert.deepEqual(
      table.columns.map((c) => c.name),
      ['id', 'note'],
    );
    assert.deepEqual(metadata.listTables('memory', 'SALES'), [{ catalog: 'memory', schema: 'sales', name: 'orders' }]);
    metadata.createView(view('memory', 'Sales', 'V'), false);
    assert.deepEqual(metadata.getView({ catalog: 'MEMORY', schema: 'sales', name: 'v' })?.name, {
      catalog: 'memory',
      schema: 'sales',
      name: 'v',
    });
    assert.deepEqual(metadata.listViews('memory'), [{ catalog: 'memory', schema: 'sales', name: 'v' }]);
    metadata.dropView({ catalog: 'memory', schema: 'sales', name: 'V' });
    metadata.dropTable({ catalog: 'memory', schema: 'sales', name: 'ORDERS' });
    metadata.dropSchema('memory', 'SALES', false);
    assert.equal(metadata.schemaExists('memory', 'sales'), false);
  });

  it('inserts into a memory table and reads it back', () => {
    const metadata = manager();
    const table = { catalog: 'memory', schema: 'default', name: 't' };
    metadata.createTable(table, [
      { name: 'id', type: BIGINT },
      { name: 'note', type: VARCHAR },
    ]);
    const sink = metadata.createPageSink({ ...table, name: 'T' }, ['NOTE', 'ID']);
    sink.appendPage(createPage([blockOf(VARCHAR, ['a', 'b']), blockOf(BIGINT, [1, 2])]));
    const fragment = sink.finish();
    assert.deepEqual(scanRows(metadata, table, ['id', 'note']), []);
    metadata.finishInsert(table, ['note', 'id'], [fragment]);
    assert.deepEqual(scanRows(metadata, table, ['id', 'note']), [
      [1, 'a'],
      [2, 'b'],
    ]);
    assert.equal(metadata.getTableStatistics(table)?.rowCount, 2);
    // An INSERT abandoned after its sinks finished leaves nothing behind.
    const abandoned = metadata.createPageSink(table, ['id']);
    abandoned.appendPage(createPage([blockOf(BIGINT, [3])]));
    const abandonedFragment = abandoned.finish();
    metadata.abortInsert(table, [abandonedFragment]);
    assert.throws(() => metadata.finishInsert(table, ['id'], [abandonedFragment]), /Unknown or unfinished/);
    assert.equal(scanRows(metadata, table, ['id']).length, 2);
  });

  it('answers Trino’s errors for DDL', () => {
    const metadata = manager();
    const t = { catalog: 'memory', schema: 'default', name: 't' };
    metadata.createTable(t, [{ name: 'id', type: BIGINT }]);
    fails(() => metadata.createSchema('hive', 's'), 'CATALOG_NOT_FOUND', "Catalog 'hive' not found");
    fails(
      () => metadata.createSchema('memory', 'Default'),
      'SCHEMA_ALREADY_EXISTS',
      "Schema 'memory.default' already exists",
    );
    fails(() => metadata.dropSchema('memory', 'nope', true), 'SCHEMA_NOT_FOUND', "Schema 'memory.nope' does not exist");
    fails(
      () => metadata.dropSchema('memory', 'default', false),
      'SCHEMA_NOT_EMPTY',
      "Cannot drop non-empty schema 'default'",
    );
    fails(
      () => metadata.createTable({ ...t, name: 'T' }, [{ name: 'id', type: BIGINT }]),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    fails(
      () => metadata.createTable({ ...t, schema: 'nope' }, [{ name: 'id', type: BIGINT }]),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
    fails(() => metadata.dropTable({ ...t, name: 'u' }), 'TABLE_NOT_FOUND', "Table 'memory.default.u' does not exist");
    fails(() => metadata.dropView({ ...t, name: 'u' }), 'TABLE_NOT_FOUND', "View 'memory.default.u' does not exist");
    fails(
      () => metadata.createView(view('memory', 'default', 'T'), true),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    metadata.createView(view('memory', 'default', 'v'), false);
    fails(
      () => metadata.createView(view('memory', 'default', 'V'), false),
      'TABLE_ALREADY_EXISTS',
      "View 'memory.default.v' already exists",
    );
    fails(
      () => metadata.createTable({ ...t, name: 'v' }, [{ name: 'id', type: BIGINT }]),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.v' already exists",
    );
    fails(
      () => metadata.dropTable({ ...t, name: 'v' }),
      'GENERIC_USER_ERROR',
      "Table 'memory.default.v' does not exist, but a view with that name exists. Did you mean DROP VIEW memory.default.v?",
    );
    fails(
      () => metadata.dropView(t),
      'GENERIC_USER_ERROR',
      "View 'memory.default.t' does not exist, but a table with that name exists. Did you mean DROP TABLE memory.default.t?",
    );
  });

  it('says what a read-only connector does not support', () => {
    const metadata = manager();
    const orders = { catalog: 'tpch', schema: 'tiny', name: 'orders' };
    fails(
      () => metadata.createSchema('tpch', 'mine'),
      'NOT_SUPPORTED',
      'This connector does not support creating schemas',
    );
    fails(
      () => metadata.dropSchema('tpch', 'tiny', false),
      'NOT_SUPPORTED',
      'This connector does not support dropping schemas',
    );
    fails(
      () => metadata.createTable({ ...orders, name: 'mine' }, [{ name: 'id', type: BIGINT }]),
      'NOT_SUPPORTED',
      'This connector does not support creating tables',
    );
    fails(() => metadata.dropTable(orders), 'NOT_SUPPORTED', 'This connector does not support dropping tables');
    fails(
      () => metadata.createView(view('tpch', 'tiny', 'v'), false),
      'NOT_SUPPORTED',
      'This connector does not support creating views',
    );
    fails(
      () => metadata.createPageSink(orders, ['orderkey']),
      'NOT_SUPPORTED',
      'This connector does not support inserts',
    );
    fails(
      () => metadata.finishInsert(orders, ['orderkey'], []),
      'NOT_SUPPORTED',
      'This connector does not support inserts',
    );
    fails(
      () => metadata.createTable({ ...orders, schema: 'nope' }, []),
      'SCHEMA_NOT_FOUND',
      "Schema 'tpch.nope' does not exist",
    );
    fails(() => metadata.createTable(orders, []), 'TABLE_ALREADY_EXISTS', "Table 'tpch.tiny.orders' already exists");
    fails(
      () => metadata.dropTable({ ...orders, name: 'nope' }),
      'TABLE_NOT_FOUND',
      "Table 'tpch.tiny.nope' does not exist",
    );
    // tpch connectors keep no aborted writes: nothing to do, no error.
    metadata.abortInsert(orders, []);
  });
});
