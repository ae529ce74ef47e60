/**
 * Helpers for tests that compare ASTs: `stripPos` removes every `pos` so trees can be
 * compared with `assert.deepEqual` regardless of where their text was, and the small builders
 * spell common nodes (positions omitted) without noise.
 */
import type {
  DataType,
  Expression,
  FunctionCall,
  Identifier,
  QualifiedName,
  Query,
  QueryBody,
  SelectItem,
} from '../../src/sql/ast.js';

/** Removes `pos` from a node and all nodes below it (arrays and nested objects included). */
export type WithoutPositions<T> = T extends readonly (infer E)[]
  ? WithoutPositions<E>[]
  : T extends object
    ? { [K in keyof T as K extends 'pos' ? never : K]: WithoutPositions<T[K]> }
    : T;

/** A deep copy of `node` without any `pos` property. */
export function stripPos<T>(node: T): WithoutPositions<T> {
  return strip(node) as WithoutPositions<T>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key !== 'pos') out[key] = strip(child);
  }
  return out;
}

/** Builders for position-less nodes. */
type Bare<T> = WithoutPositions<T>;

export function ident(value: string, quoted = false): Bare<Identifier> {
  return { kind: 'Identifier', value, quoted };
}

export function qname(...parts: string[]): Bare<QualifiedName> {
  return { kind: 'QualifiedName', parts: parts.map((p) => ident(p)) };
}

/** `a.b.c` as a column reference: an Identifier or a Dereference chain. */
export function column(...parts: string[]): Bare<Expression> {
  let expression: Bare<Expression> = ident(parts[0]!);
  for (const part of parts.slice(1)) expression = { kind: 'Dereference', base: expression, field: ident(part) };
  return expression;
}

export function int(text: string): Bare<Expression> {
  return { kind: 'IntegerLiteral', text };
}

export function str(value: string): Bare<Expression> {
  return { kind: 'StringLiteral', value };
}

export function fn(name: string, ...args: Bare<Expression>[]): Bare<FunctionCall> {
  return { kind: 'FunctionCall', name: qname(name), args, distinct: false };
}

export function type(name: string, ...parameters: (number | Bare<DataType>)[]): Bare<DataType> {
  return {
    kind: 'DataType',
    name,
    parameters: parameters.map((p) =>
      typeof p === 'number' ? { kind: 'NumericParameter', value: p } : { kind: 'TypeParameter', type: p },
    ),
  };
}

/** `SELECT <items> [FROM table]` as a bare query. */
export function selectQuery(select: Bare<SelectItem>[], from?: string): Bare<Query> {
  const body: Bare<QueryBody> = {
    kind: 'QuerySpecification',
    distinct: false,
    select,
    ...(from !== undefined && { from: { kind: 'Table', name: qname(...from.split('.')) } }),
    windows: [],
  };
  return { kind: 'Query', body };
}

export function item(expression: Bare<Expression>, alias?: string): Bare<SelectItem> {
  return { kind: 'SingleColumn', expression, ...(alias !== undefined && { alias: ident(alias) }) };
}
