import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import {
  createMemoryConnectorFactory,
  DEFAULT_MEMORY_MAX_DATA_BYTES,
  type MemorySplit,
} from '../../../src/connectors/memory/memory-connector.js';
import type { MemoryWriteFragment } from '../../../src/connectors/memory/memory-page-sink.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { createPage } from '../../../src/data/page.js';
import { parseType } from '../../../src/types/type-signature.js';
import { columns, connectorWithTable, ID_NAME, insert, pageOf, readRows, T } from './memory-test-helpers.js';

const BIGINT = parseType('bigint');

function rowsFrom(first: number, count: number): unknown[][] {
  return Array.from({ length: count }, (_, i) => [first + i, `row ${first + i}`]);
}

describe('memory connector: insert and read', () => {
  it('reads back what was inserted, from several sinks', async () => {
    const connector = await connectorWithTable();
    await insert(
      connector,
      T,
      ['id', 'name'],
      [[pageOf(ID_NAME, rowsFrom(0, 3)), pageOf(ID_NAME, rowsFrom(3, 2))], [pageOf(ID_NAME, [[5, null]])]],
    );
    assert.deepEqual(await readRows(connector, T, ['id', 'name']), [...rowsFrom(0, 5), [5, null]]);
    assert.equal((await connector.metadata.getTableStatistics(T))?.rowCount, 6);
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(6, 1))]]);
    assert.equal((await readRows(connector, T, ['id'])).length, 7);
    assert.equal(connector.metadata.findTable(T)?.version, 2);
  });

  it('reads only the requested columns, in the requested order, or none', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(1, 2))]]);
    assert.deepEqual(await readRows(connector, T, ['name', 'id', 'name']), [
      ['row 1', 1, 'row 1'],
      ['row 2', 2, 'row 2'],
    ]);
    const [split] = connector.listSplits({ table: T, desiredSplits: 1 });
    const source = connector.createPageSource({ split: split!, table: T, columns: [], columnTypes: [] });
    const page = source.getNextPage()!;
    assert.equal(page.positionCount, 2);
    assert.equal(page.blocks.length, 0);
    assert.equal(source.isFinished(), true);
    assert.throws(
      () => connector.createPageSource({ split: split!, table: T, columns: ['nope'], columnTypes: [BIGINT] }),
      /Column 'nope' not found in table 'memory.default.t'/,
    );
  });

  it('stores an INSERT’s columns in table order and fills the others with NULL', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['name'], [[pageOf([parseType('varchar')], [['only name']])]]);
    await insert(connector, T, ['name', 'id'], [[pageOf([parseType('varchar'), BIGINT], [['swapped', 7]])]]);
    assert.deepEqual(await readRows(connector, T, ['id', 'name']), [
      [null, 'only name'],
      [7, 'swapped'],
    ]);
  });

  it('checks pages against the target columns', async () => {
    const connector = await connectorWithTable();
    const sink = connector.createPageSink({ table: T, columns: ['id', 'name'] });
    assert.throws(() => sink.appendPage(pageOf([BIGINT], [[1]])), /expects 2 channels/);
    assert.throws(
      () => sink.appendPage(createPage([blockOf(parseType('varchar'), ['x']), blockOf(parseType('varchar'), ['y'])])),
      /cannot hold column 'id' of type bigint/,
    );
    assert.throws(() => connector.createPageSink({ table: T, columns: ['id', 'id'] }), /specified more than once: id/);
    assert.throws(() => connector.createPageSink({ table: T, columns: ['x'] }), /Column 'x' not found/);
    assert.throws(
      () => connector.createPageSink({ table: { schema: 'default', table: 'u' }, columns: [] }),
      /Table 'memory.default.u' does not exist/,
    );
  });

  it('stops at the limit', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(0, 5)), pageOf(ID_NAME, rowsFrom(5, 5))]]);
    assert.deepEqual(
      await readRows(connector, T, ['id'], { desiredSplits: 1, limit: 7 }),
      rowsFrom(0, 7).map((r) => [r[0]]),
    );
    assert.deepEqual(await readRows(connector, T, ['id'], { desiredSplits: 1, limit: 0 }), []);
  });
});

