import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { taskShareOfGroups } from '../../src/execution/local-planner-aggregations.js';

describe('the groups one task of a stage sizes its aggregation table for', () => {
  it("is the stage's estimate divided among its tasks, rounded up", () => {
    assert.equal(taskShareOfGroups(1_000_000, 2), 500_000);
    assert.equal(taskShareOfGroups(1_000_001, 4), 250_001);
    assert.equal(taskShareOfGroups(3, 8), 1);
  });

  it('is the whole estimate for a single task, or when the task count or the estimate is unknown', () => {
    assert.equal(taskShareOfGroups(1_000_000, 1), 1_000_000);
    assert.equal(taskShareOfGroups(1_000_000, undefined), 1_000_000);
    assert.equal(taskShareOfGroups(undefined, 4), undefined);
  });
});
