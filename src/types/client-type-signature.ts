/**
 * A type as the statement protocol's `columns[].typeSignature` (Trino's ClientTypeSignature):
 * `{rawType, arguments}`, each argument `{kind: 'LONG' | 'TYPE' | 'NAMED_TYPE', value}`. Trino's
 * clients read values through it — the JDBC driver and the CLI decode every column by it, the
 * Python client maps values by it — so a response without it fails in them. Lengths, precisions
 * and scales are LONG arguments (unbounded varchar is 2147483647, as in Trino), element, key and
 * value types TYPE arguments, row fields NAMED_TYPE arguments with `fieldName: {name}` when named.
 */
import type { Type } from './type.js';

// Type aliases (not interfaces) so that the signatures are plain JSON values where they are sent.
export type ClientTypeSignature = { readonly rawType: string; readonly arguments: ClientTypeArgument[] };
export type ClientTypeArgument =
  | { readonly kind: 'LONG'; readonly value: number }
  | { readonly kind: 'TYPE'; readonly value: ClientTypeSignature }
  | {
      readonly kind: 'NAMED_TYPE';
      readonly value: { readonly fieldName?: { readonly name: string }; readonly typeSignature: ClientTypeSignature };
    };

/** Trino's length of an unbounded varchar in a type signature (Integer.MAX_VALUE). */
const VARCHAR_UNBOUNDED_LENGTH = 2147483647;

const long = (value: number): ClientTypeArgument => ({ kind: 'LONG', value });
const typeArgument = (t: Type): ClientTypeArgument => ({ kind: 'TYPE', value: clientTypeSignature(t) });

export function clientTypeSignature(t: Type): ClientTypeSignature {
  switch (t.kind) {
    case 'decimal':
      return { rawType: 'decimal', arguments: [long(t.precision), long(t.scale)] };
    case 'varchar':
      return { rawType: 'varchar', arguments: [long(t.length ?? VARCHAR_UNBOUNDED_LENGTH)] };
    case 'char':
      return { rawType: 'char', arguments: [long(t.length)] };
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return { rawType: t.kind, arguments: [long(t.precision)] };
    case 'array':
      return { rawType: 'array', arguments: [typeArgument(t.element)] };
    case 'map':
      return { rawType: 'map', arguments: [typeArgument(t.key), typeArgument(t.value)] };
    case 'row':
      return {
        rawType: 'row',
        arguments: t.fields.map((field) => ({
          kind: 'NAMED_TYPE' as const,
          value: {
            ...(field.name !== undefined ? { fieldName: { name: field.name } } : {}),
            typeSignature: clientTypeSignature(field.type),
          },
        })),
      };
    case 'function':
      return {
        rawType: 'function',
        arguments: [...t.arguments, t.returnType].map(typeArgument),
      };
    default:
      return { rawType: t.kind, arguments: [] };
  }
}
