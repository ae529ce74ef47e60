/**
 * Trino's catalog-management keys (`catalog.management`, `catalog.store`, `catalog.config-dir`)
 * and the error codes Trino gives CREATE CATALOG: CATALOG_STORE_ERROR when the store cannot be
 * written, INVALID_CATALOG_PROPERTY for a value that is not a string.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { CatalogManager } from '../../../src/connectors/catalog/catalog-manager.js';
import { FileCatalogStore, MemoryCatalogStore } from '../../../src/connectors/catalog/catalog-store.js';
import { TPCH_CONNECTOR_FACTORY } from '../../../src/connectors/tpch/tpch-connector.js';
import { catalogManagementConfig, catalogStoreOf } from '../../../src/server/metadata/catalog-management.js';
import { executeCatalogStatement } from '../../../src/server/metadata/catalog-statements.js';
import type { CreateCatalog, DropCatalog } from '../../../src/sql/ast.js';
import { parseStatement } from '../../../src/sql/parser.js';

const create = (sql: string) => parseStatement(sql) as CreateCatalog;
const drop = (sql: string) => parseStatement(sql) as DropCatalog;

async function rejectsWithCode(promise: Promise<unknown>, name: string, code: number, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof VivaceError, String(error));
    assert.equal(error.errorName, name);
    assert.equal(error.errorCode.code, code);
    assert.match(error.message, message);
    return true;
  });
}

describe('catalog management keys', () => {
  it('defaults to dynamic management with the file store in <etc>/catalog (Vivace keeps CREATE CATALOG on by default)', () => {
    const config = catalogManagementConfig('/opt/vivace/etc', new Map());
    assert.deepEqual(config, {
      management: 'dynamic',
      storeKind: 'file',
      configDirectory: '/opt/vivace/etc/catalog',
      loadFiles: true,
    });
    const store = catalogStoreOf(config);
    assert.ok(store instanceof FileCatalogStore);
    assert.equal(store.directory, '/opt/vivace/etc/catalog');
  });

  it('reads catalog.config-dir (relative to the working directory) and refuses unknown values', () => {
    const config = catalogManagementConfig('/etc/x', new Map([['catalog.config-dir', 'conf/catalogs']]));
    assert.equal(config.configDirectory, resolve('conf/catalogs'));
    for (const [key, value] of [
      ['catalog.management', 'sometimes'],
      ['catalog.store', 'database'],
    ]) {
      assert.throws(
        () => catalogManagementConfig('/etc/x', new Map([[key, value]])),
        (error: unknown) =>
          error instanceof VivaceError &&
          error.errorName === 'CONFIGURATION_INVALID' &&
          error.message.includes(key) &&
          error.message.includes(value),
      );
    }
  });

  it("refuses CREATE and DROP CATALOG with catalog.management=static, as Trino's static store does", async () => {
    const config = catalogManagementConfig('/etc/x', new Map([['catalog.management', 'STATIC']]));
    assert.equal(config.management, 'static');
    assert.equal(config.loadFiles, true, 'the files still define the catalogs');
    const store = catalogStoreOf(config);
    assert.equal(store, undefined);
    const catalogs = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    await rejectsWithCode(
      executeCatalogStatement(create('CREATE CATALOG t USING tpch'), catalogs, store),
      'NOT_SUPPORTED',
      13,
      /CREATE CATALOG is not supported by the static catalog store/,
    );
    catalogs.createCatalog({ name: 'fixed', connectorName: 'tpch', properties: {} });
    await rejectsWithCode(
      executeCatalogStatement(drop('DROP CATALOG fixed'), catalogs, store),
      'NOT_SUPPORTED',
      13,
      /DROP CATALOG is not supported by the static catalog store/,
    );
    assert.ok(catalogs.getCatalog('fixed') !== undefined);
  });

  it('keeps catalogs in memory only with catalog.store=memory: nothing written, no files loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivace-catalog-memory-'));
    const config = catalogManagementConfig(
      '/etc/x',
      new Map([
        ['catalog.store', 'memory'],
        ['catalog.config-dir', dir],
      ]),
    );
    assert.equal(config.loadFiles, false);
    const store = catalogStoreOf(config);
    assert.ok(store instanceof MemoryCatalogStore);
    const catalogs = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    await executeCatalogStatement(create('CREATE CATALOG t USING tpch'), catalogs, store);
    const catalog = catalogs.getCatalog('t');
    assert.equal(catalog?.dynamic, true, 'sent to the workers with their tasks');
    assert.equal(catalog?.source, undefined);
    assert.deepEqual(readdirSync(dir), []);
    await executeCatalogStatement(drop('DROP CATALOG t'), catalogs, store);
    assert.equal(catalogs.getCatalog('t'), undefined);
    await assert.rejects(
      executeCatalogStatement(create('CREATE CATALOG "bad-name" USING tpch'), catalogs, store),
      /Invalid catalog name/,
    );
  });

  it('fails with CATALOG_STORE_ERROR (65566) when the file cannot be written, leaving no catalog', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivace-catalog-broken-'));
    const blocker = join(dir, 'not-a-directory');
    writeFileSync(blocker, 'x');
    const catalogs = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    await rejectsWithCode(
      executeCatalogStatement(create('CREATE CATALOG t USING tpch'), catalogs, new FileCatalogStore(blocker)),
      'CATALOG_STORE_ERROR',
      65566,
      /Could not store catalog properties for 't'/,
    );
    assert.equal(catalogs.getCatalog('t'), undefined);
    assert.equal(existsSync(join(blocker, 't.properties')), false);
  });

  it('fails with INVALID_CATALOG_PROPERTY (124) for a property value that is not a string', async () => {
    const catalogs = new CatalogManager([TPCH_CONNECTOR_FACTORY]);
    await rejectsWithCode(
      executeCatalogStatement(
        create(`CREATE CATALOG t USING tpch WITH ("tpch.splits-per-node" = 4)`),
        catalogs,
        new MemoryCatalogStore(),
      ),
      'INVALID_CATALOG_PROPERTY',
      124,
      /tpch\.splits-per-node/,
    );
    assert.equal(catalogs.getCatalog('t'), undefined);
  });
});
