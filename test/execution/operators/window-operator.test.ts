import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockSizeInBytes } from '../../../src/data/block-values.js';
import { ArbitraryAccumulator } from '../../../src/execution/aggregation/arbitrary-accumulator.js';
import { ArrayAggAccumulator } from '../../../src/execution/aggregation/collection-accumulators.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { WINDOW_PAGE_BYTES, WindowOperator } from '../../../src/execution/operators/window-operator.js';
import type { SortOrdering } from '../../../src/execution/sort/sort-keys.js';
import type { FrameBoundType, WindowFrame, WindowFunctionSpec } from '../../../src/execution/window/window-function.js';
import { DEFAULT_WINDOW_FRAME } from '../../../src/execution/window/window-function.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  type Type,
  VARCHAR,
} from '../../../src/types/type.js';
import { drive, pageOf, pagesOf, random, randomInt, rowsOf } from './operator-harness.js';
import { peers, type ReferenceOrdering, referenceFrame, windowOrder } from './window-reference.js';

// Columns of the test input: partition, order key, value, string, offset x, offset y, mask.
const P = 0;
const O = 1;
const V = 2;
const S = 3;
const X = 4;
const Y = 5;
const M = 6;
const TYPES: Type[] = [INTEGER, INTEGER, BIGINT, VARCHAR, BIGINT, BIGINT, BOOLEAN];

function call(
  name: string,
  kind: 'window' | 'aggregate',
  channels: (number | { constant: unknown })[],
  argumentTypes: Type[],
  returnType: Type,
  frame: WindowFrame = DEFAULT_WINDOW_FRAME,
  extra: Partial<WindowFunctionSpec> = {},
): WindowFunctionSpec {
  return {
    name,
    kind,
    arguments: channels.map((c) => (typeof c === 'number' ? { channel: c } : c)),
    argumentTypes,
    returnType,
    frame,
    ignoreNulls: false,
    ...extra,
  };
}

function runWindow(
  rows: unknown[][],
  partitionBy: number[],
  orderBy: ReferenceOrdering[],
  functions: WindowFunctionSpec[],
  pageSize = 64,
  types: Type[] = TYPES,
): unknown[][] {
  const orderings: SortOrdering[] = orderBy.map((o) => ({
    channel: o.column,
    type: types[o.column]!,
    ascending: o.ascending,
    nullsFirst: o.nullsFirst,
  }));
  const operator = new WindowOperator(OperatorContext.standalone(), types, partitionBy, orderings, functions);
  const output = drive(operator, pagesOf(types, rows, pageSize));
  for (const page of output) assert.ok(page.positionCount <= 4096);
  return rowsOf(output, [...types, ...functions.map((f) => f.returnType)]);
}

/** The reference result: rows in window order with the function values appended. */
function reference(
  rows: unknown[][],
  partitionBy: number[],
  orderBy: ReferenceOrdering[],
  functions: ((partition: unknown[][], i: number) => unknown)[],
): unknown[][] {
  const result: unknown[][] = [];
  for (const partition of windowOrder(rows, partitionBy, orderBy)) {
    partition.forEach((row, i) => {
      result.push([...row, ...functions.map((f) => f(partition, i))]);
    });
  }
  return result;
}

function frameRows(partition: unknown[][], i: number, frame: WindowFrame, orderBy: ReferenceOrdering[]): unknown[][] {
  const [start, end] = referenceFrame(partition, i, frame, orderBy);
  return partition.slice(start, Math.max(start, end));
}

function randomRows(seed: number, count: number, constantOffsets: boolean): unknown[][] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => [
    next() < 0.1 ? null : randomInt(next, 4),
    next() < 0.15 ? null : randomInt(next, 12),
    next() < 0.2 ? null : randomInt(next, 100) - 30,
    next() < 0.2 ? null : `s${randomInt(next, 30)}`,
    constantOffsets ? 2 : randomInt(next, 4),
    constantOffsets ? 1 : randomInt(next, 3),
    next() < 0.8,
    i,
  ]).map((row) => row.slice(0, 7));
}

const BOUND_ORDER: FrameBoundType[] = [
  'UNBOUNDED_PRECEDING',
  'PRECEDING',
  'CURRENT_ROW',
  'FOLLOWING',
  'UNBOUNDED_FOLLOWING',
];

