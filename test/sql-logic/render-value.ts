/**
 * Prints result values the way the golden files spell them, close to the Presto CLI: NULL,
 * true/false, doubles like Java's Double.toString (1.0, 1.0E20, NaN, Infinity), decimals,
 * dates and timestamps as the protocol's text, varbinary as space-separated hex bytes, arrays
 * `[1, 2]`, maps `{k=v}`, rows `{name=value, ...}` (an anonymous field prints just its value).
 * An empty string prints as `(empty)`, a tab or newline inside a string as `\t` / `\n`.
 * Input is the protocol JSON form of a value (data/json-values.ts) with its SQL type.
 */
import { type JsonValue, RawJson } from '../../src/data/json-values.js';
import type { Type } from '../../src/types/type.js';

/** Java's Double.toString layout of JavaScript's shortest round-trip digits. */
export function formatJavaDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  // Shortest digits and decimal exponent from the exponential form: d.ddddde±x.
  const [mantissa, exponentText] = magnitude.toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exponent >= 0) {
      const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
      const fraction = digits.slice(exponent + 1) || '0';
      return `${sign}${whole}.${fraction}`;
    }
    return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exponent}`;
}

function escapeText(text: string): string {
  return text.replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

function hexBytes(base64: string): string {
  return [...Buffer.from(base64, 'base64')].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** The golden-file text of one value of `type` given in its protocol JSON form. */
export function renderValue(value: JsonValue, type: Type): string {
  if (value === null) return 'NULL';
  if (value instanceof RawJson) return value.text;
  switch (type.kind) {
    case 'double':
    case 'real':
      return typeof value === 'number' ? formatJavaDouble(value) : String(value);
    case 'varbinary':
      return hexBytes(value as string);
    case 'array':
      return `[${(value as JsonValue[]).map((v) => renderValue(v, type.element)).join(', ')}]`;
    case 'map': {
      const entries = Object.entries(value as Record<string, JsonValue>);
      return `{${entries.map(([k, v]) => `${escapeText(k)}=${renderValue(v, type.value)}`).join(', ')}}`;
    }
    case 'row': {
      const fields = (value as JsonValue[]).map((v, i) => {
        const field = type.fields[i]!;
        const text = renderValue(v, field.type);
        return field.name === undefined || field.name === null ? text : `${field.name}=${text}`;
      });
      return `{${fields.join(', ')}}`;
    }
    default:
      // An empty string prints as (empty): an empty line would end the expected rows.
      if (value === '') return '(empty)';
      return typeof value === 'string' ? escapeText(value) : String(value);
  }
}
