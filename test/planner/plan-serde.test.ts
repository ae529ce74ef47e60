/** Plan serde: every TPC-H plan and its fragments round-trip; constants JSON cannot carry come back as they were. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addExchanges } from '../../src/planner/add-exchanges.js';
import { deserializeFragment, serializeFragment } from '../../src/planner/fragment-serde.js';
import { fragmentPlan } from '../../src/planner/fragmenter.js';
import { deserializePlan, deserializeValue, serializePlan, serializeValue } from '../../src/planner/plan-serde.js';
import { parseTaskUpdate, taskUpdateBody } from '../../src/server/task/task-update.js';
import { BIGINT, VARCHAR } from '../../src/types/type.js';
import { contextFor, plan, tpchQuery } from './plan-helpers.js';

describe('plan serde', () => {
  it('round-trips the plan and every fragment of each TPC-H query', () => {
    for (let n = 1; n <= 22; n++) {
      const optimized = plan(tpchQuery(n));
      assert.deepStrictEqual(deserializePlan(serializePlan(optimized)), optimized, `Q${n}`);
      const context = contextFor(optimized);
      const { fragments } = fragmentPlan(
        addExchanges(optimized, context, { joinDistribution: 'AUTOMATIC' }),
        context.ids,
      );
      for (const fragment of fragments) {
        assert.deepStrictEqual(
          deserializeFragment(serializeFragment(fragment)),
          fragment,
          `Q${n} fragment ${fragment.id}`,
        );
        // As a task creation carries it: nested in the request, parsed with it, decoded in place.
        const body = taskUpdateBody({ outputIds: { type: 'ARBITRARY', bufferCount: 1 } }, serializeFragment(fragment));
        const request = parseTaskUpdate(JSON.parse(body));
        assert.equal(typeof request.fragment, 'object');
        assert.deepStrictEqual(request.outputIds, { type: 'ARBITRARY', bufferCount: 1 });
        assert.deepStrictEqual(
          deserializeFragment(request.fragment ?? {}),
          fragment,
          `Q${n} fragment ${fragment.id} in a task update`,
        );
      }
    }
  });

  it('carries bigints, NaN, infinities, -0, bytes, maps and holes', () => {
    const values = [
      12345678901234567890n,
      -(2n ** 100n),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      new Uint8Array([0, 1, 254, 255]),
      new Map<unknown, unknown>([
        ['a', 1],
        [2n, [1, null]],
      ]),
      [1, undefined, 'x'],
      { millis: 5, zone: 'UTC' },
      undefined,
      { nested: { list: [Number.NaN, 3n, new Map([[1, -0]])] } },
    ];
    for (const value of values) assert.deepStrictEqual(deserializeValue(serializeValue(value)), value);
    // A Buffer (what Node's own functions give) comes back as its bytes, not as its toJSON form.
    assert.deepStrictEqual(deserializeValue(serializeValue(Buffer.from([7, 8]))), new Uint8Array([7, 8]));
    assert.deepStrictEqual(deserializeValue(serializeValue({ b: Buffer.from('hi') })), {
      b: new Uint8Array([104, 105]),
    });
    // An absent optional field stays absent.
    assert.deepStrictEqual(deserializeValue(serializeValue({ a: 1, b: undefined })), { a: 1 });
  });

  it('nests a fragment in a task update with no other fields, and refuses a fragment of another shape', () => {
    const optimized = plan(tpchQuery(6));
    const context = contextFor(optimized);
    const [fragment] = fragmentPlan(
      addExchanges(optimized, context, { joinDistribution: 'AUTOMATIC' }),
      context.ids,
    ).fragments;
    assert.ok(fragment);
    const request = parseTaskUpdate(JSON.parse(taskUpdateBody({}, serializeFragment(fragment))));
    assert.deepStrictEqual(deserializeFragment(request.fragment ?? {}), fragment);
    assert.throws(() => parseTaskUpdate({ fragment: 7 }), /fragment is neither an object nor a string/);
    assert.throws(() => deserializeFragment({ nonsense: true }), /must be an object with a root plan node/);
  });

  it('gives back the shared type instances', () => {
    const back = deserializeValue(serializeValue({ a: BIGINT, b: VARCHAR })) as { a: unknown; b: unknown };
    assert.equal(back.a, BIGINT);
    assert.equal(back.b, VARCHAR);
  });
});
