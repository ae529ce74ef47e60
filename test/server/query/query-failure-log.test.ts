/**
 * Failed queries are logged by the coordinator with their stacks (clients get stacks only in
 * debug mode, see statement-resource.test.ts): the query id, user, error name and the error with
 * its stack, at info level for the user's own errors.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

describe('query failure log', () => {
  it('logs a failed query with its error and stack', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const runner = new QueryManager({
      metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })),
      logger: pino({ level: 'info' }, sink),
    });
    const session = { user: 'carol', catalog: 'tpch', schema: 'tiny', timeZone: 'UTC', properties: {} };
    const query = runner.submit('SELECT 1 / 0', session);
    query.touch();
    await query.executionFinished;
    await new Promise((resolve) => setImmediate(resolve));
    runner.close();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = entries.find((e) => e.msg === 'query failed');
    assert.ok(entry, `logged: ${lines.join('')}`);
    assert.equal(entry.queryId, query.queryId);
    assert.equal(entry.user, 'carol');
    assert.equal(entry.errorName, 'DIVISION_BY_ZERO');
    assert.equal(entry.level, 30, 'info: the user made the error');
    const err = entry.err as { message: string; stack: string };
    assert.match(err.message, /Division by zero/);
    assert.match(err.stack, /\n\s+at .+\.js:\d+/);
  });
});
