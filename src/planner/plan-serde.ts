/**
 * Plans as JSON text, so fragments can travel from the coordinator to workers. Plan nodes,
 * expressions, types and resolved functions are plain data already; what JSON cannot carry is
 * tagged: bigints (`{"$bigint": "..."}`), numbers JSON has no literal for (NaN, ±Infinity, -0),
 * byte arrays (base64), maps (entry lists), and `undefined` inside arrays. Types come back as the
 * shared frozen instances where one exists (code may compare `type === BIGINT`).
 */
import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  INTEGER,
  INTERVAL_DAY_TO_SECOND,
  INTERVAL_YEAR_TO_MONTH,
  JSON_TYPE,
  REAL,
  SMALLINT,
  TINYINT,
  UNKNOWN,
  VARBINARY,
  VARCHAR,
} from '../types/type.js';
import type { PlanNode } from './plan-nodes.js';

const SHARED_TYPES: ReadonlyMap<string, object> = new Map<string, object>(
  [
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INTEGER,
    BIGINT,
    REAL,
    DOUBLE,
    VARBINARY,
    DATE,
    INTERVAL_DAY_TO_SECOND,
    INTERVAL_YEAR_TO_MONTH,
    JSON_TYPE,
    UNKNOWN,
  ].map((type) => [type.kind, type]),
);

/**
 * JSON.stringify's replacer that tags what JSON cannot carry. One pass of the native stringify:
 * copying the tree into JSON-ready data first and stringifying that took twice as long (a
 * coordinator serializes a fragment for every small statement).
 */
function tagUnrepresentable(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // Read before `toJSON`: a Buffer would otherwise arrive here as `{type: 'Buffer', data: [...]}`.
  const original = this[key];
  if (original instanceof Uint8Array) return { $bytes: Buffer.from(original).toString('base64') };
  switch (typeof value) {
    case 'bigint':
      return { $bigint: value.toString() };
    case 'number':
      if (Number.isNaN(value)) return { $number: 'NaN' };
      if (value === Number.POSITIVE_INFINITY) return { $number: 'Infinity' };
      if (value === Number.NEGATIVE_INFINITY) return { $number: '-Infinity' };
      if (Object.is(value, -0)) return { $number: '-0' };
      return value;
    case 'undefined':
      // Absent optional fields stay absent; a hole in an array keeps its place.
      return Array.isArray(this) ? { $undefined: true } : undefined;
    case 'object':
      if (value instanceof Map) return { $map: [...value] };
      return value;
    default:
      return value;
  }
}

/**
 * Rebuilds, in place, what `tagUnrepresentable` tagged: `value` must be freshly parsed JSON that nothing else
 * holds. In place because the worker decodes a fragment for every task it starts: copying the
 * tree as well doubled the garbage of a small query's plan.
 */
function decodeInPlace(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeInPlace(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  let first: string | undefined;
  let single = true;
  for (const key in record) {
    if (first === undefined) first = key;
    else {
      single = false;
      record[key] = decodeInPlace(record[key]);
    }
  }
  if (first === undefined) return record;
  if (single) {
    const field = record[first];
    switch (first) {
      case '$bigint':
        return BigInt(field as string);
      case '$number':
        return field === '-0' ? -0 : Number(field);
      case '$undefined':
        return undefined;
      case '$bytes':
        return new Uint8Array(Buffer.from(field as string, 'base64'));
      case '$map':
        return new Map(
          (field as unknown[][]).map(([k, v]) => [decodeInPlace(k), decodeInPlace(v)] as [unknown, unknown]),
        );
      case 'kind': {
        const shared = SHARED_TYPES.get(field as string);
        if (shared) return shared;
        if (field === 'varchar') return VARCHAR;
        return record;
      }
    }
  }
  record[first] = decodeInPlace(record[first]);
  return record;
}

export function serializePlan(node: PlanNode): string {
  return JSON.stringify(node, tagUnrepresentable);
}

export function deserializePlan(json: string): PlanNode {
  return decodeInPlace(JSON.parse(json)) as PlanNode;
}

/** JSON text of a document holding plans (a fragment), tagged as plans are. */
export function serializePlanDocument(document: object): string {
  return JSON.stringify(document, tagUnrepresentable);
}

/** A plan from a parsed `serializePlan` or `serializePlanDocument` text; `parsed` is decoded in place. */
export function decodePlan(parsed: unknown): PlanNode {
  return decodeInPlace(parsed) as PlanNode;
}

/** Any plan value (expressions, constants) through the same encoding. */
export function serializeValue(value: unknown): string {
  // A lone undefined has no holder to tell it from an absent field: tagged here.
  if (value === undefined) return '{"$undefined":true}';
  return JSON.stringify(value, tagUnrepresentable);
}

export function deserializeValue(json: string): unknown {
  return decodeInPlace(JSON.parse(json));
}
