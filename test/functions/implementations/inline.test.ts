/**
 * Every implementation with an `inline` form computes exactly what its `fn` computes: same value,
 * or the same error, on random inputs including the edges (type limits, zero, NaN, BigInt bigints,
 * astral characters).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OperatorKind } from '../../../src/functions/operators.js';
import {
  type Call,
  compileInline,
  outcome,
  random,
  resolveCall,
  resolveOperatorCall,
  run,
  type TypeArgument,
} from './harness.js';

const next = random(20240315);

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

const INTEGER_EDGES: Readonly<Record<string, readonly number[]>> = {
  tinyint: [-128, 127, 0, 1, -1],
  smallint: [-32768, 32767, 0, 1, -1],
  integer: [-2147483648, 2147483647, 0, 1, -1, 65536],
};

function randomValue(type: string): unknown {
  switch (type) {
    case 'tinyint':
    case 'smallint':
    case 'integer': {
      const edges = INTEGER_EDGES[type]!;
      if (next() < 0.4) return pick(edges);
      const max = edges[1]!;
      return Math.floor(next() * (2 * max + 1)) - max;
    }
    case 'bigint': {
      const r = next();
      if (r < 0.2) return pick([0, 1, -1, 9007199254740991, -9007199254740991, 4294967296]);
      if (r < 0.35) return pick([9223372036854775807n, -9223372036854775808n, 9007199254740993n, -(2n ** 60n)]);
      return Math.floor((next() - 0.5) * 2 ** (1 + Math.floor(next() * 53)));
    }
    case 'double':
    case 'real': {
      const r = next();
      const v =
        r < 0.15
          ? pick([0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1, -1])
          : (next() - 0.5) * 10 ** (next() * 20 - 5);
      return type === 'real' ? Math.fround(v) : v;
    }
    case 'date':
      return Math.floor((next() - 0.5) * 100000);
    case 'boolean':
      return next() < 0.5;
    case 'decimal(10,2)':
      return Math.floor((next() - 0.5) * 2e10);
    default: {
      const decimal = /^decimal\((\d+),(\d+)\)$/.exec(type);
      return decimal ? randomDecimal(Number(decimal[1])) : randomString();
    }
  }
}

/**
 * An unscaled value of a decimal of `precision` digits as the engine holds it: a number up to 15
 * digits; above, a number while it is a safe integer and otherwise a BigInt (also small BigInts,
 * which the functions must treat as the same values), with the precision's limits among them.
 */
function randomDecimal(precision: number): number | bigint {
  const limit = 10n ** BigInt(precision) - 1n;
  const r = next();
  if (precision <= 15) {
    if (r < 0.2) return pick([0, 1, -1, Number(limit), -Number(limit)]);
    return Math.trunc((next() - 0.5) * 2 * 10 ** Math.floor(next() * (precision + 1)));
  }
  if (r < 0.1) return pick([limit, -limit, 9007199254740993n, 5n, 0, 9007199254740991, -9007199254740991]);
  const digits = Math.floor(next() * (precision + 1));
  const value =
    BigInt(Math.trunc((next() - 0.5) * 2 * 10 ** Math.min(digits, 15))) * 10n ** BigInt(Math.max(0, digits - 15));
  const clamped = value > limit ? limit : value < -limit ? -limit : value;
  return clamped >= -9007199254740991n && clamped <= 9007199254740991n ? Number(clamped) : clamped;
}

function randomString(): string {
  const alphabet = ['a', 'b', 'Z', ' ', 'é', 'Σ', 'ß', '😀', '\ue000', '中', 'İ'];
  const length = Math.floor(next() * 6);
  let s = '';
  for (let i = 0; i < length; i++) s += pick(alphabet);
  return s;
}

function checkEquivalence(call: Call, types: readonly string[], label: string): void {
  const inline = compileInline(call);
  assert.ok(inline, `${label} has an inline form`);
  for (let i = 0; i < 300; i++) {
    const values = types.map(randomValue);
    const expected = outcome(() => run(call, values));
    const actual = outcome(() => inline(...values));
    assert.deepEqual(actual, expected, `${label}(${values.map(String).join(', ')})`);
  }
}

describe('inline forms equal fn', () => {
  const arithmetic: OperatorKind[] = ['ADD', 'SUBTRACT', 'MULTIPLY', 'DIVIDE', 'MODULUS'];
  for (const type of ['tinyint', 'smallint', 'integer', 'bigint', 'double', 'real']) {
    for (const kind of arithmetic) {
      it(`${kind} ${type}`, () => checkEquivalence(resolveOperatorCall(kind, [type, type]), [type, type], kind));
    }
    it(`NEGATION ${type}`, () => checkEquivalence(resolveOperatorCall('NEGATION', [type]), [type], 'NEGATION'));
  }

  // Short and long operands and results, rescaled and not, the 38-digit limit (overflow errors).
  const decimalPairs: [string, string][] = [
    ['decimal(15,2)', 'decimal(15,2)'],
    ['decimal(1,0)', 'decimal(15,2)'],
    ['decimal(10,2)', 'decimal(4,2)'],
    ['decimal(15,2)', 'decimal(16,2)'],
    ['decimal(31,4)', 'decimal(16,2)'],
    ['decimal(38,0)', 'decimal(38,0)'],
    ['decimal(20,10)', 'decimal(5,0)'],
    ['decimal(38,6)', 'decimal(2,1)'],
  ];
  for (const pair of decimalPairs) {
    for (const kind of ['ADD', 'SUBTRACT', 'MULTIPLY'] as const) {
      it(`${kind} ${pair.join(', ')}`, () => {
        const call = resolveOperatorCall(kind, pair);
        for (let round = 0; round < 10; round++) checkEquivalence(call, pair, kind);
      });
    }
  }

  const comparisons: OperatorKind[] = [
    'EQUAL',
    'NOT_EQUAL',
    'LESS_THAN',
    'LESS_THAN_OR_EQUAL',
    'GREATER_THAN',
    'GREATER_THAN_OR_EQUAL',
  ];
  for (const type of ['integer', 'bigint', 'double', 'real', 'varchar', 'boolean', 'date', 'decimal(10,2)']) {
    for (const kind of comparisons) {
      it(`${kind} ${type}`, () => checkEquivalence(resolveOperatorCall(kind, [type, type]), [type, type], kind));
    }
  }

  const functions: [string, TypeArgument[]][] = [
    ['abs', ['tinyint']],
    ['abs', ['integer']],
    ['abs', ['bigint']],
    ['abs', ['double']],
    ['abs', ['real']],
    ['length', ['varchar']],
    ['lower', ['varchar']],
    ['upper', ['varchar']],
    ['substr', ['varchar', 'bigint']],
    ['substr', ['varchar', 'bigint', 'bigint']],
  ];
  for (const [name, types] of functions) {
    it(`${name}(${types.join(', ')})`, () => {
      const call = resolveCall(name, types);
      const smallBigints = types.map((t) => (t === 'bigint' && name === 'substr' ? 'smallint' : (t as string)));
      checkEquivalence(call, smallBigints, name);
    });
  }

  it('leaves comparisons of types without a plain JS order to fn', () => {
    const call = resolveOperatorCall('LESS_THAN', ['array(integer)', 'array(integer)']);
    assert.equal(compileInline(call), undefined);
  });
});
