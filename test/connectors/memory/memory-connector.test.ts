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
import { createPage, pageSizeInBytes } from '../../../src/data/page.js';
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
  it('cuts committed rows into splits addressed to this node', async () => {
    const connector = await connectorWithTable();
    assert.deepEqual(connector.listSplits({ table: T, desiredSplits: 4 }), []);
    const pages = Array.from({ length: 6 }, (_, i) => pageOf(ID_NAME, rowsFrom(i * 1000, 1000)));
    await insert(connector, T, ['id', 'name'], [pages]);
    const splits = connector.listSplits({ table: T, desiredSplits: 3 }) as MemorySplit[];
    assert.deepEqual(
      splits.flatMap((s) => s.ranges.map((r) => [r.rowStart, r.rowEnd])),
      [
        [0, 2000],
        [2000, 4000],
        [4000, 6000],
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
    // Parts are not cut below 1,024 rows.
    assert.equal(connector.listSplits({ table: T, desiredSplits: 100 }).length, 5);
    assert.equal(connector.listSplits({ table: T, desiredSplits: 1 }).length, 1);
    assert.deepEqual(connector.listSplits({ table: T, desiredSplits: 4, constraint: { none: true, columns: {} } }), []);
    assert.deepEqual(JSON.parse(JSON.stringify(splits)), splits);
    assert.deepEqual(
      (await readRows(connector, T, ['id'], { splits })).map((row) => row[0]),
      Array.from({ length: 6000 }, (_, i) => i),
    );
  });

  it('appends single-row INSERTs to one fragment of a few merged pages, one committed range', async () => {
    const connector = await connectorWithTable();
    for (let i = 0; i < 200; i++) await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(i, 1))]]);
    const table = connector.metadata.findTable(T)!;
    assert.equal(table.fragments.length, 1);
    assert.deepEqual(table.fragments[0]!.ranges, [0, 200]);
    assert.equal(table.samples.length, 200, 'one sample per write for the statistics');
    const stored = connector.store.get(table.id, table.fragments[0]!.fragmentId)!;
    // Merged as a counter in base 8 carries: 200 = 3 × 64 + 8.
    assert.deepEqual(
      stored.pages.map((page) => page.positionCount),
      [64, 64, 64, 8],
    );
    assert.deepEqual(stored.firstRows, [0, 64, 128, 192]);
    const pageBytes = stored.pages.reduce((sum, page) => sum + pageSizeInBytes(page), 0);
    assert.equal(connector.store.bytesInUse, pageBytes, 'merged pages are accounted as they are');
    const splits = connector.listSplits({ table: T, desiredSplits: 4 }) as MemorySplit[];
    assert.equal(splits.length, 1, 'no part below 1,024 rows');
    assert.deepEqual(JSON.parse(JSON.stringify(splits)), splits);
    assert.deepEqual(
      (await readRows(connector, T, ['id'], { splits })).map((row) => row[0]),
      rowsFrom(0, 200).map((row) => row[0]),
    );
  });

  it('cuts a long run of single-row INSERTs into splits that read each row once', async () => {
    const connector = await connectorWithTable();
    for (let i = 0; i < 5000; i++) await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(i, 1))]]);
    const table = connector.metadata.findTable(T)!;
    const stored = connector.store.get(table.id, table.fragments[0]!.fragmentId)!;
    // 5,000 = 9 × 512 + 6 × 64 + 8.
    assert.deepEqual(
      stored.pages.map((page) => page.positionCount),
      [...Array(9).fill(512), ...Array(6).fill(64), 8],
    );
    const splits = connector.listSplits({ table: T, desiredSplits: 4 }) as MemorySplit[];
    assert.deepEqual(
      splits.flatMap((split) => split.ranges.map((r) => [r.rowStart, r.rowEnd])),
      [
        [0, 1250],
        [1250, 2500],
        [2500, 3750],
        [3750, 5000],
      ],
    );
    const ids = (await readRows(connector, T, ['id'], { splits })).map((row) => row[0]);
    assert.deepEqual(
      ids,
      rowsFrom(0, 5000).map((row) => row[0]),
    );
  });

  it('gives concurrent writers fragments of their own and merges committed runs in any commit order', async () => {
    const connector = await connectorWithTable();
    const target = { table: T, columns: ['id', 'name'] };
    const first = connector.createPageSink(target);
    const second = connector.createPageSink(target);
    first.appendPage(pageOf(ID_NAME, rowsFrom(0, 2)));
    second.appendPage(pageOf(ID_NAME, rowsFrom(100, 3)));
    const a = first.finish() as MemoryWriteFragment;
    const b = second.finish() as MemoryWriteFragment;
    assert.notEqual(a.fragmentId, b.fragmentId);
    // The next write appends to the fragment that finished last; it commits before `a`.
    const third = connector.createPageSink(target);
    third.appendPage(pageOf(ID_NAME, rowsFrom(200, 1)));
    const c = third.finish() as MemoryWriteFragment;
    assert.equal(c.fragmentId, b.fragmentId);
    assert.deepEqual([c.rowStart, c.rowEnd], [3, 4]);
    await connector.finishInsert(target, [c]);
    await connector.finishInsert(target, [a, b]);
    const table = connector.metadata.findTable(T)!;
    assert.deepEqual(
      table.fragments.map((f) => [f.fragmentId, f.ranges]),
      [
        [b.fragmentId, [0, 4]],
        [a.fragmentId, [0, 2]],
      ],
    );
    assert.equal(table.rowCount, 6);
    assert.deepEqual((await readRows(connector, T, ['id'])).map((row) => row[0]).sort(), [0, 1, 100, 101, 102, 200]);
    await assert.rejects(async () => connector.finishInsert(target, [c]), /Unknown or unfinished memory write/);
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

  it('cuts an aborted write off the end of a shared fragment, merged pages included, and seals it', async () => {
    const connector = await connectorWithTable();
    for (let i = 0; i < 3; i++) await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(i, 1))]]);
    const bytesBefore = connector.store.bytesInUse;
    const table = connector.metadata.findTable(T)!;
    const fragmentId = table.fragments[0]!.fragmentId;
    const sink = connector.createPageSink({ table: T, columns: ['id', 'name'] });
    // Five more one-row pages make eight: merged into one page with the three committed rows;
    // the write's last two rows are a page of their own.
    for (let row = 3; row < 8; row++) sink.appendPage(pageOf(ID_NAME, rowsFrom(row, 1)));
    sink.appendPage(pageOf(ID_NAME, rowsFrom(8, 2)));
    assert.deepEqual(
      connector.store.get(table.id, fragmentId)!.pages.map((p) => p.positionCount),
      [8, 2],
    );
    sink.abort();
    const stored = connector.store.get(table.id, fragmentId)!;
    assert.equal(stored.rows, 3);
    assert.deepEqual(
      stored.pages.map((p) => p.positionCount),
      [3],
    );
    assert.equal(connector.store.bytesInUse, pageSizeInBytes(stored.pages[0]!));
    assert.ok(connector.store.bytesInUse <= bytesBefore + 64);
    assert.deepEqual(await readRows(connector, T, ['id']), [[0], [1], [2]]);
    // A sealed fragment never grows again: the next write starts a fragment of its own.
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(9, 1))]]);
    assert.equal(table.fragments.length, 2);
    assert.deepEqual(await readRows(connector, T, ['id']), [[0], [1], [2], [9]]);
  });

  it('leaves the rows of a finished, uncommitted write in place once a later write appended', async () => {
    const connector = await connectorWithTable();
    const target = { table: T, columns: ['id', 'name'] };
    const lost = connector.createPageSink(target);
    lost.appendPage(pageOf(ID_NAME, rowsFrom(0, 2)));
    const lostWrite = lost.finish();
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(2, 1))]]);
    await connector.abortInsert([lostWrite]);
    const table = connector.metadata.findTable(T)!;
    assert.deepEqual(table.fragments[0]!.ranges, [2, 3]);
    assert.deepEqual(await readRows(connector, T, ['id']), [[2]]);
    // Its rows are still there, unnamed: they can never be committed now.
    await assert.rejects(async () => connector.finishInsert(target, [lostWrite]), /Unknown or unfinished/);
    await insert(connector, T, ['id', 'name'], [[pageOf(ID_NAME, rowsFrom(3, 1))]]);
    assert.deepEqual(table.fragments[0]!.ranges, [2, 4]);
    assert.deepEqual(await readRows(connector, T, ['id']), [[2], [3]]);
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
