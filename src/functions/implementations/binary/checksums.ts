/**
 * Non-cryptographic hashes over bytes, written out here: CRC-32 (IEEE), xxHash64, MurmurHash3
 * x64 128-bit and SpookyHash V2 (64 and 32 bit), all with seed 0 as Trino calls them. 64-bit lanes
 * are BigInts wrapped with BigInt.asUintN; inputs are byte arrays read little-endian.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const MASK64 = (1n << 64n) - 1n;

function u64(x: bigint): bigint {
  return x & MASK64;
}

function rotl64(x: bigint, r: number): bigint {
  const n = BigInt(r);
  return ((x << n) | (x >> (64n - n))) & MASK64;
}

function read64(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i]);
  return value;
}

function read32(bytes: Uint8Array, offset: number): bigint {
  return BigInt(
    (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0,
  );
}

const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;

function xxRound(acc: bigint, input: bigint): bigint {
  return u64(rotl64(u64(acc + u64(input * P2)), 31) * P1);
}

function xxMerge(acc: bigint, value: bigint): bigint {
  return u64(u64((acc ^ xxRound(0n, value)) * P1) + P4);
}

/** xxHash64 with seed 0, as an unsigned 64-bit BigInt. */
export function xxhash64(bytes: Uint8Array): bigint {
  const length = bytes.length;
  let offset = 0;
  let hash: bigint;
  if (length >= 32) {
    let v1 = u64(P1 + P2);
    let v2 = P2;
    let v3 = 0n;
    let v4 = u64(-P1);
    while (offset <= length - 32) {
      v1 = xxRound(v1, read64(bytes, offset));
      v2 = xxRound(v2, read64(bytes, offset + 8));
      v3 = xxRound(v3, read64(bytes, offset + 16));
      v4 = xxRound(v4, read64(bytes, offset + 24));
      offset += 32;
    }
    hash = u64(rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18));
    hash = xxMerge(hash, v1);
    hash = xxMerge(hash, v2);
    hash = xxMerge(hash, v3);
    hash = xxMerge(hash, v4);
  } else {
    hash = P5;
  }
  hash = u64(hash + BigInt(length));
  while (offset <= length - 8) {
    hash = u64(rotl64(hash ^ xxRound(0n, read64(bytes, offset)), 27) * P1 + P4);
    offset += 8;
  }
  if (offset <= length - 4) {
    hash = u64(rotl64(hash ^ u64(read32(bytes, offset) * P1), 23) * P2 + P3);
    offset += 4;
  }
  while (offset < length) {
    hash = u64(rotl64(hash ^ u64(BigInt(bytes[offset]) * P5), 11) * P1);
    offset++;
  }
  hash = u64((hash ^ (hash >> 33n)) * P2);
  hash = u64((hash ^ (hash >> 29n)) * P3);
  return hash ^ (hash >> 32n);
}

const C1 = 0x87c37b91114253d5n;
const C2 = 0x4cf5ad432745937fn;

function fmix64(k: bigint): bigint {
  let x = k;
  x = u64((x ^ (x >> 33n)) * 0xff51afd7ed558ccdn);
  x = u64((x ^ (x >> 33n)) * 0xc4ceb9fe1a85ec53n);
  return x ^ (x >> 33n);
}

/** MurmurHash3 x64 128-bit with seed 0: [h1, h2]. */
export function murmur3x64(bytes: Uint8Array): [bigint, bigint] {
  const length = bytes.length;
  let h1 = 0n;
  let h2 = 0n;
  const blocks = Math.floor(length / 16);
  for (let i = 0; i < blocks; i++) {
    let k1 = read64(bytes, i * 16);
    let k2 = read64(bytes, i * 16 + 8);
    k1 = u64(rotl64(u64(k1 * C1), 31) * C2);
    h1 ^= k1;
    h1 = u64(u64(rotl64(h1, 27) + h2) * 5n + 0x52dce729n);
    k2 = u64(rotl64(u64(k2 * C2), 33) * C1);
    h2 ^= k2;
    h2 = u64(u64(rotl64(h2, 31) + h1) * 5n + 0x38495ab5n);
  }
  const tail = blocks * 16;
  let k1 = 0n;
  let k2 = 0n;
  for (let i = (length & 15) - 1; i >= 0; i--) {
    const byte = BigInt(bytes[tail + i]);
    if (i >= 8) k2 |= byte << BigInt((i - 8) * 8);
    else k1 |= byte << BigInt(i * 8);
  }
  if ((length & 15) > 8) {
    k2 = u64(rotl64(u64(k2 * C2), 33) * C1);
    h2 ^= k2;
  }
  if ((length & 15) > 0) {
    k1 = u64(rotl64(u64(k1 * C1), 31) * C2);
    h1 ^= k1;
  }
  const n = BigInt(length);
  h1 ^= n;
  h2 ^= n;
  h1 = u64(h1 + h2);
  h2 = u64(h2 + h1);
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  h1 = u64(h1 + h2);
  h2 = u64(h2 + h1);
  return [h1, h2];
}

const SPOOKY_CONST = 0xdeadbeefdeadbeefn;
const SPOOKY_BLOCK = 96;
const SPOOKY_BUFFER = 192;

/** SpookyHash V2 128-bit with both seeds 0: [h1, h2]; hash64 is h1 and hash32 its low half. */
export function spookyHash128(bytes: Uint8Array): [bigint, bigint] {
  return bytes.length < SPOOKY_BUFFER ? spookyShort(bytes) : spookyLong(bytes);
}

