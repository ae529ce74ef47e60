/**
 * Builds a validated Type from a base name and its parameters: the one place where type names are
 * resolved and where parameter ranges are checked. The analyzer feeds it the AST's DataType (name
 * already lowercased and multi-word names spelled out) and `parseType` feeds it parsed signatures.
 *
 * Defaults and limits follow Trino: `decimal` = decimal(38,0), `decimal(p)` = decimal(p,0),
 * `char` = char(1), `time`/`timestamp` default to precision 3, `varchar(2147483647)` is the unbounded
 * varchar (that length is Trino's marker for "unbounded"), and `int` is accepted for `integer`.
 * Range errors use Trino's wording (e.g. `DECIMAL precision must be in range [1, 38]: 0`); an unknown
 * name or a wrong parameter list is `Unknown type: <signature>` (TYPE_NOT_FOUND).
 */
import type { ErrorName } from '../common/error-codes.js';
import { VivaceError } from '../common/vivace-error.js';
import { formatTypeSignature, quoteFieldName } from './format-type.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  char,
  DATE,
  DEFAULT_TEMPORAL_PRECISION,
  DOUBLE,
  decimal,
  functionType,
  INTEGER,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  JSON_TYPE,
  MAX_DECIMAL_PRECISION,
  MAX_TEMPORAL_PRECISION,
  MAX_VARCHAR_LENGTH,
  mapOf,
  REAL,
  type RowField,
  rowOf,
  type SimpleType,
  SMALLINT,
  TINYINT,
  type Type,
  time,
  timestamp,
  UNKNOWN,
  UUID,
  VARBINARY,
  VARCHAR,
  varchar,
} from './type.js';

/** A parameter of a type as written: a number (`decimal(10, 2)`) or a type, named for row fields. */
export type TypeArgument =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'type'; readonly type: Type; readonly name?: string };

export const MAX_CHAR_LENGTH = 65536;
/** Trino's marker length for the unbounded varchar: `varchar(2147483647)` is plain `varchar`. */
export const UNBOUNDED_VARCHAR_LENGTH = 2147483647;

const SIMPLE_TYPES: ReadonlyMap<string, SimpleType> = new Map<string, SimpleType>([
  ['boolean', BOOLEAN],
  ['tinyint', TINYINT],
  ['smallint', SMALLINT],
  ['integer', INTEGER],
  ['int', INTEGER],
  ['bigint', BIGINT],
  ['real', REAL],
  ['double', DOUBLE],
  ['double precision', DOUBLE],
  ['varbinary', VARBINARY],
  ['date', DATE],
  ['interval day to second', INTERVAL_DAY_TO_SECOND],
  ['interval year to month', INTERVAL_YEAR_TO_MONTH],
  ['json', JSON_TYPE],
  ['uuid', UUID],
  ['unknown', UNKNOWN],
]);

/**
 * Resolves `name(parameters)` to a Type. `name` is lowercase with multi-word names spelled out
 * (`timestamp with time zone`, `interval day to second`, `double` or `double precision`).
 */
export function makeType(name: string, parameters: readonly TypeArgument[]): Type {
  const simpleType = SIMPLE_TYPES.get(name);
  if (simpleType !== undefined) {
    if (parameters.length !== 0) throw unknownType(name, parameters);
    return simpleType;
  }
  switch (name) {
    case 'decimal':
      return makeDecimal(name, parameters);
    case 'varchar':
      return makeVarchar(name, parameters);
    case 'char':
      return makeChar(name, parameters);
    case 'time':
    case 'time without time zone':
      return time(temporalPrecision('TIME', name, parameters), false);
    case 'time with time zone':
      return time(temporalPrecision('TIME WITH TIME ZONE', name, parameters), true);
    case 'timestamp':
    case 'timestamp without time zone':
      return timestamp(temporalPrecision('TIMESTAMP', name, parameters), false);
    case 'timestamp with time zone':
      return timestamp(temporalPrecision('TIMESTAMP WITH TIME ZONE', name, parameters), true);
    case 'array':
      if (parameters.length !== 1) throw unknownType(name, parameters);
      return arrayOf(unnamedType(name, parameters, 0));
    case 'map':
      if (parameters.length !== 2) throw unknownType(name, parameters);
      return mapOf(unnamedType(name, parameters, 0), unnamedType(name, parameters, 1));
    case 'row':
      return makeRow(name, parameters);
    case 'function': {
      if (parameters.length === 0) throw unknownType(name, parameters);
      const types = parameters.map((_, i) => unnamedType(name, parameters, i));
      return functionType(types.slice(0, -1), types[types.length - 1]);
    }
    default:
      throw unknownType(name, parameters);
  }
}

