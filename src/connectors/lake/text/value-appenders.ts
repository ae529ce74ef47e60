/**
 * Appending text and JSON values to block builders by column type, for the CSV and JSON-lines
 * readers. A column gets one appender chosen once from its type; per field it parses and calls the
 * builder's typed method (appendInt32, appendFloat64, ...), returning false for a value that is not
 * one of the type, so the reader can raise HIVE_BAD_DATA with the file, line and column.
 */
import type { BlockBuilder } from '../../../data/block-builder.js';
import type { ZonedValue } from '../../../data/block-values.js';
import { UTC_ZONE_KEY, zoneKeyOf } from '../../../data/time-zones.js';
import { formatType } from '../../../types/format-type.js';
import type { Type } from '../../../types/type.js';
import { lakeError } from '../lake-errors.js';
import { INVALID, parseIntegerText, parseValueText } from './value-text.js';

/** Appends the value in `text[start, end)` (or `value` when given) to `builder`; false if invalid. */
export type TextAppender = (builder: BlockBuilder, text: string, start: number, end: number) => boolean;

const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

/** Appends a parsed value (JS value representation) of `type` through the typed builder methods. */
export function appendParsed(builder: BlockBuilder, type: Type, value: unknown): void {
  switch (type.kind) {
    case 'timestamp':
    case 'timestamp with time zone':
      if (typeof value === 'object' && value !== null) {
        const zoned = value as ZonedValue;
        builder.appendZoned(
          zoned.millis,
          zoned.picos ?? 0,
          zoned.zone === 'UTC' ? UTC_ZONE_KEY : zoneKeyOf(zoned.zone),
        );
        return;
      }
      builder.appendFloat64(value as number);
      return;
    default:
      builder.append(value);
  }
}

export function textAppender(type: Type): TextAppender {
  switch (type.kind) {
    case 'tinyint':
    case 'smallint':
    case 'integer': {
      const [min, max] = INT_RANGES[type.kind] as readonly [number, number];
      return (builder, text, start, end) => {
        const value = parseIntegerText(text, start, end);
        if (typeof value !== 'number' || value < min || value > max) return false;
        builder.appendInt32(value);
        return true;
      };
    }
    case 'bigint':
      return (builder, text, start, end) => {
        const value = parseIntegerText(text, start, end);
        if (value === INVALID) return false;
        if (typeof value === 'number') builder.appendFloat64(value);
        else if (value > 9223372036854775807n || value < -9223372036854775808n) return false;
        else builder.appendBigInt(value);
        return true;
      };
    case 'varchar':
    case 'char':
    case 'json':
      if (type.kind === 'varchar' && type.length === undefined) {
        return (builder, text, start, end) => {
          builder.appendString(text.slice(start, end));
          return true;
        };
      }
      break;
    case 'array':
    case 'map':
    case 'row':
      throw lakeError('HIVE_UNSUPPORTED_FORMAT', `Column type ${formatType(type)} is not supported in CSV files`);
    default:
      break;
  }
  return (builder, text, start, end) => {
    const value = parseValueText(type, text.slice(start, end));
    if (value === INVALID) return false;
    appendParsed(builder, type, value);
    return true;
  };
}
