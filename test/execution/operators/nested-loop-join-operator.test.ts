import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../../../src/data/page.js';
import { JoinBridge } from '../../../src/execution/join/join-bridge.js';
import type { JoinLookup } from '../../../src/execution/join/join-hash-table.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import {
  NestedLoopBuildOperator,
  NestedLoopJoinOperator,
} from '../../../src/execution/operators/nested-loop-join-operator.js';
import type { JoinType } from '../../../src/planner/plan-nodes.js';
import { INTEGER, VARCHAR } from '../../../src/types/type.js';
import { canonical, joinFilter, type PairCondition, referenceJoin } from './join-harness.js';
import { drive, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';

const types = [INTEGER, VARCHAR];

function nestedLoop(
  joinType: JoinType,
  probeRows: unknown[][],
  buildRows: unknown[][],
  condition?: PairCondition,
  pageSize = 10,
): { pages: Page[]; buildContext: OperatorContext; builder: NestedLoopBuildOperator } {
  const bridge = new JoinBridge<JoinLookup>();
  const buildContext = OperatorContext.standalone();
  const builder = new NestedLoopBuildOperator(buildContext, bridge, types);
  const filter = condition === undefined ? undefined : joinFilter(types, types, condition);
  const probe = new NestedLoopJoinOperator(
    OperatorContext.standalone(),
    bridge,
    joinType,
    types,
    [0, 1],
    [0, 1],
    filter,
  );
  assert.ok(probe.isBlocked());
  for (const page of pagesOf(types, buildRows, pageSize)) builder.addInput(page);
  builder.finish();
  assert.ok(buildRows.length === 0 || buildContext.memory.reservedBytes > 0);
  const pages = drive(probe, pagesOf(types, probeRows, pageSize));
  return { pages, buildContext, builder };
}

function expected(joinType: JoinType, probe: unknown[][], build: unknown[][], condition?: PairCondition) {
  return canonical(referenceJoin(joinType, probe, build, [], [], [0, 1], [0, 1], condition));
}

describe('NestedLoopJoinOperator', () => {
  const probe = [
    [1, 'a'],
    [2, 'b'],
    [null, 'c'],
  ];
  const build = [
    [1, 'x'],
    [3, 'y'],
  ];

  it('cross joins every probe row with every build row', () => {
    const { pages } = nestedLoop('INNER', probe, build);
    assert.deepEqual(rowsOf(pages, [...types, ...types]), [
      [1, 'a', 1, 'x'],
      [1, 'a', 3, 'y'],
      [2, 'b', 1, 'x'],
      [2, 'b', 3, 'y'],
      [null, 'c', 1, 'x'],
      [null, 'c', 3, 'y'],
    ]);
  });

  it('evaluates non-equi conditions for INNER, LEFT, RIGHT and FULL joins', () => {
    const condition: PairCondition = (p, b) => p[0] !== null && b[0] !== null && (p[0] as number) < (b[0] as number);
    for (const joinType of ['INNER', 'LEFT', 'RIGHT', 'FULL'] as const) {
      const { pages } = nestedLoop(joinType, probe, build, condition);
      assert.deepEqual(
        canonical(rowsOf(pages, [...types, ...types])),
        expected(joinType, probe, build, condition),
        joinType,
      );
    }
  });

  it('handles empty sides', () => {
    for (const joinType of ['INNER', 'LEFT', 'RIGHT', 'FULL'] as const) {
      for (const [p, b] of [
        [probe, []],
        [[], build],
        [[], []],
      ] as const) {
        const { pages, builder, buildContext } = nestedLoop(joinType, [...p], [...b]);
        assert.deepEqual(canonical(rowsOf(pages, [...types, ...types])), expected(joinType, [...p], [...b]));
        assert.ok(builder.isFinished());
        assert.equal(buildContext.memory.reservedBytes, 0);
      }
    }
  });

  it('chunks a large cross product into pages of at most 4096 rows', () => {
    const many = Array.from({ length: 300 }, (_, i) => [i, `r${i}`]);
    const { pages } = nestedLoop('INNER', many, many, undefined, 300);
    assert.ok(pages.every((p) => p.positionCount <= 4096));
    assert.equal(
      pages.reduce((n, p) => n + p.positionCount, 0),
      90_000,
    );
  });

  it('matches the reference on random input with page size 1', () => {
    const next = random(4);
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => [next() < 0.1 ? null : randomInt(next, 20), `s${i}`]);
    const p = rows(25);
    const b = rows(20);
    const condition: PairCondition = (x, y) =>
      x[0] !== null && y[0] !== null && Math.abs((x[0] as number) - (y[0] as number)) < 3;
    for (const joinType of ['INNER', 'LEFT', 'RIGHT', 'FULL'] as const) {
      const { pages } = nestedLoop(joinType, p, b, condition, 1);
      assert.deepEqual(canonical(rowsOf(pages, [...types, ...types])), expected(joinType, p, b, condition), joinType);
    }
  });

  it('accounts the chain of a build side without columns and fails at the limit before sealing', () => {
    // count(*) over a cross join: build pages carry rows and no columns, yet every row costs the
    // 4 bytes of its link in the chain the probe walks.
    const context = OperatorContext.standalone('NestedLoopBuildOperator', 1024 * 1024);
    const builder = new NestedLoopBuildOperator(context, new JoinBridge<JoinLookup>(), []);
    const rowsPage = (rows: number): Page => ({ positionCount: rows, blocks: [] });
    builder.addInput(rowsPage(8192));
    assert.equal(context.memory.reservedBytes, 4 * 8192);
    assert.throws(
      () => {
        for (let i = 0; i < 100; i++) builder.addInput(rowsPage(8192));
      },
      {
        errorName: 'EXCEEDED_MEMORY_LIMIT',
        message: /^Query exceeded per-query memory limit of 1MB .*Top Consumers: \{NestedLoopBuildOperator=/,
      },
    );
    assert.ok(context.memory.reservedBytes <= 1024 * 1024);
  });

  it('reserves the concatenation of its build pages before sealing', () => {
    const pages = pagesOf(
      types,
      Array.from({ length: 1000 }, (_, i) => [i, `row ${i}`]),
      100,
    );
    const buffered = new NestedLoopBuildOperator(OperatorContext.standalone(), new JoinBridge<JoinLookup>(), types);
    for (const page of pages) buffered.addInput(page);
    const pagesBytes = buffered.context.memory.reservedBytes - 4 * 1000;
    // Past the buffered pages and chain, but short of a second copy of the pages: refused.
    const context = OperatorContext.standalone('NestedLoopBuildOperator', 4 * 1000 + pagesBytes * 1.5);
    const builder = new NestedLoopBuildOperator(context, new JoinBridge<JoinLookup>(), types);
    for (const page of pages) builder.addInput(page);
    assert.throws(() => builder.finish(), { errorName: 'EXCEEDED_MEMORY_LIMIT' });
  });
});
