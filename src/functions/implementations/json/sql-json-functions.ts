/**
 * The hidden functions behind Trino's SQL/JSON syntax, which the analyzer calls with the clauses
 * packed into arguments (json-function-analyzer.ts): `$json_exists`, `$json_value`, `$json_query`
 * (input JSON text, the PASSING values as one ROW, for json_value the return type's marker and the
 * DEFAULT values, and a constant settings text: the path, the parameter names and formats, the ON
 * EMPTY / ON ERROR behaviours...), `$json_object` and `$json_array` (keys and values as ROWs).
 * Settings are parsed once per distinct text (so once per query), the path with them.
 *
 * Errors follow Trino: malformed input is JSON_INPUT_CONVERSION_ERROR `conversion to JSON failed: `,
 * path errors PATH_EVALUATION_ERROR, json_value's results JSON_VALUE_RESULT_ERROR `cannot extract
 * SQL scalar from JSON: ...`, json_query's JSON_OUTPUT_CONVERSION_ERROR `conversion from JSON
 * failed: ...`; each is what ON ERROR ERROR raises, the other behaviours replace it with a value.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import { canCast } from '../../../types/cast-rules.js';
import { formatType } from '../../../types/format-type.js';
import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  decimal,
  INTEGER,
  type RowType,
  type Type,
  typeEquals,
  VARCHAR,
} from '../../../types/type.js';
import { castImplementation } from '../cast/cast.js';
import { jsonWriter } from '../cast/json-casts.js';
import { decimalOf } from '../decimal-values.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { javaHashMapOrder } from './java-hash-map-order.js';
import { decodeJsonBytes, encodeJsonText, JsonDecodingError, type JsonEncoding } from './json-encodings.js';
import type { JsonPath } from './json-path-ast.js';
import { DecimalNumber, doubleNode, evaluateJsonPath, type Sequence } from './json-path-evaluator.js';
import { parseSqlJsonPath } from './json-path-parser.js';
import { type JsonNode, JsonNumber, quoteJsonString, tryParseJson, writeJson } from './json-tree.js';

/** What the analyzer passes as the last argument of `$json_exists`, `$json_value` and `$json_query`. */
export interface PathFunctionSettings {
  readonly path: string;
  /** The PASSING names, in the order of the parameters ROW. */
  readonly names: readonly string[];
  /** Per parameter: whether it is JSON text (FORMAT JSON, or of type json). */
  readonly json: readonly boolean[];
  /** Per parameter: the encoding of a varbinary FORMAT JSON value. */
  readonly encodings?: readonly (JsonEncoding | null)[];
  /** The encoding of a varbinary input (UTF8 by default). */
  readonly inputEncoding?: JsonEncoding;
  /** The encoding of a varbinary RETURNING type (UTF8 by default). */
  readonly outputEncoding?: JsonEncoding;
  readonly onEmpty?: string;
  readonly onError: string;
  readonly wrapper?: 'WITHOUT' | 'CONDITIONAL' | 'UNCONDITIONAL';
  readonly omitQuotes?: boolean;
}

/** The settings of `$json_object` and `$json_array`. */
export interface ConstructorSettings {
  /** Per value: whether it is JSON text to embed (FORMAT JSON, json type, a nested JSON function). */
  readonly json: readonly boolean[];
  readonly encodings?: readonly (JsonEncoding | null)[];
  readonly outputEncoding?: JsonEncoding;
  readonly nullOnNull: boolean;
  readonly uniqueKeys?: boolean;
}

interface ParsedSettings extends PathFunctionSettings {
  readonly parsedPath: JsonPath;
}

const CACHE_LIMIT = 256;
const settingsCache = new Map<string, ParsedSettings>();

function pathSettings(text: string): ParsedSettings {
  let settings = settingsCache.get(text);
  if (settings === undefined) {
    const raw = JSON.parse(text) as PathFunctionSettings;
    settings = { ...raw, parsedPath: parseSqlJsonPath(raw.path) };
    if (settingsCache.size >= CACHE_LIMIT) settingsCache.clear();
    settingsCache.set(text, settings);
  }
  return settings;
}

const constructorCache = new Map<string, ConstructorSettings>();

function constructorSettings(text: string): ConstructorSettings {
  let settings = constructorCache.get(text);
  if (settings === undefined) {
    settings = JSON.parse(text) as ConstructorSettings;
    if (constructorCache.size >= CACHE_LIMIT) constructorCache.clear();
    constructorCache.set(text, settings);
  }
  return settings;
}

