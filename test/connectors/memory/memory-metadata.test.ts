import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createMemoryConnector } from '../../../src/connectors/memory/memory-connector.js';
import type { ViewDefinition } from '../../../src/spi/metadata.js';
import { parseType } from '../../../src/types/type-signature.js';
import { columns, ID_NAME, insert, pageOf } from './memory-test-helpers.js';

function fails(run: () => void, name: string, message: string): void {
  assert.throws(run, (e: unknown) => {
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
  it('starts with a default schema', () => {
    const metadata = newConnector().metadata;
    assert.deepEqual(metadata.listSchemas(), ['default']);
    assert.equal(metadata.schemaExists('default'), true);
    assert.deepEqual(metadata.listTables(), []);
  });

  it('creates and drops schemas', () => {
    const metadata = newConnector().metadata;
    metadata.createSchema('s2', {});
    metadata.createSchema('s1', {});
    assert.deepEqual(metadata.listSchemas(), ['default', 's1', 's2']);
    metadata.dropSchema('s2', false);
    assert.deepEqual(metadata.listSchemas(), ['default', 's1']);
    fails(() => metadata.createSchema('s1', {}), 'SCHEMA_ALREADY_EXISTS', "Schema 'memory.s1' already exists");
    fails(() => metadata.dropSchema('s2', false), 'SCHEMA_NOT_FOUND', "Schema 'memory.s2' does not exist");
    fails(
      () => metadata.createSchema('s3', { location: 'x' }),
      'INVALID_SCHEMA_PROPERTY',
      "Catalog 'memory' schema property 'location' does not exist",
    );
  });

  it('refuses to drop a non-empty schema without CASCADE', () => {
    const metadata = newConnector().metadata;
    metadata.createSchema('s', {});
    metadata.createView(view('s', 'v'), false);
    fails(() => metadata.dropSchema('s', false), 'SCHEMA_NOT_EMPTY', "Cannot drop non-empty schema 's'");
    metadata.dropView({ schema: 's', table: 'v' });
    metadata.createTable({ schema: 's', table: 't' }, columns({ a: 'bigint' }), {});
    fails(() => metadata.dropSchema('s', false), 'SCHEMA_NOT_EMPTY', "Cannot drop non-empty schema 's'");
    assert.ok(metadata.schemaExists('s'));
  });

  it('drops a schema with its tables and views with CASCADE and releases their data', () => {
    const connector = newConnector();
    const metadata = connector.metadata;
    metadata.createSchema('s', {});
    const t = { schema: 's', table: 't' };
    metadata.createTable(t, columns({ id: 'bigint', name: 'varchar' }), {});
    metadata.createView(view('s', 'v'), false);
    insert(connector, t, ['id', 'name'], [[pageOf(ID_NAME, [[1, 'a']])]]);
    assert.ok(connector.store.bytesInUse > 0);
    metadata.dropSchema('s', true);
    assert.equal(metadata.schemaExists('s'), false);
    assert.equal(metadata.getTable(t), undefined);
    assert.equal(metadata.getView({ schema: 's', table: 'v' }), undefined);
    assert.equal(connector.store.bytesInUse, 0);
    // The name can be used again, for a new, empty table.
    metadata.createSchema('s', {});
    metadata.createTable(t, columns({ id: 'bigint' }), {});
    assert.equal(metadata.getTableStatistics(t)?.rowCount, 0);
  });
});

describe('memory connector: tables', () => {
  it('creates, lists, describes and drops tables', () => {
    const metadata = newConnector().metadata;
    metadata.createTable({ schema: 'default', table: 'b' }, columns({ x: 'decimal(12,2)', y: 'array(varchar)' }), {});
    metadata.createTable({ schema: 'default', table: 'a' }, columns({ id: 'bigint' }), {});
    assert.deepEqual(metadata.listTables('default'), [
      { schema: 'default', table: 'a' },
      { schema: 'default', table: 'b' },
    ]);
    assert.deepEqual(metadata.listTables('other'), []);
    const b = metadata.getTable({ schema: 'default', table: 'b' })!;
    assert.deepEqual(b.name, { catalog: 'memory', schema: 'default', name: 'b' });
    assert.deepEqual(b.columns, columns({ x: 'decimal(12,2)', y: 'array(varchar)' }));
    assert.deepEqual(metadata.getTableStatistics({ schema: 'default', table: 'b' }), { rowCount: 0, columns: {} });
    metadata.dropTable({ schema: 'default', table: 'b' });
    assert.equal(metadata.getTable({ schema: 'default', table: 'b' }), undefined);
    assert.equal(metadata.getTableStatistics({ schema: 'default', table: 'b' }), undefined);
  });

  it('reports Presto’s errors', () => {
    const metadata = newConnector().metadata;
    const t = { schema: 'default', table: 't' };
    metadata.createTable(t, columns({ id: 'bigint' }), {});
    fails(
      () => metadata.createTable(t, columns({ id: 'bigint' }), {}),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    fails(
      () => metadata.createTable({ schema: 'nope', table: 't' }, columns({ id: 'bigint' }), {}),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
    fails(
      () => metadata.dropTable({ schema: 'default', table: 'u' }),
      'TABLE_NOT_FOUND',
      "Table 'memory.default.u' does not exist",
    );
    fails(
      () => metadata.createTable({ schema: 'default', table: 'u' }, columns({ a: 'bigint' }), { format: 'ORC' }),
      'INVALID_TABLE_PROPERTY',
      "Catalog 'memory' table property 'format' does not exist",
    );
    fails(
      () =>
        metadata.createTable(
          { schema: 'default', table: 'u' },
          [...columns({ a: 'bigint' }), ...columns({ a: 'varchar' })],
          {},
        ),
      'DUPLICATE_COLUMN_NAME',
      "Column name 'a' specified more than once",
    );
    fails(
      () => metadata.createTable({ schema: 'default', table: 'u' }, [], {}),
      'NOT_SUPPORTED',
      'Table creation with 0 columns is not supported',
    );
    assert.equal(metadata.getTable({ schema: 'default', table: 'u' }), undefined);
  });
});

describe('memory connector: views', () => {
  it('creates, replaces, lists and drops views', () => {
    const metadata = newConnector().metadata;
    metadata.createView(view('default', 'v', 'SELECT 1 x'), false);
    assert.equal(metadata.getView({ schema: 'default', table: 'v' })?.sql, 'SELECT 1 x');
    fails(
      () => metadata.createView(view('default', 'v'), false),
      'TABLE_ALREADY_EXISTS',
      "View 'memory.default.v' already exists",
    );
    metadata.createView(view('default', 'v', 'SELECT 2 x'), true);
    assert.equal(metadata.getView({ schema: 'default', table: 'v' })?.sql, 'SELECT 2 x');
    assert.deepEqual(metadata.listViews(), [{ schema: 'default', table: 'v' }]);
    assert.deepEqual(metadata.listTables(), []);
    metadata.dropView({ schema: 'default', table: 'v' });
    assert.equal(metadata.getView({ schema: 'default', table: 'v' }), undefined);
    fails(
      () => metadata.dropView({ schema: 'default', table: 'v' }),
      'TABLE_NOT_FOUND',
      "View 'memory.default.v' does not exist",
    );
    fails(
      () => metadata.createView(view('nope', 'v'), false),
      'SCHEMA_NOT_FOUND',
      "Schema 'memory.nope' does not exist",
    );
  });

  it('keeps tables and views apart in one namespace', () => {
    const metadata = newConnector().metadata;
    metadata.createTable({ schema: 'default', table: 't' }, columns({ id: 'bigint' }), {});
    metadata.createView(view('default', 'v'), false);
    fails(
      () => metadata.createView(view('default', 't'), true),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.t' already exists",
    );
    fails(
      () => metadata.createTable({ schema: 'default', table: 'v' }, columns({ id: 'bigint' }), {}),
      'TABLE_ALREADY_EXISTS',
      "Table 'memory.default.v' already exists",
    );
    fails(
      () => metadata.dropTable({ schema: 'default', table: 'v' }),
      'GENERIC_USER_ERROR',
      "Table 'memory.default.v' does not exist, but a view with that name exists. Did you mean DROP VIEW memory.default.v?",
    );
    fails(
      () => metadata.dropView({ schema: 'default', table: 't' }),
      'GENERIC_USER_ERROR',
      "View 'memory.default.t' does not exist, but a table with that name exists. Did you mean DROP TABLE memory.default.t?",
    );
  });
});
