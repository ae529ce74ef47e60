/**
 * Values as the Presto/Trino statement protocol sends them in `data` (Trino's JsonEncodingUtils and
 * the `toString` of its Sql* value classes):
 *   boolean → true/false; tinyint..integer, double → JSON number; bigint → JSON number, exactly: a
 *   value beyond ±(2^53 − 1) comes back as `RawJson` holding its digits, which the protocol writer
 *   must inline as is (`stringifyJson` does); real → the number with the fewest digits that reads back
 *   to the same float; double/real NaN and infinities → "NaN", "Infinity", "-Infinity";
 *   decimal → string with exactly the scale ("12.30"); varchar, json → the text; char(n) → padded to n;
 *   varbinary → base64; date → "2001-08-22"; time, timestamp, timestamp with time zone, time with time
 *   zone, intervals → their text (temporal-format.ts) with all the fractional digits of the precision
 *   (rounding to 3 digits for clients without the parametric-datetime capability is the protocol's
 *   business); array, row → JSON arrays; map → JSON object keyed by the keys' text (Java's toString
 *   forms, e.g. 1.0 for a double key); NULL → null.
 *
 * `jsonEncoderFor(type)` resolves the type once and returns a function to call per position: the
 * protocol writer should keep one per column. The functions read dictionary and rle blocks directly.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { DecimalType, TemporalType, Type } from '../types/type.js';
import { type Block, type FlatBlock, resolveFlat as resolve, resolvedPosition } from './block.js';
import { readInt128 } from './int128.js';
import { formatDecimal, javaDoubleString, javaFloatString, shortestFloat32 } from './number-format.js';
import type { Page } from './page.js';
import { isLongTimestamp, storedFractionDigits } from './physical-type.js';
import {
  formatDate,
  formatIntervalDayToSecond,
  formatIntervalYearToMonth,
  formatTime,
  formatTimestamp,
  formatTimestampPicos,
  formatTimeWithTimeZone,
} from './temporal-format.js';
import { fixedOffsetMinutesOf, zoneIdOf, zoneOffsetMillis } from './time-zones.js';

/** JSON text to be written verbatim (a bigint beyond the doubles' exact range). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonValue = null | boolean | number | string | RawJson | JsonValue[] | { [key: string]: JsonValue };

export type JsonEncoder = (block: Block, position: number) => JsonValue;

const encoderCache = new WeakMap<Type, JsonEncoder>();

/** The JSON form of the value at `position` of a block of `type`. */
export function toJsonValue(block: Block, type: Type, position: number): JsonValue {
  return jsonEncoderFor(type)(block, position);
}

/** The rows of a page as arrays of JSON values, one per column, as in the protocol's `data`. */
export function pageToJsonRows(page: Page, types: readonly Type[]): JsonValue[][] {
  const columns = types.length;
  const count = page.positionCount;
  const rows: JsonValue[][] = [];
  for (let position = 0; position < count; position++) rows.push(new Array<JsonValue>(columns));
  // Column by column: each inner loop calls one encoder, so the call site stays monomorphic.
  for (let column = 0; column < columns; column++) {
    const encode = jsonEncoderFor(types[column]);
    const block = page.blocks[column];
    for (let position = 0; position < count; position++) rows[position][column] = encode(block, position);
  }
  return rows;
}

/** A function giving the JSON form of values of `type` (cached per type object). */
export function jsonEncoderFor(type: Type): JsonEncoder {
  let encoder = encoderCache.get(type);
  if (encoder === undefined) {
    encoder = createEncoder(type);
    encoderCache.set(type, encoder);
  }
  return encoder;
}

