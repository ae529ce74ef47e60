import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { TPCH_TABLE_NAMES, TPCH_TABLES } from '../../../src/connectors/tpch/generator/index.js';
import { createTpchConnector, TPCH_CONNECTOR_FACTORY } from '../../../src/connectors/tpch/tpch-connector.js';
import { scaleFactorOfSchema, TPCH_STANDARD_SCHEMAS } from '../../../src/connectors/tpch/tpch-schemas.js';
import { formatType } from '../../../src/types/type-signature.js';

describe('tpch connector: schemas', () => {
  it('lists the standard schemas in Presto order', async () => {
    const connector = createTpchConnector('tpch');
    assert.deepEqual(await connector.metadata.listSchemas(), [
      'tiny',
      'sf1',
      'sf100',
      'sf1000',
      'sf10000',
      'sf100000',
      'sf300',
      'sf3000',
      'sf30000',
    ]);
    assert.equal(TPCH_STANDARD_SCHEMAS.length, 9);
  });

  it('maps schema names to scale factors', () => {
    assert.equal(scaleFactorOfSchema('tiny'), 0.01);
    assert.equal(scaleFactorOfSchema('sf1'), 1);
    assert.equal(scaleFactorOfSchema('sf10'), 10);
    assert.equal(scaleFactorOfSchema('sf0.1'), 0.1);
    assert.equal(scaleFactorOfSchema('sf300'), 300);
    assert.equal(scaleFactorOfSchema('sf1.5'), 1.5);
  });

  it('rejects names that are not a positive plain scale factor', () => {
    for (const name of [
      'sf0',
      'sf',
      'sf-1',
      'sf1e3',
      'sf.5',
      'sf1.',
      'sf1..2',
      'sfx',
      'small',
      'SF1',
      'sf 1',
      'sf1e400',
    ]) {
      assert.equal(scaleFactorOfSchema(name), undefined, name);
    }
    // Order keys would no longer be exact integers.
    assert.equal(scaleFactorOfSchema('sf100000000000'), undefined);
  });

  it('accepts unlisted sfN schemas', async () => {
    const metadata = createTpchConnector('tpch').metadata;
    assert.equal(await metadata.schemaExists('sf10'), true);
    assert.equal(await metadata.schemaExists('sf0.5'), true);
    assert.equal(await metadata.schemaExists('nope'), false);
    assert.ok(await metadata.getTable({ schema: 'sf10', table: 'orders' }));
    assert.equal(await metadata.getTable({ schema: 'nope', table: 'orders' }), undefined);
  });
});

describe('tpch connector: tables', () => {
  it('has the eight tables in every schema', async () => {
    const metadata = createTpchConnector('tpch').metadata;
    assert.deepEqual(
      (await metadata.listTables('tiny')).map((t) => t.table),
      ['region', 'nation', 'part', 'supplier', 'partsupp', 'customer', 'orders', 'lineitem'],
    );
    assert.deepEqual((await metadata.listTables('sf10')).length, 8);
    assert.deepEqual(await metadata.listTables('nope'), []);
    assert.equal((await metadata.listTables()).length, 8 * 9);
    assert.equal(await metadata.getTable({ schema: 'tiny', table: 'lineitems' }), undefined);
    assert.deepEqual(await metadata.listViews(), []);
  });

  it('gives columns with the names and types of TPCH_TABLES', async () => {
    const metadata = createTpchConnector('tpch').metadata;
    for (const table of TPCH_TABLE_NAMES) {
      const found = await metadata.getTable({ schema: 'sf1', table });
      assert.ok(found);
      assert.deepEqual(found.name, { catalog: 'tpch', schema: 'sf1', name: table });
      assert.deepEqual(
        found.columns.map((c) => [c.name, formatType(c.type)]),
        TPCH_TABLES[table].map((c) => [c.name, c.type]),
      );
    }
    const lineitem = (await metadata.getTable({ schema: 'tiny', table: 'lineitem' }))!;
    assert.equal(formatType(lineitem.columns.find((c) => c.name === 'shipdate')!.type), 'date');
    assert.equal(formatType(lineitem.columns.find((c) => c.name === 'comment')!.type), 'varchar(44)');
  });

  it('uses the catalog name it was created with', async () => {
    const table = await createTpchConnector('bench').metadata.getTable({ schema: 'tiny', table: 'nation' });
    assert.deepEqual(table?.name, { catalog: 'bench', schema: 'tiny', name: 'nation' });
  });

  it('names columns the TPC-H way with tpch.column-naming=STANDARD', async () => {
    const connector = TPCH_CONNECTOR_FACTORY.create('tpch', { 'tpch.column-naming': 'standard' });
    const orders = (await connector.metadata.getTable({ schema: 'tiny', table: 'orders' }))!;
    assert.deepEqual(
      orders.columns.map((c) => c.name),
      TPCH_TABLES.orders.map((c) => `o_${c.name}`),
    );
    const partsupp = (await connector.metadata.getTable({ schema: 'tiny', table: 'partsupp' }))!;
    assert.equal(partsupp.columns[0]!.name, 'ps_partkey');
    const statistics = (await connector.metadata.getTableStatistics!({ schema: 'tiny', table: 'lineitem' }))!;
    assert.ok(statistics.columns['l_returnflag']);
    assert.equal(statistics.columns['returnflag'], undefined);
  });

  it('rejects unknown properties and bad naming values', () => {
    assert.throws(
      () => TPCH_CONNECTOR_FACTORY.create('tpch', { 'tpch.splits-per-nod': '4' }),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'CONFIGURATION_INVALID' &&
        e.message === "Configuration property 'tpch.splits-per-nod' was not used",
    );
    assert.throws(
      () => TPCH_CONNECTOR_FACTORY.create('tpch', { 'tpch.column-naming': 'short' }),
      /Invalid value 'short' for tpch.column-naming/,
    );
  });
});
