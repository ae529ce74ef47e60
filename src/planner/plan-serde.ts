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

function encode(value: unknown): unknown {
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
      return { $undefined: true };
    case 'object': {
      if (value === null) return null;
      if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
      if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k), encode(v)]) };
      if (Array.isArray(value)) return value.map(encode);
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) {
        // Absent optional fields stay absent.
        if (field !== undefined) out[key] = encode(field);
      }
      return out;
    }
    default:
      return value;
  }
}

function decode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  const record = value as Record<string, unknown>;
  if ('$bigint' in record) return BigInt(record.$bigint as string);
  if ('$number' in record) return record.$number === '-0' ? -0 : Number(record.$number);
  if ('$undefined' in record) return undefined;
  if ('$bytes' in record) return new Uint8Array(Buffer.from(record.$bytes as string, 'base64'));
  if ('$map' in record) {
    return new Map((record.$map as unknown[][]).map(([k, v]) => [decode(k), decode(v)] as [unknown, unknown]));
  }
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === 'kind') {
    const shared = SHARED_TYPES.get(record.kind as string);
    if (shared) return shared;
    if (record.kind === 'varchar') return VARCHAR;
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = decode(record[key]);
  return out;
}

export function serializePlan(node: PlanNode): string {
  return JSON.stringify(encode(node));
}

export function deserializePlan(json: string): PlanNode {
  return decode(JSON.parse(json)) as PlanNode;
}

/** Any plan value (expressions, constants) through the same encoding. */
export function serializeValue(value: unknown): string {
  return JSON.stringify(encode(value));
}

export function deserializeValue(json: string): unknown {
  return decode(JSON.parse(json));
}
