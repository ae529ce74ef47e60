/**
 * Split enumeration in batches, in the coordinator's own process: over a connector that lists
 * its 100,000 splits slowly, batch by batch, the first split is read before the listing ends, a
 * LIMIT query ends the listing early by closing the split source, and a full scan reads every
 * split exactly once. And the engine holds a limit a connector ignores.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { getValue } from '../../../src/data/block-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';
import { BIGINT } from '../../../src/types/type.js';
import {
  newStreamingLog,
  type StreamingLog,
  type StreamingOptions,
  streamingConnectorFactory,
} from '../../connectors/streaming-connector.js';
import { THROWAWAY_CONNECTOR_FACTORY } from '../../connectors/throwaway-connector.js';

async function run(sql: string, options: StreamingOptions): Promise<{ rows: unknown[]; log: StreamingLog }> {
  const log = newStreamingLog();
  const catalogs = createCatalogManager({ nodeId: 'test', extraFactories: [streamingConnectorFactory(options, log)] });
  catalogs.createCatalog({ name: 'slow', connectorName: 'streaming', properties: {} });
  const runner = new QueryManager({ metadata: new MetadataManager(catalogs) });
  try {
    const query = await runner.execute(sql, {
      user: 'test',
      catalog: 'slow',
      schema: 's',
      timeZone: 'UTC',
      properties: {},
    });
    if (query.error) throw query.error;
    const rows: unknown[] = [];
    for (let page = query.results.poll(); page; page = query.results.poll()) {
      for (let i = 0; i < page.positionCount; i++) rows.push(getValue(page.blocks[0]!, BIGINT, i));
    }
    return { rows, log };
  } finally {
    runner.close();
  }
}

describe('split sources in the coordinator', () => {
  it('reads the first split before the listing ends, and a LIMIT stops the listing', async () => {
    const { rows, log } = await run('SELECT id FROM t LIMIT 3', { splitCount: 100_000, batchSize: 50 });
    assert.deepEqual(rows, [0, 1, 2]);
    assert.equal(log.events[0], 'batch 0 50', 'the first batch arrives first');
    assert.equal(log.events[1], 'read 0', 'the first split is read as soon as its batch is in');
    assert.equal(log.closed, true, 'the finished query closed the split source');
    assert.ok(!log.events.includes('no more splits'), 'the listing never reached its end');
    assert.ok(log.handedOut < 1000, `only the first batches were listed (${log.handedOut})`);
  });

  it('reads every split once while batches keep arriving', async () => {
    const { rows, log } = await run('SELECT id FROM t', { splitCount: 2000, batchSize: 50 });
    assert.deepEqual(
      rows,
      Array.from({ length: 2000 }, (_, i) => i),
    );
    const lastBatch = log.events.indexOf('batch 1950 50');
    assert.ok(log.events.indexOf('read 0') < lastBatch, 'reading began long before the last batch');
    assert.ok(log.events.indexOf('read 1000') < lastBatch);
    assert.equal(log.events.filter((e) => e.startsWith('read ')).length, 2000);
    assert.deepEqual(
      log.events.slice(lastBatch, lastBatch + 3),
      ['batch 1950 50', 'no more splits', 'closed'],
      'an exhausted source is closed at once',
    );
  });

  it('holds a limit the connector ignores', async () => {
    const catalogs = createCatalogManager({ nodeId: 'test', extraFactories: [THROWAWAY_CONNECTOR_FACTORY] });
    catalogs.createCatalog({ name: 'plug', connectorName: 'throwaway', properties: {} });
    const runner = new QueryManager({ metadata: new MetadataManager(catalogs) });
    try {
      const session = { user: 'test', catalog: 'plug', schema: 's', timeZone: 'UTC', properties: {} };
      const query = await runner.execute('SELECT n FROM numbers LIMIT 3', session);
      if (query.error) throw query.error;
      const rows: unknown[] = [];
      for (let page = query.results.poll(); page; page = query.results.poll()) {
        for (let i = 0; i < page.positionCount; i++) rows.push(getValue(page.blocks[0]!, BIGINT, i));
      }
      assert.deepEqual(rows, [0, 1, 2]);
      // The engine cut the connector's 1000-row page: the scan put out only the limit's rows.
      const task = query.stages?.()?.tasks[0]?.info as {
        stats?: { pipelines?: { operatorSummaries: { operatorType: string; outputPositions: number }[] }[] };
      };
      const operators = task?.stats?.pipelines?.flatMap((p) => p.operatorSummaries) ?? [];
      assert.equal(operators.find((o) => o.operatorType === 'TableScanOperator')?.outputPositions, 3);
    } finally {
      runner.close();
    }
  });
});
