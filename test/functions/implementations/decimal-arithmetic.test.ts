/**
 * The decimal operators and decimal-to-decimal casts against an exact BigInt reference, on random
 * types and values chosen around the edges of the number path: ±(2^53 − 1) and its neighbours,
 * ±(10^p − 1), zero, both signs, mixed scales. Long-decimal operands are given both as numbers and as
 * BigInts; the results must be one value whatever the path, the number path must be taken whenever
 * every intermediate is a safe integer, and overflow must be the same error as on the BigInt path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OperatorKind } from '../../../src/functions/operators.js';
import type { DecimalType } from '../../../src/types/type.js';
import { assertError, cast, operator, outcome, random, resolveOperatorCall, run } from './harness.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const pow10 = (n: number) => 10n ** BigInt(n);
const abs = (v: bigint) => (v < 0n ? -v : v);
const isSafe = (v: bigint) => abs(v) <= MAX_SAFE;

/** a / b rounded half away from zero (the reference; b ≠ 0). */
function halfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a - q * b;
  if (2n * abs(r) < abs(b)) return q;
  return a < 0n !== b < 0n ? q - 1n : q + 1n;
}

/** A random unscaled value of a decimal with precision p, near the interesting edges. */
function randomUnscaled(next: () => number, p: number): bigint {
  const limit = pow10(p);
  const digits = (n: number) => {
    let v = 0n;
    for (let i = 0; i < n; i++) v = v * 10n + BigInt(Math.floor(next() * 10));
    return v;
  };
  const candidates = [
    () => 0n,
    () => 1n,
    () => limit - 1n,
    () => limit - 1n - digits(3),
    () => MAX_SAFE,
    () => MAX_SAFE + 1n,
    () => MAX_SAFE - digits(2),
    () => MAX_SAFE + digits(2),
    () => MAX_SAFE / pow10(Math.floor(next() * 6)) + digits(1),
    () => 2n ** 32n,
    () => digits(1 + Math.floor(next() * p)),
    () => digits(1 + Math.floor(next() * 6)),
  ];
  const v = abs(candidates[Math.floor(next() * candidates.length)]!()) % limit;
  return next() < 0.5 ? -v : v;
}

/** The engine's form of a value: numbers for short decimals; either form for a long one that is safe. */
function engineForm(v: bigint, p: number, asNumber: boolean): number | bigint {
  if (p <= 15) return Number(v);
  return asNumber && isSafe(v) ? Number(v) : v;
}

function randomType(next: () => number): DecimalType {
  // Mostly around the 15/16 digit border of the number representation, some anywhere up to 38.
  const p = next() < 0.6 ? 12 + Math.floor(next() * 10) : 1 + Math.floor(next() * 38);
  const s = Math.floor(next() * (Math.min(p, 12) + 1));
  return { kind: 'decimal', precision: p, scale: s } as DecimalType;
}

const text = (t: DecimalType) => `decimal(${t.precision},${t.scale})`;

type Reference = { value: bigint; fast: boolean } | { error: string };

/** The exact result at the bound result type, and whether every intermediate of the number path is safe. */
function reference(
  kind: OperatorKind,
  a: bigint,
  b: bigint,
  l: DecimalType,
  r: DecimalType,
  rt: DecimalType,
): Reference {
  let value: bigint;
  let intermediates: bigint[];
  switch (kind) {
    case 'ADD':
    case 'SUBTRACT': {
      const u = a * pow10(rt.scale - l.scale);
      const v = b * pow10(rt.scale - r.scale);
      value = kind === 'ADD' ? u + v : u - v;
      intermediates = [u, v];
      break;
    }
    case 'MULTIPLY':
      value = a * b;
      intermediates = [];
      break;
    case 'DIVIDE': {
      if (b === 0n) return { error: 'DIVISION_BY_ZERO' };
      const dividend = a * pow10(rt.scale - l.scale + r.scale);
      value = halfUp(dividend, b);
      intermediates = [dividend];
      break;
    }
    case 'MODULUS': {
      if (b === 0n) return { error: 'DIVISION_BY_ZERO' };
      const scale = Math.max(l.scale, r.scale);
      const u = a * pow10(scale - l.scale);
      const v = b * pow10(scale - r.scale);
      value = u % v;
      intermediates = [u, v];
      break;
    }
    default:
      throw new Error(`no reference for ${kind}`);
  }
  if (abs(value) >= pow10(rt.precision)) return { error: 'NUMERIC_VALUE_OUT_OF_RANGE' };
  return { value, fast: [a, b, value, ...intermediates].every(isSafe) };
}

function checkResult(result: unknown, expected: Reference, returnType: DecimalType, label: string): void {
  if ('error' in expected) {
    assert.deepEqual((result as { error?: string }).error, expected.error, label);
    return;
  }
  const value = (result as { value?: unknown }).value;
  assert.ok(
    typeof value === 'number' || typeof value === 'bigint',
    `${label}: ${String((result as { error?: string }).error)}`,
  );
  assert.equal(BigInt(value), expected.value, label);
  assert.ok(!Object.is(value, -0), `${label}: never -0`);
  if (returnType.precision <= 15) assert.equal(typeof value, 'number', `${label}: a short decimal is a number`);
  else if (expected.fast) assert.equal(typeof value, 'number', `${label}: safe intermediates take the number path`);
  else if (!isSafe(expected.value)) assert.equal(typeof value, 'bigint', `${label}: beyond 2^53 is a BigInt`);
}

