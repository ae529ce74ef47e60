/**
 * `current_user` (issue 17; the parser refused it before): the session's user, in any clause,
 * also written `current_user()` (how the formatter writes it back, e.g. in a view's text).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { getValue } from '../../../src/data/block-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { formatSql } from '../../../src/sql/formatter.js';
import { parseStatement } from '../../../src/sql/parser.js';

async function rows(sql: string, user: string): Promise<unknown[][]> {
  const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
  try {
    const query = await runner.execute(sql, { user, catalog: 'tpch', schema: 'tiny', timeZone: 'UTC', properties: {} });
    if (query.error) throw query.error;
    const types = (query.columns ?? []).map((c) => c.type);
    const result: unknown[][] = [];
    for (let page = query.results.poll(); page; page = query.results.poll()) {
      for (let r = 0; r < page.positionCount; r++) {
        result.push(types.map((t, c) => getValue(page.blocks[c] ?? assert.fail('missing block'), t, r)));
      }
    }
    return result;
  } finally {
    runner.close();
  }
}

describe('current_user', () => {
  it("is the session's user, as varchar, wherever an expression may stand", async () => {
    assert.deepEqual(await rows('SELECT current_user, typeof(current_user)', 'alice'), [['alice', 'varchar']]);
    assert.deepEqual(await rows("SELECT count(*) FROM nation WHERE current_user = 'bob'", 'bob'), [[25]]);
    assert.deepEqual(await rows("SELECT count(*) FROM nation WHERE current_user = 'bob'", 'alice'), [[0]]);
  });

  it('reads back what the formatter writes', async () => {
    const formatted = formatSql(parseStatement('SELECT current_user'));
    assert.deepEqual(await rows(formatted, 'carol'), [['carol']]);
  });
});
