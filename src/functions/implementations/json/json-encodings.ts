/**
 * JSON text in binary strings, for the SQL/JSON functions' `FORMAT JSON ENCODING UTF8 | UTF16 |
 * UTF32` (UTF-16 and UTF-32 little-endian, as Trino reads and writes them). Decoding fails on bytes
 * that are not text in the encoding.
 */

export type JsonEncoding = 'UTF8' | 'UTF16' | 'UTF32';

export class JsonDecodingError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf16 = new TextDecoder('utf-16le', { fatal: true });

export function decodeJsonBytes(bytes: Uint8Array, encoding: JsonEncoding): string {
  try {
    if (encoding === 'UTF8') return utf8.decode(bytes);
    if (encoding === 'UTF16') return utf16.decode(bytes);
  } catch {
    throw new JsonDecodingError(`malformed ${encoding} text`);
  }
  if (bytes.length % 4 !== 0) throw new JsonDecodingError('malformed UTF32 text');
  let text = '';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i < bytes.length; i += 4) {
    const code = view.getUint32(i, true);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new JsonDecodingError('malformed UTF32 text');
    text += String.fromCodePoint(code);
  }
  return text;
}

export function encodeJsonText(text: string, encoding: JsonEncoding): Uint8Array {
  if (encoding === 'UTF8') return new TextEncoder().encode(text);
  if (encoding === 'UTF16') {
    const out = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      out[2 * i] = unit & 0xff;
      out[2 * i + 1] = unit >> 8;
    }
    return out;
  }
  const codePoints = [...text].map((c) => c.codePointAt(0) as number);
  const out = new Uint8Array(codePoints.length * 4);
  const view = new DataView(out.buffer);
  codePoints.forEach((code, i) => {
    view.setUint32(4 * i, code, true);
  });
  return out;
}
