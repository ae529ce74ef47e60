import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readCatalogFile } from '../../../src/connectors/catalog/catalog-loader.js';
import { CatalogManager } from '../../../src/connectors/catalog/catalog-manager.js';
import { FileCatalogStore } from '../../../src/connectors/catalog/catalog-store.js';
import { TPCH_CONNECTOR_FACTORY } from '../../../src/connectors/tpch/tpch-connector.js';
import {
  executeCatalogStatement,
  learnCatalogs,
  redactSensitiveStatement,
} from '../../../src/server/metadata/catalog-statements.js';
import type { CreateCatalog } from '../../../src/sql/ast.js';
import { formatSql } from '../../../src/sql/formatter.js';
import { parseStatement } from '../../../src/sql/parser.js';

const s3Like = {
  name: 'hive',
  secretPropertyNames: ['s3.aws-secret-key'],
  create: () => TPCH_CONNECTOR_FACTORY.create('x', {}),
};

describe('CREATE/DROP CATALOG', () => {
  it("parses and formats Trino's syntax", () => {
    const sql = `CREATE CATALOG IF NOT EXISTS lake USING hive COMMENT 'data' WITH ("s3.region" = 'eu-west-1', "hive.metastore" = 'file')`;
    const statement = parseStatement(sql) as CreateCatalog;
    assert.equal(statement.kind, 'CreateCatalog');
    assert.equal(statement.connectorName.value, 'hive');
    assert.equal(statement.properties.length, 2);
    assert.deepEqual(
      parseStatement(formatSql(statement)),
      parseStatement(formatSql(parseStatement(formatSql(statement)))),
    );
    assert.equal(
      formatSql(parseStatement('DROP CATALOG IF EXISTS lake CASCADE')),
      'DROP CATALOG IF EXISTS lake CASCADE',
    );
  });

  it('masks secret values (declared, or named like a secret; all for an unknown connector), keeping the rest', () => {
    const catalogs = new CatalogManager([s3Like]);
    const shown = redactSensitiveStatement(
      `CREATE CATALOG l USING hive WITH ("s3.aws-secret-key" = 'abc', "s3.region" = 'eu', "metastore.password" = 'pw')`,
      catalogs,
    );
    assert.equal(shown.includes('abc') || shown.includes("'pw'"), false, shown);
    assert.match(shown, /'eu'/);
    const unknown = redactSensitiveStatement(`CREATE CATALOG l USING nosuch WITH (a = 'x')`, catalogs);
    assert.match(unknown, /a = '\*\*\*'/);
    const explain = redactSensitiveStatement(
      `EXPLAIN CREATE CATALOG l USING hive WITH ("s3.aws-secret-key" = 'abc')`,
      catalogs,
    );
    assert.equal(explain.includes('abc'), false);
    const broken = redactSensitiveStatement(`CREATE CATALOG l USING hive WITH ("k" = 'secret1'`, catalogs);
    assert.equal(broken.includes('secret1'), false, broken);
    assert.equal(redactSensitiveStatement("SELECT 'abc'", catalogs), "SELECT 'abc'");
  });

  it('stores a catalog as a Java properties file the catalog loader reads back, and a worker learns it once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivace-catalog-store-'));
    const catalogs = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    const store = new FileCatalogStore(dir);
    await executeCatalogStatement(
      parseStatement(`CREATE CATALOG t2 USING tpch WITH ("tpch.column-naming" = 'STANDARD')`) as CreateCatalog,
      catalogs,
      store,
    );
    const path = join(dir, 't2.properties');
    assert.match(readFileSync(path, 'utf8'), /^#.*\nconnector\.name=tpch\ntpch\.column-naming=STANDARD\n$/);
    assert.deepEqual(readCatalogFile(path, 't2').properties, { 'tpch.column-naming': 'STANDARD' });
    const worker = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    const definition = { name: 't2', connectorName: 'tpch', properties: { 'tpch.column-naming': 'STANDARD' } };
    learnCatalogs(worker, [definition]);
    const first = worker.getCatalog('t2');
    learnCatalogs(worker, [definition]);
    assert.equal(worker.getCatalog('t2'), first, 'the same definition again changes nothing');
    await assert.rejects(
      executeCatalogStatement(parseStatement('CREATE CATALOG t3 USING tpch') as CreateCatalog, catalogs, undefined),
      /not supported by the static catalog store/,
    );
  });
});
