/** The `page_rows` session property: scans and VALUES emit pages of at most that many rows. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });

async function pageSizes(sql: string, properties: Record<string, string>): Promise<number[]> {
  const query = await runner.execute(sql, {
    user: 'test',
    catalog: 'tpch',
    schema: 'tiny',
    timeZone: 'UTC',
    properties,
  });
  if (query.error) throw query.error;
  const sizes: number[] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) sizes.push(page.positionCount);
  return sizes;
}

describe('page_rows session property', () => {
  it('makes VALUES emit 1-row pages', async () => {
    assert.deepEqual(await pageSizes('SELECT x + 1 FROM (VALUES 1, 2, 3) t(x)', { page_rows: '1' }), [1, 1, 1]);
  });

  it('caps table scan pages', async () => {
    const sizes = await pageSizes('SELECT name FROM nation', { page_rows: '10' });
    assert.deepEqual(sizes, [10, 10, 5]);
  });

  it('leaves page sizes alone when absent', async () => {
    assert.deepEqual(await pageSizes('SELECT name FROM nation', {}), [25]);
  });

  it('rejects a value that is not a positive integer', async () => {
    const query = await runner.execute('SELECT 1', {
      user: 'test',
      timeZone: 'UTC',
      properties: { page_rows: '0' },
    });
    assert.equal(query.error?.errorName, 'INVALID_SESSION_PROPERTY');
    assert.match(query.error?.message ?? '', /page_rows must be a positive integer: 0/);
  });
});
