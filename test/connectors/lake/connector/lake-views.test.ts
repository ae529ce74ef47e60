import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viewDocument, viewOfDocument } from '../../../../src/connectors/lake/connector/lake-views.js';
import type { LakeTable } from '../../../../src/connectors/lake/metastore/metastore-model.js';
import { formatType } from '../../../../src/types/format-type.js';
import { BIGINT, decimal, varchar } from '../../../../src/types/type.js';

const VIEW = {
  name: { catalog: 'lake', schema: 's', name: 'v' },
  sql: 'SELECT 1 AS a',
  catalog: 'lake',
  schema: 's',
  columns: [
    { name: 'a', type: BIGINT },
    { name: 'b', type: varchar(25) },
  ],
  comment: 'the view',
};

describe('lake views (Trino view documents)', () => {
  it('stores a view as Trino does: VIRTUAL_VIEW, base64 JSON in viewOriginalText, a dummy column', () => {
    const document = viewDocument(VIEW, 'alice');
    assert.equal(document.tableType, 'VIRTUAL_VIEW');
    assert.equal(document.viewExpandedText, '/* Presto View */');
    assert.deepEqual(document.parameters, { presto_view: 'true', comment: 'Presto View' });
    assert.deepEqual(
      document.dataColumns.map((c) => [c.name, formatType(c.type)]),
      [['dummy', 'varchar']],
    );
    const text = document.viewOriginalText ?? '';
    assert.match(text, /^\/\* Presto View: [A-Za-z0-9+/=]+ \*\/$/);
    const json = JSON.parse(Buffer.from(text.slice(16, -3), 'base64').toString('utf8'));
    assert.deepEqual(json, {
      originalSql: 'SELECT 1 AS a',
      catalog: 'lake',
      schema: 's',
      columns: [
        { name: 'a', type: 'bigint' },
        { name: 'b', type: 'varchar(25)' },
      ],
      comment: 'the view',
      owner: 'alice',
      runAsInvoker: false,
    });
    assert.deepEqual(viewOfDocument('lake', document), VIEW);
  });

  it('reads a view Trino wrote (fields Vivace does not use are ignored)', () => {
    const json = {
      originalSql: 'SELECT price FROM t',
      catalog: 'hive',
      schema: 'sales',
      columns: [{ name: 'Price', type: 'decimal(12,2)' }],
      owner: 'bob',
      runAsInvoker: true,
      path: [],
    };
    const table = {
      schemaName: 'sales',
      tableName: 'prices',
      tableType: 'VIRTUAL_VIEW',
      dataColumns: [],
      partitionColumns: [],
      parameters: {},
      serdeParameters: {},
      columnStatistics: {},
      viewOriginalText: `/* Presto View: ${Buffer.from(JSON.stringify(json)).toString('base64')} */`,
    } as unknown as LakeTable;
    const view = viewOfDocument('lake', table);
    assert.equal(view.sql, 'SELECT price FROM t');
    assert.deepEqual(view.columns, [{ name: 'price', type: decimal(12, 2) }]);
    assert.equal(view.catalog, 'hive');
  });

  it('refuses Hive views and broken documents with HIVE_INVALID_VIEW_DATA', () => {
    const hive = { schemaName: 's', tableName: 'h', viewOriginalText: 'SELECT 1' } as unknown as LakeTable;
    assert.throws(
      () => viewOfDocument('lake', hive),
      (e: Error & { errorName?: string }) => {
        assert.equal(e.errorName, 'HIVE_INVALID_VIEW_DATA');
        assert.match(e.message, /Hive view/);
        return true;
      },
    );
    const broken = {
      schemaName: 's',
      tableName: 'b',
      viewOriginalText: '/* Presto View: !!!! */',
    } as unknown as LakeTable;
    assert.throws(() => viewOfDocument('lake', broken), /HIVE_INVALID_VIEW_DATA|Invalid view JSON/);
  });
});
