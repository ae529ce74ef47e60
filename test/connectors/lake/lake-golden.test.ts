/**
 * The lake connector's golden SQL files (test/connectors/lake/golden, the sql-logic format), on two
 * storages with one runner: each file runs against a fresh engine whose `lake` catalog lives in a
 * fresh data directory on local disk, and again with the metastore, the managed tables and the
 * fixtures in a bucket of the S3 test server (`fs.native-s3.enabled`). The fixtures are written by
 * DuckDB in the set-up (and copied into the bucket); `${FIXTURES}` in a case stands for their
 * `file://` or `s3://` location. Runs with the connectors' page sizes and with 1-row pages.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { LAKE_CONNECTOR_NAME } from '../../../src/connectors/lake/connector/lake-connector.js';
import { S3FileSystem } from '../../../src/connectors/lake/fs/s3-file-system.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { registerGoldenSuite } from '../../sql-logic/sql-logic-suite.js';
import { type S3TestEnvironment, startS3TestEnvironment, testS3Config, testS3Properties } from './fs/s3-test-server.js';
import { type LakeFixtures, lakeRunner, writeLakeFixtures } from './lake-fixtures.js';

const FIXTURES_PLACEHOLDER = ['$', '{FIXTURES}'].join('');
const PAGE_SIZES: { name: string; properties: Record<string, string> }[] = [
  { name: 'default pages', properties: {} },
  { name: '1-row pages', properties: { page_rows: '1' } },
];
const GOLDEN_ROOT = 'test/connectors/lake/golden';

let written: Promise<LakeFixtures> | undefined;
/** Engines made so far: each gets its own data directory or metastore prefix. */
let runs = 0;
const fixturesOnce = (): Promise<LakeFixtures> => {
  written ??= writeLakeFixtures();
  return written;
};

// Local disk.
let localFixtures = '';
registerGoldenSuite(
  'lake golden files on local disk',
  PAGE_SIZES,
  async () => {
    const fixtures = await fixturesOnce();
    localFixtures = `file://${fixtures.fixtures}`;
    return lakeRunner(join(fixtures.data, `local-${runs++}`));
  },
  { root: GOLDEN_ROOT, substitute: (text) => text.replaceAll(FIXTURES_PLACEHOLDER, localFixtures) },
);

// S3: one server for the file; each golden file gets a fresh metastore prefix in the bucket.
let s3: Promise<S3TestEnvironment> | undefined;
let uploaded: Promise<void> | undefined;
const S3_FIXTURES = 's3://golden/fixtures';

async function s3Environment(): Promise<S3TestEnvironment> {
  const fixtures = await fixturesOnce();
  s3 ??= startS3TestEnvironment(join(fixtures.root, 's3'), ['golden']);
  const environment = await s3;
  uploaded ??= uploadDirectory(environment, fixtures.fixtures, S3_FIXTURES);
  await uploaded;
  return environment;
}

async function uploadDirectory(environment: S3TestEnvironment, directory: string, target: string): Promise<void> {
  const fs = new S3FileSystem(testS3Config(environment.proxy.endpoint));
  try {
    for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      await fs.replace(`${target}/${relative(directory, path)}`, await readFile(path));
    }
  } finally {
    await fs.close();
  }
}

after(async () => {
  if (s3 !== undefined) await (await s3).close();
});

registerGoldenSuite(
  'lake golden files on S3',
  PAGE_SIZES,
  async () => {
    const environment = await s3Environment();
    const metadata = new MetadataManager(createCatalogManager({ nodeId: 'lake-s3-test' }));
    metadata.catalogs.createCatalog({
      name: 'lake',
      connectorName: LAKE_CONNECTOR_NAME,
      properties: {
        'hive.metastore.catalog.dir': `s3://golden/run-${runs++}/metastore`,
        ...testS3Properties(environment.proxy.endpoint),
      },
    });
    return new QueryManager({ metadata });
  },
  { root: GOLDEN_ROOT, substitute: (text) => text.replaceAll(FIXTURES_PLACEHOLDER, S3_FIXTURES) },
);
