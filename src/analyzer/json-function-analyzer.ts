/**
 * Analysis of Trino's SQL/JSON functions. Each becomes a call of a hidden function (`$json_exists`,
 * `$json_value`, `$json_query`, `$json_object`, `$json_array`, see scalar-json.ts) whose arguments
 * are the input, the PASSING values packed into one ROW (keys and values into two ROWs for
 * json_object), a NULL of the return type (which binds the signature's R), json_value's DEFAULT
 * values, and one constant text with the rest: the path, the parameter names and formats, the
 * behaviours. The path is parsed here, so a bad path or an unbound `$name` fails the query at
 * analysis with its position in the query text; execution parses it once more per query (cached).
 */
import { VivaceError } from '../common/vivace-error.js';
import type { ResolvedFunction } from '../functions/function-registry.js';
import { pathVariables } from '../functions/implementations/json/json-path-ast.js';
import { JsonPathError, parseSqlJsonPath } from '../functions/implementations/json/json-path-parser.js';
import type {
  ConstructorSettings,
  PathFunctionSettings,
} from '../functions/implementations/json/sql-json-functions.js';
import type { ArgumentType } from '../functions/signature-binder.js';
import type * as ast from '../sql/ast.js';

type JsonEncoding = ast.JsonEncoding;

import { canCast } from '../types/cast-rules.js';
import { canCoerce } from '../types/coercion.js';
import { functionType, isCharacterString, isNumeric, rowOf, type Type, UNKNOWN, VARCHAR } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { atPosition, type ExpressionContext } from './analysis-context.js';
import { coercedCall, coerceTo, constant, specialForm } from './bound-expressions.js';
import type { BoundExpression, Call } from './bound-tree.js';
import { resolveDataType } from './data-types.js';

type Analyze = (node: ast.Expression, ctx: ExpressionContext) => BoundExpression;

export type JsonFunctionNode = ast.JsonExists | ast.JsonValue | ast.JsonQuery | ast.JsonObject | ast.JsonArray;

export function analyzeJsonFunction(node: JsonFunctionNode, ctx: ExpressionContext, analyze: Analyze): BoundExpression {
  switch (node.kind) {
    case 'JsonExists': {
      const { input, parameters, settings } = invocation(node.invocation, ctx, analyze);
      const text = JSON.stringify({ ...settings, onError: node.onError } satisfies PathFunctionSettings);
      return hiddenCall('$json_exists', [input, parameters, constant(text, VARCHAR)], node, ctx);
    }
    case 'JsonValue':
      return jsonValue(node, ctx, analyze);
    case 'JsonQuery': {
      const { input, parameters, settings } = invocation(node.invocation, ctx, analyze);
      const { returnType, outputEncoding } = jsonOutputType(node.returnType, node.outputFormat, node);
      const text = JSON.stringify({
        ...settings,
        ...(outputEncoding && { outputEncoding }),
        wrapper: node.wrapper,
        omitQuotes: node.quotes === 'OMIT',
        onEmpty: node.onEmpty,
        onError: node.onError,
      } satisfies PathFunctionSettings);
      return hiddenCall(
        '$json_query',
        [input, parameters, constant(null, returnType), constant(text, VARCHAR)],
        node,
        ctx,
      );
    }
    case 'JsonObject':
      return jsonObject(node, ctx, analyze);
    case 'JsonArray': {
      const { returnType, outputEncoding } = jsonOutputType(node.returnType, node.outputFormat, node);
      const values = node.elements.map((e) => jsonConstructorValue(e.value, e.format, 'JSON_ARRAY', ctx, analyze));
      const settings: ConstructorSettings = {
        ...constructorFormats(values),
        nullOnNull: node.nullOnNull,
        ...(outputEncoding && { outputEncoding }),
      };
      return hiddenCall(
        '$json_array',
        [packRow(values.map((v) => v.value)), constant(null, returnType), constant(JSON.stringify(settings), VARCHAR)],
        node,
        ctx,
      );
    }
  }
}

