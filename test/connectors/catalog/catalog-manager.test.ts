import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { builtinConnectorFactories, createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { loadCatalogDefinitions } from '../../../src/connectors/catalog/catalog-loader.js';
import { CatalogManager } from '../../../src/connectors/catalog/catalog-manager.js';
import { parseDataSize } from '../../../src/connectors/catalog/connector-properties.js';
import { MemoryConnector } from '../../../src/connectors/memory/memory-connector.js';
import { TpchConnector } from '../../../src/connectors/tpch/tpch-connector.js';

const root = mkdtempSync(join(tmpdir(), 'vivace-catalogs-'));
let dirs = 0;

/** A fresh catalog directory holding the given files. */
function catalogDir(files: Record<string, string>): string {
  const dir = join(root, `etc${dirs++}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function configurationError(message: RegExp | string) {
  return (e: unknown) => {
    assert.ok(e instanceof VivaceError, String(e));
    assert.equal(e.errorName, 'CONFIGURATION_INVALID');
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  };
}

describe('catalogs', () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('has tpch and memory by default', () => {
    const manager = createCatalogManager({ nodeId: 'n1' });
    assert.deepEqual(
      manager.listCatalogs().map((c) => [c.name, c.connectorName]),
      [
        ['memory', 'memory'],
        ['tpch', 'tpch'],
      ],
    );
    assert.ok(manager.connectorOf('tpch') instanceof TpchConnector);
    assert.ok(manager.connectorOf('memory') instanceof MemoryConnector);
    assert.equal(manager.connectorOf('nope'), undefined);
    assert.equal(manager.getCatalog('TPCH')?.name, 'tpch');
    // A missing directory defines nothing.
    assert.equal(
      createCatalogManager({ nodeId: 'n1', catalogDirectory: join(root, 'missing') }).listCatalogs().length,
      2,
    );
  });

  it('creates a catalog per properties file, keeping the defaults not taken', async () => {
    const dir = catalogDir({
      'bench.properties': '# TPC-H with TPC-H column names\nconnector.name = tpch\ntpch.column-naming=STANDARD\n',
      'scratch.properties': 'connector.name=memory\nmemory.max-data-per-node=1MB',
      'memory.properties': 'connector.name=tpch',
      'notes.txt': 'connector.name=nope',
    });
    mkdirSync(join(dir, 'sub.properties'));
    const manager = createCatalogManager({ nodeId: 'n1', catalogDirectory: dir });
    assert.deepEqual(
      manager.listCatalogs().map((c) => [c.name, c.connectorName]),
      [
        ['bench', 'tpch'],
        ['memory', 'tpch'],
        ['scratch', 'memory'],
        ['tpch', 'tpch'],
      ],
    );
    const bench = manager.getCatalog('bench')!;
    assert.deepEqual(bench.properties, { 'tpch.column-naming': 'STANDARD' });
    assert.equal(bench.source, join(dir, 'bench.properties'));
    assert.equal(
      (await bench.connector.metadata.getTable({ schema: 'tiny', table: 'orders' }))?.columns[0]?.name,
      'o_orderkey',
    );
    assert.deepEqual(
      (await bench.connector.metadata.getTable({ schema: 'tiny', table: 'orders' }))?.name.catalog,
      'bench',
    );
    assert.equal((manager.connectorOf('scratch') as MemoryConnector).store.maxBytes, 1024 * 1024);
  });

  it('lowercases catalog names from file names', () => {
    const dir = catalogDir({ 'Sales.properties': 'connector.name=memory' });
    assert.deepEqual(loadCatalogDefinitions(dir), [
      { name: 'sales', connectorName: 'memory', properties: {}, source: join(dir, 'Sales.properties') },
    ]);
  });

  it('fails at startup on an unknown connector name, naming the file', () => {
    const dir = catalogDir({ 'hive.properties': 'connector.name=hive-hadoop2\n' });
    const path = join(dir, 'hive.properties');
    assert.throws(
      () => createCatalogManager({ nodeId: 'n1', catalogDirectory: dir }),
      configurationError(
        `Unknown connector.name 'hive-hadoop2' in catalog file ${path} (available: hive, memory, tpch)`,
      ),
    );
  });

  it('fails on a file without connector.name, a bad property or a bad escape', () => {
    const missing = catalogDir({ 'x.properties': '# nothing\ntpch.column-naming=STANDARD' });
    assert.throws(
      () => createCatalogManager({ nodeId: 'n1', catalogDirectory: missing }),
      configurationError(`Catalog file ${join(missing, 'x.properties')} does not contain 'connector.name'`),
    );
    const unknown = catalogDir({ 't.properties': 'connector.name=tpch\ntpch.split-count=3' });
    assert.throws(
      () => createCatalogManager({ nodeId: 'n1', catalogDirectory: unknown }),
      configurationError(
        `Configuration property 'tpch.split-count' was not used (catalog file ${join(unknown, 't.properties')})`,
      ),
    );
    const badEscape = catalogDir({ 'e.properties': 'connector.name=\\u00zz' });
    assert.throws(
      () => createCatalogManager({ nodeId: 'n1', catalogDirectory: badEscape }),
      configurationError(`Catalog file ${join(badEscape, 'e.properties')}: line 1: Malformed \\uxxxx encoding`),
    );
  });

  it('refuses a catalog defined twice', () => {
    const manager = new CatalogManager(builtinConnectorFactories('n1'));
    manager.createCatalog({ name: 'a', connectorName: 'memory', properties: {} });
    assert.throws(
      () => manager.createCatalog({ name: 'A', connectorName: 'tpch', properties: {} }),
      configurationError(/Catalog 'a' is defined twice/),
    );
    assert.throws(
      () => new CatalogManager([...builtinConnectorFactories('n1'), ...builtinConnectorFactories('n2')]),
      /Connector factory 'tpch' is already registered/,
    );
  });

  it('takes catalogs whose connector was made elsewhere', () => {
    const manager = new CatalogManager([]);
    const connector = new TpchConnector('system');
    manager.addCatalog({ name: 'System', connectorName: 'system', connector, properties: {} });
    assert.equal(manager.connectorOf('system'), connector);
    assert.deepEqual(manager.connectorNames(), []);
  });

  it('parses Presto data sizes', () => {
    assert.equal(parseDataSize('p', '128MB'), 128 * 1024 * 1024);
    assert.equal(parseDataSize('p', '1.5GB'), 1.5 * 1024 ** 3);
    assert.equal(parseDataSize('p', ' 512 kB '), 512 * 1024);
    assert.equal(parseDataSize('p', '100B'), 100);
    assert.throws(() => parseDataSize('p', '12'), /Invalid value '12' for p/);
    assert.throws(() => parseDataSize('p', '1mb'), /Invalid value/);
    assert.throws(() => parseDataSize('p', 'MB'), /Invalid value/);
  });
});
