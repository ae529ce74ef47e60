/**
 * Renders protocol values (JSON as the server encodes them) as text the way Trino's CLI shows
 * them: NULL, doubles like Java's `Double.toString` (`1.0`, `1.0E10`), arrays `[1, 2]`, maps
 * `{k=v}`, rows `{name=value, ...}` (a field without a name as its value alone), varbinary (base64
 * on the wire) as hex bytes `61 62`. Nested values follow the column's type signature; without one
 * (an older server) rows print as arrays and nested numbers as JSON has them.
 */

import { fail } from '../../common/invariant.js';
import type { ClientTypeSignature, ResultColumn } from '../query-results.js';

export function isNumericType(type: string): boolean {
  return /^(tinyint|smallint|integer|bigint|real|double|decimal)/.test(type);
}

/** Text of one value of `column`; `nullText` is what a NULL prints as. */
export function formatValue(value: unknown, column: ResultColumn, nullText = 'NULL'): string {
  if (value === null || value === undefined) return nullText;
  return formatTyped(value, column.typeSignature ?? { rawType: column.type });
}

function formatTyped(value: unknown, signature: ClientTypeSignature | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  const argument = (i: number) => signature?.arguments?.[i]?.value as ClientTypeSignature | undefined;
  switch (signature?.rawType) {
    case 'varbinary':
      if (typeof value === 'string') return hexBytes(value);
      break;
    case 'double':
    case 'real':
      if (typeof value === 'number') return formatJavaDouble(value);
      break;
    case 'array':
      if (Array.isArray(value)) return `[${value.map((v) => formatTyped(v, argument(0))).join(', ')}]`;
      break;
    case 'map':
      if (typeof value === 'object' && !Array.isArray(value)) {
        return `{${Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}=${formatTyped(v, argument(1))}`)
          .join(', ')}}`;
      }
      break;
    case 'row':
      if (Array.isArray(value)) {
        const fields = value.map((v, i) => {
          const field = argument(i) as
            | { fieldName?: { name: string }; typeSignature?: ClientTypeSignature }
            | undefined;
          const text = formatTyped(v, field?.typeSignature);
          return field?.fieldName === undefined ? text : `${field.fieldName.name}=${text}`;
        });
        // Without a signature (an older server) the fields cannot be named: the array as it came.
        return signature?.arguments === undefined ? `[${fields.join(', ')}]` : `{${fields.join(', ')}}`;
      }
      break;
    default:
      break;
  }
  return formatUntyped(value);
}

function formatUntyped(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return `[${value.map(formatUntyped).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${formatUntyped(v)}`)
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
