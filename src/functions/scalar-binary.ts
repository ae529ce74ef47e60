/**
 * Functions over varbinary: length, concatenation, slicing, padding, encodings (hex, base64,
 * big-endian and IEEE 754), checksums and cryptographic hashes.
 */
import { scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

function hashes(names: Readonly<Record<string, string>>): FunctionDefinition[] {
  return Object.entries(names).map(([name, description]) => scalar(`${name}(varbinary):varbinary`, description));
}

const STRUCTURE: FunctionDefinition[] = [
  scalar('length(varbinary):bigint', 'Number of bytes'),
  scalar('concat(varbinary...):varbinary', 'Concatenate binary values', { minArguments: 2 }),
  scalar('substring(varbinary,bigint):varbinary', 'Bytes from a 1-based position', { aliases: ['substr'] }),
  scalar('substring(varbinary,bigint,bigint):varbinary', 'Bytes of a length from a 1-based position', {
    aliases: ['substr'],
  }),
  scalar('reverse(varbinary):varbinary', 'The bytes in reverse order'),
  scalar('lpad(varbinary,bigint,varbinary):varbinary', 'Pad on the left to a length'),
  scalar('rpad(varbinary,bigint,varbinary):varbinary', 'Pad on the right to a length'),
];

const ENCODINGS: FunctionDefinition[] = [
  scalar('to_hex(varbinary):varchar', 'Hexadecimal text of binary data'),
  scalar('from_hex(varchar(x)):varbinary', 'Binary data from hexadecimal text'),
  scalar('to_base64(varbinary):varchar', 'Base64 text of binary data'),
  scalar('from_base64(varchar(x)):varbinary', 'Binary data from base64 text'),
  scalar('from_base64(varbinary):varbinary', 'Binary data from base64 bytes'),
  scalar('to_base64url(varbinary):varchar', 'URL-safe base64 text of binary data'),
  scalar('from_base64url(varchar(x)):varbinary', 'Binary data from URL-safe base64 text'),
  scalar('from_base64url(varbinary):varbinary', 'Binary data from URL-safe base64 bytes'),
  scalar('to_base32(varbinary):varchar', 'Base32 text of binary data'),
  scalar('from_base32(varchar(x)):varbinary', 'Binary data from base32 text'),
  scalar('to_big_endian_64(bigint):varbinary', 'A bigint as 8 big-endian bytes'),
  scalar('from_big_endian_64(varbinary):bigint', 'A bigint from 8 big-endian bytes'),
  scalar('to_big_endian_32(integer):varbinary', 'An integer as 4 big-endian bytes'),
  scalar('from_big_endian_32(varbinary):integer', 'An integer from 4 big-endian bytes'),
  scalar('to_ieee754_32(real):varbinary', 'A real as IEEE 754 single-precision bytes'),
  scalar('from_ieee754_32(varbinary):real', 'A real from IEEE 754 single-precision bytes'),
  scalar('to_ieee754_64(double):varbinary', 'A double as IEEE 754 double-precision bytes'),
  scalar('from_ieee754_64(varbinary):double', 'A double from IEEE 754 double-precision bytes'),
];

const CHECKSUMS: FunctionDefinition[] = [
  scalar('crc32(varbinary):bigint', 'CRC-32 checksum'),
  ...hashes({
    md5: 'MD5 hash',
    sha1: 'SHA-1 hash',
    sha256: 'SHA-256 hash',
    sha512: 'SHA-512 hash',
    xxhash64: 'xxHash64 hash',
    murmur3: '128-bit MurmurHash3 hash',
    spooky_hash_v2_32: '32-bit SpookyHashV2 hash',
    spooky_hash_v2_64: '64-bit SpookyHashV2 hash',
  }),
  ...['md5', 'sha1', 'sha256', 'sha512'].map((hash) =>
    scalar(`hmac_${hash}(varbinary,varbinary):varbinary`, `HMAC with ${hash.toUpperCase()} under a key`),
  ),
];

export const BINARY_FUNCTIONS: readonly FunctionDefinition[] = [...STRUCTURE, ...ENCODINGS, ...CHECKSUMS];
