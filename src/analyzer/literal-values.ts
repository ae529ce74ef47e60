/**
 * Literals → typed constants. The type rules live in types/literal-types.ts; this file turns the
 * literal text into the value representation of bound constants (see bound-tree.ts `Constant`):
 * integers as numbers (as decimal text beyond ±2^53), decimals as their unscaled digits, dates as
 * days since 1970-01-01, intervals as milliseconds (day to second) or months (year to month).
 */
import { VivaceError } from '../common/vivace-error.js';
import type { DecimalLiteral, GenericLiteral, IntegerLiteral, IntervalField, IntervalLiteral } from '../sql/ast.js';
import { typeOfDecimalLiteral, typeOfGenericLiteral, typeOfIntegerLiteral } from '../types/literal-types.js';
import { INTERVAL_DAY_TO_SECOND, INTERVAL_YEAR_TO_MONTH } from '../types/type.js';
import { canonicalUuid } from '../types/uuid-text.js';
import { atPosition } from './analysis-context.js';
import type { Constant } from './bound-tree.js';

export function integerLiteral(node: IntegerLiteral): Constant {
  try {
    const type = typeOfIntegerLiteral(node.text);
    const value = BigInt(node.text);
    const safe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
    return { kind: 'Constant', type, value: safe ? Number(value) : value.toString() };
  } catch (e) {
    return atPosition(e, node.pos);
  }
}

export function decimalLiteral(node: DecimalLiteral): Constant {
  try {
    const type = typeOfDecimalLiteral(node.text);
    const [whole = '', fraction = ''] = node.text.trim().replace(/^\+/, '').split('.');
    const negative = whole.startsWith('-');
    const digits = `${whole.replace('-', '')}${fraction.padEnd(type.scale, '0').slice(0, type.scale)}`;
    const unscaled = BigInt(digits === '' ? '0' : digits);
    return { kind: 'Constant', type, value: (negative ? -unscaled : unscaled).toString() };
  } catch (e) {
    return atPosition(e, node.pos);
  }
}

export function genericLiteral(node: GenericLiteral): Constant {
  try {
    const type = typeOfGenericLiteral(node.type, node.value);
    if (type.kind === 'date') return { kind: 'Constant', type, value: daysSinceEpoch(node.value.trim()) };
    if (type.kind === 'decimal')
      return decimalLiteral({ kind: 'DecimalLiteral', text: node.value.trim(), pos: node.pos });
    if (type.kind === 'boolean') return { kind: 'Constant', type, value: node.value.trim().toLowerCase() === 'true' };
    // A real holds a float32: round now so folded expressions see the value a block would store.
    if (type.kind === 'real') return { kind: 'Constant', type, value: Math.fround(Number(node.value)) };
    if (type.kind === 'double') return { kind: 'Constant', type, value: Number(node.value) };
    if (type.kind === 'uuid') return { kind: 'Constant', type, value: canonicalUuid(node.value) };
    if (type.kind === 'tinyint' || type.kind === 'smallint' || type.kind === 'integer' || type.kind === 'bigint') {
      const value = BigInt(node.value.trim());
      return {
        kind: 'Constant',
        type,
        value: type.kind === 'bigint' && (value > 2n ** 53n || value < -(2n ** 53n)) ? value.toString() : Number(value),
      };
    }
    return { kind: 'Constant', type, value: node.value };
  } catch (e) {
    return atPosition(e, node.pos);
  }
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` text (validated by the type rules already). */
export function daysSinceEpoch(text: string): number {
  const match = /^([+-]?\d{1,6})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) throw new VivaceError('INVALID_LITERAL', `'${text}' is not a valid date literal`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(ms);
  if (date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) {
    throw new VivaceError('INVALID_LITERAL', `'${text}' is not a valid date literal`);
  }
  // Date.UTC maps years 0..99 to 1900..1999; set the full year explicitly.
  date.setUTCFullYear(Number(match[1]));
  return Math.round(date.getTime() / 86_400_000);
}

const DAY_TIME_UNITS: Record<Exclude<IntervalField, 'YEAR' | 'MONTH'>, number> = {
  DAY: 86_400_000,
  HOUR: 3_600_000,
  MINUTE: 60_000,
  SECOND: 1000,
};

const DAY_TIME_ORDER: IntervalField[] = ['DAY', 'HOUR', 'MINUTE', 'SECOND'];

export function intervalLiteral(node: IntervalLiteral): Constant {
  const fields = node.endField ? `${node.startField} TO ${node.endField}` : node.startField;
  const invalid = () =>
    new VivaceError('INVALID_LITERAL', `'${node.value}' is not a valid INTERVAL ${fields} literal`, node.pos);
  const text = node.value.trim();
  let sign: number = node.sign;
  let body = text;
  if (body.startsWith('-')) {
    sign = -sign;
    body = body.slice(1);
  } else if (body.startsWith('+')) {
    body = body.slice(1);
  }
  if (node.startField === 'YEAR' || node.startField === 'MONTH') {
    if (node.endField && !(node.startField === 'YEAR' && node.endField === 'MONTH')) throw invalid();
    let months: number;
    if (node.endField === 'MONTH') {
      const m = /^(\d+)-(\d+)$/.exec(body);
      if (!m || Number(m[2]) > 11) throw invalid();
      months = Number(m[1]) * 12 + Number(m[2]);
    } else {
      if (!/^\d+$/.test(body)) throw invalid();
      months = node.startField === 'YEAR' ? Number(body) * 12 : Number(body);
    }
    return { kind: 'Constant', type: INTERVAL_YEAR_TO_MONTH, value: sign * months };
  }
  const start = DAY_TIME_ORDER.indexOf(node.startField);
  const end = node.endField ? DAY_TIME_ORDER.indexOf(node.endField) : start;
  if (end < start) throw invalid();
  // Parts are separated by a space after days and by colons below, e.g. '1 02:03:04.5'.
  const parts = body.split(/[ :]/);
  if (parts.length !== end - start + 1) throw invalid();
  let ms = 0;
  for (let i = 0; i < parts.length; i++) {
    const field = DAY_TIME_ORDER[start + i] as keyof typeof DAY_TIME_UNITS;
    const part = parts[i];
    const isSecond = field === 'SECOND';
    if (!(isSecond ? /^\d+(\.\d{1,9})?$/ : /^\d+$/).test(part)) throw invalid();
    ms += Number(part) * DAY_TIME_UNITS[field];
  }
  return { kind: 'Constant', type: INTERVAL_DAY_TO_SECOND, value: sign * Math.round(ms) };
}
