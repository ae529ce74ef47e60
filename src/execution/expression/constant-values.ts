/**
 * Plan constants → engine values. Plans carry constants in the JSON-friendly representation of
 * analyzer/bound-tree.ts (decimals as unscaled digit text, timestamps as literal text, varbinary as
 * hex); the engine computes on the representation of functions/implementations (numbers,
 * BigInts, Uint8Arrays, epoch numbers). Conversions are cached per constant object.
 */
import type { Constant } from '../../planner/row-expression.js';
import { VARCHAR } from '../../types/type.js';
import type { EngineFunctions } from './engine-functions.js';

const cache = new WeakMap<Constant, unknown>();

export function constantValue(constant: Constant, functions: EngineFunctions): unknown {
  if (constant.value === null) return null;
  if (cache.has(constant)) return cache.get(constant);
  const value = convert(constant, functions);
  cache.set(constant, value);
  return value;
}

function convert(constant: Constant, functions: EngineFunctions): unknown {
  const { type, value } = constant;
  switch (type.kind) {
    case 'bigint':
      return typeof value === 'string' ? BigInt(value) : value;
    case 'decimal':
      return type.precision <= 15 ? Number(value) : BigInt(value as string);
    case 'varbinary':
      return hexToBytes(value as string);
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return typeof value === 'string'
        ? functions.cast(VARCHAR, type)(value, {
            argumentTypes: [VARCHAR],
            returnType: type,
            session: { timeZone: 'UTC', startTime: 0 },
          })
        : value;
    default:
      return value;
  }
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.substr(i * 2, 2), 16);
  return bytes;
}