/** Calls a hidden function with analysed arguments, coerced to its bound signature. */
function hiddenCall(name: string, args: readonly BoundExpression[], node: ast.Node, ctx: ExpressionContext): Call {
  let resolved: ResolvedFunction;
  try {
    resolved = ctx.statement.functions.resolveHiddenFunction(
      name,
      args.map(
        (a): ArgumentType => (a.kind === 'Lambda' ? { kind: 'lambda', arity: 0, bodyType: () => a.body.type } : a.type),
      ),
    );
  } catch (e) {
    atPosition(e, node.pos);
  }
  return coercedCall(resolved, args);
}

/** Values as one ROW, or a NULL when there are none. */
function packRow(values: readonly BoundExpression[]): BoundExpression {
  if (values.length === 0) return constant(null, UNKNOWN);
  return specialForm('ROW', rowOf(values.map((v) => ({ type: v.type }))), values);
}

function formatting(format: ast.JsonFormat | undefined): string {
  return format?.encoding === undefined ? 'JSON' : `JSON ENCODING ${format.encoding}`;
}

/**
 * JSON text read from an SQL value: a character string (FORMAT JSON without an encoding), json,
 * or varbinary in an encoding (UTF8 by default). Returns the encoding of varbinary input.
 */
function checkJsonInput(
  value: BoundExpression,
  format: ast.JsonFormat | undefined,
  node: ast.Node,
): JsonEncoding | null {
  const type = value.type;
  if (type.kind === 'varbinary') return format?.encoding ?? 'UTF8';
  const readable = type.kind === 'unknown' || type.kind === 'json' || isCharacterString(type);
  if (!readable || format?.encoding !== undefined) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Cannot read input of type ${formatType(type)} as JSON using formatting ${formatting(format)}`,
      node.pos,
    );
  }
  return null;
}

/** PASSING names: JSON path is case-sensitive, and unquoted SQL names are uppercase, as in Trino. */
function parameterName(id: ast.Identifier): string {
  return id.quoted ? id.value : id.value.toUpperCase();
}

/** Where `offset` of a string literal's value is in the query (a quote is written twice). */
function positionInLiteral(literal: ast.StringLiteral, offset: number): ast.SourcePosition {
  let { line, column, offset: at } = literal.pos;
  column++;
  at++;
  for (let i = 0; i < offset && i < literal.value.length; i++) {
    const c = literal.value[i];
    if (c === '\n') {
      line++;
      column = 1;
      at++;
    } else {
      const width = c === "'" ? 2 : 1;
      column += width;
      at += width;
    }
  }
  return { line, column, offset: at };
}

const PARAMETER_KINDS: ReadonlySet<string> = new Set([
  'unknown',
  'boolean',
  'varchar',
  'char',
  'json',
  'date',
  'time',
  'timestamp',
]);

function invocation(
  node: ast.JsonPathInvocation,
  ctx: ExpressionContext,
  analyze: Analyze,
): {
  input: BoundExpression;
  parameters: BoundExpression;
  settings: Omit<PathFunctionSettings, 'onError'>;
} {
  const input = analyze(node.input, ctx);
  const inputEncoding = checkJsonInput(input, node.inputFormat, node.input);
  const names: string[] = [];
  const json: boolean[] = [];
  const encodings: (JsonEncoding | null)[] = [];
  const values: BoundExpression[] = [];
  for (const parameter of node.passing) {
    const value = analyze(parameter.value, ctx);
    const name = parameterName(parameter.name);
    if (names.includes(name)) {
      throw new VivaceError(
        'DUPLICATE_PARAMETER_NAME',
        `${name} JSON path parameter is specified more than once`,
        parameter.name.pos,
      );
    }
    let encoding: JsonEncoding | null = null;
    if (parameter.format !== undefined) {
      encoding = checkJsonInput(value, parameter.format, parameter.value);
    } else if (!PARAMETER_KINDS.has(value.type.kind) && !isNumeric(value.type) && !canCast(value.type, VARCHAR)) {
      // Other values (intervals, uuids...) go as their varchar text, as in Trino.
      throw new VivaceError(
        'TYPE_MISMATCH',
        `Unsupported type of JSON path parameter: ${formatType(value.type)}`,
        parameter.value.pos,
      );
    }
    names.push(name);
    json.push(parameter.format !== undefined || value.type.kind === 'json');
    encodings.push(encoding);
    values.push(value);
  }
  const path = node.path;
  let variables: string[];
  try {
    variables = pathVariables(parseSqlJsonPath(path.value));
  } catch (e) {
    if (e instanceof JsonPathError) {
      throw new VivaceError(e.errorName, e.message, positionInLiteral(path, e.offset));
    }
    throw e;
  }
  for (const variable of variables) {
    if (names.includes(variable)) continue;
    const hint = names.some((n) => n.toLowerCase() === variable.toLowerCase())
      ? `. Try quoting "${variable}" in the PASSING clause to match case`
      : '';
    throw new VivaceError('INVALID_PATH', `no value passed for parameter ${variable}${hint}`, path.pos);
  }
  const settings = {
    path: path.value,
    names,
    json,
    ...(encodings.some((e) => e !== null) && { encodings }),
    ...(inputEncoding !== null && { inputEncoding }),
  };
  return { input, parameters: packRow(values), settings };
}

const JSON_VALUE_RETURN_KINDS: ReadonlySet<string> = new Set([
  'boolean',
  'varchar',
  'char',
  'date',
  'time',
  'timestamp',
]);

function jsonValue(node: ast.JsonValue, ctx: ExpressionContext, analyze: Analyze): BoundExpression {
  const { input, parameters, settings } = invocation(node.invocation, ctx, analyze);
  const returnType = node.returnType ? resolveDataType(node.returnType) : VARCHAR;
  if (!JSON_VALUE_RETURN_KINDS.has(returnType.kind) && !isNumeric(returnType)) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Invalid return type of function JSON_VALUE: ${formatType(returnType)}`,
      node.pos,
    );
  }
  // A DEFAULT is evaluated only when its case arises, as Trino's: it goes as a lambda without
  // parameters (its own frame, so references to enclosing lambdas' parameters keep their depth).
  const defaultValue = (behavior: ast.JsonValueBehavior, on: string): BoundExpression => {
    let body: BoundExpression = constant(null, returnType);
    if (behavior.value !== undefined) {
      const inner: ExpressionContext = { ...ctx, lambdas: [...ctx.lambdas, { names: [], types: [] }] };
      const value = analyze(behavior.value, inner);
      if (!canCoerce(value.type, returnType)) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `Function JSON_VALUE default ${on} result must evaluate to a ${formatType(returnType)} (actual: ${formatType(value.type)})`,
          behavior.value.pos,
        );
      }
      body = coerceTo(value, returnType);
    }
    return { kind: 'Lambda', type: functionType([], returnType), parameterTypes: [], body };
  };
  const text = JSON.stringify({
    ...settings,
    onEmpty: node.onEmpty.type,
    onError: node.onError.type,
  } satisfies PathFunctionSettings);
  return hiddenCall(
    '$json_value',
    [
      input,
      parameters,
      constant(null, returnType),
      defaultValue(node.onEmpty, 'ON EMPTY'),
      defaultValue(node.onError, 'ON ERROR'),
      constant(text, VARCHAR),
    ],
    node,
    ctx,
  );
}