function doubleJson(value: number): number | string {
  if (Number.isFinite(value)) return value;
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function createEncoder(type: Type): JsonEncoder {
  switch (type.kind) {
    case 'unknown':
      return () => null;
    case 'boolean':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Uint8Array } | null;
        return flat === null ? null : flat.values[resolvedPosition] !== 0;
      };
    case 'tinyint':
    case 'smallint':
    case 'integer':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Int32Array } | null;
        return flat === null ? null : flat.values[resolvedPosition];
      };
    case 'bigint':
      return (block, position) => {
        const flat = resolve(block, position);
        if (flat === null) return null;
        if (flat.kind === 'float64') return flat.values[resolvedPosition];
        const value = (flat as { values: BigInt64Array }).values[resolvedPosition];
        const asNumber = Number(value);
        return Number.isSafeInteger(asNumber) ? asNumber : new RawJson(value.toString());
      };
    case 'double':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Float64Array } | null;
        return flat === null ? null : doubleJson(flat.values[resolvedPosition]);
      };
    case 'real':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Float32Array } | null;
        return flat === null ? null : doubleJson(shortestFloat32(flat.values[resolvedPosition]));
      };
    case 'varchar':
    case 'json':
    case 'uuid':
      return (block, position) => {
        const flat = resolve(block, position) as { values: string[] } | null;
        return flat === null ? null : flat.values[resolvedPosition];
      };
    case 'char': {
      const length = type.length;
      return (block, position) => {
        const flat = resolve(block, position) as { values: string[] } | null;
        return flat === null ? null : flat.values[resolvedPosition].padEnd(length, ' ');
      };
    }
    case 'varbinary':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Uint8Array[] } | null;
        return flat === null ? null : base64(flat.values[resolvedPosition]);
      };
    case 'array': {
      const element = jsonEncoderFor(type.element);
      return (block, position) => {
        const flat = resolve(block, position);
        if (flat === null) return null;
        if (flat.kind !== 'array') throw kindMismatch(type, flat);
        const result: JsonValue[] = [];
        const end = flat.offsets[resolvedPosition + 1];
        for (let i = flat.offsets[resolvedPosition]; i < end; i++) result.push(element(flat.elements, i));
        return result;
      };
    }
    case 'map': {
      const keyText = mapKeyTextFor(type.key);
      const value = jsonEncoderFor(type.value);
      return (block, position) => {
        const flat = resolve(block, position);
        if (flat === null) return null;
        if (flat.kind !== 'map') throw kindMismatch(type, flat);
        // No prototype: a key named __proto__ must be an ordinary property.
        const result: { [key: string]: JsonValue } = Object.create(null);
        const end = flat.offsets[resolvedPosition + 1];
        for (let i = flat.offsets[resolvedPosition]; i < end; i++)
          result[keyText(flat.keys, i)] = value(flat.values, i);
        return result;
      };
    }
    case 'row': {
      const fields = type.fields.map((field) => jsonEncoderFor(field.type));
      return (block, position) => {
        const flat = resolve(block, position);
        if (flat === null) return null;
        if (flat.kind !== 'row') throw kindMismatch(type, flat);
        const at = resolvedPosition;
        const result: JsonValue[] = [];
        for (let i = 0; i < fields.length; i++) result.push(fields[i](flat.fields[i], at));
        return result;
      };
    }
    case 'function':
      throw new VivaceError('GENERIC_INTERNAL_ERROR', 'function values cannot be sent to a client');
    default:
      return textEncoder(type);
  }
}

/** Types whose JSON form is a string made by `textOf`. */
function textEncoder(type: Type): JsonEncoder {
  const text = scalarTextFor(type);
  return (block, position) => {
    const flat = resolve(block, position);
    return flat === null ? null : text(flat, resolvedPosition);
  };
}

type FlatText = (flat: FlatBlock, position: number) => string;

/** Text of a non-null scalar of the decimal, temporal and interval types. */
function scalarTextFor(type: Type): FlatText {
  switch (type.kind) {
    case 'decimal':
      return decimalText(type);
    case 'date':
      return (flat, p) => formatDate((flat as { values: Int32Array }).values[p]);
    case 'interval year to month':
      return (flat, p) => formatIntervalYearToMonth((flat as { values: Int32Array }).values[p]);
    case 'interval day to second':
      return (flat, p) => formatIntervalDayToSecond((flat as { values: Float64Array }).values[p]);
    case 'time': {
      const digits = storedFractionDigits(type) as 3 | 6 | 9;
      const precision = type.precision;
      return (flat, p) => formatTime((flat as { values: Float64Array }).values[p], digits, precision);
    }
    case 'timestamp':
      return timestampText(type);
    case 'timestamp with time zone': {
      const precision = type.precision;
      return (flat, p) => {
        const block = flat as { millis: Float64Array; zones: Int16Array; picos?: Int32Array | undefined };
        const millis = block.millis[p];
        const zone = block.zones[p];
        const local = millis + zoneOffsetMillis(zone, millis);
        return `${formatTimestampPicos(local, block.picos?.[p] ?? 0, precision)} ${zoneIdOf(zone)}`;
      };
    }
    case 'time with time zone': {
      const precision = type.precision;
      return (flat, p) => {
        const block = flat as { millis: Float64Array; zones: Int16Array; picos?: Int32Array | undefined };
        const zone = block.zones[p];
        // Producers use fixed offsets; a region zone prints its offset at the epoch.
        const offset = fixedOffsetMinutesOf(zone) ?? zoneOffsetMillis(zone, 0) / 60_000;
        return formatTimeWithTimeZone(block.millis[p], block.picos?.[p] ?? 0, precision, offset);
      };
    }
    default:
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `No JSON encoding for type ${type.kind}`);
  }
}