describe('memory connector: splits', () => {
  it('groups pages into splits addressed to this node', async () => {
    const connector = await connectorWithTable();
    assert.deepEqual(connector.listSplits({ table: T, desiredSplits: 4 }), []);
    const pages = Array.from({ length: 6 }, (_, i) => pageOf(ID_NAME, rowsFrom(i * 10, 10)));
    await insert(connector, T, ['id', 'name'], [pages]);
    const splits = connector.listSplits({ table: T, desiredSplits: 3 }) as MemorySplit[];
    assert.deepEqual(
      splits.flatMap((s) => s.ranges.map((r) => [r.pageStart, r.pageEnd])),
      [
        [0, 2],
        [2, 4],
        [4, 6],
      ],
    );
    const table = connector.metadata.findTable(T)!;
    assert.ok(
      splits.every(
        (s) =>
          s.addresses.length === 1 &&
          s.addresses[0] === 'node-1' &&
          s.tableId === table.id &&
          s.ranges.every((r) => r.fragmentId === table.fragments[0]!.fragmentId),
      ),
    );
    assert.deepEqual(splits[0]!.columns, ['id', 'name']);
    assert.equal(connector.listSplits({ table: T, desiredSplits: 100 }).length, 6);
    assert.equal(connector.listSplits({ table: T, desiredSplits: 1 }).length, 1);
    assert.deepEqual(connector.listSplits({ table: T, desiredSplits: 4, constraint: { none: true, columns: {} } }), []);
    assert.deepEqual(JSON.parse(JSON.stringify(splits)), splits);
    assert.equal((await readRows(connector, T, ['id'], { splits })).length, 60);
  });

  it('gathers many small fragments into about the desired number of splits, reading each row once', async () => {
    const connector = await connectorWithTable();
    // 200 single-row INSERTs: 200 one-page fragments.
    for (let i = 0; i < 200; i++) await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(i, 1))]]);
    const splits = connector.listSplits({ table: T, desiredSplits: 4 }) as MemorySplit[];
    assert.equal(splits.length, 4);
    assert.deepEqual(
      splits.map((s) => s.ranges.length),
      [50, 50, 50, 50],
    );
    assert.deepEqual(JSON.parse(JSON.stringify(splits)), splits);
    const ids = (await readRows(connector, T, ['id'], { splits })).map((row) => row[0]);
    assert.deepEqual(
      ids,
      rowsFrom(0, 200).map((row) => row[0]),
    );
    assert.equal(connector.listSplits({ table: T, desiredSplits: 1 }).length, 1);
  });

  it('keeps showing a reader the table as it was when its splits were made', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(0, 2))]]);
    const before = connector.listSplits({ table: T, desiredSplits: 1 });
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(2, 2))]]);
    assert.deepEqual(await readRows(connector, T, ['id'], { splits: before }), [[0], [1]]);
    assert.deepEqual(await readRows(connector, T, ['id']), [[0], [1], [2], [3]]);
    // Sources opened before a commit do not see it either.
    const sources = connector
      .listSplits({ table: T, desiredSplits: 1 })
      .map((split) => connector.createPageSource({ split, table: T, columns: ['id'], columnTypes: [BIGINT] }));
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(4, 2))]]);
    let rows = 0;
    for (const source of sources) while (!source.isFinished()) rows += source.getNextPage()?.positionCount ?? 0;
    assert.equal(rows, 4);
  });

  it('refuses splits of a dropped table', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(0, 2))]]);
    const splits = connector.listSplits({ table: T, desiredSplits: 1 });
    await connector.metadata.dropTable(T);
    await connector.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    await assert.rejects(
      async () => readRows(connector, T, ['id'], { splits }),
      /Table 'memory.default.t' was dropped while being read/,
    );
  });
});

