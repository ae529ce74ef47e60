/**
 * The arithmetic operators over numbers: + - * / % and unary minus for tinyint, smallint, integer,
 * bigint, real, double and decimal. Integers are checked (integer-arithmetic.ts), decimals scaled
 * (decimal-arithmetic.ts); doubles follow IEEE 754 (x / 0 is ±Infinity or NaN, never an error), reals
 * are rounded to single precision after each operation. The hot forms have an `inline` expression
 * for the expression compiler that computes exactly what `fn` computes.
 */

import {
  addDecimal,
  divideDecimal,
  inlineAddDecimal,
  inlineMultiplyDecimal,
  modulusDecimal,
  multiplyDecimal,
  negateDecimal,
  subtractDecimal,
} from './decimal-arithmetic.js';
import { divisionByZero } from './errors.js';
import type { ImplementationTable, InlineContext } from './implementation-types.js';
import {
  addBigint,
  divideBigint,
  modulusBigint,
  multiplyBigint,
  negateBigint,
  smallIntegerArithmetic,
  subtractBigint,
} from './integer-arithmetic.js';

const SMALL_INTEGRALS = ['tinyint', 'smallint', 'integer'] as const;

function binaryId(operator: string, type: string): string {
  return `$operator$${operator}(${type},${type}):${type}`;
}

function throwDivisionByZero(): never {
  throw divisionByZero();
}

export function registerArithmeticOperators(table: ImplementationTable): void {
  for (const kind of SMALL_INTEGRALS) {
    const ops = smallIntegerArithmetic(kind);
    const { min, max } = ops;
    // In range: the plain JS result (exact, see smallIntegerArithmetic); out of range: fn, which throws.
    const checked = (op: string, fn: unknown) => (args: readonly string[], ctx: InlineContext) => {
      const [a, b] = args;
      const r = `(${a} ${op} ${b} + 0)`;
      return `(${r} < ${min} || ${r} > ${max} ? ${ctx.reference(fn)}(${a}, ${b}) : ${r})`;
    };
    table.add(binaryId('add', kind), ops.add, { inline: checked('+', ops.add) });
    table.add(binaryId('subtract', kind), ops.subtract, { inline: checked('-', ops.subtract) });
    table.add(binaryId('multiply', kind), ops.multiply, { inline: checked('*', ops.multiply) });
    table.add(binaryId('divide', kind), ops.divide, {
      inline: ([a, b], ctx) => `${ctx.reference(ops.divide)}(${a}, ${b})`,
    });
    table.add(binaryId('modulus', kind), ops.modulus, {
      inline: ([a, b], ctx) => `(${b} === 0 ? ${ctx.reference(throwDivisionByZero)}() : (${a} % ${b}) + 0)`,
    });
    table.add(`$operator$negation(${kind}):${kind}`, ops.negate, {
      inline: ([a], ctx) => `(${a} === ${min} ? ${ctx.reference(ops.negate)}(${a}) : 0 - ${a})`,
    });
  }

  // bigint: numbers while safe, else the BigInt path of the fn.
  const safeNumbers = (op: string, fn: unknown) => (args: readonly string[], ctx: InlineContext) => {
    const [a, b] = args;
    const r = `(${a} ${op} ${b} + 0)`;
    return `(typeof ${a} === 'number' && typeof ${b} === 'number' && Number.isSafeInteger(${r}) ? ${r} : ${ctx.reference(fn)}(${a}, ${b}))`;
  };
  table.add(binaryId('add', 'bigint'), addBigint, { inline: safeNumbers('+', addBigint) });
  table.add(binaryId('subtract', 'bigint'), subtractBigint, { inline: safeNumbers('-', subtractBigint) });
  table.add(binaryId('multiply', 'bigint'), multiplyBigint, { inline: safeNumbers('*', multiplyBigint) });
  table.add(binaryId('divide', 'bigint'), divideBigint, {
    inline: ([a, b], ctx) => `${ctx.reference(divideBigint)}(${a}, ${b})`,
  });
  table.add(binaryId('modulus', 'bigint'), modulusBigint, {
    inline: ([a, b], ctx) =>
      `(typeof ${a} === 'number' && typeof ${b} === 'number' && ${b} !== 0 ? (${a} % ${b}) + 0 : ${ctx.reference(modulusBigint)}(${a}, ${b}))`,
  });
  table.add('$operator$negation(bigint):bigint', negateBigint, {
    inline: ([a], ctx) => `(typeof ${a} === 'number' ? 0 - ${a} : ${ctx.reference(negateBigint)}(${a}))`,
  });

  table.add(binaryId('add', 'double'), (a: number, b: number) => a + b, { inline: ([a, b]) => `(${a} + ${b})` });
  table.add(binaryId('subtract', 'double'), (a: number, b: number) => a - b, { inline: ([a, b]) => `(${a} - ${b})` });
  table.add(binaryId('multiply', 'double'), (a: number, b: number) => a * b, { inline: ([a, b]) => `(${a} * ${b})` });
  table.add(binaryId('divide', 'double'), (a: number, b: number) => a / b, { inline: ([a, b]) => `(${a} / ${b})` });
  table.add(binaryId('modulus', 'double'), (a: number, b: number) => a % b, { inline: ([a, b]) => `(${a} % ${b})` });
  table.add('$operator$negation(double):double', (a: number) => -a, { inline: ([a]) => `(-(${a}))` });

  table.add(binaryId('add', 'real'), (a: number, b: number) => Math.fround(a + b), {
    inline: ([a, b]) => `Math.fround(${a} + ${b})`,
  });
  table.add(binaryId('subtract', 'real'), (a: number, b: number) => Math.fround(a - b), {
    inline: ([a, b]) => `Math.fround(${a} - ${b})`,
  });
  table.add(binaryId('multiply', 'real'), (a: number, b: number) => Math.fround(a * b), {
    inline: ([a, b]) => `Math.fround(${a} * ${b})`,
  });
  table.add(binaryId('divide', 'real'), (a: number, b: number) => Math.fround(a / b), {
    inline: ([a, b]) => `Math.fround(${a} / ${b})`,
  });
  table.add(binaryId('modulus', 'real'), (a: number, b: number) => Math.fround(a % b), {
    inline: ([a, b]) => `Math.fround(${a} % ${b})`,
  });
  table.add('$operator$negation(real):real', (a: number) => -a, { inline: ([a]) => `(-(${a}))` });

  const decimal = (operator: string) => `$operator$${operator}(decimal(p1,s1),decimal(p2,s2)):decimal(rp,rs)`;
  table.add(decimal('add'), addDecimal, { inline: inlineAddDecimal(1) });
  table.add(decimal('subtract'), subtractDecimal, { inline: inlineAddDecimal(-1) });
  table.add(decimal('multiply'), multiplyDecimal, { inline: inlineMultiplyDecimal });
  table.add(decimal('divide'), divideDecimal);
  table.add(decimal('modulus'), modulusDecimal);
  table.add('$operator$negation(decimal(p,s)):decimal(p,s)', negateDecimal);
}
