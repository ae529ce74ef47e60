import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block } from '../../../src/data/block.js';
import type { Page } from '../../../src/data/page.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import {
  type AggregateChannels,
  HashAggregationOperator,
  type HashAggregationParameters,
  OUTPUT_GROUPS,
} from '../../../src/execution/operators/hash-aggregation-operator.js';
import { defaultFunctionRegistry } from '../../../src/functions/function-registry.js';
import type { AggregationStep } from '../../../src/planner/plan-nodes.js';
import { BIGINT, BOOLEAN, DOUBLE, INTEGER, type Type, VARCHAR } from '../../../src/types/type.js';
import { drive, pagesOf, rowsOf, sortedRows } from './operator-test-support.js';

const registry = defaultFunctionRegistry();
const COUNT_ALL = registry.resolveFunction('count', []);
const SUM_BIGINT = registry.resolveFunction('sum', [BIGINT]);
const AVG_DOUBLE = registry.resolveFunction('avg', [DOUBLE]);
const MAX_VARCHAR = registry.resolveFunction('max', [VARCHAR]);
const COUNT_BIGINT = registry.resolveFunction('count', [BIGINT]);

function run(parameters: HashAggregationParameters, pages: readonly Page[], context = OperatorContext.standalone()) {
  const operator = new HashAggregationOperator(context, parameters);
  const output = drive(operator, pages);
  operator.close();
  return { output, operator, context };
}

/** Output types: keys, then per aggregate its return type (final) or state type. */
function outputTypes(parameters: HashAggregationParameters): Type[] {
  const states = parameters.step === 'PARTIAL' || parameters.step === 'INTERMEDIATE';
  return [
    ...parameters.groupingTypes,
    ...(parameters.groupIdChannel === undefined ? [] : [BIGINT]),
    ...parameters.aggregates.map((a) =>
      states ? (a.function.intermediateType ?? assert.fail('no intermediate type')) : a.function.returnType,
    ),
  ];
}

describe('HashAggregationOperator, SINGLE', () => {
  const types = [VARCHAR, BIGINT, DOUBLE];
  const columns = [
    ['a', 'b', 'a', null, 'b', 'a', null],
    [1, 2, 3, 4, null, 6, 7],
    [1.5, null, 2.5, 3, 4, 5, 6],
  ];
  const parameters: HashAggregationParameters = {
    groupingChannels: [0],
    groupingTypes: [VARCHAR],
    step: 'SINGLE',
    aggregates: [
      { function: COUNT_ALL, argumentChannels: [] },
      { function: SUM_BIGINT, argumentChannels: [1] },
      { function: AVG_DOUBLE, argumentChannels: [2] },
      { function: MAX_VARCHAR, argumentChannels: [0] },
    ],
  };
  const expected = [
    ['a', 3, 10, 3, 'a'],
    ['b', 2, 2, 4, 'b'],
    [null, 2, 11, 4.5, null],
  ];

  for (const pageSize of [1, 3, 4096]) {
    it(`groups a varchar key with NULL as a group (pages of ${pageSize})`, () => {
      const { output } = run(parameters, pagesOf(types, columns, pageSize));
      assert.deepEqual(rowsOf(output, outputTypes(parameters)), expected);
    });
  }

  it('groups on two keys with NULLs', () => {
    const keyed: HashAggregationParameters = {
      groupingChannels: [0, 1],
      groupingTypes: [VARCHAR, BIGINT],
      step: 'SINGLE',
      aggregates: [{ function: COUNT_ALL, argumentChannels: [] }],
    };
    const pages = pagesOf(
      [VARCHAR, BIGINT],
      [
        ['a', 'a', null, 'a', null],
        [1, null, null, 1, null],
      ],
      2,
    );
    assert.deepEqual(rowsOf(run(keyed, pages).output, outputTypes(keyed)), [
      ['a', 1, 2],
      ['a', null, 1],
      [null, null, 2],
    ]);
  });

  it('applies masks and DISTINCT per aggregate', () => {
    const masked: HashAggregationParameters = {
      groupingChannels: [],
      groupingTypes: [],
      step: 'SINGLE',
      aggregates: [
        { function: SUM_BIGINT, argumentChannels: [0], maskChannel: 1 },
        { function: COUNT_BIGINT, argumentChannels: [0], distinct: true },
        { function: SUM_BIGINT, argumentChannels: [0], distinct: true, maskChannel: 1 },
      ],
    };
    const pages = pagesOf(
      [BIGINT, BOOLEAN],
      [
        [1, 2, 2, 3, null, 3],
        [true, false, true, null, true, true],
      ],
      4,
    );
    assert.deepEqual(rowsOf(run(masked, pages).output, outputTypes(masked)), [[6, 3, 6]]);
  });

  it('emits one row for a global aggregation over no input', () => {
    const global: HashAggregationParameters = {
      groupingChannels: [],
      groupingTypes: [],
      step: 'SINGLE',
      aggregates: [
        { function: COUNT_ALL, argumentChannels: [] },
        { function: SUM_BIGINT, argumentChannels: [0] },
      ],
    };
    assert.deepEqual(rowsOf(run(global, []).output, outputTypes(global)), [[0, null]]);
    const keyed = { ...global, groupingChannels: [0], groupingTypes: [BIGINT] };
    assert.deepEqual(run(keyed, []).output, []);
  });

  it('emits rows for empty grouping sets (globalGroupIds) that got no input', () => {
    const sets: HashAggregationParameters = {
      groupingChannels: [0],
      groupingTypes: [VARCHAR],
      groupIdChannel: 1,
      globalGroupIds: [1],
      step: 'SINGLE',
      aggregates: [{ function: COUNT_ALL, argumentChannels: [] }],
    };
    const withSetZero = pagesOf(
      [VARCHAR, BIGINT],
      [
        ['x', 'x'],
        [0, 0],
      ],
      10,
    );
    assert.deepEqual(rowsOf(run(sets, withSetZero).output, outputTypes(sets)), [
      ['x', 0, 2],
      [null, 1, 0],
    ]);
    const withBoth = pagesOf(
      [VARCHAR, BIGINT],
      [
        ['x', null],
        [0, 1],
      ],
      10,
    );
    assert.deepEqual(rowsOf(run(sets, withBoth).output, outputTypes(sets)), [
      ['x', 0, 1],
      [null, 1, 1],
    ]);
  });
});

