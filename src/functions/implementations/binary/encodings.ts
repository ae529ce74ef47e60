/**
 * Byte encodings: hex (upper case out, either case in), base64 and base64url (padding optional on
 * input, as Java's decoders accept), base32 (RFC 4648 alphabet, as Guava's BaseEncoding.base32()),
 * with the decoders' errors as INVALID_FUNCTION_ARGUMENT.
 */
import { invalidArgument } from '../errors.js';

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex').toUpperCase();
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

export function fromHex(text: string): Uint8Array {
  if (text.length % 2 !== 0) throw invalidArgument(`invalid input length ${text.length}`);
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = hexValue(text.charCodeAt(2 * i));
    const low = hexValue(text.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) {
      throw invalidArgument(`invalid hex character: ${high < 0 ? text[2 * i] : text[2 * i + 1]}`);
    }
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64(bytes: Uint8Array, url: boolean): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
  return url ? text.replaceAll('+', '-').replaceAll('/', '_') : text;
}

/** Java's Base64 decoder rules: alphabet only, `=` padding optional but only at the end. */
export function fromBase64(text: string, url: boolean): Uint8Array {
  const alphabet = url ? BASE64_URL : BASE64;
  let end = text.length;
  let padding = 0;
  while (end > 0 && text[end - 1] === '=' && padding < 2) {
    end--;
    padding++;
  }
  for (let i = 0; i < end; i++) {
    if (!alphabet.includes(text[i])) {
      throw invalidArgument(`Illegal base64 character ${text.charCodeAt(i).toString(16)}`);
    }
  }
  if (end % 4 === 1) throw invalidArgument('Last unit does not have enough valid bits');
  if (padding > 0 && (end + padding) % 4 !== 0) throw invalidArgument('Input byte array has wrong 4-byte ending unit');
  const body = text.slice(0, end);
  const buffer = Buffer.from(url ? body : body.replaceAll('+', '-').replaceAll('/', '_'), 'base64url');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function toBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

export function fromBase32(text: string): Uint8Array {
  const body = text.replace(/=+$/, '');
  const validLengths = [0, 2, 4, 5, 7];
  if (!validLengths.includes(body.length % 8) || (text.length !== body.length && text.length % 8 !== 0)) {
    throw invalidArgument(`Invalid input length ${text.length}`);
  }
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of body) {
    const value = BASE32.indexOf(ch);
    if (value < 0) throw invalidArgument(`Unrecognized character: ${ch}`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}
