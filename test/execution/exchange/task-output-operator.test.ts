/**
 * TaskOutputOperator: hash partitioning sends equal keys of every encoding to the same partition
 * and every row somewhere (NULL keys and one row to every partition when asked, for partitioned
 * semi joins); SINGLE and BROADCAST; a full buffer blocks the driver; no consumer
 * left finishes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import { deserializePages } from '../../../src/data/page-serde.js';
import { OutputBuffer } from '../../../src/execution/exchange/output-buffer.js';
import { partitionRows, TaskOutputOperator } from '../../../src/execution/exchange/task-output-operator.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { BIGINT, DOUBLE, type Type, VARCHAR } from '../../../src/types/type.js';

function partitionsOf(page: Page, types: Type[], channels: number[], count: number): number[] {
  const hashes = new Int32Array(page.positionCount);
  const partitions = new Int32Array(page.positionCount);
  partitionRows(page, channels, types, count, hashes, partitions);
  return [...partitions];
}

describe('TaskOutputOperator', () => {
  it('puts equal keys in the same partition whatever their block encoding', () => {
    const keys = Array.from({ length: 200 }, (_, i) => i % 37);
    const flat = createPage([blockOf(BIGINT, keys)], keys.length);
    const wide = createPage(
      [
        blockOf(
          BIGINT,
          keys.map((k) => BigInt(k)),
        ),
      ],
      keys.length,
    );
    assert.deepEqual(partitionsOf(flat, [BIGINT], [0], 4), partitionsOf(wide, [BIGINT], [0], 4));
    const byKey = new Map<number, number>();
    partitionsOf(flat, [BIGINT], [0], 4).forEach((p, i) => {
      assert.ok(p >= 0 && p < 4);
      const seen = byKey.get(keys[i]!);
      if (seen !== undefined) assert.equal(p, seen);
      byKey.set(keys[i]!, p);
    });
    assert.ok(new Set(byKey.values()).size > 1, 'keys spread over partitions');
    const doubles = createPage([blockOf(DOUBLE, [0, -0, 1.5, 1.5])], 4);
    const parts = partitionsOf(doubles, [DOUBLE], [0], 8);
    assert.equal(parts[0], parts[1], '-0 and 0 are equal keys');
    assert.equal(parts[2], parts[3]);
  });

  it('sends NULL keys and the first row to every partition when it replicates nulls and any', async () => {
    const types = [BIGINT, VARCHAR];
    const buffer = new OutputBuffer({
      kind: 'PARTITIONED',
      bufferIds: ['0', '1', '2'],
      maxBufferedBytes: 1 << 20,
      serializeSliceMs: 0,
    });
    const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
      partitioning: 'HASH',
      hashChannels: [0],
      partitionCount: 3,
      replicateNullsAndAny: true,
      types,
    });
    const keys = [7, null, ...Array.from({ length: 60 }, (_, i) => i + 100)];
    operator.addInput(
      createPage(
        [
          blockOf(BIGINT, keys),
          blockOf(
            VARCHAR,
            keys.map((k) => `row ${k}`),
          ),
        ],
        keys.length,
      ),
    );
    // A later page: its NULL goes everywhere, its first row does not (one row per task is enough).
    operator.addInput(createPage([blockOf(BIGINT, [8, null]), blockOf(VARCHAR, ['row 8', 'late null'])], 2));
    operator.finish();
    buffer.setNoMorePages();
    // Read as a consumer does, up to bufferComplete: a `get` serializes within a time slice (none
    // here, as on a busy machine: one page an answer).
    const rowsOf = async (partition: number): Promise<string[]> => {
      const rows: string[] = [];
      for (let token = 0; ; ) {
        const result = await buffer.get(String(partition), token, 1 << 20, 0);
        for (const bytes of result.pages) {
          for (const part of deserializePages(bytes, types)) {
            rows.push(...(pageToJsonRows(part, types) as [number, string][]).map((r) => r[1]));
          }
        }
        if (result.bufferComplete) return rows;
        token = result.nextToken;
      }
    };
    const partitions = await Promise.all([0, 1, 2].map(rowsOf));
    for (const rows of partitions) {
      assert.ok(rows.includes('row 7'), 'the first row is in every partition');
      assert.ok(rows.includes('row null'), 'a NULL key is in every partition');
      assert.ok(rows.includes('late null'));
    }
    // Every other row is in exactly one partition.
    const others = partitions.flat().filter((r) => r !== 'row 7' && r !== 'row null' && r !== 'late null');
    assert.equal(others.length, 61);
    assert.equal(new Set(others).size, 61);
    assert.ok(
      partitions.every((rows) => rows.length < 40),
      'the other rows are spread, not replicated',
    );
  });

  it('splits a page by a hash of several channels into pages per partition, every row once', async () => {
    const n = 1000;
    const ids = Array.from({ length: n }, (_, i) => i);
    const names = ids.map((i) => `name-${i % 50}`);
    const types = [BIGINT, VARCHAR];
    const page = createPage([blockOf(BIGINT, ids), blockOf(VARCHAR, names)], n);
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1', '2'], maxBufferedBytes: 1 << 20 });
    const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
      partitioning: 'HASH',
      hashChannels: [1],
      partitionCount: 3,
      types,
    });
    operator.addInput(page);
    operator.finish();
    buffer.setNoMorePages();
    const seen = new Set<number>();
    const nameToPartition = new Map<string, number>();
    for (let p = 0; p < 3; p++) {
      const result = await buffer.get(String(p), 0, 1 << 20, 0);
      for (const bytes of result.pages) {
        for (const part of deserializePages(bytes, types)) {
          for (const [id, name] of pageToJsonRows(part, types) as [number, string][]) {
            seen.add(id);
            assert.equal(nameToPartition.get(name) ?? p, p, `${name} in one partition`);
            nameToPartition.set(name, p);
          }
        }
      }
    }
    assert.equal(seen.size, n, 'every row went to some partition');
    assert.equal(operator.isFinished(), true);
  });

  it('sends every page to all consumers when broadcasting, and blocks while the buffer is full', async () => {
    const types = [BIGINT];
    const page = createPage([blockOf(BIGINT, [1, 2, 3])], 3);
    const buffer = new OutputBuffer({ kind: 'BROADCAST', bufferIds: ['0', '1'], maxBufferedBytes: 64 });
    const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
      partitioning: 'BROADCAST',
      hashChannels: [],
      partitionCount: 2,
      types,
    });
    assert.equal(operator.needsInput(), true);
    operator.addInput(page);
    for (const id of ['0', '1']) assert.equal((await buffer.get(id, 0, 1 << 20, 0)).pages.length, 1);
    assert.equal(operator.needsInput(), false, 'the full buffer takes no more');
    assert.ok(operator.isBlocked(), 'the driver blocks on the full buffer');
  });

  it('finishes, and unblocks, once every consumer has destroyed its buffer (a LIMIT downstream was met)', async () => {
    const types = [BIGINT];
    const page = createPage([blockOf(BIGINT, [1, 2, 3])], 3);
    const buffer = new OutputBuffer({ kind: 'PARTITIONED', bufferIds: ['0', '1'], maxBufferedBytes: 16 });
    const operator = new TaskOutputOperator(OperatorContext.standalone(), buffer, {
      partitioning: 'HASH',
      hashChannels: [0],
      partitionCount: 2,
      types,
    });
    operator.addInput(page);
    const blocked = operator.isBlocked();
    assert.ok(blocked, 'the full buffer blocks the driver');
    buffer.destroy('0');
    assert.equal(operator.isFinished(), false, 'one consumer still reads');
    buffer.destroy('1');
    await blocked;
    assert.equal(operator.isFinished(), true);
    assert.equal(operator.needsInput(), false);
    assert.equal(operator.isBlocked(), undefined);
  });
});
