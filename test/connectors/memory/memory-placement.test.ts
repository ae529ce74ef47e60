/**
 * Memory tables whose pages live on other nodes, with connector instances standing in for the
 * nodes: the coordinator's instance has the metadata, the workers' instances only their stores.
 * Writers on the workers work from the coordinator's insert handle, the coordinator commits their
 * fragments, splits are addressed to the holders and read there, and a worker forgets the pages
 * of tables the coordinator no longer knows when it next writes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { createMemoryConnector, type MemoryConnector } from '../../../src/connectors/memory/memory-connector.js';
import { COORDINATOR_ONLY, type ConnectorSplit, type SchemaTableName } from '../../../src/spi/connector.js';
import { BIGINT } from '../../../src/types/type.js';
import { columns, ID_NAME, pageOf, T } from './memory-test-helpers.js';

function cluster() {
  const coordinator = createMemoryConnector('memory', { nodeId: 'coordinator' });
  const workers = [1, 2].map((n) => createMemoryConnector('memory', { nodeId: `worker-${n}` }));
  return { coordinator, workers };
}

/** Writes rows on each worker (one sink each) with the coordinator's handle, and commits them. */
async function writeOnWorkers(
  coordinator: MemoryConnector,
  workers: readonly MemoryConnector[],
  table: SchemaTableName,
  rowsPerWorker: number[][],
): Promise<void> {
  const handle = JSON.parse(JSON.stringify(await coordinator.insertHandle({ table })));
  const fragments = workers.map((worker, i) => {
    const sink = worker.createPageSink({ table, columns: ['id', 'name'], handle });
    sink.appendPage(
      pageOf(
        ID_NAME,
        rowsPerWorker[i]!.map((id) => [id, `n${id}`]),
      ),
    );
    return JSON.parse(JSON.stringify(sink.finish()));
  });
  await coordinator.finishInsert({ table, columns: ['id', 'name'] }, fragments);
}

/** Reads each split on the node it is addressed to. */
function readWhereHeld(nodes: readonly MemoryConnector[], table: SchemaTableName, splits: readonly ConnectorSplit[]) {
  const ids: unknown[] = [];
  for (const split of splits) {
    const holder = nodes.find((node) => split.addresses?.includes(node.nodeId));
    assert.ok(holder, `a node holds ${JSON.stringify(split)}`);
    const source = holder.createPageSource({ split, table, columns: ['id'], columnTypes: [BIGINT] });
    while (!source.isFinished()) {
      const page = source.getNextPage();
      if (page)
        for (let i = 0; i < page.positionCount; i++) ids.push((page.blocks[0] as { values: Float64Array }).values[i]);
    }
  }
  return ids.map(Number).sort((a, b) => a - b);
}

