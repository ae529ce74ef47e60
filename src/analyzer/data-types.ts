/** Data types as written in SQL (the AST's DataType) → engine types, with their errors positioned. */
import type { DataType } from '../sql/ast.js';
import { makeType, type TypeArgument } from '../types/make-type.js';
import type { Type } from '../types/type.js';
import { atPosition } from './analysis-context.js';

export function resolveDataType(node: DataType): Type {
  try {
    return makeType(
      node.name,
      node.parameters.map(
        (p): TypeArgument =>
          p.kind === 'NumericParameter'
            ? { kind: 'number', value: p.value }
            : p.name
              ? { kind: 'type', type: resolveDataType(p.type), name: p.name.value.toLowerCase() }
              : { kind: 'type', type: resolveDataType(p.type) },
      ),
    );
  } catch (e) {
    return atPosition(e, node.pos);
  }
}
