/**
 * FilterAndProjectOperator with large computed values: a page whose projected strings pass the
 * projection's budget comes out as several bounded pages (all rows, in order, filtered rows
 * skipped), and the page it holds counts against the query's memory; expensive expressions run in
 * batches of a few milliseconds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageSizeInBytes } from '../../../src/data/page.js';
import {
  type CompiledProjection,
  compileFilter,
  compileProjection,
  PROJECTION_PAGE_UNITS,
} from '../../../src/execution/expression/compiler.js';
import { EngineFunctions } from '../../../src/execution/expression/engine-functions.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { FilterAndProjectOperator } from '../../../src/execution/operators/filter-and-project-operator.js';
import { defaultFunctionRegistry } from '../../../src/functions/function-registry.js';
import type { RowExpression } from '../../../src/planner/row-expression.js';
import { BIGINT, BOOLEAN, VARCHAR } from '../../../src/types/type.js';
import { drive, pageOf, rowsOf } from './operator-harness.js';

const registry = defaultFunctionRegistry();
const functions = new EngineFunctions();
const session = { timeZone: 'UTC', startTime: 0 };
const layout = new Map([
  ['k', { channel: 0, type: BIGINT }],
  ['s', { channel: 1, type: VARCHAR }],
]);
const k: RowExpression = { kind: 'Symbol', name: 'k', type: BIGINT };
const s: RowExpression = { kind: 'Symbol', name: 's', type: VARCHAR };

/** rpad(s, length, '.') */
function padded(length: number): RowExpression {
  return {
    kind: 'Call',
    type: VARCHAR,
    function: registry.resolveFunction('rpad', [VARCHAR, BIGINT, VARCHAR]),
    args: [s, { kind: 'Constant', type: BIGINT, value: length }, { kind: 'Constant', type: VARCHAR, value: '.' }],
  };
}

/** k % 2 = 0 */
const even: RowExpression = {
  kind: 'Call',
  type: BOOLEAN,
  function: registry.resolveOperator('EQUAL', [BIGINT, BIGINT]),
  args: [
    {
      kind: 'Call',
      type: BIGINT,
      function: registry.resolveOperator('MODULUS', [BIGINT, BIGINT]),
      args: [k, { kind: 'Constant', type: BIGINT, value: 2 }],
    },
    { kind: 'Constant', type: BIGINT, value: 0 },
  ],
};

const ROWS = 40;
const input = pageOf(
  [BIGINT, VARCHAR],
  Array.from({ length: ROWS }, (_, i) => [i, `r${i}`]),
);

describe('FilterAndProjectOperator with large values', () => {
  it('cuts a page of large strings into pages within the budget, keeping every row in order', () => {
    const length = 1024 * 1024;
    const operator = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator'),
      undefined,
      compileProjection([padded(length)], layout, functions, session),
      [{ channel: 0 }, { computed: 0 }],
    );
    const pages = drive(operator, [input]);
    const perPage = Math.floor(PROJECTION_PAGE_UNITS / length) + 1;
    assert.ok(pages.length >= Math.ceil(ROWS / perPage), `${pages.length} pages`);
    for (const page of pages) assert.ok(page.positionCount <= perPage, `a page of ${page.positionCount} rows`);
    const rows = rowsOf(pages, [BIGINT, VARCHAR]);
    assert.deepEqual(
      rows.map((r) => r[0]),
      Array.from({ length: ROWS }, (_, i) => i),
    );
    for (const [key, value] of rows) {
      assert.equal((value as string).length, length);
      assert.ok((value as string).startsWith(`r${key}.`));
    }
  });

  it('cuts the selected rows of a filtered page the same way', () => {
    const length = 1024 * 1024;
    const operator = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator'),
      compileFilter(even, layout, functions, session),
      compileProjection([padded(length)], layout, functions, session),
      [{ computed: 0 }, { channel: 1 }],
    );
    const pages = drive(operator, [input, input]);
    assert.ok(pages.length > 2);
    const rows = rowsOf(pages, [VARCHAR, VARCHAR]);
    const expected = Array.from({ length: ROWS / 2 }, (_, i) => `r${2 * i}`);
    assert.deepEqual(
      rows.map((r) => r[1]),
      [...expected, ...expected],
    );
    assert.ok(rows.every(([value, key]) => (value as string).startsWith(`${key}.`)));
  });

  it('keeps small pages whole', () => {
    const operator = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator'),
      undefined,
      compileProjection([padded(20)], layout, functions, session),
      [{ computed: 0 }],
    );
    const pages = drive(operator, [input]);
    assert.equal(pages.length, 1);
    assert.equal(pages[0]!.positionCount, ROWS);
  });

  it('counts the page it holds against the query memory limit', () => {
    const length = 1024 * 1024;
    const probe = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator'),
      undefined,
      compileProjection([padded(length)], layout, functions, session),
      [{ computed: 0 }],
    );
    const firstPage = drive(probe, [input])[0]!;
    const limit = pageSizeInBytes(firstPage) - 1;
    const operator = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator', limit),
      undefined,
      compileProjection([padded(length)], layout, functions, session),
      [{ computed: 0 }],
    );
    assert.throws(
      () => drive(operator, [input]),
      (e: Error & { errorName?: string }) => e.errorName === 'EXCEEDED_MEMORY_LIMIT',
    );
  });

  it('cuts pages of expensive expressions into batches that each take a few milliseconds', () => {
    const rows = 8192;
    const big = pageOf(
      [BIGINT, VARCHAR],
      Array.from({ length: rows }, (_, i) => [i, `r${i}`]),
    );
    // A projection that costs 20 microseconds a row (a regular expression over long text, say).
    const slow = (page: Parameters<CompiledProjection>[0], selection: Int32Array | null, count: number) => {
      const until = performance.now() + count * 0.02;
      while (performance.now() < until) {}
      return compileProjection([k], layout, functions, session)(page, selection, count);
    };
    const operator = new FilterAndProjectOperator(
      OperatorContext.standalone('FilterAndProjectOperator'),
      compileFilter(even, layout, functions, session),
      slow,
      [{ computed: 0 }, { channel: 1 }],
    );
    const pages = drive(operator, [big]);
    assert.equal(
      pages.reduce((n, p) => n + p.positionCount, 0),
      rows / 2,
    );
    assert.ok(pages.length >= 8, `${pages.length} pages`);
    // After the first batch (256 rows, 128 selected), batches hold about 8 ms of work: 400 rows.
    for (const page of pages.slice(1)) assert.ok(page.positionCount <= 400, `a batch of ${page.positionCount}`);
    const out = rowsOf(pages, [BIGINT, VARCHAR]);
    assert.deepEqual(
      out,
      Array.from({ length: rows / 2 }, (_, i) => [2 * i, `r${2 * i}`]),
    );
  });
});
