import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../../../src/data/page.js';
import { JoinBridge } from '../../../src/execution/join/join-bridge.js';
import type { JoinLookup } from '../../../src/execution/join/join-hash-table.js';
import type { JoinFilter } from '../../../src/execution/join/join-probe-operator.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { HashBuilderOperator } from '../../../src/execution/operators/hash-builder-operator.js';
import { LookupJoinOperator } from '../../../src/execution/operators/lookup-join-operator.js';
import type { JoinType } from '../../../src/planner/plan-nodes.js';
import { BIGINT, DOUBLE, INTEGER, type Type, VARCHAR } from '../../../src/types/type.js';
import { canonical, joinFilter, type PairCondition, referenceJoin } from './join-harness.js';
import { drive, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

const JOIN_TYPES: readonly JoinType[] = ['INNER', 'LEFT', 'RIGHT', 'FULL'];

interface JoinCase {
  joinType: JoinType;
  probeTypes: readonly Type[];
  buildTypes: readonly Type[];
  probeRows: unknown[][];
  buildRows: unknown[][];
  probeKeys: number[];
  buildKeys: number[];
  probeOutputs: number[];
  buildOutputs: number[];
  condition?: PairCondition;
  pageSize?: number;
}

function outputTypes(c: JoinCase): Type[] {
  return [...c.probeOutputs.map((i) => c.probeTypes[i]!), ...c.buildOutputs.map((i) => c.buildTypes[i]!)];
}

/** Runs the build, then `probes` probe operators over interleaved shares of the probe pages. */
function runJoin(c: JoinCase, probes = 1): { pages: Page[]; buildContext: OperatorContext } {
  const bridge = new JoinBridge<JoinLookup>();
  const buildContext = OperatorContext.standalone();
  const builder = new HashBuilderOperator(buildContext, bridge, c.buildTypes, c.buildKeys);
  const filter: JoinFilter | undefined =
    c.condition === undefined ? undefined : joinFilter(c.probeTypes, c.buildTypes, c.condition);
  const operators = Array.from(
    { length: probes },
    () =>
      new LookupJoinOperator(
        OperatorContext.standalone(),
        bridge,
        c.joinType,
        c.probeTypes,
        c.probeKeys,
        c.probeOutputs,
        c.buildOutputs,
        filter,
      ),
  );
  assert.ok(operators[0]!.isBlocked(), 'probe blocked before the build');
  assert.equal(operators[0]!.needsInput(), false);
  for (const page of pagesOf(c.buildTypes, c.buildRows, c.pageSize ?? 100)) builder.addInput(page);
  while (!bridge.isBuilt) builder.finish();
  assert.equal(operators[0]!.isBlocked(), undefined);
  assert.equal(builder.isFinished(), false, 'the builder waits for its probes');
  assert.ok(builder.isBlocked());
  const probePages = pagesOf(c.probeTypes, c.probeRows, c.pageSize ?? 100);
  const pages: Page[] = [];
  operators.forEach((operator, i) => {
    pages.push(
      ...drive(
        operator,
        probePages.filter((_, p) => p % probes === i),
      ),
    );
  });
  assert.ok(builder.isFinished(), 'the builder finishes once every probe is done');
  assert.equal(buildContext.memory.reservedBytes, 0);
  return { pages, buildContext };
}

function check(c: JoinCase, probes = 1): void {
  const { pages } = runJoin(c, probes);
  for (const page of pages) assert.ok(page.positionCount <= 4096);
  const expected = referenceJoin(
    c.joinType,
    c.probeRows,
    c.buildRows,
    c.probeKeys,
    c.buildKeys,
    c.probeOutputs,
    c.buildOutputs,
    c.condition,
  );
  assert.deepEqual(canonical(rowsOf(pages, outputTypes(c))), canonical(expected), `${c.joinType} join`);
}

const probeRows = [
  [1, 'p1'],
  [2, 'p2'],
  [2, 'p2b'],
  [null, 'pn'],
  [4, 'p4'],
];
const buildRows = [
  [2, 'b2'],
  [1, 'b1'],
  [2, 'b2b'],
  [null, 'bn'],
  [5, 'b5'],
];

describe('LookupJoinOperator', () => {
  const base = {
    probeTypes: [INTEGER, VARCHAR],
    buildTypes: [BIGINT, VARCHAR],
    probeRows,
    buildRows,
    probeKeys: [0],
    buildKeys: [0],
    probeOutputs: [1],
    buildOutputs: [1],
  };

  it('INNER joins on equal keys with duplicates; NULL keys never match', () => {
    const { pages } = runJoin({ ...base, joinType: 'INNER' });
    assert.deepEqual(rowsOf(pages, [VARCHAR, VARCHAR]), [
      ['p1', 'b1'],
      ['p2', 'b2'],
      ['p2', 'b2b'],
      ['p2b', 'b2'],
      ['p2b', 'b2b'],
    ]);
  });

  it('LEFT keeps unmatched probe rows with NULL build columns', () => {
    const { pages } = runJoin({ ...base, joinType: 'LEFT', buildOutputs: [0, 1] });
    assert.deepEqual(
      canonical(rowsOf(pages, [VARCHAR, BIGINT, VARCHAR])),
      canonical([
        ['p1', 1, 'b1'],
        ['p2', 2, 'b2'],
        ['p2', 2, 'b2b'],
        ['p2b', 2, 'b2'],
        ['p2b', 2, 'b2b'],
        ['pn', null, null],
        ['p4', null, null],
      ]),
    );
  });

  it('RIGHT and FULL emit the unmatched build rows (NULL keys included) at the end', () => {
    for (const joinType of ['RIGHT', 'FULL'] as const)
      check({ ...base, joinType, probeOutputs: [0, 1], buildOutputs: [0, 1] });
    const { pages } = runJoin({ ...base, joinType: 'RIGHT' });
    assert.deepEqual(rowsOf(pages, [VARCHAR, VARCHAR]).slice(-2), [
      [null, 'bn'],
      [null, 'b5'],
    ]);
  });

  it('applies a non-equi filter to candidate pairs, for every join type', () => {
    const condition: PairCondition = (p, b) => (p[1] as string).length < (b[1] as string).length;
    for (const joinType of JOIN_TYPES) check({ ...base, joinType, condition, buildOutputs: [0, 1] });
  });

  it('joins on several keys of mixed types', () => {
    const types = [INTEGER, VARCHAR, DOUBLE];
    const rows = [
      [1, 'a', 1.5],
      [1, 'b', 2],
      [null, 'a', 3],
      [2, 'a', 4],
    ];
    for (const joinType of JOIN_TYPES) {
      check({
        joinType,
        probeTypes: types,
        buildTypes: types,
        probeRows: rows,
        buildRows: [...rows, [1, 'a', 9]],
        probeKeys: [0, 1],
        buildKeys: [0, 1],
        probeOutputs: [2],
        buildOutputs: [2],
      });
    }
  });

  it('handles an empty build side and an empty probe side for every join type', () => {
    for (const joinType of JOIN_TYPES) {
      check({ ...base, joinType, buildRows: [] });
      check({ ...base, joinType, probeRows: [] });
      check({ ...base, joinType, probeRows: [], buildRows: [] });
    }
  });

  it('finishes INNER and RIGHT joins against an empty build side without reading the probe', () => {
    for (const joinType of ['INNER', 'RIGHT'] as const) {
      const bridge = new JoinBridge<JoinLookup>();
      const builder = new HashBuilderOperator(OperatorContext.standalone(), bridge, [INTEGER], [0]);
      const probe = new LookupJoinOperator(OperatorContext.standalone(), bridge, joinType, [INTEGER], [0], [0], [0]);
      while (!bridge.isBuilt) builder.finish();
      assert.equal(probe.needsInput(), false);
      assert.equal(probe.getOutput(), null);
      assert.ok(probe.isFinished());
      assert.ok(builder.isFinished());
    }
  });

  it('matches the reference on random input with page size 1', () => {
    const next = random(3);
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => [next() < 0.1 ? null : randomInt(next, 8), `r${i}`]);
    const probe = rows(40);
    const build = rows(30);
    for (const joinType of JOIN_TYPES) check({ ...base, joinType, probeRows: probe, buildRows: build, pageSize: 1 });
  });

  it('matches the reference on larger random input, with and without a filter', () => {
    const next = random(9);
    const rows = (n: number) =>
      Array.from({ length: n }, () => [
        next() < 0.05 ? null : randomInt(next, 300),
        next() < 0.05 ? null : `${randomInt(next, 1000)}`,
      ]);
    const probe = rows(1500);
    const build = rows(1000);
    const condition: PairCondition = (p, b) => p[1] !== null && b[1] !== null && (p[1] as string) < (b[1] as string);
    for (const joinType of JOIN_TYPES) {
      check({
        ...base,
        joinType,
        probeRows: probe,
        buildRows: build,
        probeOutputs: [0, 1],
        buildOutputs: [1],
        pageSize: 512,
      });
      check({ ...base, joinType, probeRows: probe, buildRows: build, buildOutputs: [0, 1], condition, pageSize: 700 });
    }
  });

  it('bounds output pages for a probe row with many matches, resuming mid-chain', () => {
    const build = Array.from({ length: 10_000 }, (_, i) => [7, `b${i}`]);
    const probe = [
      [7, 'x'],
      [8, 'y'],
      [7, 'z'],
    ];
    for (const joinType of ['INNER', 'LEFT'] as const) {
      const { pages } = runJoin({ ...base, joinType, probeRows: probe, buildRows: build, pageSize: 4096 });
      const sizes = pages.map((p) => p.positionCount);
      assert.ok(
        sizes.every((s) => s <= 4096),
        `${sizes}`,
      );
      assert.equal(
        sizes.reduce((a, b) => a + b, 0),
        joinType === 'INNER' ? 20_000 : 20_001,
      );
    }
    const condition: PairCondition = (_, b) => (b[1] as string).endsWith('0');
    check({ ...base, joinType: 'LEFT', probeRows: probe, buildRows: build, condition, pageSize: 4096 });
  });

  it('with several probes, emits each unmatched build row once, from the last probe to finish', () => {
    const next = random(21);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [randomInt(next, 50), `r${i}`]);
    const probe = rows(500);
    const build = rows(300);
    for (const joinType of ['RIGHT', 'FULL'] as const) {
      check({ ...base, joinType, probeRows: probe, buildRows: build, buildOutputs: [0, 1], pageSize: 37 }, 3);
    }
  });

  it('emits unmatched build rows over several full output pages, none twice or lost', () => {
    // 20,000 build rows, every seventh matched: the unmatched ones fill output pages of 4,096 rows
    // and the scan resumes after the last row of each full page.
    const build = Array.from({ length: 20_000 }, (_, i) => [i, `b${i}`]);
    const probe = Array.from({ length: 20_000 / 7 }, (_, i) => [i * 7, `p${i}`]);
    for (const joinType of ['RIGHT', 'FULL'] as const) {
      check({ ...base, joinType, probeRows: probe, buildRows: build, buildOutputs: [0, 1], pageSize: 1000 });
    }
  });

  it('joins a build side of 150k distinct keys (table growth) like a Map-based reference', () => {
    const buildRows = Array.from({ length: 150_000 }, (_, i) => [i * 3, `b${i}`]);
    const probeRows = Array.from({ length: 60_000 }, (_, i) => [i * 5, `p${i}`]);
    const { pages } = runJoin({
      ...base,
      joinType: 'LEFT',
      probeRows,
      buildRows,
      probeOutputs: [0],
      buildOutputs: [1],
      pageSize: 4096,
    });
    const byKey = new Map(buildRows.map(([k, v]) => [k, v]));
    const expected = probeRows.map(([k]) => [k, byKey.get(k as number) ?? null]);
    const actual = rowsOf(pages, [INTEGER, VARCHAR]);
    assert.deepEqual(actual, expected);
  });

  it('keeps the build memory reserved until the probes are done', () => {
    const bridge = new JoinBridge<JoinLookup>();
    const context = OperatorContext.standalone();
    const builder = new HashBuilderOperator(context, bridge, [INTEGER, VARCHAR], [0]);
    const probe = new LookupJoinOperator(
      OperatorContext.standalone(),
      bridge,
      'INNER',
      [INTEGER, VARCHAR],
      [0],
      [1],
      [1],
    );
    builder.addInput(pagesOf([INTEGER, VARCHAR], buildRows, 10)[0]!);
    const building = context.memory.reservedBytes;
    assert.ok(building > 0);
    while (!bridge.isBuilt) builder.finish();
    assert.ok(context.memory.reservedBytes > 0);
    drive(probe, pagesOf([INTEGER, VARCHAR], probeRows, 2));
    assert.ok(builder.isFinished());
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('links a large build side a slice at a time, over several finish calls', () => {
    const bridge = new JoinBridge<JoinLookup>();
    const builder = new HashBuilderOperator(OperatorContext.standalone(), bridge, [INTEGER, VARCHAR], [0]);
    const rows = Array.from({ length: 400_000 }, (_, i) => [i * 7, 'x']);
    for (const page of pagesOf([INTEGER, VARCHAR], rows, 4096)) builder.addInput(page);
    let calls = 0;
    while (!bridge.isBuilt) {
      builder.finish();
      calls++;
    }
    // Each call links for a bounded slice of time; how long is the event-loop test's business.
    assert.ok(calls > 1, 'the build was linked in one call');
    const probe = new LookupJoinOperator(
      OperatorContext.standalone(),
      bridge,
      'INNER',
      [INTEGER, VARCHAR],
      [0],
      [0],
      [1],
    );
    const out = rowsOf(
      drive(
        probe,
        pagesOf(
          [INTEGER, VARCHAR],
          [
            [14, 'p'],
            [15, 'q'],
          ],
          2,
        ),
      ),
      [INTEGER, VARCHAR],
    );
    assert.deepEqual(out, [[14, 'x']]);
  });

  it('reserves its hash table and chains as build rows arrive, before it builds them', () => {
    const bridge = new JoinBridge<JoinLookup>();
    const context = OperatorContext.standalone('HashBuilderOperator', 1024 * 1024);
    const builder = new HashBuilderOperator(context, bridge, [BIGINT], [0]);
    // 8 bytes a key in the pages; the table projects its slots, keys and chains on top.
    const keys = (from: number): Page =>
      pagesOf(
        [BIGINT],
        Array.from({ length: 4096 }, (_, i) => [from + i]),
        4096,
      )[0]!;
    builder.addInput(keys(0));
    assert.ok(context.memory.reservedBytes > 4 * 8 * 4096, 'more than the pages alone');
    assert.throws(
      () => {
        for (let i = 1; i < 32; i++) builder.addInput(keys(i * 4096));
      },
      { errorName: 'EXCEEDED_MEMORY_LIMIT', message: /HashBuilderOperator=/ },
    );
  });
});
