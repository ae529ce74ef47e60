/**
 * Casts to and from json, as Trino's JsonUtil does them. To json: booleans, numbers (doubles as Java
 * prints them, NaN and infinities as strings, decimals as BigDecimal.toString), strings (quoted:
 * CAST('[1]' AS json) is the string "[1]", json_parse is what parses), dates and timestamps as
 * strings, arrays, maps (objects with sorted keys) and rows (objects in field order when every
 * field is named, arrays otherwise). From json: scalars convert leniently between JSON types
 * (a JSON string casts to a number by parsing it), arrays/objects element by element, rows from
 * arrays by position or objects by case-insensitive field name. JSON null is SQL NULL.
 */

import { fail } from '../../../common/invariant.js';
import { formatType } from '../../../types/format-type.js';
import type { DecimalType, Type } from '../../../types/type.js';
import { type BigintValue, normalizeBigint } from '../bigint-values.js';
import type { DecimalValue } from '../decimal-values.js';
import { invalidCast } from '../errors.js';
import type { CallContext } from '../implementation-types.js';
import { type JsonNode, JsonNumber, quoteJsonString, tryParseJson, writeJson } from '../json/json-tree.js';
import { checkedString } from '../value-limits.js';
import { formatDouble, formatReal } from './number-text.js';
import { numericCast, upperTypeName } from './numeric-casts.js';
import { type ContextCast, castFromVarchar, textFormatter } from './varchar-casts.js';