/** Every valid (start, end) combination of a frame type, offsets from channels X and Y. */
function allFrames(type: WindowFrame['type']): WindowFrame[] {
  const frames: WindowFrame[] = [];
  for (let s = 0; s < 4; s++) {
    for (let e = Math.max(1, s); e < 5; e++) {
      const startType = BOUND_ORDER[s]!;
      const endType = BOUND_ORDER[e]!;
      frames.push({
        type,
        startType,
        endType,
        ...(startType === 'PRECEDING' || startType === 'FOLLOWING' ? { startChannel: X } : {}),
        ...(endType === 'PRECEDING' || endType === 'FOLLOWING' ? { endChannel: Y } : {}),
      });
    }
  }
  return frames;
}

/**
 * The functions checked over every frame (the reference values are computed in checkFrames); the
 * last goes through an accumulator: array_agg, or arbitrary where arrays of big frames would make
 * the comparison slow.
 */
function frameFunctions(frame: WindowFrame, arrays: boolean): WindowFunctionSpec[] {
  return [
    call('count', 'aggregate', [], [], BIGINT, frame),
    call('count', 'aggregate', [V], [BIGINT], BIGINT, frame, { maskChannel: M }),
    call('sum', 'aggregate', [V], [BIGINT], BIGINT, frame),
    call('avg', 'aggregate', [V], [BIGINT], DOUBLE, frame),
    call('min', 'aggregate', [V], [BIGINT], BIGINT, frame),
    call('max', 'aggregate', [S], [VARCHAR], VARCHAR, frame),
    call('first_value', 'window', [V], [BIGINT], BIGINT, frame),
    call('last_value', 'window', [V], [BIGINT], BIGINT, frame, { ignoreNulls: true }),
    call('nth_value', 'window', [V, { constant: 2 }], [BIGINT, BIGINT], BIGINT, frame, { ignoreNulls: true }),
    arrays
      ? call('array_agg', 'aggregate', [V], [BIGINT], arrayOf(BIGINT), frame, {
          createAccumulator: () => new ArrayAggAccumulator(BIGINT),
        })
      : call('arbitrary', 'aggregate', [V], [BIGINT], BIGINT, frame, {
          createAccumulator: () => new ArbitraryAccumulator(BIGINT),
        }),
  ];
}

function checkFrames(
  rows: unknown[][],
  frames: WindowFrame[],
  orderBy: ReferenceOrdering[],
  pageSize: number,
  arrays = true,
): void {
  for (const frame of frames) {
    const specs = frameFunctions(frame, arrays);
    // Rows are distinct arrays: cache each row's frame and its non-NULL values.
    const cache = new Map<unknown, unknown[][] | number[]>();
    const fr = (p: unknown[][], i: number) => {
      let rowsOfFrame = cache.get(p[i]!) as unknown[][] | undefined;
      if (rowsOfFrame === undefined) cache.set(p[i]!, (rowsOfFrame = frameRows(p, i, frame, orderBy)));
      return rowsOfFrame;
    };
    const nonNull = (rs: unknown[][]) => {
      let values = cache.get(rs) as number[] | undefined;
      if (values === undefined) cache.set(rs, (values = rs.map((r) => r[V]).filter((v) => v !== null) as number[]));
      return values;
    };
    const expected = reference(rows, [P], orderBy, [
      (p, i) => fr(p, i).length,
      (p, i) => fr(p, i).filter((r) => r[V] !== null && r[M] === true).length,
      (p, i) => (nonNull(fr(p, i)).length === 0 ? null : nonNull(fr(p, i)).reduce((a, b) => a + b, 0)),
      (p, i) => {
        const vs = nonNull(fr(p, i));
        return vs.length === 0 ? null : vs.reduce((a, b) => a + b, 0) / vs.length;
      },
      (p, i) => (nonNull(fr(p, i)).length === 0 ? null : Math.min(...nonNull(fr(p, i)))),
      (p, i) => {
        const ss = fr(p, i)
          .map((r) => r[S])
          .filter((s) => s !== null) as string[];
        return ss.length === 0 ? null : [...ss].sort().at(-1);
      },
      (p, i) => fr(p, i)[0]?.[V] ?? null,
      (p, i) => nonNull(fr(p, i)).at(-1) ?? null,
      (p, i) => nonNull(fr(p, i))[1] ?? null,
      arrays
        ? (p, i) => (fr(p, i).length === 0 ? null : fr(p, i).map((r) => r[V]))
        : (p, i) => nonNull(fr(p, i))[0] ?? null,
    ]);
    const actual = runWindow(rows, [P], orderBy, specs, pageSize);
    assert.deepEqual(actual, expected, JSON.stringify(frame));
  }
}

