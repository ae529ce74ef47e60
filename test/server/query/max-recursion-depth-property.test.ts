/** The `max_recursion_depth` session property: how deep a recursive WITH query may go (Trino's, default 10). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
const COUNT_TO = (n: number) =>
  `WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < ${n}) SELECT max(n), count(*) FROM t`;

async function run(sql: string, properties: Record<string, string>) {
  const query = await runner.execute(sql, {
    user: 'test',
    catalog: 'tpch',
    schema: 'tiny',
    timeZone: 'UTC',
    properties,
  });
  if (query.error) return { error: query.error };
  const page = query.results.poll();
  return {
    rows: page
      ? pageToJsonRows(
          page,
          query.columns!.map((c) => c.type),
        )
      : [],
  };
}

describe('max_recursion_depth session property', () => {
  it('lets a recursion go as deep as the property says, and no deeper', async () => {
    assert.deepEqual((await run(COUNT_TO(25), { max_recursion_depth: '24' })).rows, [[25, 25]]);
    const tooDeep = await run(COUNT_TO(26), { max_recursion_depth: '24' });
    assert.equal(tooDeep.error?.errorName, 'NOT_SUPPORTED');
    assert.match(tooDeep.error?.message ?? '', /Recursion depth limit exceeded \(24\)/);
    assert.match((await run(COUNT_TO(3), { max_recursion_depth: '1' })).error?.message ?? '', /exceeded \(1\)/);
  });

  it('refuses values out of its range', async () => {
    assert.match((await run('SELECT 1', { max_recursion_depth: '0' })).error?.message ?? '', /positive integer/);
    assert.match((await run('SELECT 1', { max_recursion_depth: '101' })).error?.message ?? '', /range \[1, 100\]/);
  });
});
