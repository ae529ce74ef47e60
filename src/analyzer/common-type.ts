/**
 * The common type of several expressions (CASE results, IN lists, ARRAY elements, VALUES
 * columns), with Trino's error when there is none.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { Node } from '../sql/ast.js';
import { commonSuperType } from '../types/coercion.js';
import { type Type, UNKNOWN } from '../types/type.js';
import { formatType } from '../types/type-signature.js';

export function commonTypeOrThrow(values: readonly { readonly type: Type }[], node: Node, what: string): Type {
  let result: Type = UNKNOWN;
  for (const value of values) {
    const next = commonSuperType(result, value.type);
    if (!next) {
      const distinct = [...new Set(values.map((v) => formatType(v.type)))];
      throw new VivaceError(
        'TYPE_MISMATCH',
        `${what} must be the same type or coercible to a common type. Cannot find common type between ${formatType(result)} and ${formatType(value.type)}, all types (without duplicates): [${distinct.join(', ')}]`,
        node.pos,
      );
    }
    result = next;
  }
  return result;
}