function decimalText(type: DecimalType): FlatText {
  const scale = type.scale;
  return (flat, p) => {
    switch (flat.kind) {
      case 'float64':
      case 'int64':
        return formatDecimal(flat.values[p], scale);
      case 'int128':
        return formatDecimal(readInt128(flat.values, p), scale);
      default:
        throw kindMismatch(type, flat);
    }
  };
}

function timestampText(type: TemporalType): FlatText {
  const precision = type.precision;
  if (isLongTimestamp(type)) {
    return (flat, p) => {
      const block = flat as { millis: Float64Array; picos?: Int32Array | undefined };
      return formatTimestampPicos(block.millis[p], block.picos?.[p] ?? 0, precision);
    };
  }
  const digits = storedFractionDigits(type) as 3 | 6;
  return (flat, p) => formatTimestamp((flat as { values: Float64Array }).values[p], digits, precision);
}

function kindMismatch(type: Type, block: FlatBlock): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `A ${block.kind} block cannot hold values of type ${type.kind}`);
}

type KeyText = (block: Block, position: number) => string;

/**
 * The text of a map key as Trino writes it (the key's Java `toString`): numbers and strings plainly,
 * double/real in Java's form, decimals and temporals as their JSON text, arrays and rows as `[a, b]`,
 * maps as `{k=v}`, NULL inside them as `null`.
 */
function mapKeyTextFor(type: Type): KeyText {
  switch (type.kind) {
    case 'double':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Float64Array } | null;
        return flat === null ? 'null' : javaDoubleString(flat.values[resolvedPosition]);
      };
    case 'real':
      return (block, position) => {
        const flat = resolve(block, position) as { values: Float32Array } | null;
        return flat === null ? 'null' : javaFloatString(flat.values[resolvedPosition]);
      };
    case 'array': {
      const element = mapKeyTextFor(type.element);
      return (block, position) => {
        const flat = resolve(block, position) as { offsets: Int32Array; elements: Block } | null;
        if (flat === null) return 'null';
        const parts: string[] = [];
        const end = flat.offsets[resolvedPosition + 1];
        for (let i = flat.offsets[resolvedPosition]; i < end; i++) parts.push(element(flat.elements, i));
        return `[${parts.join(', ')}]`;
      };
    }
    case 'row': {
      const fields = type.fields.map((field) => mapKeyTextFor(field.type));
      return (block, position) => {
        const flat = resolve(block, position) as { fields: readonly Block[] } | null;
        if (flat === null) return 'null';
        const at = resolvedPosition;
        return `[${fields.map((field, i) => field(flat.fields[i], at)).join(', ')}]`;
      };
    }
    case 'map': {
      const key = mapKeyTextFor(type.key);
      const value = mapKeyTextFor(type.value);
      return (block, position) => {
        const flat = resolve(block, position) as { offsets: Int32Array; keys: Block; values: Block } | null;
        if (flat === null) return 'null';
        const parts: string[] = [];
        const end = flat.offsets[resolvedPosition + 1];
        for (let i = flat.offsets[resolvedPosition]; i < end; i++)
          parts.push(`${key(flat.keys, i)}=${value(flat.values, i)}`);
        return `{${parts.join(', ')}}`;
      };
    }
    default: {
      const encoder = jsonEncoderFor(type);
      return (block, position) => {
        const value = encoder(block, position);
        return value instanceof RawJson ? value.text : String(value);
      };
    }
  }
}

/** JSON text of a value, writing `RawJson` verbatim (JSON.stringify cannot). */
export function stringifyJson(value: JsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // A double's negative zero keeps its sign (Trino writes -0.0); String(-0) would drop it.
      if (Object.is(value, -0)) return '-0';
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      break;
  }
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(stringifyJson).join(',')}]`;
  const parts: string[] = [];
  for (const key in value) parts.push(`${JSON.stringify(key)}:${stringifyJson(value[key])}`);
  return `{${parts.join(',')}}`;
}
