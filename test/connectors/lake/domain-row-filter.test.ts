import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LakeColumnDomain } from '../../../src/connectors/lake/domain.js';
import { type ConstrainedBlock, selectRows } from '../../../src/connectors/lake/domain-row-filter.js';
import { dictionaryBlock, float64Block, int32Block, stringBlock } from '../../../src/data/block.js';
import { parseType } from '../../../src/types/type-signature.js';

const range = (low?: [number, boolean], high?: [number, boolean]): LakeColumnDomain => ({
  nullAllowed: false,
  ranges: [
    {
      ...(low && { low: { value: low[0], inclusive: low[1] } }),
      ...(high && { high: { value: high[0], inclusive: high[1] } }),
    },
  ],
});

const positions = (selection: Int32Array | undefined) => (selection === undefined ? 'all' : [...selection]);

describe('lake domain row filter', () => {
  const days = int32Block(Int32Array.from([10, 11, 12, 13, 14, 15]));
  const date = parseType('date');

  it('keeps the rows in a range over integers, bounds inclusive or not', () => {
    const select = (domain: LakeColumnDomain) => positions(selectRows([{ block: days, type: date, domain }], 6));
    assert.deepEqual(select(range([11, true], [13, true])), [1, 2, 3]);
    assert.deepEqual(select(range([11, false], [13, false])), [2]);
    assert.deepEqual(select(range([12, true])), [2, 3, 4, 5]);
    assert.deepEqual(select(range(undefined, [11, false])), [0]);
    // Bounds between integers (a decimal bound on an integer column) round the right way.
    assert.deepEqual(select(range([11.5, false], [13.5, true])), [2, 3]);
    assert.equal(select(range([0, true], [100, true])), 'all');
    assert.deepEqual(select(range([100, true])), []);
  });

  it('reads several ranges, value sets, NULLs as the domain allows them', () => {
    const withNulls = int32Block(Int32Array.from([1, 2, 3, 4, 5, 6]), Uint8Array.from([0, 1, 0, 0, 1, 0]));
    const integer = parseType('integer');
    const select = (domain: LakeColumnDomain) =>
      positions(selectRows([{ block: withNulls, type: integer, domain }], 6));
    assert.deepEqual(select({ nullAllowed: false, values: [1, 4, 5, 9] }), [0, 3]);
    assert.deepEqual(select({ nullAllowed: true, values: [1, 4, 5, 9] }), [0, 1, 3, 4]);
    assert.deepEqual(select({ nullAllowed: false }), [0, 2, 3, 5]);
    assert.equal(select({ nullAllowed: true }), 'all');
    assert.deepEqual(
      select({
        nullAllowed: false,
        ranges: [{ high: { value: 1, inclusive: true } }, { low: { value: 6, inclusive: true } }],
      }),
      [0, 5],
    );
  });

  it('always keeps NaN of a double (SQL compares it, not the domain), and reads decimals unscaled', () => {
    const doubles = float64Block(Float64Array.from([1.5, Number.NaN, 2.5, -1]));
    const selected = selectRows(
      [{ block: doubles, type: parseType('double'), domain: range([0, false], [2, true]) }],
      4,
    );
    assert.deepEqual(positions(selected), [0, 1]);
    // decimal(4,2) 0.05, 0.06, 0.08 stored unscaled as 5, 6, 8; BETWEEN 0.05 AND 0.07.
    const cents = float64Block(Float64Array.from([5, 6, 8]));
    const decimal = parseType('decimal(4,2)');
    assert.deepEqual(
      positions(selectRows([{ block: cents, type: decimal, domain: range([5, true], [7, true]) }], 3)),
      [0, 1],
    );
  });

  it('reads strings (dictionary blocks) and bigint bounds value by value', () => {
    const codes = dictionaryBlock(Int32Array.from([0, 1, 2, 1, 0]), stringBlock(['AIR', 'MAIL', 'SHIP']));
    const varchar = parseType('varchar');
    const domain: LakeColumnDomain = { nullAllowed: false, values: ['MAIL', 'SHIP'] };
    assert.deepEqual(positions(selectRows([{ block: codes, type: varchar, domain }], 5)), [1, 2, 3]);
    const big = float64Block(Float64Array.from([1, 2, 3]));
    const bigDomain: LakeColumnDomain = { nullAllowed: false, ranges: [{ low: { value: 2n, inclusive: true } }] };
    assert.deepEqual(positions(selectRows([{ block: big, type: parseType('bigint'), domain: bigDomain }], 3)), [1, 2]);
  });

  it('keeps only rows every column allows, in ascending order, written into a scratch buffer', () => {
    const columns: ConstrainedBlock[] = [
      {
        block: stringBlock(['a', 'b', 'a', 'b', 'a', 'a']),
        type: parseType('varchar'),
        domain: { nullAllowed: false, values: ['a'] },
      },
      { block: days, type: date, domain: range([12, true]) },
    ];
    const scratch = new Int32Array(16);
    const selected = selectRows(columns, 6, scratch);
    assert.deepEqual(positions(selected), [2, 4, 5]);
    assert.equal(selected?.buffer, scratch.buffer);
  });

  it('keeps the rows whose value may be a join key: in range, in the set, never NULL', () => {
    const keysBlock = float64Block(Float64Array.from([5, 10, 15, 20, 40, 20]), Uint8Array.from([0, 0, 0, 0, 0, 1]));
    const bigint = parseType('bigint');
    const seen: number[][] = [];
    const keys = {
      min: 10,
      max: 30,
      contains: (key: number | string) => key === 10 || key === 20,
      record: (rowsIn: number, rowsOut: number) => seen.push([rowsIn, rowsOut]),
    };
    assert.deepEqual(positions(selectRows([{ block: keysBlock, type: bigint, keys }], 6)), [1, 3]);
    assert.deepEqual(seen, [[6, 2]]);
    const rangeOnly = { min: 10, max: 30 };
    assert.deepEqual(positions(selectRows([{ block: keysBlock, type: bigint, keys: rangeOnly }], 6)), [1, 2, 3]);
    // Strings, read one by one; a value of another kind than the keys is left to the engine.
    const names = stringBlock(['apple', 'kiwi', 'zebra', 'mango']);
    const varchar = parseType('varchar');
    const fruit = { min: 'b', max: 'n', contains: (key: number | string) => key !== 'mango' };
    assert.deepEqual(positions(selectRows([{ block: names, type: varchar, keys: fruit }], 4)), [1]);
    assert.deepEqual(positions(selectRows([{ block: names, type: varchar, keys: rangeOnly }], 4)), 'all');
  });

  it('applies a domain and join keys together, whatever their order', () => {
    const columns: ConstrainedBlock[] = [
      { block: days, type: date, keys: { min: 11, max: 14, contains: (key) => key !== 12 } },
      { block: days, type: date, domain: range([12, true]) },
    ];
    assert.deepEqual(positions(selectRows(columns, 6)), [3, 4]);
    assert.deepEqual(positions(selectRows([...columns].reverse(), 6)), [3, 4]);
  });
});
