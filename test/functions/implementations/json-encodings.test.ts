import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeJsonBytes,
  encodeJsonText,
  JsonDecodingError,
} from '../../../src/functions/implementations/json/json-encodings.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('JSON text in binary encodings', () => {
  it('encodes UTF8, UTF16 and UTF32 little-endian, supplementary characters included', () => {
    assert.equal(hex(encodeJsonText('[1]', 'UTF8')), '5b315d');
    assert.equal(hex(encodeJsonText('[1]', 'UTF16')), '5b0031005d00');
    assert.equal(hex(encodeJsonText('[1]', 'UTF32')), '5b000000310000005d000000');
    assert.equal(hex(encodeJsonText('😀', 'UTF16')), '3dd800de');
    assert.equal(hex(encodeJsonText('😀', 'UTF32')), '00f60100');
  });

  it('decodes what it encodes', () => {
    for (const encoding of ['UTF8', 'UTF16', 'UTF32'] as const) {
      assert.equal(decodeJsonBytes(encodeJsonText('{"é":"😀"}', encoding), encoding), '{"é":"😀"}');
    }
  });

  it('rejects bytes that are not text in the encoding', () => {
    assert.throws(() => decodeJsonBytes(Uint8Array.of(0xff), 'UTF8'), JsonDecodingError);
    assert.throws(() => decodeJsonBytes(Uint8Array.of(0x5b), 'UTF16'), JsonDecodingError);
    assert.throws(() => decodeJsonBytes(Uint8Array.of(0x5b, 0, 0), 'UTF32'), JsonDecodingError);
    assert.throws(() => decodeJsonBytes(Uint8Array.of(0, 0, 0x11, 0), 'UTF32'), JsonDecodingError);
  });
});