function makeDecimal(name: string, parameters: readonly TypeArgument[]): Type {
  if (parameters.length > 2) throw unknownType(name, parameters);
  const precision = parameters.length > 0 ? numberAt(name, parameters, 0) : MAX_DECIMAL_PRECISION;
  const scale = parameters.length > 1 ? numberAt(name, parameters, 1) : 0;
  return checkedDecimal(precision, scale);
}

/** decimal(precision, scale) after Trino's range checks. */
export function checkedDecimal(precision: number, scale: number): Type {
  if (!(precision >= 1 && precision <= MAX_DECIMAL_PRECISION)) {
    throw rangeError(
      'INVALID_FUNCTION_ARGUMENT',
      `DECIMAL precision must be in range [1, ${MAX_DECIMAL_PRECISION}]: ${precision}`,
    );
  }
  if (!(scale >= 0 && scale <= precision)) {
    throw rangeError(
      'INVALID_FUNCTION_ARGUMENT',
      `DECIMAL scale must be in range [0, precision (${precision})]: ${scale}`,
    );
  }
  return decimal(precision, scale);
}

function makeVarchar(name: string, parameters: readonly TypeArgument[]): Type {
  if (parameters.length === 0) return VARCHAR;
  if (parameters.length !== 1) throw unknownType(name, parameters);
  const length = numberAt(name, parameters, 0);
  if (length === UNBOUNDED_VARCHAR_LENGTH) return VARCHAR;
  if (!(length >= 0 && length <= MAX_VARCHAR_LENGTH)) {
    throw rangeError('INVALID_FUNCTION_ARGUMENT', `Invalid VARCHAR length ${length}`);
  }
  return varchar(length);
}

function makeChar(name: string, parameters: readonly TypeArgument[]): Type {
  if (parameters.length === 0) return char(1);
  if (parameters.length !== 1) throw unknownType(name, parameters);
  const length = numberAt(name, parameters, 0);
  if (!(length >= 0 && length <= MAX_CHAR_LENGTH)) {
    throw rangeError(
      'INVALID_FUNCTION_ARGUMENT',
      `CHAR length must be in range [0, ${MAX_CHAR_LENGTH}], got ${length}`,
    );
  }
  return char(length);
}

function temporalPrecision(label: string, name: string, parameters: readonly TypeArgument[]): number {
  if (parameters.length === 0) return DEFAULT_TEMPORAL_PRECISION.timestamp;
  if (parameters.length !== 1) throw unknownType(name, parameters);
  const precision = numberAt(name, parameters, 0);
  if (!(precision >= 0 && precision <= MAX_TEMPORAL_PRECISION)) {
    throw rangeError(
      'NUMERIC_VALUE_OUT_OF_RANGE',
      `${label} precision must be in range [0, ${MAX_TEMPORAL_PRECISION}]: ${precision}`,
    );
  }
  return precision;
}

function makeRow(name: string, parameters: readonly TypeArgument[]): Type {
  if (parameters.length === 0) throw unknownType(name, parameters);
  const fields: RowField[] = [];
  for (const parameter of parameters) {
    if (parameter.kind !== 'type') throw unknownType(name, parameters);
    fields.push(
      parameter.name === undefined ? { type: parameter.type } : { name: parameter.name, type: parameter.type },
    );
  }
  return rowOf(fields);
}

function numberAt(name: string, parameters: readonly TypeArgument[], index: number): number {
  const parameter = parameters[index];
  if (parameter.kind !== 'number' || !Number.isInteger(parameter.value)) throw unknownType(name, parameters);
  return parameter.value;
}

function unnamedType(name: string, parameters: readonly TypeArgument[], index: number): Type {
  const parameter = parameters[index];
  if (parameter.kind !== 'type' || parameter.name !== undefined) throw unknownType(name, parameters);
  return parameter.type;
}

function rangeError(code: ErrorName, message: string): VivaceError {
  return new VivaceError(code, message);
}

/** `Unknown type: name(params)`, naming the signature that was asked for. */
function unknownType(name: string, parameters: readonly TypeArgument[]): VivaceError {
  return new VivaceError('TYPE_NOT_FOUND', `Unknown type: ${describeRequest(name, parameters)}`);
}

function describeRequest(name: string, parameters: readonly TypeArgument[]): string {
  if (parameters.length === 0) return name;
  const parts = parameters.map((p) => {
    if (p.kind === 'number') return String(p.value);
    return p.name === undefined
      ? formatTypeSignature(p.type)
      : `${quoteFieldName(p.name)} ${formatTypeSignature(p.type)}`;
  });
  return `${name}(${parts.join(',')})`;
}