describe('WindowOperator', () => {
  it('computes ranking functions over peers, per partition', () => {
    const rows = [
      [1, 10, 1, 'a', 0, 0, true],
      [1, 20, 2, 'b', 0, 0, true],
      [1, 20, 3, 'c', 0, 0, true],
      [1, 30, 4, 'd', 0, 0, true],
      [2, null, 5, 'e', 0, 0, true],
      [2, 5, 6, 'f', 0, 0, true],
    ];
    const orderBy = [{ column: O, ascending: true, nullsFirst: false }];
    const specs = [
      call('row_number', 'window', [], [], BIGINT),
      call('rank', 'window', [], [], BIGINT),
      call('dense_rank', 'window', [], [], BIGINT),
      call('percent_rank', 'window', [], [], DOUBLE),
      call('cume_dist', 'window', [], [], DOUBLE),
      call('ntile', 'window', [{ constant: 3 }], [BIGINT], BIGINT),
    ];
    const result = runWindow(rows, [P], orderBy, specs).map((r) => r.slice(7));
    assert.deepEqual(result, [
      [1, 1, 1, 0, 0.25, 1],
      [2, 2, 2, 1 / 3, 0.75, 1],
      [3, 2, 2, 1 / 3, 0.75, 2],
      [4, 4, 3, 1, 1, 3],
      [1, 1, 1, 0, 0.5, 1],
      [2, 2, 2, 1, 1, 2],
    ]);
  });

  it('computes lag and lead with offsets, defaults and IGNORE NULLS', () => {
    const rows = [
      [1, 1, 10, null, 0, 0, true],
      [1, 2, null, null, 0, 0, true],
      [1, 3, 30, null, 0, 0, true],
      [1, 4, null, null, 0, 0, true],
      [1, 5, 50, null, 0, 0, true],
    ];
    const orderBy = [{ column: O, ascending: true, nullsFirst: false }];
    const specs = [
      call('lag', 'window', [V], [BIGINT], BIGINT),
      call('lag', 'window', [V, { constant: 2 }, { constant: -1 }], [BIGINT, BIGINT, BIGINT], BIGINT),
      call('lead', 'window', [V], [BIGINT], BIGINT, DEFAULT_WINDOW_FRAME, { ignoreNulls: true }),
      call('lag', 'window', [V, { constant: 2 }], [BIGINT, BIGINT], BIGINT, DEFAULT_WINDOW_FRAME, {
        ignoreNulls: true,
      }),
      call('lead', 'window', [V, { constant: 0 }], [BIGINT, BIGINT], BIGINT, DEFAULT_WINDOW_FRAME, {
        ignoreNulls: true,
      }),
      call('lead', 'window', [V, { constant: null }], [BIGINT, BIGINT], BIGINT),
    ];
    const result = runWindow(rows, [P], orderBy, specs).map((r) => r.slice(7));
    assert.deepEqual(result, [
      [null, -1, 30, null, 10, null],
      [10, -1, 30, null, null, null],
      [null, 10, 50, null, 30, null],
      [30, null, 50, 10, null, null],
      [null, 30, null, 10, 50, null],
    ]);
  });

  it('fails on invalid ntile, lag and nth_value arguments', () => {
    const rows = [[1, 1, 1, 'a', 0, 0, true]];
    const orderBy = [{ column: O, ascending: true, nullsFirst: false }];
    const error = (message: string) => ({ name: 'VivaceError', message });
    assert.throws(
      () => runWindow(rows, [P], orderBy, [call('ntile', 'window', [{ constant: 0 }], [BIGINT], BIGINT)]),
      error('Buckets must be greater than 0'),
    );
    assert.throws(
      () => runWindow(rows, [P], orderBy, [call('lag', 'window', [V, { constant: -1 }], [BIGINT, BIGINT], BIGINT)]),
      error('Offset must be at least 0'),
    );
    assert.throws(
      () =>
        runWindow(rows, [P], orderBy, [call('nth_value', 'window', [V, { constant: 0 }], [BIGINT, BIGINT], BIGINT)]),
      error('Offset must be at least 1'),
    );
  });

  it('fails on NULL or negative frame offsets', () => {
    const orderBy = [{ column: O, ascending: true, nullsFirst: false }];
    for (const offset of [null, -1]) {
      for (const type of ['ROWS', 'RANGE', 'GROUPS'] as const) {
        const rows = [
          [1, 1, 1, 'a', 1, 0, true],
          [1, 2, 1, 'a', offset, 0, true],
        ];
        const frame: WindowFrame = { type, startType: 'PRECEDING', startChannel: X, endType: 'CURRENT_ROW' };
        assert.throws(() => runWindow(rows, [P], orderBy, [call('count', 'aggregate', [], [], BIGINT, frame)]), {
          name: 'VivaceError',
          message: 'Window frame offset value must not be negative or null',
        });
      }
    }
  });

  it('uses the whole partition as one peer group without ORDER BY', () => {
    const rows = [
      [1, 3, 1, 'a', 0, 0, true],
      [1, 1, 2, 'b', 0, 0, true],
      [null, 2, 4, 'c', 0, 0, true],
    ];
    const specs = [
      call('sum', 'aggregate', [V], [BIGINT], BIGINT),
      call('rank', 'window', [], [], BIGINT),
      call('row_number', 'window', [], [], BIGINT),
    ];
    assert.deepEqual(
      runWindow(rows, [P], [], specs).map((r) => [r[P], ...r.slice(7)]),
      [
        [1, 3, 1, 1],
        [1, 3, 1, 2],
        [null, 4, 1, 1],
      ],
    );
  });

  for (const type of ['ROWS', 'GROUPS', 'RANGE'] as const) {
    it(`matches a brute-force reference for every ${type} frame, ascending and descending, NULLS FIRST/LAST`, () => {
      const rows = randomRows(type.length, 120, false);
      for (const orderBy of [
        [{ column: O, ascending: true, nullsFirst: false }],
        [{ column: O, ascending: false, nullsFirst: true }],
        [{ column: O, ascending: true, nullsFirst: true }],
      ]) {
        checkFrames(rows, allFrames(type), orderBy, 17);
      }
    });
  }

  it('matches the reference with constant offsets over page size 1 and a partition split across output pages', () => {
    checkFrames(
      randomRows(99, 60, true),
      [...allFrames('ROWS'), ...allFrames('RANGE')],
      [{ column: O, ascending: true, nullsFirst: false }],
      1,
    );
    const big = Array.from({ length: 4300 }, (_, i) => [1, i % 700, (i * 7) % 13, null, 3, 2, true]);
    checkFrames(
      big,
      [
        { type: 'ROWS', startType: 'PRECEDING', startChannel: X, endType: 'FOLLOWING', endChannel: Y },
        { type: 'RANGE', startType: 'UNBOUNDED_PRECEDING', endType: 'CURRENT_ROW' },
      ],
      [{ column: O, ascending: false, nullsFirst: false }],
      4096,
      false,
    );
  });

  it('computes the ranking and offset functions on random input like the reference', () => {
    const rows = randomRows(5, 300, false);
    const orderBy = [
      { column: O, ascending: false, nullsFirst: false },
      { column: S, ascending: true, nullsFirst: true },
    ];
    const specs = [
      call('row_number', 'window', [], [], BIGINT),
      call('rank', 'window', [], [], BIGINT),
      call('dense_rank', 'window', [], [], BIGINT),
      call('cume_dist', 'window', [], [], DOUBLE),
      call('ntile', 'window', [X], [BIGINT], BIGINT),
      call('lag', 'window', [V, Y, { constant: -5 }], [BIGINT, BIGINT, BIGINT], BIGINT),
      call('lead', 'window', [V, Y], [BIGINT, BIGINT], BIGINT, DEFAULT_WINDOW_FRAME, { ignoreNulls: true }),
    ];
    const rowsWithBuckets = rows.map((r) => [r[0], r[1], r[2], r[3], (r[4] as number) + 1, r[5], r[6]]);
    const expected = reference(rowsWithBuckets, [P], orderBy, [
      (_, i) => i + 1,
      (p, i) => peers(p, orderBy)[i]![0] + 1,
      (p, i) =>
        new Set(
          peers(p, orderBy)
            .slice(0, i + 1)
            .map((r) => r[0]),
        ).size,
      (p, i) => peers(p, orderBy)[i]![1] / p.length,
      (p, i) => {
        const n = p.length;
        const buckets = p[i]![X] as number;
        if (n < buckets) return i + 1;
        const size = Math.floor(n / buckets);
        const extra = n % buckets;
        return i < extra * (size + 1) ? Math.floor(i / (size + 1)) + 1 : Math.floor((i - extra) / size) + 1;
      },
      (p, i) => {
        const offset = p[i]![Y] as number;
        return i - offset >= 0 ? p[i - offset]![V] : -5;
      },
      (p, i) => {
        const offset = p[i]![Y] as number;
        if (offset === 0) return p[i]![V];
        const after = p.slice(i + 1).filter((r) => r[V] !== null);
        return after[offset - 1]?.[V] ?? null;
      },
    ]);
    assert.deepEqual(runWindow(rowsWithBuckets, [P], orderBy, specs, 23), expected);
  });

  it('supports RANGE offsets over doubles, decimals, dates with day and month intervals', () => {
    const cases: { keyType: Type; offsetType: Type; keys: unknown[]; offset: unknown; expected: number[] }[] = [
      { keyType: DOUBLE, offsetType: DOUBLE, keys: [0.5, 1, 1.75, 3], offset: 0.75, expected: [2, 2, 1, 1] },
      {
        keyType: decimal(5, 2),
        offsetType: decimal(3, 1),
        keys: [50, 100, 175, 300],
        offset: 8,
        expected: [2, 2, 1, 1],
      },
      { keyType: INTEGER, offsetType: decimal(3, 1), keys: [1, 2, 3, 5], offset: 15, expected: [2, 2, 1, 1] },
      {
        keyType: DATE,
        offsetType: INTERVAL_DAY_TO_SECOND,
        keys: [0, 1, 3, 4],
        offset: 86_400_000,
        expected: [2, 1, 2, 1],
      },
      // 2020-01-31, 2020-02-29, 2020-03-30: one month after Jan 31 is Feb 29.
      {
        keyType: DATE,
        offsetType: INTERVAL_YEAR_TO_MONTH,
        keys: [18292, 18321, 18351],
        offset: 1,
        expected: [2, 1, 1],
      },
    ];
    for (const c of cases) {
      const types = [c.keyType, c.offsetType];
      const rows = c.keys.map((k) => [k, c.offset]);
      const frame: WindowFrame = { type: 'RANGE', startType: 'CURRENT_ROW', endType: 'FOLLOWING', endChannel: 1 };
      const operator = new WindowOperator(
        OperatorContext.standalone(),
        types,
        [],
        [{ channel: 0, type: c.keyType, ascending: true, nullsFirst: false }],
        [call('count', 'aggregate', [], [], BIGINT, frame)],
      );
      const counts = rowsOf(drive(operator, [pageOf(types, rows)]), [...types, BIGINT]).map((r) => r[2]);
      assert.deepEqual(counts, c.expected, `${c.keyType.kind} + ${c.offsetType.kind}`);
    }
  });

  it('sums doubles, reals and decimals, and fails on bigint overflow', () => {
    const types = [INTEGER, DOUBLE, decimal(4, 1), BIGINT];
    const rows = [
      [1, 0.1, 11, 2 ** 62],
      [2, Number.POSITIVE_INFINITY, 22, 2 ** 62],
      [3, 0.2, null, 10],
    ];
    const operator = new WindowOperator(
      OperatorContext.standalone(),
      types,
      [],
      [{ channel: 0, type: INTEGER, ascending: true, nullsFirst: false }],
      [
        call('sum', 'aggregate', [1], [DOUBLE], DOUBLE, {
          type: 'ROWS',
          startType: 'PRECEDING',
          startChannel: 0,
          endType: 'CURRENT_ROW',
        }),
        call('sum', 'aggregate', [2], [decimal(4, 1)], decimal(38, 1)),
        call('avg', 'aggregate', [2], [decimal(4, 1)], decimal(4, 1)),
        call('sum', 'aggregate', [3], [BIGINT], BIGINT, {
          type: 'ROWS',
          startType: 'CURRENT_ROW',
          endType: 'CURRENT_ROW',
        }),
      ],
    );
    const result = rowsOf(drive(operator, [pageOf(types, rows)]), [
      ...types,
      DOUBLE,
      decimal(38, 1),
      decimal(4, 1),
      BIGINT,
    ]);
    assert.deepEqual(
      result.map((r) => r.slice(4)),
      [
        [0.1, 11n, 11, 2n ** 62n],
        [Number.POSITIVE_INFINITY, 33n, 17, 2n ** 62n],
        [Number.POSITIVE_INFINITY, 33n, 17, 10],
      ],
    );
    const overflow = new WindowOperator(
      OperatorContext.standalone(),
      types,
      [],
      [],
      [
        call('sum', 'aggregate', [3], [BIGINT], BIGINT, {
          type: 'ROWS',
          startType: 'UNBOUNDED_PRECEDING',
          endType: 'UNBOUNDED_FOLLOWING',
        }),
      ],
    );
    assert.throws(() => drive(overflow, [pageOf(types, [...rows, [4, 0, 0, 2 ** 62]])]), {
      name: 'VivaceError',
      message: /bigint addition overflow/,
    });
  });

  it('handles empty input and reports memory until done', () => {
    assert.deepEqual(runWindow([], [P], [], [call('row_number', 'window', [], [], BIGINT)]), []);
    const context = OperatorContext.standalone();
    const operator = new WindowOperator(context, TYPES, [P], [], [call('row_number', 'window', [], [], BIGINT)]);
    operator.addInput(pageOf(TYPES, randomRows(1, 10, true)));
    assert.ok(context.memory.reservedBytes > 0);
    // The driver calls finish on every pass: each builds the index for a slice of time (a slow
    // moment of a loaded machine may need more than one), holding its memory until the output.
    let output = null;
    for (let pass = 0; pass < 1000 && output === null; pass++) {
      operator.finish();
      assert.ok(context.memory.reservedBytes > 0);
      output = operator.getOutput();
    }
    assert.equal(output?.positionCount, 10);
    assert.ok(operator.isFinished());
    assert.equal(context.memory.reservedBytes, 0);
  });

  it('bounds the pages of functions whose values grow with the frame (array_agg over the whole partition)', () => {
    const types = [BIGINT];
    const count = 3000;
    const rows = Array.from({ length: count }, (_, i) => [i]);
    const whole: WindowFrame = { type: 'ROWS', startType: 'UNBOUNDED_PRECEDING', endType: 'UNBOUNDED_FOLLOWING' };
    const arrays = call('array_agg', 'aggregate', [0], [BIGINT], arrayOf(BIGINT), whole, {
      createAccumulator: () => new ArrayAggAccumulator(BIGINT),
    });
    const operator = new WindowOperator(OperatorContext.standalone(), types, [], [], [arrays]);
    const pages = drive(operator, pagesOf(types, rows, 1000));
    assert.equal(
      pages.reduce((n, p) => n + p.positionCount, 0),
      count,
    );
    assert.ok(pages.length > 2, `${pages.length} pages`);
    for (const page of pages) {
      const bytes = blockSizeInBytes(page.blocks[1]!);
      assert.ok(bytes <= 2 * WINDOW_PAGE_BYTES, `a page of ${page.positionCount} rows and ${bytes} bytes`);
    }
    const last = rowsOf([pages[pages.length - 1]!], [BIGINT, arrayOf(BIGINT)]).pop()!;
    assert.equal((last[1] as unknown[]).length, count);
    // Fixed-width results keep full pages.
    const numbers = new WindowOperator(
      OperatorContext.standalone(),
      types,
      [],
      [],
      [call('row_number', 'window', [], [], BIGINT)],
    );
    assert.deepEqual(
      drive(numbers, pagesOf(types, rows, 1000)).map((p) => p.positionCount),
      [count],
    );
  });
});
