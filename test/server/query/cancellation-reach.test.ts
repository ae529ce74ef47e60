/**
 * Cancellation reaches the connector: after a query over tpch.sf1 is cancelled, every page source
 * it opened is closed and none is read again, and the query's memory is back to zero. Page
 * sources are observed by wrapping the tpch page source's methods for the duration of the test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { TpchPageSource } from '../../../src/connectors/tpch/tpch-page-source.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

const opened = new Set<TpchPageSource>();
const closed = new Set<TpchPageSource>();
let reads = 0;
const realGetNextPage = TpchPageSource.prototype.getNextPage;
const realClose = TpchPageSource.prototype.close;

before(() => {
  TpchPageSource.prototype.getNextPage = function (this: TpchPageSource) {
    opened.add(this);
    reads++;
    return realGetNextPage.call(this);
  };
  TpchPageSource.prototype.close = function (this: TpchPageSource) {
    closed.add(this);
    realClose.call(this);
  };
});

after(() => {
  TpchPageSource.prototype.getNextPage = realGetNextPage;
  TpchPageSource.prototype.close = realClose;
});

describe('cancellation', () => {
  it('closes every page source of the query and reads none afterwards', async () => {
    const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
    const query = runner.submit('SELECT orderkey, sum(quantity) FROM tpch.sf1.lineitem GROUP BY orderkey', {
      user: 'test',
      timeZone: 'UTC',
      properties: {},
    });
    while (reads < 20 && !query.isDone) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(query.state, 'RUNNING');
    const canceledAt = Date.now();
    query.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    await query.executionFinished;
    assert.ok(Date.now() - canceledAt < 1000, `stopped after ${Date.now() - canceledAt} ms`);
    assert.equal(query.error?.errorName, 'USER_CANCELED');
    assert.ok(opened.size > 0);
    for (const source of opened) assert.ok(closed.has(source), 'a page source was left open');
    const readsAtEnd = reads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(reads, readsAtEnd, 'a page source was read after the query ended');
    assert.equal(query.reservedMemoryBytes, 0);
  });
});
