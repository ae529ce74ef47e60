/**
 * The lake connector hands the scan's filter to the Parquet reader, which skips the pages the
 * page index excludes: a narrow range of a sorted key over a file of one row group and many pages
 * reads a small part of the bytes a full scan reads, and returns the same matching rows.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseLakeConfig } from '../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../src/connectors/lake/connector/lake-connector.js';
import { fileLocation } from '../../../src/connectors/lake/fs/location.js';
import { ParquetFileWriter } from '../../../src/connectors/lake/parquet/parquet-writer.js';
import { float64Block, stringBlock } from '../../../src/data/block.js';
import { getValue } from '../../../src/data/block-values.js';
import { createPage } from '../../../src/data/page.js';
import type { ConnectorPageSource } from '../../../src/spi/connector.js';
import { collectSplits } from '../../../src/spi/split-source.js';
import type { TupleDomain } from '../../../src/spi/tuple-domain.js';
import { DOUBLE, VARCHAR } from '../../../src/types/type.js';
import { temporaryDirectory } from './lake-test-helpers.js';
import { localFs } from './parquet/parquet-fixtures.js';

async function drain(source: ConnectorPageSource): Promise<{ keys: number[]; bytes: number }> {
  const keys: number[] = [];
  while (!source.isFinished()) {
    const page = source.getNextPage();
    if (page === null) {
      await source.isBlocked?.();
      continue;
    }
    const block = page.blocks[0];
    assert.ok(block !== undefined);
    for (let p = 0; p < page.positionCount; p++) keys.push(getValue(block, DOUBLE, p) as number);
  }
  source.close();
  return { keys, bytes: source.completedBytes ?? 0 };
}

describe('lake page-index pruning through the connector', () => {
  it('reads only the pages a narrow key range can match', async () => {
    const dir = await temporaryDirectory('vivace-lake-page-index-');
    const tableDir = join(dir, 'paged');
    mkdirSync(tableDir);
    const writer = ParquetFileWriter.create(
      await localFs.newOutputFile(fileLocation(join(tableDir, 'part-0.parquet'))),
      {
        columns: [
          { name: 'k', type: DOUBLE },
          { name: 's', type: VARCHAR },
        ],
        compression: 'SNAPPY',
        dataPageBytes: 4096,
      },
    );
    for (let start = 0; start < 100_000; start += 1000) {
      const keys = Float64Array.from({ length: 1000 }, (_, i) => start + i);
      await writer.write(
        createPage([
          float64Block(keys),
          stringBlock(Array.from(keys, (k) => `row ${k} with enough text to fill pages`)),
        ]),
      );
    }
    await writer.finish();

    const connector = new LakeConnector(
      'lake',
      parseLakeConfig({ 'hive.metastore.catalog.dir': join(dir, 'metastore') }),
    );
    const name = { schema: 'default', table: 'paged' };
    await connector.metadata.createTable(name, [], { external_location: `file://${tableDir}` });
    const table = await connector.metadata.getTable(name);
    const scan = async (constraint: TupleDomain | undefined) => {
      const splits = await collectSplits(
        connector.getSplits({
          table: name,
          handle: table?.handle,
          desiredSplits: 1,
          ...(constraint && { constraint }),
        }),
      );
      let keys: number[] = [];
      let bytes = 0;
      for (const split of splits) {
        const read = await drain(
          connector.createPageSource({
            split,
            table: name,
            handle: table?.handle,
            columns: ['k', 's'],
            columnTypes: [DOUBLE, VARCHAR],
            ...(constraint && { constraint }),
          }),
        );
        keys = keys.concat(read.keys);
        bytes += read.bytes;
      }
      return { keys, bytes };
    };
    const full = await scan(undefined);
    assert.equal(full.keys.length, 100_000);
    const narrow = await scan({
      columns: {
        k: {
          nullAllowed: false,
          ranges: [{ low: { value: 50_000, inclusive: true }, high: { value: 50_100, inclusive: true } }],
        },
      },
    });
    const matching = narrow.keys.filter((k) => k >= 50_000 && k <= 50_100);
    assert.equal(matching.length, 101, 'every matching row is read');
    assert.ok(narrow.bytes < full.bytes * 0.2, `read ${narrow.bytes} of ${full.bytes} bytes`);
  });
});
