import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, bytes, call, hex, utf8 } from './harness.js';

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.';

const hash = (name: string, text: string) => hex(call(name, ['varbinary'], [utf8(text)]));

describe('varbinary structure', () => {
  it('measures, concatenates, slices and pads bytes', () => {
    assert.equal(call('length', ['varbinary'], [bytes('0102ff')]), 3);
    assert.equal(
      hex(call('concat', ['varbinary', 'varbinary', 'varbinary'], [bytes('01'), bytes('02'), bytes('')])),
      '0102',
    );
    assert.equal(hex(call('substr', ['varbinary', 'bigint'], [bytes('010203'), 2])), '0203');
    assert.equal(hex(call('substr', ['varbinary', 'bigint', 'bigint'], [bytes('010203'), -2, 1])), '02');
    assert.equal(hex(call('reverse', ['varbinary'], [bytes('010203')])), '030201');
    assert.equal(hex(call('lpad', ['varbinary', 'bigint', 'varbinary'], [bytes('01'), 4, bytes('ab')])), 'ababab01');
    assert.equal(hex(call('rpad', ['varbinary', 'bigint', 'varbinary'], [bytes('010203'), 2, bytes('ab')])), '0102');
    assertError(
      () => call('rpad', ['varbinary', 'bigint', 'varbinary'], [bytes('01'), 3, bytes('')]),
      'INVALID_FUNCTION_ARGUMENT',
      'Padding bytes must not be empty',
    );
  });
});

describe('encodings', () => {
  it('converts hex, base64, base64url and base32', () => {
    assert.equal(call('to_hex', ['varbinary'], [bytes('0aff')]), '0AFF');
    assert.equal(hex(call('from_hex', ['varchar'], ['0aFF'])), '0aff');
    assert.equal(call('to_base64', ['varbinary'], [utf8('hello')]), 'aGVsbG8=');
    assert.equal(hex(call('from_base64', ['varchar'], ['aGVsbG8='])), hex(utf8('hello')));
    assert.equal(hex(call('from_base64', ['varchar'], ['aGVsbG8'])), hex(utf8('hello')));
    assert.equal(hex(call('from_base64', ['varbinary'], [utf8('aGk=')])), hex(utf8('hi')));
    assert.equal(call('to_base64url', ['varbinary'], [bytes('fbff')]), '-_8=');
    assert.equal(hex(call('from_base64url', ['varchar'], ['-_8='])), 'fbff');
    assert.equal(call('to_base32', ['varbinary'], [utf8('hello')]), 'NBSWY3DP');
    assert.equal(call('to_base32', ['varbinary'], [utf8('hi')]), 'NBUQ====');
    assert.equal(hex(call('from_base32', ['varchar'], ['NBUQ===='])), hex(utf8('hi')));
    assertError(() => call('from_hex', ['varchar'], ['abc']), 'INVALID_FUNCTION_ARGUMENT', 'invalid input length 3');
    assertError(() => call('from_hex', ['varchar'], ['zz']), 'INVALID_FUNCTION_ARGUMENT', 'invalid hex character: z');
    assertError(
      () => call('from_base64', ['varchar'], ['a.b=']),
      'INVALID_FUNCTION_ARGUMENT',
      'Illegal base64 character 2e',
    );
    assertError(
      () => call('from_base32', ['varchar'], ['N1']),
      'INVALID_FUNCTION_ARGUMENT',
      'Unrecognized character: 1',
    );
  });

  it('converts big-endian integers and IEEE 754 floats', () => {
    assert.equal(hex(call('to_big_endian_64', ['bigint'], [1])), '0000000000000001');
    assert.equal(call('from_big_endian_64', ['varbinary'], [bytes('ffffffffffffffff')]), -1);
    assert.equal(call('from_big_endian_64', ['varbinary'], [bytes('7fffffffffffffff')]), 9223372036854775807n);
    assert.equal(hex(call('to_big_endian_32', ['integer'], [-2])), 'fffffffe');
    assert.equal(call('from_big_endian_32', ['varbinary'], [bytes('00000100')]), 256);
    assert.equal(hex(call('to_ieee754_64', ['double'], [1])), '3ff0000000000000');
    assert.equal(hex(call('to_ieee754_32', ['real'], [1])), '3f800000');
    assert.equal(call('from_ieee754_64', ['varbinary'], [bytes('4000000000000000')]), 2);
    assert.equal(call('from_ieee754_32', ['varbinary'], [bytes('bf800000')]), -1);
    assertError(
      () => call('from_big_endian_64', ['varbinary'], [bytes('01')]),
      'INVALID_FUNCTION_ARGUMENT',
      'expected 8-byte input, but got instead: 1',
    );
    assertError(
      () => call('from_ieee754_32', ['varbinary'], [bytes('01')]),
      'INVALID_FUNCTION_ARGUMENT',
      'Input floating-point value must be exactly 4 bytes long',
    );
  });
});

describe('hashes', () => {
  it('computes cryptographic hashes and HMACs', () => {
    assert.equal(hash('md5', ''), 'd41d8cd98f00b204e9800998ecf8427e');
    assert.equal(hash('sha1', 'abc'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
    assert.equal(hash('sha256', 'abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(hash('sha512', '').slice(0, 16), 'cf83e1357eefb8bd');
    assert.equal(
      hex(
        call(
          'hmac_sha256',
          ['varbinary', 'varbinary'],
          [utf8('The quick brown fox jumps over the lazy dog'), utf8('key')],
        ),
      ),
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    assert.equal(
      hex(
        call(
          'hmac_md5',
          ['varbinary', 'varbinary'],
          [utf8('The quick brown fox jumps over the lazy dog'), utf8('key')],
        ),
      ),
      '80070713463e7749b90c2dc24911e275',
    );
  });

  it('computes the checksums', () => {
    assert.equal(call('crc32', ['varbinary'], [utf8('hello')]), 907060870);
    assert.equal(call('crc32', ['varbinary'], [utf8('')]), 0);
    assert.equal(hash('xxhash64', ''), 'ef46db3751d8e999');
    assert.equal(hash('xxhash64', 'a'), 'd24ec4f1a98c6e5b');
    assert.equal(hash('xxhash64', 'abc'), '44bc2cf5ad770999');
    assert.equal(hash('xxhash64', LOREM).length, 16);
    assert.equal(hash('murmur3', ''), '00000000000000000000000000000000');
    assert.equal(hash('murmur3', 'hello'), '029bbd41b3a7d8cb191dae486a901e5b');
    assert.equal(hash('spooky_hash_v2_64', ''), '232706fc6bf50919');
    assert.equal(hash('spooky_hash_v2_64', 'foo'), '7f843a73314fcf27');
    assert.equal(hash('spooky_hash_v2_64', LOREM), 'b6e1542b9044ed66');
    assert.equal(hash('spooky_hash_v2_32', ''), '6bf50919');
    assert.equal(hash('spooky_hash_v2_32', 'foo'), '314fcf27');
    assert.equal(hash('spooky_hash_v2_32', 'test000005'), '058d37c4');
    assert.equal(hash('spooky_hash_v2_64', 'test000026'), '0c1b2b3ba63f3e46');
  });
});