function inputConversionError(): VivaceError {
  return new VivaceError('JSON_INPUT_CONVERSION_ERROR', 'conversion to JSON failed: ');
}

function valueResultError(message: string): VivaceError {
  return new VivaceError('JSON_VALUE_RESULT_ERROR', `cannot extract SQL scalar from JSON: ${message}`);
}

function outputConversionError(message: string): VivaceError {
  return new VivaceError('JSON_OUTPUT_CONVERSION_ERROR', `conversion from JSON failed: ${message}`);
}

/** The errors ON ERROR handles: input conversion and path evaluation (the rest propagate). */
function isHandledError(e: unknown): e is VivaceError {
  return (
    e instanceof VivaceError &&
    (e.errorName === 'JSON_INPUT_CONVERSION_ERROR' || e.errorName === 'PATH_EVALUATION_ERROR')
  );
}

/** An SQL value as a JSON path item: numbers, strings and booleans as themselves, dates as text. */
export function sqlValueToItem(value: unknown, type: Type, ctx: CallContext): JsonNode {
  if (value === null || value === undefined) return null;
  switch (type.kind) {
    case 'boolean':
      return value as boolean;
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return new JsonNumber(String(value), true);
    case 'decimal':
      return new DecimalNumber(BigInt(value as number | bigint), type.scale);
    case 'real':
    case 'double':
      return doubleNode(value as number);
    case 'varchar':
    case 'char':
      return value as string;
    case 'json':
      return parseInputJson(value, undefined);
    default:
      // Dates, timestamps, intervals, uuids...: their varchar text, as Trino passes them.
      if (!canCast(type, VARCHAR))
        throw invalidArgument(`Unsupported type of JSON path parameter: ${formatType(type)}`);
      return castImplementation(type, VARCHAR)(value, ctx) as string;
  }
}

/** JSON text (a varchar, a json value, or bytes in `encoding`) parsed; malformed text is an input conversion error. */
function parseInputJson(value: unknown, encoding: JsonEncoding | null | undefined): JsonNode {
  let text: string;
  if (value instanceof Uint8Array) {
    try {
      text = decodeJsonBytes(value, encoding ?? 'UTF8');
    } catch (e) {
      if (e instanceof JsonDecodingError) throw inputConversionError();
      throw e;
    }
  } else {
    text = value as string;
  }
  const node = tryParseJson(text);
  if (node === undefined) throw inputConversionError();
  return node;
}

/** The `$name` variables: a NULL JSON parameter is an empty sequence, a NULL SQL value JSON null. */
function bindVariables(settings: ParsedSettings, row: unknown, ctx: CallContext): Map<string, Sequence> {
  const rowType = ctx.argumentTypes[1] as Type;
  const variables = new Map<string, Sequence>();
  const values = (row ?? []) as unknown[];
  const fieldTypes = rowType.kind === 'row' ? (rowType as RowType).fields.map((f) => f.type) : [];
  settings.names.forEach((name, i) => {
    const value = values[i] ?? null;
    const type = fieldTypes[i] as Type;
    if (settings.json[i]) variables.set(name, value === null ? [] : [parseInputJson(value, settings.encodings?.[i])]);
    else variables.set(name, [sqlValueToItem(value, type, ctx)]);
  });
  return variables;
}

/** Parses the input and evaluates the path; throws the errors ON ERROR handles. */
function evaluate(settings: ParsedSettings, input: unknown, params: unknown, ctx: CallContext): Sequence {
  const root = parseInputJson(input, settings.inputEncoding);
  const variables = bindVariables(settings, params, ctx);
  return evaluateJsonPath(settings.parsedPath, root, variables);
}

function jsonExists(input: unknown, params: unknown, settingsText: string, ctx: CallContext): boolean | null {
  if (input === null) return null;
  const settings = pathSettings(settingsText);
  try {
    return evaluate(settings, input, params, ctx).length > 0;
  } catch (e) {
    if (!isHandledError(e)) throw e;
    switch (settings.onError) {
      case 'TRUE':
        return true;
      case 'FALSE':
        return false;
      case 'UNKNOWN':
        return null;
      default:
        throw e;
    }
  }
}

