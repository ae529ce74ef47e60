/**
 * Which explicit CASTs exist, following the cast operators Trino registers:
 *
 * - every type casts to itself, `unknown` (NULL) casts to everything, and an implicit coercion is
 *   always also a valid cast;
 * - numbers (tinyint .. bigint, real, double, decimal) cast to each other, to and from boolean, and
 *   to and from varchar;
 * - varchar and char cast to each other and among lengths;
 * - date, time, timestamp (with or without zone) cast to and from varchar; date ↔ timestamp[tz];
 *   time ↔ time tz ↔ timestamp tz ↔ timestamp ↔ time (a time becomes a timestamp of the session
 *   date); never date ↔ time;
 * - intervals cast to varchar (not back) and only to their own kind otherwise;
 * - varbinary casts to nothing but itself (Trino has no varchar ↔ varbinary cast: to_utf8/from_utf8);
 * - json, per Trino's JsonUtil: to json from boolean, numbers, varchar, date, timestamp and from
 *   arrays, maps and rows of those (map keys: boolean, numbers or varchar); from json to boolean,
 *   numbers, varchar and arrays, maps and rows of those;
 * - array → array, map → map and row → row (same arity) when the elements cast.
 *
 * The analyzer reports an impossible cast as `Cannot cast <from> to <to>` (TYPE_MISMATCH), built by
 * `cannotCastError`.
 */
import type { SourcePosition } from '../common/vivace-error.js';
import { VivaceError } from '../common/vivace-error.js';
import { canCoerce } from './coercion.js';
import { formatType } from './format-type.js';
import { isCharacterString, isNumeric, type Type, type TypeKind, typeEquals } from './type.js';

/** Whether `CAST(x AS to)` is valid for an `x` of type `from`. */
export function canCast(from: Type, to: Type): boolean {
  if (from.kind === 'unknown' || typeEquals(from, to) || canCoerce(from, to)) return true;

  if (to.kind === 'json') return canCastToJson(from);
  if (from.kind === 'json') return canCastFromJson(to);
  if (to.kind === 'uuid') return from.kind === 'varchar' || from.kind === 'varbinary';
  if (from.kind === 'uuid') return to.kind === 'varchar' || to.kind === 'varbinary';

  switch (from.kind) {
    case 'boolean':
      return isNumeric(to) || to.kind === 'varchar';
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
    case 'decimal':
      return isNumeric(to) || to.kind === 'boolean' || to.kind === 'varchar';
    case 'varchar':
      return (
        isNumeric(to) ||
        to.kind === 'boolean' ||
        isCharacterString(to) ||
        to.kind === 'date' ||
        to.kind === 'time' ||
        to.kind === 'time with time zone' ||
        to.kind === 'timestamp' ||
        to.kind === 'timestamp with time zone'
      );
    case 'char':
      return isCharacterString(to);
    case 'date':
      return to.kind === 'varchar' || to.kind === 'timestamp' || to.kind === 'timestamp with time zone';
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return to.kind === 'varchar' || isTimeOrTimestamp(to.kind) || (to.kind === 'date' && isTimestampKind(from.kind));
    case 'interval day to second':
    case 'interval year to month':
      return to.kind === 'varchar';
    case 'array':
      return to.kind === 'array' && canCast(from.element, to.element);
    case 'map':
      return to.kind === 'map' && canCast(from.key, to.key) && canCast(from.value, to.value);
    case 'row':
      return (
        to.kind === 'row' &&
        from.fields.length === to.fields.length &&
        from.fields.every((f, i) => canCast(f.type, to.fields[i].type))
      );
    default:
      return false;
  }
}

/** The analyzer's error for an impossible cast: `Cannot cast integer to date`. */
export function cannotCastError(from: Type, to: Type, position?: SourcePosition): VivaceError {
  return new VivaceError('TYPE_MISMATCH', `Cannot cast ${formatType(from)} to ${formatType(to)}`, position);
}

/** Types Trino can render as JSON: scalars it has a JSON form for, and containers of them. */
export function canCastToJson(t: Type): boolean {
  switch (t.kind) {
    case 'unknown':
    case 'boolean':
    case 'varchar':
    case 'json':
    case 'date':
    case 'timestamp':
      return true;
    case 'array':
      return canCastToJson(t.element);
    case 'map':
      return (t.key.kind === 'unknown' || isJsonObjectKey(t.key)) && canCastToJson(t.value);
    case 'row':
      return t.fields.every((f) => canCastToJson(f.type));
    default:
      return isNumeric(t);
  }
}

/** Types a JSON value can be converted into. */
export function canCastFromJson(t: Type): boolean {
  switch (t.kind) {
    case 'boolean':
    case 'varchar':
    case 'json':
      return true;
    case 'array':
      return canCastFromJson(t.element);
    case 'map':
      return isJsonObjectKey(t.key) && canCastFromJson(t.value);
    case 'row':
      return t.fields.every((f) => canCastFromJson(f.type));
    default:
      return isNumeric(t);
  }
}

/** JSON object keys are strings; these types have a string form that round-trips. */
function isJsonObjectKey(t: Type): boolean {
  return t.kind === 'boolean' || t.kind === 'varchar' || isNumeric(t);
}

function isTimestampKind(kind: TypeKind): boolean {
  return kind === 'timestamp' || kind === 'timestamp with time zone';
}

function isTimeOrTimestamp(kind: TypeKind): boolean {
  return kind === 'time' || kind === 'time with time zone' || isTimestampKind(kind);
}