describe('HashAggregationOperator, split steps', () => {
  function partialThenFinal(
    groupingTypes: Type[],
    aggregates: AggregateChannels[],
    inputs: readonly (readonly Page[])[],
    partialLimit?: number,
  ) {
    const keyCount = groupingTypes.length;
    const step = (s: AggregationStep, channels: AggregateChannels[]): HashAggregationParameters => ({
      groupingChannels: groupingTypes.map((_, i) => i),
      groupingTypes,
      step: s,
      aggregates: channels,
      ...(partialLimit !== undefined ? { partialMemoryLimitBytes: partialLimit } : {}),
    });
    const stateChannels = aggregates.map((a, i) => ({ function: a.function, argumentChannels: [keyCount + i] }));
    const partialOutputs = inputs.flatMap((pages) => run(step('PARTIAL', aggregates), pages).output);
    const intermediate = run(step('INTERMEDIATE', stateChannels), partialOutputs).output;
    const final = step('FINAL', stateChannels);
    return { pages: run(final, intermediate).output, types: outputTypes(final) };
  }

  it('gives the SINGLE result for 150k groups, in pages of at most 4096 groups', () => {
    const n = 300_000;
    const keys = Array.from({ length: n }, (_, i) => (i * 7) % 150_000);
    const values = Array.from({ length: n }, (_, i) => i % 10);
    const aggregates: AggregateChannels[] = [
      { function: SUM_BIGINT, argumentChannels: [1] },
      { function: COUNT_ALL, argumentChannels: [] },
    ];
    const inputs = [
      pagesOf([BIGINT, BIGINT], [keys.slice(0, n / 2), values.slice(0, n / 2)], 4096),
      pagesOf([BIGINT, BIGINT], [keys.slice(n / 2), values.slice(n / 2)], 4096),
    ];
    const { pages, types } = partialThenFinal([BIGINT], aggregates, inputs);
    assert.ok(pages.every((page) => page.positionCount <= OUTPUT_GROUPS));
    const rows = rowsOf(pages, types);
    assert.equal(rows.length, 150_000);
    const expected = new Map<number, number>();
    for (let i = 0; i < n; i++) expected.set(keys[i]!, (expected.get(keys[i]!) ?? 0) + values[i]!);
    for (const [key, sum, count] of rows as number[][]) {
      assert.equal(sum, expected.get(key!));
      assert.equal(count, 2);
    }
  });

  it('flushes a PARTIAL step past its memory limit without changing the result', () => {
    const n = 20_000;
    const keys = Array.from({ length: n }, (_, i) => `k${i % 5000}`);
    const values = Array.from({ length: n }, () => 1);
    const aggregates: AggregateChannels[] = [{ function: SUM_BIGINT, argumentChannels: [1] }];
    const pages = pagesOf([VARCHAR, BIGINT], [keys, values], 1000);
    const context = OperatorContext.standalone();
    const partial = new HashAggregationOperator(context, {
      groupingChannels: [0],
      groupingTypes: [VARCHAR],
      step: 'PARTIAL',
      aggregates,
      partialMemoryLimitBytes: 64 * 1024,
    });
    const partialPages = drive(partial, pages);
    const partialRows = partialPages.reduce((sum, page) => sum + page.positionCount, 0);
    assert.ok(partialRows > 5000, `expected flushes to repeat groups, got ${partialRows} rows`);
    const { pages: finalPages, types } = partialThenFinal([VARCHAR], aggregates, [pages], 64 * 1024);
    const rows = sortedRows(rowsOf(finalPages, types));
    assert.equal(rows.length, 5000);
    assert.ok(rows.every((row) => row[1] === 4));
  });

  it('passes rows through once a PARTIAL step finds its keys nearly unique, without changing the result', () => {
    // 1,000 rows of 900 distinct keys (a mostly unique key with NULLs, masks and every kind of state),
    // judged after 200 rows at a threshold of 0.8 groups per row.
    const n = 1000;
    const keys = Array.from({ length: n }, (_, i) => (i % 97 === 0 ? null : `k${i % 900}`));
    const values = Array.from({ length: n }, (_, i) => (i % 13 === 0 ? null : i));
    const masks = Array.from({ length: n }, (_, i) => i % 3 !== 0);
    const aggregates: AggregateChannels[] = [
      { function: COUNT_ALL, argumentChannels: [] },
      { function: SUM_BIGINT, argumentChannels: [1] },
      { function: COUNT_BIGINT, argumentChannels: [1], maskChannel: 2 },
      { function: MAX_VARCHAR, argumentChannels: [0] },
    ];
    const pages = pagesOf([VARCHAR, BIGINT, BOOLEAN], [keys, values, masks], 100);
    const partial = (adaptive?: { minRows: number; uniqueRowsRatio: number }) =>
      run(
        {
          groupingChannels: [0],
          groupingTypes: [VARCHAR],
          step: 'PARTIAL',
          aggregates,
          ...(adaptive !== undefined ? { adaptive } : {}),
        },
        pages,
      );
    const rowCount = (output: readonly Page[]) => output.reduce((sum, page) => sum + page.positionCount, 0);
    const passing = partial({ minRows: 200, uniqueRowsRatio: 0.8 });
    // The first 200 rows as 198 groups (three NULL keys, one group), then each row alone.
    assert.equal(rowCount(passing.output), 198 + 800);
    assert.equal(passing.context.memory.reservedBytes, 0);
    const aggregating = partial();
    assert.equal(rowCount(aggregating.output), new Set(keys).size);
    const final = (partialPages: readonly Page[]) => {
      const parameters: HashAggregationParameters = {
        groupingChannels: [0],
        groupingTypes: [VARCHAR],
        step: 'FINAL',
        aggregates: aggregates.map((a, i) => ({ function: a.function, argumentChannels: [1 + i] })),
      };
      return sortedRows(rowsOf(run(parameters, partialPages).output, outputTypes(parameters)));
    };
    const expected = final(aggregating.output);
    assert.equal(expected.length, new Set(keys).size);
    assert.deepEqual(final(passing.output), expected);
    // Keys that repeat enough keep the step aggregating: 1,000 rows of 100 keys.
    const repeated = run(
      {
        groupingChannels: [0],
        groupingTypes: [BIGINT],
        step: 'PARTIAL',
        aggregates: [{ function: COUNT_ALL, argumentChannels: [] }],
        adaptive: { minRows: 200, uniqueRowsRatio: 0.8 },
      },
      pagesOf([BIGINT], [Array.from({ length: n }, (_, i) => i % 100)], 100),
    );
    assert.equal(rowCount(repeated.output), 100);
  });

  it('passes rows of grouping sets through with their group ids, in the aggregating layout', () => {
    // Rows of sets 0 (by key) and 1 (global: NULL key): keys, group id, then the states.
    const n = 600;
    const keys = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `k${i}` : null));
    const groupIds = Array.from({ length: n }, (_, i) => i % 2);
    const values = Array.from({ length: n }, (_, i) => i);
    const aggregates: AggregateChannels[] = [{ function: SUM_BIGINT, argumentChannels: [2] }];
    const step = (
      s: AggregationStep,
      channels: AggregateChannels[],
      adaptive?: boolean,
    ): HashAggregationParameters => ({
      groupingChannels: [0],
      groupingTypes: [VARCHAR],
      groupIdChannel: 1,
      globalGroupIds: [1],
      step: s,
      aggregates: channels,
      ...(adaptive ? { adaptive: { minRows: 100, uniqueRowsRatio: 0.3 } } : {}),
    });
    const pages = pagesOf([VARCHAR, BIGINT, BIGINT], [keys, groupIds, values], 50);
    const final = step('FINAL', [{ function: SUM_BIGINT, argumentChannels: [2] }]);
    const answer = (adaptive: boolean) => {
      const partial = run(step('PARTIAL', aggregates, adaptive), pages);
      assert.equal(partial.operator.passingRows(), adaptive);
      return sortedRows(rowsOf(run(final, partial.output).output, outputTypes(final)));
    };
    const expected = answer(false);
    assert.equal(expected.length, 301, 'a row per key of set 0, one for set 1');
    assert.deepEqual(answer(true), expected);
  });

  it('judges its keys by all the rows it took, across flushes at its memory limit', () => {
    // Wide unique keys fill a 64 kB table long before 2,000 rows: judged per table, never judged.
    const n = 10_000;
    const keys = Array.from({ length: n }, (_, i) => `a key wide enough to fill the table early ${i}`);
    const parameters: HashAggregationParameters = {
      groupingChannels: [0],
      groupingTypes: [VARCHAR],
      step: 'PARTIAL',
      aggregates: [{ function: COUNT_ALL, argumentChannels: [] }],
      partialMemoryLimitBytes: 64 * 1024,
      adaptive: { minRows: 2000, uniqueRowsRatio: 0.8 },
    };
    const { output, operator } = run(parameters, pagesOf([VARCHAR], [keys], 100));
    assert.ok(operator.passingRows(), 'the step passes rows through');
    assert.equal(
      output.reduce((sum, page) => sum + page.positionCount, 0),
      n,
    );
  });

  it('sizes its table for the expected groups, a PARTIAL step only within its memory limit', () => {
    const aggregates: AggregateChannels[] = [{ function: SUM_BIGINT, argumentChannels: [1] }];
    const page = pagesOf(
      [BIGINT, BIGINT],
      [
        [1, 2, 3],
        [10, 20, 30],
      ],
      3,
    )[0]!;
    const held = (step: AggregationStep, expectedGroups: number | undefined) => {
      const context = OperatorContext.standalone();
      const operator = new HashAggregationOperator(context, {
        groupingChannels: [0],
        groupingTypes: [BIGINT],
        step,
        aggregates,
        partialMemoryLimitBytes: 1024 * 1024,
        expectedGroups,
      });
      operator.addInput(page);
      // A PARTIAL step flushes past its limit: a presized table must not make it flush at once.
      const early = operator.getOutput();
      return { bytes: context.memory.reservedBytes, early };
    };
    const unsized = held('SINGLE', undefined);
    const sized = held('SINGLE', 100_000);
    assert.ok(sized.bytes > 100_000 * 16, `sized ${sized.bytes}`);
    assert.ok(unsized.bytes < 100_000, `unsized ${unsized.bytes}`);
    const partial = held('PARTIAL', 10_000_000);
    assert.equal(partial.early, null);
    assert.ok(partial.bytes <= 1024 * 1024, `partial ${partial.bytes}`);
  });

  it('emits the empty state of a global PARTIAL step and merges it to count 0', () => {
    const aggregates: AggregateChannels[] = [
      { function: COUNT_ALL, argumentChannels: [] },
      { function: AVG_DOUBLE, argumentChannels: [0] },
    ];
    const { pages, types } = partialThenFinal([], aggregates, [[]]);
    assert.deepEqual(rowsOf(pages, types), [[0, null]]);
  });
});

