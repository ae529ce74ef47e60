/**
 * StatementMetadata: what a statement names is loaded before analysis and read synchronously
 * afterwards; a statement keeps one view while others change the catalogs; a name that was not
 * loaded is never read through to a connector but signalled, and `analyze` loads it and runs the
 * analysis again (a view's tables, nested views), a bounded number of rounds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { referencedNames } from '../../../src/server/metadata/referenced-names.js';
import { MAX_METADATA_ROUNDS, StatementMetadata } from '../../../src/server/metadata/statement-metadata.js';
import { MetadataNotLoadedError, type ViewDefinition } from '../../../src/spi/metadata.js';
import { parseStatement } from '../../../src/sql/parser.js';
import { parseType } from '../../../src/types/type-signature.js';

const BIGINT = parseType('bigint');

function view(name: string, sql: string): ViewDefinition {
  return {
    name: { catalog: 'memory', schema: 'default', name },
    sql,
    catalog: 'memory',
    schema: 'default',
    columns: [{ name: 'x', type: BIGINT }],
  };
}

describe('statement metadata', () => {
  it('answers like the manager for what it loaded', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const statement = new StatementMetadata(manager);
    const nation = { catalog: 'tpch', schema: 'tiny', name: 'Nation' };
    await statement.prefetch([nation, { catalog: 'tpch', schema: 'sf10', name: '' }]);
    assert.equal(statement.catalogExists('TPCH'), true);
    assert.equal(statement.catalogExists('hive'), false);
    assert.equal(statement.schemaExists('tpch', 'sf10'), true);
    assert.deepEqual(statement.getTable(nation)?.name, { catalog: 'tpch', schema: 'tiny', name: 'nation' });
    assert.equal(statement.getView(nation), undefined);
    assert.equal(statement.getTableStatistics(nation)?.rowCount, 25);
  });

  it('keeps one consistent view for the whole statement', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const t = { catalog: 'memory', schema: 'default', name: 't' };
    await manager.createTable(t, [{ name: 'id', type: BIGINT }]);
    const statement = new StatementMetadata(manager);
    await statement.prefetch([
      t,
      { catalog: 'memory', schema: 'default', name: 'missing' },
      { catalog: 'memory', schema: 'nope', name: 'x' },
      { catalog: 'hive', schema: 'x', name: 'y' },
    ]);
    // DDL by another statement after the prefetch does not change what this statement sees.
    await manager.dropTable(t);
    await manager.createTable({ ...t, name: 'missing' }, [{ name: 'id', type: BIGINT }]);
    await manager.createSchema('memory', 'nope');
    assert.deepEqual(
      statement.getTable(t)?.columns.map((c) => c.name),
      ['id'],
    );
    assert.equal(statement.getTableStatistics(t)?.rowCount, 0);
    assert.equal(statement.getTable({ ...t, name: 'MISSING' }), undefined);
    assert.equal(statement.schemaExists('memory', 'NOPE'), false);
    assert.equal(statement.getTable({ catalog: 'memory', schema: 'nope', name: 'x' }), undefined);
    assert.equal(statement.catalogExists('hive'), false);
    assert.equal(statement.getTable({ catalog: 'hive', schema: 'x', name: 'y' }), undefined);
  });

  it('asks the connector once per schema and relation, however often a statement names them', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const asked: string[] = [];
    const count = <T>(what: string, answer: Promise<T>) => {
      asked.push(what);
      return answer;
    };
    const schemaExists = manager.schemaExists.bind(manager);
    const getTable = manager.getTable.bind(manager);
    manager.schemaExists = (catalog, schema) => count(`schema ${schema}`, schemaExists(catalog, schema));
    manager.getTable = (name) => count(`table ${name.name}`, getTable(name));
    const statement = new StatementMetadata(manager);
    const nation = { catalog: 'tpch', schema: 'tiny', name: 'nation' };
    const region = { catalog: 'tpch', schema: 'tiny', name: 'region' };
    await Promise.all([statement.prefetch([nation, region, nation]), statement.prefetch([region])]);
    await statement.prefetch([nation]);
    assert.deepEqual(asked.sort(), ['schema tiny', 'table nation', 'table region']);
  });

  it('signals names it did not load instead of reading them through', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const statement = new StatementMetadata(manager);
    assert.throws(
      () => statement.getTable({ catalog: 'memory', schema: 'Default', name: 'T' }),
      (e: unknown) =>
        e instanceof MetadataNotLoadedError &&
        e.message === 'metadata not loaded: memory.default.t' &&
        e.names[0]?.name === 't',
    );
    assert.throws(() => statement.schemaExists('memory', 'later'), MetadataNotLoadedError);
    await statement.prefetch([{ catalog: 'memory', schema: 'default', name: 't' }]);
    assert.equal(statement.getTable({ catalog: 'memory', schema: 'default', name: 't' }), undefined);
  });

  it('loads the tables inside views found while analysing, then analyses again', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    await manager.createTable({ catalog: 'memory', schema: 'default', name: 'base' }, [{ name: 'x', type: BIGINT }]);
    await manager.createView(view('inner_view', 'SELECT x FROM base'), false);
    await manager.createView(view('outer_view', 'SELECT x FROM inner_view'), false);
    const statement = new StatementMetadata(manager);
    const defaults = { catalog: 'memory', schema: 'default' };
    await statement.prefetch(referencedNames(parseStatement('SELECT * FROM outer_view'), defaults));
    let rounds = 0;
    // What the analyzer does: read each view's query's names as it expands the view.
    const columns = await statement.analyze(() => {
      rounds++;
      const outer = statement.getView({ ...defaults, name: 'outer_view' })!;
      assert.ok(outer.sql.includes('inner_view'));
      const inner = statement.getView({ ...defaults, name: 'inner_view' })!;
      assert.ok(inner.sql.includes('base'));
      return statement.getTable({ ...defaults, name: 'base' })!.columns.map((c) => c.name);
    });
    assert.deepEqual(columns, ['x']);
    assert.equal(rounds, 3, 'one round per level of views not known from the text');
  });

  it('gives up with a clear error after a bounded number of rounds', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const statement = new StatementMetadata(manager);
    let rounds = 0;
    await assert.rejects(
      statement.analyze(() => {
        rounds++;
        return statement.getTable({ catalog: 'memory', schema: 'default', name: `v${rounds}` });
      }),
      (e: unknown) =>
        e instanceof Error &&
        (e as { errorName?: string }).errorName === 'NOT_SUPPORTED' &&
        e.message.startsWith(`Views nested more than ${MAX_METADATA_ROUNDS} levels deep are not supported`),
    );
    assert.equal(rounds, MAX_METADATA_ROUNDS);
  });

  it('finds the relations a statement names', () => {
    const defaults = { catalog: 'memory', schema: 'default' };
    const names = (sql: string) =>
      referencedNames(parseStatement(sql), defaults).map((n) => `${n.catalog}.${n.schema}.${n.name}`);
    assert.deepEqual(
      names(
        'INSERT INTO target SELECT a.x FROM tpch.tiny.nation a JOIN s.b ON true WHERE EXISTS (SELECT 1 FROM c) AND a.x IN (TABLE d)',
      ),
      ['memory.default.target', 'tpch.tiny.nation', 'memory.s.b', 'memory.default.c', 'memory.default.d'],
    );
    assert.deepEqual(names('CREATE TABLE t2 AS WITH w AS (SELECT * FROM e) SELECT * FROM w'), [
      'memory.default.t2',
      'memory.default.w',
      'memory.default.e',
    ]);
    assert.deepEqual(names('EXPLAIN SELECT * FROM f'), ['memory.default.f']);
    // Without a session catalog a name cannot be resolved: the analyzer reports it.
    assert.deepEqual(referencedNames(parseStatement('SELECT * FROM g'), {}), []);
  });
});
