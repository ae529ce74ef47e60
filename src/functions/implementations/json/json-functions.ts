/**
 * The JSON functions (json_parse, json_format, json_extract, json_extract_scalar, json_size,
 * json_array_length, json_array_get, json_array_contains, is_json_scalar) over the json type and
 * over JSON text in varchar. Paths are Trino's legacy JSONPath subset: `$`, `.name`, `["name"]`,
 * `[0]`; a segment selects an object member by name or an array element by index. Invalid JSON
 * input makes the extraction functions return NULL (Trino's streaming extractor gives up the same
 * way); an invalid path is INVALID_FUNCTION_ARGUMENT `Invalid JSON path: '...'`.
 */
import type { BigintValue } from '../bigint-values.js';
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';
import { MAX_CACHED_PATTERN_LENGTH } from '../value-limits.js';
import { type JsonNode, JsonNumber, parseJson, tryParseJson, writeJson } from './json-tree.js';

const PATH_CACHE_LIMIT = 1024;
const pathCache = new Map<string, readonly string[]>();

/** The segments of a JSONPath, cached by text. */
export function parseJsonPath(path: string): readonly string[] {
  let segments = pathCache.get(path);
  if (segments === undefined) {
    segments = tokenizePath(path);
    if (path.length > MAX_CACHED_PATTERN_LENGTH) return segments;
    if (pathCache.size >= PATH_CACHE_LIMIT) pathCache.clear();
    pathCache.set(path, segments);
  }
  return segments;
}

function isLetterOrDigit(c: string): boolean {
  return /[\p{L}\p{Nd}]/u.test(c);
}

function tokenizePath(path: string): string[] {
  const invalid = () => invalidArgument(`Invalid JSON path: '${path}'`);
  if (path.length === 0 || path[0] !== '$') throw invalid();
  const segments: string[] = [];
  let i = 1;
  const unquoted = (allowColon: boolean): string => {
    const start = i;
    while (i < path.length && (path[i] === '_' || (allowColon && path[i] === ':') || isLetterOrDigit(path[i]))) i++;
    if (i === start) throw invalid();
    return path.slice(start, i);
  };
  while (i < path.length) {
    const c = path[i++];
    if (c === '.') {
      segments.push(unquoted(true));
    } else if (c === '[') {
      if (path[i] === '"') {
        i++;
        let token = '';
        for (;;) {
          if (i >= path.length) throw invalid();
          const d = path[i++];
          if (d === '"') break;
          if (d === '\\') {
            const e = path[i++];
            if (e !== '"' && e !== '\\') throw invalid();
            token += e;
          } else {
            token += d;
          }
        }
        segments.push(token);
      } else {
        segments.push(unquoted(false));
      }
      if (path[i++] !== ']') throw invalid();
    } else {
      throw invalid();
    }
  }
  return segments;
}

/** The node a path selects, or undefined when a segment does not match. */
export function selectPath(node: JsonNode, segments: readonly string[]): JsonNode | undefined {
  let current: JsonNode | undefined = node;
  for (const segment of segments) {
    if (current === null || current === undefined || typeof current !== 'object' || current instanceof JsonNumber) {
      return undefined;
    }
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else {
      current = current.get(segment);
    }
  }
  return current;
}

function extract(json: string, path: string): JsonNode | undefined {
  const segments = parseJsonPath(path);
  const root = tryParseJson(json);
  return root === undefined ? undefined : selectPath(root, segments);
}

/** The text json_extract_scalar gives a scalar: strings unquoted, numbers as written, NULL for containers. */
function scalarText(node: JsonNode | undefined): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'boolean') return node ? 'true' : 'false';
  if (node instanceof JsonNumber) return node.text;
  return null;
}

/** json_parse: canonical JSON text with sorted keys. */
export function jsonParse(text: string): string {
  try {
    return writeJson(parseJson(text), true);
  } catch {
    throw invalidArgument(`Cannot convert value to JSON: '${text}'`);
  }
}

function jsonArray(json: string): JsonNode[] | undefined {
  const node = tryParseJson(json);
  return Array.isArray(node) ? node : undefined;
}

function arrayContains(json: string, matches: (element: JsonNode) => boolean): boolean | null {
  const array = jsonArray(json);
  if (array === undefined) return null;
  return array.some(matches);
}

export function registerJsonFunctions(table: ImplementationTable): void {
  table.add('json_parse(varchar(x)):json', jsonParse);
  table.add('json_format(json):varchar', (json: string) => json);

  const extractJson = (json: string, path: string) => {
    const node = extract(json, path);
    return node === undefined ? null : writeJson(node, false);
  };
  table.add('json_extract(json,varchar(y)):json', extractJson);
  table.add('json_extract(varchar(x),varchar(y)):json', extractJson);

  const extractScalar = (json: string, path: string) => scalarText(extract(json, path));
  table.add('json_extract_scalar(json,varchar(y)):varchar', extractScalar);
  table.add('json_extract_scalar(varchar(x),varchar(y)):varchar(x)', extractScalar);

  const size = (json: string, path: string): number | null => {
    const node = extract(json, path);
    if (node === undefined) return null;
    if (Array.isArray(node)) return node.length;
    if (node instanceof Map) return node.size;
    return 0;
  };
  table.addAll(['json_size(json,varchar(y)):bigint', 'json_size(varchar(x),varchar(y)):bigint'], size);

  table.addAll(['json_array_length(json):bigint', 'json_array_length(varchar(x)):bigint'], (json: string) => {
    const array = jsonArray(json);
    return array === undefined ? null : array.length;
  });

  const arrayGet = (json: string, index: BigintValue): string | null => {
    const array = jsonArray(json);
    if (array === undefined) return null;
    const i = Number(index);
    const position = i < 0 ? array.length + i : i;
    if (position < 0 || position >= array.length) return null;
    return writeJson(array[position], false);
  };
  table.addAll(['json_array_get(json,bigint):json', 'json_array_get(varchar(x),bigint):json'], arrayGet);

  const isScalar = (json: string): boolean => {
    const node = tryParseJson(json);
    if (node === undefined) throw invalidArgument(`Invalid JSON value: ${json}`);
    return !(Array.isArray(node) || node instanceof Map);
  };
  table.addAll(['is_json_scalar(json):boolean', 'is_json_scalar(varchar(x)):boolean'], isScalar);

  for (const input of ['json', 'varchar(x)']) {
    table.add(`json_array_contains(${input},boolean):boolean`, (json: string, value: boolean) =>
      arrayContains(json, (e) => e === value),
    );
    table.add(`json_array_contains(${input},bigint):boolean`, (json: string, value: BigintValue) =>
      arrayContains(
        json,
        (e) => e instanceof JsonNumber && e.isInteger && isBigintText(e.text) && BigInt(e.text) === BigInt(value),
      ),
    );
    table.add(`json_array_contains(${input},double):boolean`, (json: string, value: number) => {
      if (!Number.isFinite(value)) return false;
      return arrayContains(json, (e) => e instanceof JsonNumber && !e.isInteger && e.toNumber() === value);
    });
    table.add(`json_array_contains(${input},varchar(y)):boolean`, (json: string, value: string) =>
      arrayContains(json, (e) => e === value),
    );
  }
}

/** Whether integer text fits a bigint (Jackson's INT/LONG number types). */
function isBigintText(text: string): boolean {
  const value = BigInt(text);
  return value >= -(1n << 63n) && value < 1n << 63n;
}
