/**
 * The varbinary functions: length, concat, substring (1-based, negative from the end, as for
 * strings), reverse, lpad/rpad, encodings, big-endian and IEEE 754 conversions, checksums and
 * hashes (md5, the sha family and hmac_* through node:crypto; crc32, xxhash64, murmur3, spooky_hash_v2 written out,
 * multi-byte results big-endian as Trino writes them).
 */
import { createHash, createHmac } from 'node:crypto';
import type { BigintValue } from '../bigint-values.js';
import { normalizeBigint } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';
import { checkResultLength, MAX_VALUE_LENGTH } from '../value-limits.js';
import { crc32, murmur3x64, spookyHash128, xxhash64 } from './checksums.js';
import { fromBase32, fromBase64, fromHex, toBase32, toBase64, toHex } from './encodings.js';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

function bytesOf(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  checkResultLength(length, 'concat');
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function substringBytes(bytes: Uint8Array, start: BigintValue, length?: BigintValue): Uint8Array {
  const from = Number(start);
  const count = length === undefined ? Number.POSITIVE_INFINITY : Number(length);
  if (from === 0 || count <= 0 || bytes.length === 0) return new Uint8Array(0);
  const begin = from > 0 ? from - 1 : bytes.length + from;
  if (begin < 0 || begin >= bytes.length) return new Uint8Array(0);
  return bytes.slice(begin, Math.min(bytes.length, begin + count));
}

function padBytes(bytes: Uint8Array, size: BigintValue, padding: Uint8Array, left: boolean): Uint8Array {
  const target = Number(size);
  if (!(target >= 0 && target <= MAX_VALUE_LENGTH)) {
    throw invalidArgument(`Target length must be in the range [0..${MAX_VALUE_LENGTH}]`);
  }
  if (padding.length === 0) throw invalidArgument('Padding bytes must not be empty');
  if (target <= bytes.length) return bytes.slice(0, target);
  const out = new Uint8Array(target);
  const fillStart = left ? 0 : bytes.length;
  const fillEnd = fillStart + target - bytes.length;
  out.set(bytes, left ? fillEnd : 0);
  // The padding is copied once, then the filled part doubles itself: O(log n) native copies.
  let filled = Math.min(padding.length, fillEnd - fillStart);
  out.set(padding.subarray(0, filled), fillStart);
  while (fillStart + filled < fillEnd) {
    const chunk = Math.min(filled, fillEnd - fillStart - filled);
    out.copyWithin(fillStart + filled, fillStart, fillStart + chunk);
    filled += chunk;
  }
  return out;
}

function bigEndian(value: bigint, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let v = BigInt.asUintN(bytes * 8, value);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function littleEndian(value: bigint, bytes: number): Uint8Array {
  return bigEndian(value, bytes).reverse();
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
}

export function registerBinaryFunctions(table: ImplementationTable): void {
  table.add('length(varbinary):bigint', (bytes: Uint8Array) => bytes.length);
  table.add('concat(varbinary...):varbinary', (...args: unknown[]) => concatBytes(args.slice(0, -1) as Uint8Array[]));
  table.add('substring(varbinary,bigint):varbinary', (b: Uint8Array, start: BigintValue) => substringBytes(b, start));
  table.add('substring(varbinary,bigint,bigint):varbinary', substringBytes);
  table.add('reverse(varbinary):varbinary', (b: Uint8Array) => b.slice().reverse());
  table.add('lpad(varbinary,bigint,varbinary):varbinary', (b: Uint8Array, n: BigintValue, p: Uint8Array) =>
    padBytes(b, n, p, true),
  );
  table.add('rpad(varbinary,bigint,varbinary):varbinary', (b: Uint8Array, n: BigintValue, p: Uint8Array) =>
    padBytes(b, n, p, false),
  );

  table.add('to_hex(varbinary):varchar', (b: Uint8Array) => {
    checkResultLength(2 * b.length, 'to_hex');
    return toHex(b);
  });
  table.add('from_hex(varchar(x)):varbinary', fromHex);
  table.add('to_base64(varbinary):varchar', (b: Uint8Array) => {
    checkResultLength(4 * Math.ceil(b.length / 3), 'to_base64');
    return toBase64(b, false);
  });
  table.add('from_base64(varchar(x)):varbinary', (s: string) => fromBase64(s, false));
  table.add('from_base64(varbinary):varbinary', (b: Uint8Array) => fromBase64(latin1(b), false));
  table.add('to_base64url(varbinary):varchar', (b: Uint8Array) => {
    checkResultLength(4 * Math.ceil(b.length / 3), 'to_base64url');
    return toBase64(b, true);
  });
  table.add('from_base64url(varchar(x)):varbinary', (s: string) => fromBase64(s, true));
  table.add('from_base64url(varbinary):varbinary', (b: Uint8Array) => fromBase64(latin1(b), true));
  table.add('to_base32(varbinary):varchar', (b: Uint8Array) => {
    checkResultLength(8 * Math.ceil(b.length / 5), 'to_base32');
    return toBase32(b);
  });
  table.add('from_base32(varchar(x)):varbinary', fromBase32);

  table.add('to_big_endian_64(bigint):varbinary', (v: BigintValue) => bigEndian(BigInt(v), 8));
  table.add('from_big_endian_64(varbinary):bigint', (b: Uint8Array) => {
    if (b.length !== 8) throw invalidArgument(`expected 8-byte input, but got instead: ${b.length}`);
    return normalizeBigint(view(b).getBigInt64(0));
  });
  table.add('to_big_endian_32(integer):varbinary', (v: number) => bigEndian(BigInt(v), 4));
  table.add('from_big_endian_32(varbinary):integer', (b: Uint8Array) => {
    if (b.length !== 4) throw invalidArgument(`expected 4-byte input, but got instead: ${b.length}`);
    return view(b).getInt32(0);
  });
  table.add('to_ieee754_32(real):varbinary', (v: number) => {
    const out = new Uint8Array(4);
    view(out).setFloat32(0, v);
    return out;
  });
  table.add('from_ieee754_32(varbinary):real', (b: Uint8Array) => {
    if (b.length !== 4) throw invalidArgument('Input floating-point value must be exactly 4 bytes long');
    return view(b).getFloat32(0);
  });
  table.add('to_ieee754_64(double):varbinary', (v: number) => {
    const out = new Uint8Array(8);
    view(out).setFloat64(0, v);
    return out;
  });
  table.add('from_ieee754_64(varbinary):double', (b: Uint8Array) => {
    if (b.length !== 8) throw invalidArgument('Input floating-point value must be exactly 8 bytes long');
    return view(b).getFloat64(0);
  });

  table.add('crc32(varbinary):bigint', crc32);
  for (const algorithm of ['md5', 'sha1', 'sha256', 'sha512']) {
    table.add(`${algorithm}(varbinary):varbinary`, (b: Uint8Array) =>
      bytesOf(createHash(algorithm).update(b).digest()),
    );
    table.add(`hmac_${algorithm}(varbinary,varbinary):varbinary`, (b: Uint8Array, key: Uint8Array) =>
      bytesOf(createHmac(algorithm, key).update(b).digest()),
    );
  }
  table.add('xxhash64(varbinary):varbinary', (b: Uint8Array) => bigEndian(xxhash64(b), 8));
  table.add('murmur3(varbinary):varbinary', (b: Uint8Array) => {
    const [h1, h2] = murmur3x64(b);
    return concatBytes([littleEndian(h1, 8), littleEndian(h2, 8)]);
  });
  table.add('spooky_hash_v2_32(varbinary):varbinary', (b: Uint8Array) =>
    bigEndian(spookyHash128(b)[0] & 0xffffffffn, 4),
  );
  table.add('spooky_hash_v2_64(varbinary):varbinary', (b: Uint8Array) => bigEndian(spookyHash128(b)[0], 8));
}
