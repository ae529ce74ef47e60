import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createMemoryConnector } from '../../../src/connectors/memory/memory-connector.js';
import { addRowRange } from '../../../src/connectors/memory/memory-metadata.js';
import type { ViewDefinition } from '../../../src/spi/metadata.js';
import { parseType } from '../../../src/types/type-signature.js';
import { columns, ID_NAME, insert, pageOf } from './memory-test-helpers.js';

async function fails(run: () => Promise<unknown>, name: string, message: string): Promise<void> {
  await assert.rejects(run, (e: unknown) => {
    assert.ok(e instanceof VivaceError, String(e));
    assert.equal(e.errorName, name);
    assert.equal(e.message, message);
    return true;
  });
}

function view(schema: string, name: string, sql = 'SELECT 1 x'): ViewDefinition {
  return {
    name: { catalog: 'memory', schema, name },
    sql,
    catalog: 'memory',
    schema,
    columns: [{ name: 'x', type: parseType('integer') }],
  };
}

function newConnector() {
  return createMemoryConnector('memory', { nodeId: 'node-1' });
}

describe('memory connector: schemas', () => {
  it('starts with a default schema', async () => {
    const metadata = newConnector().metadata;
    assert.deepEqual(await metadata.listSchemas(), ['default']);
    assert.equal(await metadata.schemaExists('default'), true);
    assert.deepEqual(await metadata.listTables(), []);
  });

  it('creates and drops schemas', async () => {
    const metadata = newConnector().metadata;
    await metadata.createSchema('s2', {});
    await metadata.createSchema('s1', {});
    assert.deepEqual(await metadata.listSchemas(), ['default', 's1', 's2']);
    await metadata.dropSchema('s2', false);
    assert.deepEqual(await metadata.listSchemas(), ['default', 's1']);
    await fails(() => metadata.createSchema('s1', {}), 'SCHEMA_ALREADY_EXISTS', "Schema 'memory.s1' already exists");
    await fails(() => metadata.dropSchema('s2', false), 'SCHEMA_NOT_FOUND', "Schema 'memory.s2' does not exist");
    await fails(
      () => metadata.createSchema('s3', { location: 'x' }),
      'INVALID_SCHEMA_PROPERTY',
      "Catalog 'memory' schema property 'location' does not exist",
    );
  });

  it('refuses to drop a non-empty schema without CASCADE', async () => {
    const metadata = newConnector().metadata;
    await metadata.createSchema('s', {});
    await metadata.createView(view('s', 'v'), false);
    await fails(() => metadata.dropSchema('s', false), 'SCHEMA_NOT_EMPTY', "Cannot drop non-empty schema 's'");
    await metadata.dropView({ schema: 's', table: 'v' });
    await metadata.createTable({ schema: 's', table: 't' }, columns({ a: 'bigint' }), {});
    await fails(() => metadata.dropSchema('s', false), 'SCHEMA_NOT_EMPTY', "Cannot drop non-empty schema 's'");
    assert.ok(await metadata.schemaExists('s'));
  });

  it('drops a schema with its tables and views with CASCADE and releases their data', async () => {
    const connector = newConnector();
    const metadata = connector.metadata;
    await metadata.createSchema('s', {});
    const t = { schema: 's', table: 't' };
    await metadata.createTable(t, columns({ id: 'bigint', name: 'varchar' }), {});
    await metadata.createView(view('s', 'v'), false);
    await insert(connector, t, ['id', 'name'], [[pageOf(ID_NAME, [[1, 'a']])]]);
    assert.ok(connector.store.bytesInUse > 0);
    await metadata.dropSchema('s', true);
    assert.equal(await metadata.schemaExists('s'), false);
    assert.equal(await metadata.getTable(t), undefined);
    assert.equal(await metadata.getView({ schema: 's', table: 'v' }), undefined);
    assert.equal(connector.store.bytesInUse, 0);
    // The name can be used again, for a new, empty table.
    await metadata.createSchema('s', {});
    await metadata.createTable(t, columns({ id: 'bigint' }), {});
    assert.equal((await metadata.getTableStatistics(t))?.rowCount, 0);
  });
});

