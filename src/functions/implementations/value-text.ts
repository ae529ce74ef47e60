/**
 * Values as text inside error messages (`Key not present in map: foo`, `Duplicate map keys (1) are
 * not allowed`): scalars as CAST(x AS varchar) prints them, containers in Trino's display form
 * (`[1, 2]`, `{a=1}`).
 */
import type { Type } from '../../types/type.js';
import { textFormatter } from './cast/varchar-casts.js';

export function formatValueForMessage(type: Type, value: unknown): string {
  if (value === null) return 'null';
  switch (type.kind) {
    case 'array':
      return `[${(value as unknown[]).map((v) => formatValueForMessage(type.element, v)).join(', ')}]`;
    case 'row':
      return `{${(value as unknown[]).map((v, i) => formatValueForMessage(type.fields[i].type, v)).join(', ')}}`;
    case 'map': {
      const entries: string[] = [];
      for (const [k, v] of value as Map<unknown, unknown>) {
        entries.push(`${formatValueForMessage(type.key, k)}=${formatValueForMessage(type.value, v)}`);
      }
      return `{${entries.join(', ')}}`;
    }
    case 'varbinary':
      return Buffer.from(value as Uint8Array).toString('hex');
    default: {
      const format = textFormatter(type);
      return format === undefined ? String(value) : format(value);
    }
  }
}