/** Java's BigDecimal.toString of an unscaled value and scale: scientific when the exponent is below -6. */
export function javaBigDecimalText(unscaled: DecimalValue, scale: number): string {
  const negative = unscaled < 0;
  const digits = (negative ? -unscaled : unscaled).toString();
  const adjusted = digits.length - 1 - scale;
  let text: string;
  if (scale === 0) {
    text = digits;
  } else if (scale > 0 && adjusted >= -6) {
    const padded = digits.length <= scale ? '0'.repeat(scale - digits.length + 1) + digits : digits;
    text = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  } else {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    text = `${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
  }
  return negative ? `-${text}` : text;
}

type ToJson = (value: unknown, ctx: CallContext) => string;

function doubleJson(format: (x: number) => string) {
  return (v: unknown) => (Number.isFinite(v as number) ? format(v as number) : quoteJsonString(format(v as number)));
}

/** A writer of the JSON text of values of `type`. */
export function jsonWriter(type: Type): ToJson {
  switch (type.kind) {
    case 'unknown':
      return () => 'null';
    case 'boolean':
      return (v) => (v ? 'true' : 'false');
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return (v) => String(v);
    case 'double':
      return doubleJson(formatDouble);
    case 'real':
      return doubleJson(formatReal);
    case 'decimal':
      return (v) => javaBigDecimalText(v as DecimalValue, type.scale);
    case 'json':
      return (v) => v as string;
    case 'array': {
      const element = jsonWriter(type.element);
      return (v, ctx) => `[${(v as unknown[]).map((e) => (e === null ? 'null' : element(e, ctx))).join(',')}]`;
    }
    case 'map': {
      const key = textFormatter(type.key) ?? ((k: unknown) => String(k));
      const value = jsonWriter(type.value);
      return (v, ctx) => {
        const entries: [string, string][] = [];
        for (const [k, e] of v as Map<unknown, unknown>) entries.push([key(k), e === null ? 'null' : value(e, ctx)]);
        entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        return `{${entries.map(([k, e]) => `${quoteJsonString(k)}:${e}`).join(',')}}`;
      };
    }
    case 'row': {
      const fields = type.fields.map((f) => jsonWriter(f.type));
      const names = type.fields.flatMap((f) => (f.name === undefined ? [] : [quoteJsonString(f.name)]));
      const named = names.length === type.fields.length;
      return (v, ctx) => {
        const values = (v as unknown[]).map((e, i) => (e === null ? 'null' : fields[i](e, ctx)));
        if (!named) return `[${values.join(',')}]`;
        return `{${values.map((e, i) => `${names[i]}:${e}`).join(',')}}`;
      };
    }
    default: {
      // varchar, char, date, timestamp: JSON strings of their text.
      const format = textFormatter(type);
      if (format === undefined) throw invalidCast(`Cannot cast ${formatType(type)} to JSON`);
      return (v) => quoteJsonString(format(v));
    }
  }
}

class JsonCastFailure extends Error {}

type FromNode = (node: JsonNode, ctx: CallContext) => unknown;

/** The text of a JSON scalar as a varchar cast would see it. */
function scalarText(node: JsonNode): string | undefined {
  if (typeof node === 'string') return node;
  if (typeof node === 'boolean') return node ? 'true' : 'false';
  if (node instanceof JsonNumber) return node.isInteger ? node.text : formatDouble(node.toNumber());
  return undefined;
}

function fromNodeReader(type: Type): FromNode {
  switch (type.kind) {
    case 'json':
      return (node) => writeJson(node, false);
    case 'varchar':
      return (node) => {
        const text = scalarText(node);
        if (text === undefined) throw new JsonCastFailure();
        return text;
      };
    case 'boolean':
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
    case 'decimal':
      return scalarReader(type);
    case 'array': {
      const element = fromNodeReader(type.element);
      return (node, ctx) => {
        if (!Array.isArray(node)) throw new JsonCastFailure();
        return node.map((e) => (e === null ? null : element(e, ctx)));
      };
    }
    case 'map': {
      const keyReader = fromNodeReader(type.key);
      const value = fromNodeReader(type.value);
      return (node, ctx) => {
        if (!(node instanceof Map)) throw new JsonCastFailure();
        const map = new Map<unknown, unknown>();
        for (const [k, e] of node) map.set(keyReader(k, ctx), e === null ? null : value(e, ctx));
        return map;
      };
    }
    case 'row': {
      const fields = type.fields.map((f) => fromNodeReader(f.type));
      const names = type.fields.map((f) => f.name?.toLowerCase());
      return (node, ctx) => {
        if (Array.isArray(node)) {
          if (node.length !== fields.length) throw new JsonCastFailure();
          return node.map((e, i) => (e === null ? null : fields[i](e, ctx)));
        }
        if (node instanceof Map) {
          const byName = new Map<string, JsonNode>();
          for (const [k, e] of node) byName.set(k.toLowerCase(), e);
          return fields.map((read, i) => {
            const e = names[i] === undefined ? undefined : byName.get(names[i]);
            return e === undefined || e === null ? null : read(e, ctx);
          });
        }
        throw new JsonCastFailure();
      };
    }
    default:
      throw invalidCast(`Cannot cast JSON to ${formatType(type)}`);
  }
}

/** JSON scalars into numbers and booleans: numbers directly, strings parsed, booleans as 1/0. */
function scalarReader(type: Type): FromNode {
  const fromText = castFromVarchar(type) ?? fail(`no cast from varchar to ${type.kind}`);
  const fromBoolean = numericCast({ kind: 'boolean' }, type);
  const fromBigint = numericCast({ kind: 'bigint' }, type);
  const fromDouble = numericCast({ kind: 'double' }, type);
  return (node, ctx) => {
    if (typeof node === 'string') return fromText(node, ctx);
    if (typeof node === 'boolean')
      return type.kind === 'boolean' ? node : (fromBoolean ?? fail(`no cast from boolean to ${type.kind}`))(node);
    if (node instanceof JsonNumber) {
      if (type.kind === 'decimal') return fromText(node.text, ctx);
      if (node.isInteger) {
        const exact = BigInt(node.text);
        if (exact >= -(2n ** 63n) && exact < 2n ** 63n) {
          const value: BigintValue = normalizeBigint(exact);
          return type.kind === 'bigint' ? value : (fromBigint ?? fail(`no cast from bigint to ${type.kind}`))(value);
        }
      }
      const double = node.toNumber();
      return type.kind === 'double' ? double : (fromDouble ?? fail(`no cast from double to ${type.kind}`))(double);
    }
    throw new JsonCastFailure();
  };
}

/** CAST(json AS t). */
export function castFromJson(to: Type): ContextCast {
  const read = fromNodeReader(to);
  const isScalar = to.kind !== 'array' && to.kind !== 'map' && to.kind !== 'row';
  return (value, ctx) => {
    const text = value as string;
    const node = tryParseJson(text);
    const fail = () =>
      isScalar
        ? invalidCast(
            `Cannot cast '${text}' to ${to.kind === 'varchar' ? 'VARCHAR' : to.kind === 'json' ? 'JSON' : upperName(to)}`,
          )
        : invalidCast(`Cannot cast to ${formatType(to)}.\n${text}`);
    if (node === undefined) throw fail();
    if (node === null) return null;
    try {
      return read(node, ctx);
    } catch (e) {
      if (e instanceof JsonCastFailure) throw fail();
      throw e;
    }
  };
}

function upperName(type: Type): string {
  return type.kind === 'decimal'
    ? `DECIMAL(${(type as DecimalType).precision}, ${(type as DecimalType).scale})`
    : upperTypeName(type);
}

/** CAST(x AS json). */
export function castToJson(from: Type): ContextCast {
  const write = jsonWriter(from);
  // Escaping can make the text up to six times longer than the value: checked once written.
  return (value, ctx) => checkedString(write(value, ctx), 'CAST');
}
