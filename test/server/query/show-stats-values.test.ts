/**
 * SHOW STATS prints a connector's min/max as values of the column's type: statistics come in the
 * SPI value representation (a decimal's unscaled number, a bigint beyond 2^53 as a JS bigint,
 * days for a date), and the planner's estimates read them as numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { getValue } from '../../../src/data/block-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import type { TableMetadata, TableStatistics } from '../../../src/spi/metadata.js';
import { fixedSplitSource } from '../../../src/spi/split-source.js';
import { BIGINT, DATE, decimal } from '../../../src/types/type.js';

const TABLE: TableMetadata = {
  name: { catalog: '', schema: 's', name: 't' },
  columns: [
    { name: 'price', type: decimal(10, 2) },
    { name: 'big', type: BIGINT },
    { name: 'day', type: DATE },
  ],
};

const STATISTICS: TableStatistics = {
  rowCount: 100,
  columns: {
    price: { min: -1250, max: 99_999 },
    big: { min: 1, max: 2n ** 60n },
    day: { min: 0, max: 19_000 },
  },
};

function runner(): QueryManager {
  const catalogs = createCatalogManager({ nodeId: 'test' });
  catalogs.addCatalog({
    name: 'stats',
    connectorName: 'stats',
    properties: {},
    connector: {
      metadata: {
        listSchemas: async () => ['s'],
        listTables: async () => [{ schema: 's', table: 't' }],
        getTable: async (name) => (name.table === 't' ? TABLE : undefined),
        getTableStatistics: async () => STATISTICS,
      },
      getSplits: () => fixedSplitSource([]),
      createPageSource: () => {
        throw new Error('no rows');
      },
    },
  });
  return new QueryManager({ metadata: new MetadataManager(catalogs) });
}

async function rows(sql: string): Promise<unknown[][]> {
  const run = runner();
  try {
    const query = await run.execute(sql, {
      user: 'test',
      catalog: 'stats',
      schema: 's',
      timeZone: 'UTC',
      properties: {},
    });
    if (query.error) throw query.error;
    const types = (query.columns ?? []).map((c) => c.type);
    const result: unknown[][] = [];
    for (let page = query.results.poll(); page; page = query.results.poll()) {
      for (let r = 0; r < page.positionCount; r++) result.push(types.map((t, c) => getValue(page.blocks[c]!, t, r)));
    }
    return result;
  } finally {
    run.close();
  }
}

describe('statistics in SPI values', () => {
  it('are printed by SHOW STATS as values of their type', async () => {
    const stats = await rows('SHOW STATS FOR t');
    const lowHigh = stats.slice(0, 3).map((r) => [r[0], r[5], r[6]]);
    assert.deepEqual(lowHigh, [
      ['price', '-12.50', '999.99'],
      ['big', '1', '1152921504606846976'],
      ['day', '1970-01-01', '2022-01-08'],
    ]);
  });

  it('give the planner numeric ranges', async () => {
    const estimates = await rows('SHOW STATS FOR (SELECT price FROM t)');
    assert.deepEqual([estimates[0]![5], estimates[0]![6]], ['-12.5', '999.99']);
  });
});