/** A JSON scalar as a typed SQL value (Jackson's node types: int, long, big integer, double, text, boolean). */
function itemToSqlValue(item: JsonNode): { value: unknown; type: Type } | undefined {
  if (typeof item === 'string') return { value: item, type: VARCHAR };
  if (typeof item === 'boolean') return { value: item, type: BOOLEAN };
  if (item instanceof DecimalNumber) {
    const type = decimal(item.precision, item.scale);
    return item.precision > 38 ? undefined : { value: decimalOf(item.unscaled, type), type };
  }
  if (!(item instanceof JsonNumber)) return undefined;
  if (!item.isInteger) return { value: item.toNumber(), type: DOUBLE };
  const n = BigInt(item.text);
  if (n >= -(2n ** 31n) && n < 2n ** 31n) return { value: Number(n), type: INTEGER };
  if (n >= -(2n ** 63n) && n < 2n ** 63n) {
    return { value: Number.isSafeInteger(Number(n)) ? Number(n) : n, type: BIGINT };
  }
  const digits = (n < 0n ? -n : n).toString().length;
  if (digits > 38) return undefined;
  return { value: n, type: decimal(38, 0) };
}

function jsonValue(
  input: unknown,
  params: unknown,
  _marker: unknown,
  emptyDefault: () => unknown,
  errorDefault: () => unknown,
  settingsText: string,
  ctx: CallContext,
): unknown {
  if (input === null) return null;
  const settings = pathSettings(settingsText);
  const onError = (error: VivaceError): unknown => {
    if (settings.onError === 'NULL') return null;
    if (settings.onError === 'DEFAULT') return errorDefault();
    throw error;
  };
  let sequence: Sequence;
  try {
    sequence = evaluate(settings, input, params, ctx);
  } catch (e) {
    if (!isHandledError(e)) throw e;
    return onError(e);
  }
  if (sequence.length === 0) {
    if (settings.onEmpty === 'NULL') return null;
    if (settings.onEmpty === 'DEFAULT') {
      // A DEFAULT ON EMPTY that fails (a division by zero, a cast) goes to ON ERROR, as in Trino.
      try {
        return emptyDefault();
      } catch (e) {
        if (!(e instanceof VivaceError) || e.errorCode.type !== 'USER_ERROR') throw e;
        return onError(e);
      }
    }
    throw valueResultError('JSON path found no items');
  }
  if (sequence.length > 1) return onError(valueResultError('JSON path found multiple items'));
  const item = sequence[0] as JsonNode;
  if (item === null) return null;
  const typed = itemToSqlValue(item);
  if (typed === undefined) {
    return onError(valueResultError('JSON path found an item that cannot be converted to an SQL value'));
  }
  const returnType = ctx.returnType;
  if (typeEquals(typed.type, returnType)) return typed.value;
  const castFailure = () =>
    valueResultError(
      `Cannot cast value of type ${formatType(typed.type)} to declared return type of function JSON_VALUE: ${formatType(returnType)}`,
    );
  if (!canCast(typed.type, returnType)) return onError(castFailure());
  try {
    return castImplementation(typed.type, returnType)(typed.value, ctx);
  } catch (e) {
    if (!(e instanceof VivaceError) || e.errorName === 'GENERIC_INTERNAL_ERROR') throw e;
    return onError(castFailure());
  }
}

const EMPTY_ARRAY_TEXT = '[]';
const EMPTY_OBJECT_TEXT = '{}';

function jsonQuery(input: unknown, params: unknown, _marker: unknown, settingsText: string, ctx: CallContext) {
  if (input === null) return null;
  const settings = pathSettings(settingsText);
  const special = (behavior: string | undefined, error: VivaceError): string | null => {
    switch (behavior) {
      case 'NULL':
        return null;
      case 'EMPTY_ARRAY':
        return EMPTY_ARRAY_TEXT;
      case 'EMPTY_OBJECT':
        return EMPTY_OBJECT_TEXT;
      default:
        throw error;
    }
  };
  let text: string | null;
  let sequence: Sequence;
  try {
    sequence = evaluate(settings, input, params, ctx);
  } catch (e) {
    if (!isHandledError(e)) throw e;
    return toReturnType(special(settings.onError, e), ctx, settings.outputEncoding);
  }
  if (sequence.length === 0) {
    text = special(settings.onEmpty, outputConversionError('JSON path found no items'));
  } else {
    let items = sequence;
    const wrapper = settings.wrapper ?? 'WITHOUT';
    const single = items.length === 1 ? items[0] : undefined;
    const structured = Array.isArray(single) || single instanceof Map;
    if (wrapper === 'UNCONDITIONAL' || (wrapper === 'CONDITIONAL' && !structured)) items = [items];
    if (items.length > 1) {
      text = special(settings.onError, outputConversionError('JSON path found multiple items'));
    } else {
      const item = items[0] as JsonNode;
      text = typeof item === 'string' && settings.omitQuotes ? item : writeJson(item, false);
    }
  }
  return toReturnType(text, ctx, settings.outputEncoding);
}

