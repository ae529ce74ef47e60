/** Readable unique symbol names and plan node ids. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlanNodeIdAllocator, SymbolAllocator } from '../../src/planner/symbol-allocator.js';
import { BIGINT } from '../../src/types/type.js';
import { logicalPlan } from './plan-helpers.js';

describe('symbol allocator', () => {
  it('names symbols after their hint, numbering repeats from one counter', () => {
    const symbols = new SymbolAllocator();
    assert.deepEqual(
      ['orderkey', 'orderkey', 'sum', 'sum', 'Order Key', '', '3d'].map((h) => symbols.newSymbol(h, BIGINT).name),
      ['orderkey', 'orderkey_1', 'sum', 'sum_2', 'order_key', 'expr', 'expr_3d'],
    );
  });

  it('starts from the base of a hint that is itself a numbered name', () => {
    const symbols = new SymbolAllocator();
    symbols.newSymbol('count', BIGINT);
    assert.equal(symbols.newSymbol('count_7', BIGINT).name, 'count_1');
  });

  it('continues after the symbols and ids of an existing plan', () => {
    const plan = logicalPlan('SELECT * FROM nation, region');
    const symbols = SymbolAllocator.forPlan(plan);
    assert.equal(symbols.newSymbol('regionkey', BIGINT).name, 'regionkey_4');
    const ids = PlanNodeIdAllocator.forPlan(plan);
    assert.ok(Number(ids.nextId()) > Number(plan.id));
  });
});