/**
 * The RETURNING type of json_query, json_object and json_array: a character string (varchar by
 * default), or varbinary in an encoding (UTF8 by default).
 */
function jsonOutputType(
  type: ast.DataType | undefined,
  format: ast.JsonFormat | undefined,
  node: ast.Node,
): { returnType: Type; outputEncoding?: JsonEncoding } {
  if (type === undefined) return { returnType: VARCHAR };
  const resolved = resolveDataType(type);
  if (resolved.kind === 'varbinary') return { returnType: resolved, outputEncoding: format?.encoding ?? 'UTF8' };
  if (!isCharacterString(resolved) || format?.encoding !== undefined) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Cannot output JSON value as ${formatType(resolved)} using formatting ${formatting(format)}`,
      node.pos,
    );
  }
  return { returnType: resolved };
}

/**
 * A value of json_object / json_array, and whether it is JSON text to embed rather than an SQL
 * value. As in Trino, booleans, numbers and character strings become JSON literals, values of other
 * types their varchar text (a JSON string), and a type without a cast to varchar is NOT_SUPPORTED.
 */
function jsonConstructorValue(
  node: ast.Expression,
  format: ast.JsonFormat | undefined,
  functionName: string,
  ctx: ExpressionContext,
  analyze: Analyze,
): ConstructorValue {
  const value = analyze(node, ctx);
  if (format !== undefined) return { value, json: true, encoding: checkJsonInput(value, format, node) };
  // The JSON functions' results are JSON text: their FORMAT JSON is implicit, as in Trino. Values
  // of the json type are embedded as JSON too.
  const nested = node.kind === 'JsonQuery' || node.kind === 'JsonObject' || node.kind === 'JsonArray';
  const type = value.type;
  if (nested || type.kind === 'json') return { value, json: true, encoding: null };
  const literal = type.kind === 'unknown' || type.kind === 'boolean' || isNumeric(type) || isCharacterString(type);
  if (literal) return { value, json: false, encoding: null };
  if (!canCast(type, VARCHAR)) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Unsupported type of value passed to ${functionName} function: ${formatType(type)}`,
      node.pos,
    );
  }
  return { value: coerceTo(value, VARCHAR), json: false, encoding: null };
}

