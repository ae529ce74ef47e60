/**
 * Atomic writes of the lake connector (connector/lake-writes.ts): a failing writer, a cancelled
 * CTAS and a failed commit leave no visible file and no metastore change; readers running while
 * an INSERT commits see the table before or after it, never half of it.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { parseLakeConfig } from '../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../src/connectors/lake/connector/lake-connector.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { createPage } from '../../../src/data/page.js';
import type { QueryManager } from '../../../src/server/query/query-manager.js';
import { BIGINT } from '../../../src/types/type.js';
import { lakeEngine, lakeRows, writeLakeFixtures } from './lake-fixtures.js';

const SESSION = { user: 'test', catalog: 'lake', schema: 'default', timeZone: 'UTC', properties: {} };

const rows = (runner: QueryManager, sql: string) => lakeRows(runner, sql, SESSION);

/** Every file below `dir` whose path has no hidden segment (what a reader would list). */
function visibleFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
      if (entry.isDirectory()) walk(join(d, entry.name));
      else found.push(join(d, entry.name));
    }
  };
  walk(dir);
  return found.sort();
}

describe('lake writes are atomic', () => {
  let runner: QueryManager;
  let data: string;
  let connector: LakeConnector;

  before(async () => {
    ({ data } = await writeLakeFixtures());
    const engine = lakeEngine(data);
    runner = engine.runner;
    connector = engine.metadata.catalogs.connectorOf('lake') as LakeConnector;
  });
  after(() => runner.close());

  it('a writer failing half-way leaves no file and no metastore change', async () => {
    await rows(runner, 'CREATE TABLE t1 AS SELECT orderkey, linenumber FROM tpch.tiny.lineitem WHERE orderkey < 100');
    const tableDir = join(data, 'lake', 'default', 't1');
    const filesBefore = visibleFiles(tableDir);
    const [[countBefore]] = (await rows(runner, 'SELECT count(*) FROM t1')) as [[number]];
    const documentBefore = await connector.metastore.getTable('default', 't1');
    // Many pages are written before the expression fails on a late row.
    const failed = await runner.execute(
      'INSERT INTO t1 SELECT CASE WHEN orderkey > 59000 THEN CAST(1 / 0 AS bigint) ELSE orderkey END, linenumber FROM tpch.tiny.lineitem',
      SESSION,
    );
    assert.equal(failed.error?.errorName, 'DIVISION_BY_ZERO');
    assert.deepEqual(visibleFiles(tableDir), filesBefore);
    assert.deepEqual(await rows(runner, 'SELECT count(*) FROM t1'), [[countBefore]]);
    connector.metastore.flushCache();
    assert.deepEqual(await connector.metastore.getTable('default', 't1'), documentBefore);
  });

  it('a sink that fails is discarded with the other sinks of its write by abortInsert', async () => {
    await rows(runner, 'CREATE TABLE t2 (a bigint)');
    const handle = await connector.insertHandle({ table: { schema: 'default', table: 't2' } });
    const target = { table: { schema: 'default', table: 't2' }, columns: ['a'], handle };
    const good = connector.createPageSink(target);
    await good.appendPage(createPage([blockOf(BIGINT, [1, 2, 3])], 3));
    const fragment = await good.finish();
    const bad = connector.createPageSink(target);
    await bad.appendPage(createPage([blockOf(BIGINT, [4])], 1));
    await bad.abort();
    // The finished sink's file exists but is invisible until commit; abort deletes it.
    assert.deepEqual(await rows(runner, 'SELECT count(*) FROM t2'), [[0]]);
    await connector.abortInsert([fragment]);
    assert.deepEqual(visibleFiles(join(data, 'lake', 'default', 't2')), []);
    assert.deepEqual(await rows(runner, 'SELECT count(*) FROM t2'), [[0]]);
  });

  it('a finished but uncommitted write stays invisible; its commit shows every file at once', async () => {
    await rows(runner, 'CREATE TABLE t3 (a bigint)');
    const handle = await connector.insertHandle({ table: { schema: 'default', table: 't3' } });
    const target = { table: { schema: 'default', table: 't3' }, columns: ['a'], handle };
    const fragments: unknown[] = [];
    for (let sink = 0; sink < 3; sink++) {
      const writer = connector.createPageSink(target);
      await writer.appendPage(createPage([blockOf(BIGINT, [sink, sink])], 2));
      fragments.push(await writer.finish());
    }
    assert.equal(visibleFiles(join(data, 'lake', 'default', 't3')).length, 3);
    assert.deepEqual(await rows(runner, 'SELECT count(*) FROM t3'), [[0]]);
    await connector.finishInsert(target, fragments);
    assert.deepEqual(await rows(runner, 'SELECT count(*), sum(a) FROM t3'), [[6, 6]]);
  });

  it('a writer starts a new file past vivace.writer.max-rows-per-file rows', async () => {
    const small = new LakeConnector(
      'small',
      parseLakeConfig({ 'hive.metastore.catalog.dir': `${data}/small`, 'vivace.writer.max-rows-per-file': '2' }),
    );
    const name = { schema: 'default', table: 'rolled' };
    await small.metadata.createTable(name, [{ name: 'a', type: BIGINT }], {});
    const handle = await small.insertHandle({ table: name });
    const target = { table: name, columns: ['a'], handle };
    const sink = small.createPageSink(target);
    for (const values of [[1, 2], [3, 4], [5]])
      await sink.appendPage(createPage([blockOf(BIGINT, values)], values.length));
    const fragment = (await sink.finish()) as { files: { rows: number }[] };
    assert.deepEqual(
      fragment.files.map((f) => f.rows),
      [2, 2, 1],
    );
    await small.finishInsert(target, [fragment]);
    assert.equal(visibleFiles(join(data, 'small', 'default', 'rolled')).length, 3);
  });

  it('a cancelled CTAS leaves no table and no file', async () => {
    const query = runner.submit(
      'CREATE TABLE big AS SELECT orderkey, partkey, comment FROM tpch.sf1.lineitem',
      SESSION,
    );
    const tableDir = join(data, 'lake', 'default', 'big');
    // Cancel once the writers have produced a file.
    for (let i = 0; i < 600 && !query.isDone; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        if (readdirSync(tableDir).some((name) => name.endsWith('.parquet') || name.includes('inprogress'))) break;
      } catch {
        // not created yet
      }
    }
    assert.equal(query.isDone, false, 'the CTAS ran long enough to be cancelled');
    query.cancel(new VivaceError('USER_CANCELED', 'Query was canceled'));
    await query.executionFinished;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(query.state, 'FAILED');
    assert.deepEqual(await rows(runner, "SHOW TABLES LIKE 'big'"), []);
    let left: string[] = [];
    try {
      left = visibleFiles(tableDir);
    } catch {
      left = [];
    }
    assert.deepEqual(left, []);
  });

  it('readers during an INSERT see the table before or after it, never half', async () => {
    await rows(
      runner,
      "CREATE TABLE t4 WITH (partitioned_by = ARRAY['linenumber']) AS SELECT orderkey, linenumber FROM tpch.tiny.lineitem WHERE orderkey < 1000",
    );
    const [[before]] = (await rows(runner, 'SELECT count(*) FROM t4')) as [[number]];
    const insert = runner.execute('INSERT INTO t4 SELECT orderkey, linenumber FROM tpch.tiny.lineitem', SESSION);
    let done = false;
    void insert.then(() => {
      done = true;
    });
    const seen = new Set<number>();
    while (!done) {
      const [[count]] = (await rows(runner, 'SELECT count(*) FROM t4')) as [[number]];
      seen.add(count);
    }
    const inserted = await insert;
    assert.equal(inserted.error, undefined);
    const [[afterCount]] = (await rows(runner, 'SELECT count(*) FROM t4')) as [[number]];
    assert.equal(afterCount, before + 60175);
    for (const count of seen) assert.ok(count === before || count === afterCount, `a reader saw ${count} rows`);
  });
});
