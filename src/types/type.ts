/**
 * SQL types as the engine sees them: plain, JSON-serialisable objects (plan fragments carry them to
 * workers) tagged by `kind`. Parametric types carry their parameters; the simple ones are shared
 * singletons. `type-signature.ts` prints and parses them exactly as Presto does; `coercion.ts` knows
 * which converts to which.
 */

export type SimpleTypeKind =
  | 'boolean'
  | 'tinyint'
  | 'smallint'
  | 'integer'
  | 'bigint'
  | 'real'
  | 'double'
  | 'varbinary'
  | 'date'
  | 'interval day to second'
  | 'interval year to month'
  | 'json'
  | 'uuid'
  | 'unknown';

export interface SimpleType {
  readonly kind: SimpleTypeKind;
}

export interface DecimalType {
  readonly kind: 'decimal';
  readonly precision: number;
  readonly scale: number;
}

/** `varchar` (unbounded when `length` is absent) or `varchar(n)`. */
export interface VarcharType {
  readonly kind: 'varchar';
  readonly length?: number;
}

export interface CharType {
  readonly kind: 'char';
  readonly length: number;
}

/** `time(p)`, `time(p) with time zone`, `timestamp(p)`, `timestamp(p) with time zone`; p is 0..12. */
export interface TemporalType {
  readonly kind: 'time' | 'time with time zone' | 'timestamp' | 'timestamp with time zone';
  readonly precision: number;
}

export interface ArrayType {
  readonly kind: 'array';
  readonly element: Type;
}

export interface MapType {
  readonly kind: 'map';
  readonly key: Type;
  readonly value: Type;
}

export interface RowField {
  readonly name?: string;
  readonly type: Type;
}

export interface RowType {
  readonly kind: 'row';
  readonly fields: readonly RowField[];
}

/** The type of a lambda expression; only appears as a function argument type. */
export interface FunctionType {
  readonly kind: 'function';
  readonly arguments: readonly Type[];
  readonly returnType: Type;
}

export type Type =
  | SimpleType
  | DecimalType
  | VarcharType
  | CharType
  | TemporalType
  | ArrayType
  | MapType
  | RowType
  | FunctionType;

export type TypeKind = Type['kind'];

function simple<K extends SimpleTypeKind>(kind: K): { readonly kind: K } {
  return Object.freeze({ kind });
}

export const BOOLEAN = simple('boolean');
export const TINYINT = simple('tinyint');
export const SMALLINT = simple('smallint');
export const INTEGER = simple('integer');
export const BIGINT = simple('bigint');
export const REAL = simple('real');
export const DOUBLE = simple('double');
export const VARBINARY = simple('varbinary');
export const DATE = simple('date');
export const INTERVAL_DAY_TO_SECOND = simple('interval day to second');
export const INTERVAL_YEAR_TO_MONTH = simple('interval year to month');
export const JSON_TYPE = simple('json');
/** Trino's uuid: values are the canonical lowercase 8-4-4-4-12 text (ordered as its 16 bytes are). */
export const UUID = simple('uuid');
/** The type of a bare NULL: coerces to every type. */
export const UNKNOWN = simple('unknown');
export const VARCHAR: VarcharType = Object.freeze({ kind: 'varchar' });

export const MAX_DECIMAL_PRECISION = 38;
export const MAX_SHORT_DECIMAL_PRECISION = 18;
export const DEFAULT_TEMPORAL_PRECISION = { time: 3, timestamp: 3 } as const;
export const MAX_TEMPORAL_PRECISION = 12;
export const MAX_VARCHAR_LENGTH = 2147483646;

export function decimal(precision: number, scale: number): DecimalType {
  return { kind: 'decimal', precision, scale };
}

export function varchar(length?: number): VarcharType {
  return length === undefined ? VARCHAR : { kind: 'varchar', length };
}

export function char(length: number): CharType {
  return { kind: 'char', length };
}

export function time(precision = 3, withTimeZone = false): TemporalType {
  return { kind: withTimeZone ? 'time with time zone' : 'time', precision };
}

export function timestamp(precision = 3, withTimeZone = false): TemporalType {
  return { kind: withTimeZone ? 'timestamp with time zone' : 'timestamp', precision };
}

export function arrayOf(element: Type): ArrayType {
  return { kind: 'array', element };
}

export function mapOf(key: Type, value: Type): MapType {
  return { kind: 'map', key, value };
}

export function rowOf(fields: readonly RowField[]): RowType {
  return { kind: 'row', fields };
}

export function functionType(args: readonly Type[], returnType: Type): FunctionType {
  return { kind: 'function', arguments: args, returnType };
}

/** Structural equality; row field names take part (Presto's row types are named). */
export function typeEquals(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'decimal': {
      const o = b as DecimalType;
      return a.precision === o.precision && a.scale === o.scale;
    }
    case 'varchar':
      return a.length === (b as VarcharType).length;
    case 'char':
      return a.length === (b as CharType).length;
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return a.precision === (b as TemporalType).precision;
    case 'array':
      return typeEquals(a.element, (b as ArrayType).element);
    case 'map': {
      const o = b as MapType;
      return typeEquals(a.key, o.key) && typeEquals(a.value, o.value);
    }
    case 'row': {
      const o = b as RowType;
      return (
        a.fields.length === o.fields.length &&
        a.fields.every((f, i) => f.name === o.fields[i].name && typeEquals(f.type, o.fields[i].type))
      );
    }
    case 'function': {
      const o = b as FunctionType;
      return (
        a.arguments.length === o.arguments.length &&
        a.arguments.every((t, i) => typeEquals(t, o.arguments[i])) &&
        typeEquals(a.returnType, o.returnType)
      );
    }
    default:
      return true;
  }
}

export function isIntegral(t: Type): boolean {
  return t.kind === 'tinyint' || t.kind === 'smallint' || t.kind === 'integer' || t.kind === 'bigint';
}

/** Decimals of precision up to 18 fit in a 64-bit integer; longer ones need 128 bits. */
export function isDecimalShort(t: DecimalType): boolean {
  return t.precision <= MAX_SHORT_DECIMAL_PRECISION;
}

export function isNumeric(t: Type): boolean {
  return isIntegral(t) || t.kind === 'real' || t.kind === 'double' || t.kind === 'decimal';
}

export function isCharacterString(t: Type): t is VarcharType | CharType {
  return t.kind === 'varchar' || t.kind === 'char';
}

export function isTemporal(t: Type): boolean {
  return (
    t.kind === 'date' ||
    t.kind === 'time' ||
    t.kind === 'time with time zone' ||
    t.kind === 'timestamp' ||
    t.kind === 'timestamp with time zone'
  );
}

export function isInterval(t: Type): boolean {
  return t.kind === 'interval day to second' || t.kind === 'interval year to month';
}

/** Types whose values can be compared with = and used as join or grouping keys. */
export function isComparable(t: Type): boolean {
  switch (t.kind) {
    case 'function':
      return false;
    case 'json':
      return false;
    case 'array':
      return isComparable(t.element);
    case 'map':
      return isComparable(t.key) && isComparable(t.value);
    case 'row':
      return t.fields.every((f) => isComparable(f.type));
    default:
      return true;
  }
}

/** Types whose values can be ordered (ORDER BY, <, min/max). */
export function isOrderable(t: Type): boolean {
  switch (t.kind) {
    case 'function':
    case 'json':
    case 'map':
      return false;
    case 'array':
      return isOrderable(t.element);
    case 'row':
      return t.fields.every((f) => isOrderable(f.type));
    default:
      return true;
  }
}