describe('memory connector: tables', () => {
  it('creates, lists, describes and drops tables', async () => {
    const metadata = newConnector().metadata;
    await metadata.createTable(
      { schema: 'default', table: 'b' },
      columns({ x: 'decimal(12,2)', y: 'array(varchar)' }),
      {},
    );
    await metadata.createTable({ schema: 'default', table: 'a' }, columns({ id: 'bigint' }), {});
    assert.deepEqual(await metadata.listTables('default'), [
      { schema: 'default', table: 'a' },
      { schema: 'default', table: 'b' },
    ]);
    assert.deepEqual(await metadata.listTables('other'), []);
    const b = (await metadata.getTable({ schema: 'default', table: 'b' }))!;
    assert.deepEqual(b.name, { catalog: 'memory', schema: 'default', name: 'b' });
    assert.deepEqual(b.columns, columns({ x: 'decimal(12,2)', y: 'array(varchar)' }));
    assert.deepEqual(await metadata.getTableStatistics({ schema: 'default', table: 'b' }), {
      rowCount: 0,
      columns: {},
    });
    await metadata.dropTable({ schema: 'default', table: 'b' });
    assert.equal(await metadata.getTable({ schema: 'default', table: 'b' }), undefined);
    assert.equal(await metadata.getTableStatistics({ schema: 'default', table: 'b' }), undefined);
  });

  it('reports Presto’s errors', async () => {
    const metadata = newConnector().metadata;
    const t = { schema: 'default', table: 't' };
    await metadata.createTable(t, columns({ id: 'bigint' }), {});
    await fails(
      () => metadata.createTable(t, columns({ id: 'bigint' }), {}),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    await fails(
      () => metadata.createTable({ schema: 'nope', table: 't' }, columns({ id: 'bigint' }), {}),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
    await fails(
      () => metadata.dropTable({ schema: 'default', table: 'u' }),
      'TABLE_NOT_FOUND',
      "Table 'memory.default.u' does not exist",
    );
    await fails(
      () => metadata.createTable({ schema: 'default', table: 'u' }, columns({ a: 'bigint' }), { format: 'ORC' }),
      'INVALID_TABLE_PROPERTY',
      "Catalog 'memory' table property 'format' does not exist",
    );
    await fails(
      () =>
        metadata.createTable(
          { schema: 'default', table: 'u' },
          [...columns({ a: 'bigint' }), ...columns({ a: 'varchar' })],
          {},
        ),
      'DUPLICATE_COLUMN_NAME',
      "Column name 'a' specified more than once",
    );
    await fails(
      () => metadata.createTable({ schema: 'default', table: 'u' }, [], {}),
      'NOT_SUPPORTED',
      'Table creation with 0 columns is not supported',
    );
    assert.equal(await metadata.getTable({ schema: 'default', table: 'u' }), undefined);
  });
});

describe('memory connector: views', () => {
  it('creates, replaces, lists and drops views', async () => {
    const metadata = newConnector().metadata;
    await metadata.createView(view('default', 'v', 'SELECT 1 x'), false);
    assert.equal((await metadata.getView({ schema: 'default', table: 'v' }))?.sql, 'SELECT 1 x');
    await fails(
      () => metadata.createView(view('default', 'v'), false),
      'TABLE_ALREADY_EXISTS',
      "View 'memory.default.v' already exists",
    );
    await metadata.createView(view('default', 'v', 'SELECT 2 x'), true);
    assert.equal((await metadata.getView({ schema: 'default', table: 'v' }))?.sql, 'SELECT 2 x');
    assert.deepEqual(await metadata.listViews(), [{ schema: 'default', table: 'v' }]);
    assert.deepEqual(await metadata.listTables(), []);
    await metadata.dropView({ schema: 'default', table: 'v' });
    assert.equal(await metadata.getView({ schema: 'default', table: 'v' }), undefined);
    await fails(
      () => metadata.dropView({ schema: 'default', table: 'v' }),
      'TABLE_NOT_FOUND',
      "View 'memory.default.v' does not exist",
    );
    await fails(
      () => metadata.createView(view('nope', 'v'), false),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
  });

  it('keeps tables and views apart in one namespace', async () => {
    const metadata = newConnector().metadata;
    await metadata.createTable({ schema: 'default', table: 't' }, columns({ id: 'bigint' }), {});
    await metadata.createView(view('default', 'v'), false);
    await fails(
      () => metadata.createView(view('default', 't'), true),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    await fails(
      () => metadata.createTable({ schema: 'default', table: 'v' }, columns({ id: 'bigint' }), {}),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.v' already exists",
    );
    await fails(
      () => metadata.dropTable({ schema: 'default', table: 'v' }),
      'GENERIC_USER_ERROR',
      "Table 'memory.default.v' does not exist, but a view with that name exists. Did you mean DROP VIEW memory.default.v?",
    );
    await fails(
      () => metadata.dropView({ schema: 'default', table: 't' }),
      'GENERIC_USER_ERROR',
      "View 'memory.default.t' does not exist, but a table with that name exists. Did you mean DROP TABLE memory.default.t?",
    );
  });
});

describe('committed row ranges', () => {
  it('adds ranges in any order, merging those that adjoin, as a set of rows would', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    for (let trial = 0; trial < 200; trial++) {
      // Disjoint ranges cut from [0, 60), added in a random order.
      const cuts = [...new Set([0, 60, ...Array.from({ length: 1 + random(10) }, () => random(60))])].sort(
        (a, b) => a - b,
      );
      const pieces = cuts.slice(1).map((end, i) => [cuts[i]!, end] as const);
      const kept = pieces.filter(() => random(4) > 0);
      for (let i = kept.length - 1; i > 0; i--) {
        const j = random(i + 1);
        [kept[i], kept[j]] = [kept[j]!, kept[i]!];
      }
      const ranges: number[] = [];
      const rows = new Set<number>();
      for (const [start, end] of kept) {
        addRowRange(ranges, start, end);
        for (let row = start; row < end; row++) rows.add(row);
      }
      const covered = new Set<number>();
      for (let r = 0; r < ranges.length; r += 2) {
        assert.ok(ranges[r]! < ranges[r + 1]!, 'non-empty');
        if (r > 0) assert.ok(ranges[r - 1]! < ranges[r]!, `sorted and merged: ${ranges}`);
        for (let row = ranges[r]!; row < ranges[r + 1]!; row++) covered.add(row);
      }
      assert.deepEqual(
        [...covered].sort((a, b) => a - b),
        [...rows].sort((a, b) => a - b),
      );
    }
  });
});