describe('HashAggregationOperator memory accounting', () => {
  it('reports the table and states while aggregating and returns to 0', () => {
    const context = OperatorContext.standalone();
    const operator = new HashAggregationOperator(context, {
      groupingChannels: [0],
      groupingTypes: [INTEGER],
      step: 'SINGLE',
      aggregates: [{ function: SUM_BIGINT, argumentChannels: [1] }],
    });
    const keys = new Float64Array(50_000).map((_, i) => i);
    operator.addInput(pagesOf([INTEGER, BIGINT], [[...keys], [...keys]], 50_000)[0]!);
    const reserved = context.memory.reservedBytes;
    assert.ok(reserved > 50_000 * 16, `reserved ${reserved}`);
    operator.addInput({
      positionCount: 2,
      blocks: [pagesOf([INTEGER], [[1, 2]], 2)[0]!.blocks[0]!, float64Block(Float64Array.of(1, 2))],
    });
    assert.ok(context.memory.reservedBytes >= reserved);
    operator.finish();
    while (!operator.isFinished()) operator.getOutput();
    assert.equal(context.memory.reservedBytes, 0);
    operator.close();
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('fails with EXCEEDED_MEMORY_LIMIT past the query limit', () => {
    const context = OperatorContext.standalone('HashAggregation', 100_000);
    const operator = new HashAggregationOperator(context, {
      groupingChannels: [0],
      groupingTypes: [BIGINT],
      step: 'SINGLE',
      aggregates: [{ function: SUM_BIGINT, argumentChannels: [0] }],
    });
    const keys = Array.from({ length: 100_000 }, (_, i) => i);
    assert.throws(() => operator.addInput(pagesOf([BIGINT], [keys], 100_000)[0]!), /exceeded per-query memory limit/i);
    operator.close();
    assert.equal(context.memory.reservedBytes, 0);
  });
});