describe('memory tables held by workers', () => {
  it('declare where they can be read: the holding nodes, the coordinator, or anywhere while empty', async () => {
    const { coordinator } = cluster();
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    assert.deepEqual(coordinator.splitPlacement({ table: T }), { kind: 'nodes', nodes: [] });
    const sink = coordinator.createPageSink({ table: T, columns: ['id', 'name'] });
    sink.appendPage(pageOf(ID_NAME, [[1, 'a']]));
    await coordinator.finishInsert({ table: T, columns: ['id', 'name'] }, [sink.finish()]);
    assert.deepEqual(coordinator.splitPlacement({ table: T }), COORDINATOR_ONLY);
  });

  it('commits fragments written on workers and reads each split where it is held', async () => {
    const { coordinator, workers } = cluster();
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    await writeOnWorkers(coordinator, workers, T, [
      [1, 2, 3],
      [4, 5],
    ]);
    const placement = coordinator.splitPlacement({ table: T });
    assert.equal(placement.kind, 'nodes');
    assert.deepEqual([...(placement.kind === 'nodes' ? placement.nodes : [])].sort(), ['worker-1', 'worker-2']);
    assert.equal(coordinator.store.fragmentCount, 0);
    // More writes on the same nodes name each node once.
    const { coordinator: again, workers: others } = cluster();
    await again.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    for (let i = 0; i < 3; i++) await writeOnWorkers(again, others, T, [[10 + i], i === 0 ? [] : [20 + i]]);
    const placed = again.splitPlacement({ table: T });
    assert.deepEqual(placed.kind === 'nodes' ? placed.nodes : [], ['worker-1', 'worker-2']);
    // The sinks sampled their rows; the coordinator merges the samples (ids written by two sinks
    // are keys: their distinct counts add up).
    assert.deepEqual(await coordinator.metadata.getTableStatistics(T), {
      rowCount: 5,
      columns: { id: { distinctValues: 5, nullFraction: 0 }, name: { distinctValues: 5, nullFraction: 0 } },
    });
    const splits = coordinator.listSplits({ table: T, desiredSplits: 4 });
    assert.deepEqual(readWhereHeld(workers, T, JSON.parse(JSON.stringify(splits))), [1, 2, 3, 4, 5]);
    // Read on the wrong node, a split says who holds it.
    const foreign = splits.find((split) => split.addresses?.includes('worker-2'))!;
    assert.throws(
      () => workers[0]!.createPageSource({ split: foreign, table: T, columns: ['id'], columnTypes: [BIGINT] }),
      /Data of table 'memory.default.t' is held by worker-2, not by worker-1/,
    );
  });

  it('says a restarted worker lost its data', async () => {
    const { coordinator, workers } = cluster();
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    await writeOnWorkers(coordinator, workers, T, [[1], [2]]);
    const restarted = createMemoryConnector('memory', { nodeId: 'worker-2' });
    const split = coordinator
      .listSplits({ table: T, desiredSplits: 1 })
      .find((s) => s.addresses?.includes('worker-2'))!;
    assert.throws(
      () => restarted.createPageSource({ split, table: T, columns: ['id'], columnTypes: [BIGINT] }),
      (e: unknown) =>
        e instanceof VivaceError &&
        /held by worker-2 was lost: the node restarted since it was written/.test(e.message),
    );
  });

  it('refuses fragments written for a record the table no longer has', async () => {
    const { coordinator, workers } = cluster();
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    const handle = await coordinator.insertHandle({ table: T });
    const sink = workers[0]!.createPageSink({ table: T, columns: ['id', 'name'], handle });
    sink.appendPage(pageOf(ID_NAME, [[1, 'a']]));
    const fragment = sink.finish();
    await coordinator.metadata.dropTable(T);
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    await assert.rejects(
      async () => coordinator.finishInsert({ table: T, columns: ['id', 'name'] }, [fragment]),
      (e: unknown) => e instanceof VivaceError && e.errorName === 'TRANSACTION_CONFLICT',
    );
    assert.equal(coordinator.metadata.findTable(T)!.rowCount, 0);
  });

  it("appends single-row writes on a worker to one fragment, but never a restarted coordinator's to an earlier one's", async () => {
    const { coordinator, workers } = cluster();
    const worker = workers[0]!;
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    for (let i = 0; i < 5; i++) await writeOnWorkers(coordinator, [worker], T, [[i]]);
    assert.equal(worker.store.fragmentCount, 1);
    assert.deepEqual(coordinator.metadata.findTable(T)!.fragments[0]!.ranges, [0, 5]);
    // A new coordinator (the old one restarted) numbers its table records from the same id.
    const restarted = createMemoryConnector('memory', { nodeId: 'coordinator' });
    await restarted.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar', extra: 'double' }), {});
    assert.equal(restarted.metadata.findTable(T)!.id, coordinator.metadata.findTable(T)!.id);
    await writeOnWorkers(restarted, [worker], T, [[70]]);
    assert.equal(worker.store.fragmentCount, 2, 'the earlier tail is not appended to');
    assert.deepEqual(readWhereHeld([worker], T, restarted.listSplits({ table: T, desiredSplits: 1 })), [70]);
    assert.deepEqual(
      readWhereHeld([worker], T, coordinator.listSplits({ table: T, desiredSplits: 1 })),
      [0, 1, 2, 3, 4],
    );
  });

  it('frees the pages of dropped tables on a worker at its next write, and leaves newer tables alone', async () => {
    const { coordinator, workers } = cluster();
    const worker = workers[0]!;
    const old: SchemaTableName = { schema: 'default', table: 'old' };
    await coordinator.metadata.createTable(old, columns({ id: 'bigint', name: 'varchar' }), {});
    await writeOnWorkers(coordinator, [worker], old, [[1, 2, 3]]);
    assert.ok(worker.store.bytesInUse > 0);
    // A handle made before another table exists must not free that table's pages.
    await coordinator.metadata.createTable(T, columns({ id: 'bigint', name: 'varchar' }), {});
    const staleHandle = await coordinator.insertHandle({ table: T });
    const newer: SchemaTableName = { schema: 'default', table: 'newer' };
    await coordinator.metadata.createTable(newer, columns({ id: 'bigint', name: 'varchar' }), {});
    await writeOnWorkers(coordinator, [worker], newer, [[7]]);
    worker.createPageSink({ table: T, columns: ['id', 'name'], handle: staleHandle }).abort();
    assert.deepEqual(readWhereHeld([worker], newer, coordinator.listSplits({ table: newer, desiredSplits: 1 })), [7]);
    assert.equal(worker.store.fragmentCount, 2);
    // Once the coordinator has dropped `old`, the worker's next write frees it.
    await coordinator.metadata.dropTable(old);
    const withNewer = worker.store.bytesInUse;
    worker
      .createPageSink({ table: T, columns: ['id', 'name'], handle: await coordinator.insertHandle({ table: T }) })
      .abort();
    assert.ok(worker.store.bytesInUse < withNewer, 'the dropped table was freed');
    assert.deepEqual(readWhereHeld([worker], newer, coordinator.listSplits({ table: newer, desiredSplits: 1 })), [7]);
    assert.equal(worker.store.fragmentCount, 1);
  });
});
