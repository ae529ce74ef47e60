/**
 * Renders protocol values (JSON as the server encodes them) as text the way Presto's CLI shows
 * them: NULL, doubles like Java's `Double.toString` (`1.0`, `1.0E10`), arrays `[1, 2]`, maps
 * `{k=v}`, rows as arrays, varbinary (base64 on the wire) as hex bytes `61 62`.
 */

import { fail } from '../../common/invariant.js';

export function isNumericType(type: string): boolean {
  return /^(tinyint|smallint|integer|bigint|real|double|decimal)/.test(type);
}

/** Text of one value of a column of `type`; `nullText` is what a NULL prints as. */
export function formatValue(value: unknown, type: string, nullText = 'NULL'): string {
  if (value === null || value === undefined) return nullText;
  if (type === 'varbinary' && typeof value === 'string') return hexBytes(value);
  if ((type === 'double' || type === 'real') && typeof value === 'number') return formatJavaDouble(value);
  return formatNested(value);
}

function formatNested(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return `[${value.map(formatNested).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${formatNested(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Java's Double.toString: plain notation in [1e-3, 1e7), else `d.dddE±n`, always a fraction digit. */
export function formatJavaDouble(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Number.POSITIVE_INFINITY) return 'Infinity';
  if (x === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(x);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(x);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

function hexBytes(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  const parts: string[] = [];
  for (const byte of bytes) parts.push(byte.toString(16).padStart(2, '0'));
  return parts.join(' ');
}

/** Display width of a string in a terminal: wide East Asian characters count 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? fail('a string iterates as non-empty code points');
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
