/**
 * Casts to and from uuid, as Trino's: from varchar (its text, exactly 36 characters) and from
 * varbinary (exactly 16 bytes); to varchar (the canonical text, refused when longer than the
 * target's length) and to varbinary (its 16 bytes).
 */
import type { Type } from '../../../types/type.js';
import { canonicalUuid, uuidFromBytes, uuidTextProblem, uuidToBytes } from '../../../types/uuid-text.js';
import { invalidCast } from '../errors.js';
import type { ContextCast } from './varchar-casts.js';

/** CAST(varchar AS uuid): the canonical text, or Trino's INVALID_CAST_ARGUMENT. */
export function parseUuid(text: string): string {
  const problem = uuidTextProblem(text);
  if (problem !== undefined) throw invalidCast(problem);
  return canonicalUuid(text);
}

/** The cast between uuid and varchar or varbinary, or undefined for other pairs. */
export function uuidCast(from: Type, to: Type): ContextCast | undefined {
  if (to.kind === 'uuid') {
    if (from.kind === 'varchar') return (v) => parseUuid(v as string);
    if (from.kind === 'varbinary') {
      return (v) => {
        const bytes = v as Uint8Array;
        if (bytes.length !== 16) throw invalidCast(`Invalid UUID binary length: ${bytes.length}`);
        return uuidFromBytes(bytes);
      };
    }
    return undefined;
  }
  if (from.kind !== 'uuid') return undefined;
  if (to.kind === 'varbinary') return (v) => uuidToBytes(v as string);
  if (to.kind === 'varchar') {
    const limit = to.length;
    if (limit === undefined || limit >= 36) return (v) => v;
    return (v) => {
      throw invalidCast(`Cannot cast '${v as string}' to varchar(${limit})`);
    };
  }
  return undefined;
}
