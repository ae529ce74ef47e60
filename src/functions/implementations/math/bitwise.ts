/**
 * Bitwise functions over the two's complement of integers: bit_count over a width, AND/OR/XOR/NOT
 * of bigints (64-bit), and shifts per integral type (left and logical right shifts see the value as
 * unsigned in its width; results wrap to the type, as these functions are defined to).
 */
import { type BigintValue, normalizeBigint } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';

const WIDTHS = { tinyint: 8, smallint: 16, integer: 32, bigint: 64 } as const;

function isInt32(v: BigintValue): v is number {
  return typeof v === 'number' && (v | 0) === v;
}

function bitCount(value: BigintValue, bits: BigintValue): number {
  const width = Number(bits);
  if (width < 2 || width > 64)
    throw invalidArgument(`Bits specified in bit_count must be between 2 and 64, got ${bits}`);
  const v = BigInt(value);
  const low = -(1n << BigInt(width - 1));
  const high = (1n << BigInt(width - 1)) - 1n;
  if (v < low || v > high) {
    throw invalidArgument(
      `Number must be representable with the bits specified. ${value} cannot be represented with ${bits} bits`,
    );
  }
  let unsigned = BigInt.asUintN(width, v);
  let count = 0;
  while (unsigned > 0n) {
    count += Number(unsigned & 1n);
    unsigned >>= 1n;
  }
  return count;
}

function wrap(value: bigint, width: number): BigintValue {
  const wrapped = BigInt.asIntN(width, value);
  return width === 64 ? normalizeBigint(wrapped) : Number(wrapped);
}

export function registerBitwiseFunctions(table: ImplementationTable): void {
  table.add('bit_count(bigint,bigint):bigint', bitCount);
  table.add('bitwise_and(bigint,bigint):bigint', (a: BigintValue, b: BigintValue) =>
    isInt32(a) && isInt32(b) ? a & b : wrap(BigInt(a) & BigInt(b), 64),
  );
  table.add('bitwise_or(bigint,bigint):bigint', (a: BigintValue, b: BigintValue) =>
    isInt32(a) && isInt32(b) ? a | b : wrap(BigInt(a) | BigInt(b), 64),
  );
  table.add('bitwise_xor(bigint,bigint):bigint', (a: BigintValue, b: BigintValue) =>
    isInt32(a) && isInt32(b) ? a ^ b : wrap(BigInt(a) ^ BigInt(b), 64),
  );
  table.add('bitwise_not(bigint):bigint', (a: BigintValue) => (isInt32(a) ? ~a : wrap(~BigInt(a), 64)));
  for (const [type, width] of Object.entries(WIDTHS)) {
    const size = BigInt(width);
    table.add(`bitwise_left_shift(${type},bigint):${type}`, (value: BigintValue, shift: BigintValue) => {
      const s = BigInt(shift);
      if (s >= size || s < 0n) return 0;
      return wrap(BigInt.asUintN(width, BigInt(value)) << s, width);
    });
    table.add(`bitwise_right_shift(${type},bigint):${type}`, (value: BigintValue, shift: BigintValue) => {
      const s = BigInt(shift);
      if (s >= size || s < 0n) return 0;
      return wrap(BigInt.asUintN(width, BigInt(value)) >> s, width);
    });
    table.add(`bitwise_right_shift_arithmetic(${type},bigint):${type}`, (value: BigintValue, shift: BigintValue) => {
      const s = BigInt(shift);
      const v = BigInt(value);
      if (s >= size || s < 0n) return v < 0n ? -1 : 0;
      return wrap(v >> s, width);
    });
  }
}