describe('memory connector: atomic writes', () => {
  async function snapshot(connector: Awaited<ReturnType<typeof connectorWithTable>>) {
    const table = connector.metadata.findTable(T)!;
    return { rows: await readRows(connector, T, ['id', 'name']), version: table.version, count: table.rowCount };
  }

  it('publishes nothing before finishInsert', async () => {
    const connector = await connectorWithTable();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(0, 1))]]);
    const before = await snapshot(connector);
    const fragmentsBefore = connector.store.fragmentCount;
    const sink = connector.createPageSink({ table: T, columns: ['id', 'name'] });
    sink.appendPage(pageOf(ID_NAME, rowsFrom(1, 3)));
    const fragment = sink.finish();
    assert.deepEqual(await snapshot(connector), before);
    // The INSERT failed before committing: its pages are dropped, the table is unchanged.
    await connector.abortInsert([fragment]);
    assert.equal(connector.store.fragmentCount, fragmentsBefore);
    assert.deepEqual(await snapshot(connector), before);
    await assert.rejects(
      async () => connector.finishInsert({ table: T, columns: ['id', 'name'] }, [fragment]),
      /Unknown or unfinished memory write/,
    );
    assert.deepEqual(await snapshot(connector), before);
  });

  it('leaves the table unchanged when a sink aborts', async () => {
    const connector = await connectorWithTable();
    const bytesBefore = connector.store.bytesInUse;
    const sink = connector.createPageSink({ table: T, columns: ['id', 'name'] });
    sink.appendPage(pageOf(ID_NAME, rowsFrom(0, 3)));
    assert.ok(connector.store.bytesInUse > bytesBefore);
    sink.abort();
    assert.equal(connector.store.bytesInUse, bytesBefore);
    assert.deepEqual(await readRows(connector, T, ['id']), []);
    assert.throws(() => sink.appendPage(pageOf(ID_NAME, rowsFrom(3, 1))), /no longer open/);
    assert.throws(() => sink.finish(), /was aborted/);
  });

  it('commits all fragments or none', async () => {
    const connector = await connectorWithTable();
    const target = { table: T, columns: ['id', 'name'] };
    const good = connector.createPageSink(target);
    good.appendPage(pageOf(ID_NAME, rowsFrom(0, 2)));
    const unfinished = connector.createPageSink(target);
    unfinished.appendPage(pageOf(ID_NAME, rowsFrom(2, 2)));
    const goodFragment = good.finish();
    await assert.rejects(
      async () => connector.finishInsert(target, [goodFragment, { writeId: 'node-1/999' }]),
      (e: unknown) => e instanceof VivaceError && e.errorName === 'GENERIC_INTERNAL_ERROR',
    );
    assert.deepEqual(await readRows(connector, T, ['id']), []);
    assert.equal(connector.metadata.findTable(T)!.version, 0);
    // The failed commit discarded the good fragment too.
    await assert.rejects(async () => connector.finishInsert(target, [goodFragment]), /Unknown or unfinished/);
    // Committing the same fragment twice in one call is refused as well.
    const twice = connector.createPageSink(target);
    twice.appendPage(pageOf(ID_NAME, rowsFrom(0, 1)));
    const twiceFragment = twice.finish();
    await assert.rejects(
      async () => connector.finishInsert(target, [twiceFragment, twiceFragment]),
      /Unknown or unfinished/,
    );
    assert.deepEqual(await readRows(connector, T, ['id']), []);
  });

  it('refuses to commit into a table dropped and re-created during the write', async () => {
    const connector = await connectorWithTable();
    const target = { table: T, columns: ['id', 'name'] };
    const sink = connector.createPageSink(target);
    sink.appendPage(pageOf(ID_NAME, rowsFrom(0, 2)));
    const fragment = sink.finish();
    await connector.metadata.dropTable(T);
    await connector.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    await assert.rejects(
      async () => connector.finishInsert(target, [fragment]),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'TRANSACTION_CONFLICT' &&
        e.message === "Table 'memory.default.t' was changed by another statement during the write; run it again",
    );
    assert.deepEqual(await readRows(connector, T, ['id']), []);
    // The refused fragment's pages were dropped with the commit.
    const { tableId, fragmentId } = fragment as MemoryWriteFragment;
    assert.equal(connector.store.get(tableId, fragmentId), undefined);
  });

  it('enforces memory.max-data-per-node', async () => {
    const connector = createMemoryConnectorFactory('node-1').create('memory', { 'memory.max-data-per-node': '1kB' });
    await connector.metadata.createTable!(T, columns({ id: 'bigint', name: 'varchar' }), {});
    const sink = connector.createPageSink!({ table: T, columns: ['id', 'name'] });
    sink.appendPage(pageOf(ID_NAME, rowsFrom(0, 10)));
    assert.throws(
      () => sink.appendPage(pageOf(ID_NAME, rowsFrom(10, 100))),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'EXCEEDED_LOCAL_MEMORY_LIMIT' &&
        e.message === 'Memory limit [1024] for memory connector exceeded',
    );
    sink.abort();
    assert.equal(DEFAULT_MEMORY_MAX_DATA_BYTES, 128 * 1024 * 1024);
    assert.throws(
      () => createMemoryConnectorFactory('n').create('memory', { 'memory.max-data-per-node': 'lots' }),
      /Invalid value 'lots' for memory.max-data-per-node/,
    );
    assert.throws(
      () => createMemoryConnectorFactory('n').create('memory', { 'memory.other': '1' }),
      /'memory.other' was not used/,
    );
  });
});