/** JSON text as the RETURNING type: varchar(n) and char(n) as a cast from varchar makes them. */
function toReturnType(text: string | null, ctx: CallContext, encoding: JsonEncoding | undefined): unknown {
  if (text === null) return null;
  const returnType = ctx.returnType;
  if (returnType.kind === 'varbinary') return encodeJsonText(text, encoding ?? 'UTF8');
  if (returnType.kind === 'varchar' && returnType.length === undefined) return text;
  return castImplementation(VARCHAR, returnType)(text, ctx) as string;
}

/** One value of json_object / json_array as JSON text, or null for SQL NULL. */
function valueText(
  value: unknown,
  type: Type,
  json: boolean,
  encoding: JsonEncoding | null | undefined,
  ctx: CallContext,
): string | null {
  if (value === null || value === undefined) return null;
  if (json) return writeJson(parseInputJson(value, encoding), false);
  return jsonWriter(type)(value, ctx);
}

function rowValues(row: unknown): unknown[] {
  return (row ?? []) as unknown[];
}

function rowFieldTypes(type: Type | undefined): Type[] {
  return type?.kind === 'row' ? (type as RowType).fields.map((f) => f.type) : [];
}

function jsonObject(keys: unknown, values: unknown, _marker: unknown, settingsText: string, ctx: CallContext) {
  const settings = constructorSettings(settingsText);
  const keyList = rowValues(keys);
  const valueList = rowValues(values);
  const valueTypes = rowFieldTypes(ctx.argumentTypes[1]);
  const members = new Map<string, string>();
  keyList.forEach((key, i) => {
    if (key === null || key === undefined)
      throw invalidArgument('null value passed for JSON object key to JSON_OBJECT function');
    const text = valueText(
      valueList[i],
      valueTypes[i] as Type,
      settings.json[i] ?? false,
      settings.encodings?.[i],
      ctx,
    );
    if (text === null && !settings.nullOnNull) return;
    const name = key as string;
    if (members.has(name)) {
      if (settings.uniqueKeys) throw invalidArgument('duplicate key passed to JSON_OBJECT function');
      // The standard keeps both members; Trino cannot build such an object, and neither do we.
      throw new VivaceError('NOT_SUPPORTED', 'cannot construct a JSON object with duplicate key');
    }
    members.set(name, text ?? 'null');
  });
  const entries = javaHashMapOrder([...members.keys()]).map((k) => `${quoteJsonString(k)}:${members.get(k)}`);
  return toReturnType(`{${entries.join(',')}}`, ctx, settings.outputEncoding);
}

function jsonArray(values: unknown, _marker: unknown, settingsText: string, ctx: CallContext) {
  const settings = constructorSettings(settingsText);
  const valueTypes = rowFieldTypes(ctx.argumentTypes[0]);
  const elements: string[] = [];
  rowValues(values).forEach((value, i) => {
    const text = valueText(value, valueTypes[i] as Type, settings.json[i] ?? false, settings.encodings?.[i], ctx);
    if (text !== null) elements.push(text);
    else if (settings.nullOnNull) elements.push('null');
  });
  return toReturnType(`[${elements.join(',')}]`, ctx, settings.outputEncoding);
}

/** The hidden signatures, as src/functions/scalar-json.ts declares them. */
const SQL_JSON_SIGNATURES = {
  exists: '$json_exists(I,T,varchar(s)):boolean',
  value: '$json_value(I,T,R,function(R),function(R),varchar(s)):R',
  query: '$json_query(I,T,R,varchar(s)):R',
  object: '$json_object(K,V,R,varchar(s)):R',
  array: '$json_array(V,R,varchar(s)):R',
} as const;

export function registerSqlJsonFunctions(table: ImplementationTable): void {
  const options = { nullHandling: 'CALLED_ON_NULL' } as const;
  table.add(SQL_JSON_SIGNATURES.exists, jsonExists, options);
  table.add(SQL_JSON_SIGNATURES.value, jsonValue, options);
  table.add(SQL_JSON_SIGNATURES.query, jsonQuery, options);
  table.add(SQL_JSON_SIGNATURES.object, jsonObject, options);
  table.add(SQL_JSON_SIGNATURES.array, jsonArray, options);
}