/** The reference ShortMix: twelve rotate-add-xor steps over four lanes. */
function shortMix(h: bigint[]): void {
  const step = (a: number, r: number, b: number, c: number) => {
    h[a] = rotl64(h[a], r);
    h[a] = u64(h[a] + h[b]);
    h[c] = h[c] ^ h[a];
  };
  step(2, 50, 3, 0);
  step(3, 52, 0, 1);
  step(0, 30, 1, 2);
  step(1, 41, 2, 3);
  step(2, 54, 3, 0);
  step(3, 48, 0, 1);
  step(0, 38, 1, 2);
  step(1, 37, 2, 3);
  step(2, 62, 3, 0);
  step(3, 34, 0, 1);
  step(0, 5, 1, 2);
  step(1, 36, 2, 3);
}

/** The reference ShortEnd. */
function shortEnd(h: bigint[]): void {
  const step = (a: number, b: number, r: number) => {
    h[a] = h[a] ^ h[b];
    h[b] = rotl64(h[b], r);
    h[a] = u64(h[a] + h[b]);
  };
  step(3, 2, 15);
  step(0, 3, 52);
  step(1, 0, 26);
  step(2, 1, 51);
  step(3, 2, 28);
  step(0, 3, 9);
  step(1, 0, 47);
  step(2, 1, 54);
  step(3, 2, 32);
  step(0, 3, 25);
  step(1, 0, 63);
}

function spookyShort(bytes: Uint8Array): [bigint, bigint] {
  const length = bytes.length;
  let remainder = length % 32;
  const h = [0n, 0n, SPOOKY_CONST, SPOOKY_CONST];
  let offset = 0;
  if (length > 15) {
    const end = Math.floor(length / 32) * 32;
    for (; offset < end; offset += 32) {
      h[2] = u64(h[2] + read64(bytes, offset));
      h[3] = u64(h[3] + read64(bytes, offset + 8));
      shortMix(h);
      h[0] = u64(h[0] + read64(bytes, offset + 16));
      h[1] = u64(h[1] + read64(bytes, offset + 24));
    }
    if (remainder >= 16) {
      h[2] = u64(h[2] + read64(bytes, offset));
      h[3] = u64(h[3] + read64(bytes, offset + 8));
      shortMix(h);
      offset += 16;
      remainder -= 16;
    }
  }
  h[3] = u64(h[3] + (BigInt(length) << 56n));
  // The last 0..15 bytes, little-endian into h2 (first 8) and h3 (rest).
  const byteAt = (i: number) => BigInt(bytes[offset + i]);
  if (remainder === 0) {
    h[2] = u64(h[2] + SPOOKY_CONST);
    h[3] = u64(h[3] + SPOOKY_CONST);
  } else {
    let low = 0n;
    let high = 0n;
    for (let i = 0; i < remainder; i++) {
      if (i < 8) low |= byteAt(i) << BigInt(i * 8);
      else high |= byteAt(i) << BigInt((i - 8) * 8);
    }
    h[2] = u64(h[2] + low);
    h[3] = u64(h[3] + high);
  }
  shortEnd(h);
  return [h[0], h[1]];
}

function longMix(data: bigint[], s: bigint[]): void {
  const rotations = [11, 32, 43, 31, 17, 28, 39, 57, 55, 54, 22, 46];
  for (let i = 0; i < 12; i++) {
    s[i] = u64(s[i] + data[i]);
    s[(i + 2) % 12] = s[(i + 2) % 12] ^ s[(i + 10) % 12];
    s[(i + 11) % 12] = s[(i + 11) % 12] ^ s[i];
    s[i] = rotl64(s[i], rotations[i]);
    s[(i + 11) % 12] = u64(s[(i + 11) % 12] + s[(i + 1) % 12]);
  }
}

function endPartial(h: bigint[]): void {
  const rotations = [44, 15, 34, 21, 38, 33, 10, 13, 38, 53, 42, 54];
  for (let i = 0; i < 12; i++) {
    const a = (i + 11) % 12;
    const b = (i + 1) % 12;
    const c = (i + 2) % 12;
    h[a] = u64(h[a] + h[b]);
    h[c] = h[c] ^ h[a];
    h[b] = rotl64(h[b], rotations[i]);
  }
}

function spookyLong(bytes: Uint8Array): [bigint, bigint] {
  const s = [0n, 0n, SPOOKY_CONST, 0n, 0n, SPOOKY_CONST, 0n, 0n, SPOOKY_CONST, 0n, 0n, SPOOKY_CONST];
  const blockCount = Math.floor(bytes.length / SPOOKY_BLOCK);
  const data = new Array<bigint>(12);
  for (let b = 0; b < blockCount; b++) {
    for (let i = 0; i < 12; i++) data[i] = read64(bytes, b * SPOOKY_BLOCK + i * 8);
    longMix(data, s);
  }
  // The last partial block, zero-padded, with its length in the final byte.
  const remainder = bytes.length - blockCount * SPOOKY_BLOCK;
  const last = new Uint8Array(SPOOKY_BLOCK);
  last.set(bytes.subarray(blockCount * SPOOKY_BLOCK));
  last[SPOOKY_BLOCK - 1] = remainder;
  for (let i = 0; i < 12; i++) data[i] = read64(last, i * 8);
  for (let i = 0; i < 12; i++) s[i] = u64(s[i] + data[i]);
  endPartial(s);
  endPartial(s);
  endPartial(s);
  return [s[0], s[1]];
}
