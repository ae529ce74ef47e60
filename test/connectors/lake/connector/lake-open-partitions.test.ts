/** `hive.max-partitions-per-writers`: how many partitions one writer may have files open in. */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseLakeConfig } from '../../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../../src/connectors/lake/connector/lake-connector.js';
import { blockOf } from '../../../../src/data/block-builder.js';
import { createPage } from '../../../../src/data/page.js';
import { BIGINT } from '../../../../src/types/type.js';

async function sinkWithLimit(limit: string | undefined) {
  const data = mkdtempSync(join(tmpdir(), 'vivace-open-partitions-'));
  const connector = new LakeConnector(
    'lake',
    parseLakeConfig({
      'hive.metastore.catalog.dir': `file://${data}/lake`,
      ...(limit !== undefined && { 'hive.max-partitions-per-writers': limit }),
    }),
  );
  const table = { schema: 'default', table: 'parts' };
  await connector.metadata.createTable(
    table,
    [
      { name: 'a', type: BIGINT },
      { name: 'p', type: BIGINT },
    ],
    { partitioned_by: ['p'] },
  );
  const handle = await connector.insertHandle({ table });
  return connector.createPageSink({ table, columns: ['a', 'p'], handle });
}

const page = (partitions: number) =>
  createPage([
    blockOf(
      BIGINT,
      Array.from({ length: partitions }, (_, i) => i),
    ),
    blockOf(
      BIGINT,
      Array.from({ length: partitions }, (_, i) => i),
    ),
  ]);

describe('open partitions per writer', () => {
  it('refuses a write past the configured number of open partitions', async () => {
    const sink = await sinkWithLimit('2');
    await assert.rejects(
      async () => sink.appendPage(page(3)),
      (e: Error & { errorName?: string }) => {
        assert.equal(e.errorName, 'HIVE_TOO_MANY_OPEN_PARTITIONS');
        assert.equal(e.message, 'Exceeded limit of 2 open writers for partitions');
        return true;
      },
    );
    await sink.abort();
    const fits = await sinkWithLimit('2');
    await fits.appendPage(page(2));
    assert.equal((await fits.finish()) !== undefined, true);
  });

  it('allows 100 by default, as Trino', async () => {
    const sink = await sinkWithLimit(undefined);
    await sink.appendPage(page(100));
    await assert.rejects(
      async () => sink.appendPage(createPage([blockOf(BIGINT, [1]), blockOf(BIGINT, [100])])),
      /Exceeded limit of 100/,
    );
    await sink.abort();
  });
});