interface ConstructorValue {
  readonly value: BoundExpression;
  /** Whether the value is JSON text to embed. */
  readonly json: boolean;
  /** The encoding of a varbinary FORMAT JSON value. */
  readonly encoding: JsonEncoding | null;
}

function constructorFormats(values: readonly ConstructorValue[]): Pick<ConstructorSettings, 'json' | 'encodings'> {
  const encodings = values.map((v) => v.encoding);
  return { json: values.map((v) => v.json), ...(encodings.some((e) => e !== null) && { encodings }) };
}

function jsonObject(node: ast.JsonObject, ctx: ExpressionContext, analyze: Analyze): BoundExpression {
  const { returnType, outputEncoding } = jsonOutputType(node.returnType, node.outputFormat, node);
  const keys = node.members.map((m) => {
    const key = analyze(m.key, ctx);
    if (key.type.kind !== 'unknown' && !isCharacterString(key.type)) {
      throw new VivaceError('TYPE_MISMATCH', `Invalid type of JSON object key: ${formatType(key.type)}`, m.key.pos);
    }
    return key;
  });
  const values = node.members.map((m) => jsonConstructorValue(m.value, m.format, 'JSON_OBJECT', ctx, analyze));
  if (node.uniqueKeys && node.members.some((m) => m.format !== undefined)) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      'WITH UNIQUE KEYS behavior is not supported for JSON_OBJECT function when input expression has FORMAT',
      node.pos,
    );
  }
  const settings: ConstructorSettings = {
    ...constructorFormats(values),
    nullOnNull: node.nullOnNull,
    uniqueKeys: node.uniqueKeys,
    ...(outputEncoding && { outputEncoding }),
  };
  return hiddenCall(
    '$json_object',
    [
      packRow(keys),
      packRow(values.map((v) => v.value)),
      constant(null, returnType),
      constant(JSON.stringify(settings), VARCHAR),
    ],
    node,
    ctx,
  );
}
