import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { StatementMetadata } from '../../../src/server/metadata/statement-metadata.js';
import { parseType } from '../../../src/types/type-signature.js';

const BIGINT = parseType('bigint');

describe('statement metadata', () => {
  it('answers like the manager', () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const statement = new StatementMetadata(manager);
    assert.equal(statement.catalogExists('TPCH'), true);
    assert.equal(statement.catalogExists('hive'), false);
    assert.equal(statement.schemaExists('tpch', 'sf10'), true);
    assert.deepEqual(statement.getTable({ catalog: 'tpch', schema: 'tiny', name: 'Nation' })?.name, {
      catalog: 'tpch',
      schema: 'tiny',
      name: 'nation',
    });
    assert.equal(statement.getView({ catalog: 'tpch', schema: 'tiny', name: 'nation' }), undefined);
    assert.equal(statement.getTableStatistics({ catalog: 'tpch', schema: 'tiny', name: 'nation' })?.rowCount, 25);
  });

  it('keeps one consistent view for the whole statement', async () => {
    const manager = new MetadataManager(createCatalogManager({ nodeId: 'n1' }));
    const t = { catalog: 'memory', schema: 'default', name: 't' };
    manager.createTable(t, [{ name: 'id', type: BIGINT }]);
    const statement = new StatementMetadata(manager);
    await statement.prefetch([
      t,
      { catalog: 'memory', schema: 'default', name: 'missing' },
      { catalog: 'hive', schema: 'x', name: 'y' },
    ]);
    // DDL by another statement after the prefetch does not change what this statement sees.
    manager.dropTable(t);
    manager.createTable({ ...t, name: 'missing' }, [{ name: 'id', type: BIGINT }]);
    manager.createSchema('memory', 'later');
    assert.deepEqual(
      statement.getTable(t)?.columns.map((c) => c.name),
      ['id'],
    );
    assert.equal(statement.getTableStatistics(t)?.rowCount, 0);
    assert.equal(statement.getTable({ ...t, name: 'MISSING' }), undefined);
    assert.equal(statement.catalogExists('hive'), false);
    // Names not prefetched are read on first use, then kept.
    assert.equal(statement.schemaExists('memory', 'later'), true);
    manager.dropSchema('memory', 'later', false);
    assert.equal(statement.schemaExists('memory', 'LATER'), true);
    assert.equal(new StatementMetadata(manager).schemaExists('memory', 'later'), false);
  });
});