describe('decimal arithmetic on numbers and BigInts', () => {
  for (const kind of ['ADD', 'SUBTRACT', 'MULTIPLY', 'DIVIDE', 'MODULUS'] as const) {
    it(`${kind} agrees with the exact BigInt result on values near 2^53 and 10^p, either operand form`, () => {
      const next = random(0x5eed + kind.length);
      let compared = 0;
      let fast = 0;
      for (let i = 0; i < 4000; i++) {
        const l = randomType(next);
        const r = randomType(next);
        let call: ReturnType<typeof resolveOperatorCall>;
        try {
          call = resolveOperatorCall(kind, [text(l), text(r)]);
        } catch {
          continue; // no such result type (a scale beyond 38)
        }
        const rt = call.context.returnType as DecimalType;
        const a = randomUnscaled(next, l.precision);
        const b = randomUnscaled(next, r.precision);
        const expected = reference(kind, a, b, l, r, rt);
        const label = `${text(l)} ${a} ${kind} ${text(r)} ${b} as ${text(rt)}`;
        for (const [x, y] of [
          [true, true],
          [false, false],
          [true, false],
          [false, true],
        ]) {
          const result = outcome(() => run(call, [engineForm(a, l.precision, x), engineForm(b, r.precision, y)]));
          checkResult(result, expected, rt, `${label} (forms ${x}, ${y})`);
        }
        compared++;
        if ('value' in expected && expected.fast && rt.precision > 15) fast++;
      }
      assert.ok(compared > 2000, `compared ${compared}`);
      assert.ok(fast > 200, `only ${fast} long results on the number path`);
    });
  }

  it('negation keeps the value and gives a number for a safe long decimal', () => {
    const next = random(77);
    for (let i = 0; i < 2000; i++) {
      const t = randomType(next);
      const a = randomUnscaled(next, t.precision);
      for (const asNumber of [true, false]) {
        const result = operator('NEGATION', [text(t)], [engineForm(a, t.precision, asNumber)]) as number | bigint;
        assert.equal(BigInt(result), -a);
        assert.ok(!Object.is(result, -0));
        assert.equal(typeof result, isSafe(a) ? 'number' : 'bigint', `-(${a}) as ${text(t)}`);
      }
    }
  });

  it('casts between decimal types as the BigInt rescaling does, overflow included', () => {
    const next = random(1234);
    let fast = 0;
    for (let i = 0; i < 4000; i++) {
      const from = randomType(next);
      const to = randomType(next);
      const a = randomUnscaled(next, from.precision);
      const scaled =
        to.scale >= from.scale ? a * pow10(to.scale - from.scale) : halfUp(a, pow10(from.scale - to.scale));
      const expected: Reference =
        abs(scaled) >= pow10(to.precision)
          ? { error: 'INVALID_CAST_ARGUMENT' }
          : // A cast to the same type may hand the value back as it came.
            { value: scaled, fast: isSafe(scaled) && isSafe(a) && text(from) !== text(to) };
      for (const asNumber of [true, false]) {
        const result = outcome(() => cast(text(from), text(to), engineForm(a, from.precision, asNumber)));
        checkResult(result, expected, to, `CAST(${text(from)} ${a} AS ${text(to)})`);
      }
      if ('value' in expected && expected.fast && to.precision > 15) fast++;
    }
    assert.ok(fast > 200, `only ${fast} long casts on the number path`);
  });

  it('switches to BigInt exactly past 2^53 − 1', () => {
    const max = Number.MAX_SAFE_INTEGER;
    assert.equal(operator('ADD', ['decimal(16,0)', 'decimal(16,0)'], [max - 1, 1]), max);
    assert.equal(operator('ADD', ['decimal(16,0)', 'decimal(16,0)'], [max, 1]), 2n ** 53n);
    assert.equal(operator('SUBTRACT', ['decimal(16,0)', 'decimal(16,0)'], [-max, 1]), -(2n ** 53n));
    // An operand beyond 2^53 takes the BigInt path, whose result stays a BigInt.
    assert.equal(operator('SUBTRACT', ['decimal(16,0)', 'decimal(16,0)'], [2n ** 53n, 1]), BigInt(max));
    assert.equal(operator('MULTIPLY', ['decimal(10,0)', 'decimal(7,0)'], [4294967296, 2097151]), 2 ** 53 - 2 ** 32);
    assert.equal(operator('MULTIPLY', ['decimal(10,0)', 'decimal(7,0)'], [4294967296, 2097152]), 2n ** 53n);
    assert.equal(operator('MULTIPLY', ['decimal(10,0)', 'decimal(7,0)'], [-4294967296, 2097152]), -(2n ** 53n));
    // A rescaled operand beyond 2^53 goes to BigInt even when the sum would come back into range.
    assert.equal(operator('ADD', ['decimal(16,0)', 'decimal(17,1)'], [10 ** 15, -max]), 10n ** 16n - BigInt(max));
    assert.equal(operator('MULTIPLY', ['decimal(20,2)', 'decimal(5,0)'], [0, -5]), 0);
  });

  it('still fails with Decimal overflow past 38 digits when the operands are numbers', () => {
    // decimal(38,0) + decimal(38,37) is decimal(38,37): 9 · 10^15 · 10^37 has 53 digits.
    assertError(
      () => operator('ADD', ['decimal(38,0)', 'decimal(38,37)'], [9e15, 1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Decimal overflow',
    );
    assertError(
      () => operator('DIVIDE', ['decimal(38,0)', 'decimal(38,20)'], [9e15, 1]),
      'NUMERIC_VALUE_OUT_OF_RANGE',
      'Decimal overflow',
    );
    assertError(
      () => cast('decimal(16,0)', 'decimal(15,0)', 1e15),
      'INVALID_CAST_ARGUMENT',
      "Cannot cast DECIMAL(16, 0) '1000000000000000' to DECIMAL(15, 0)",
    );
  });
});
