/**
 * The statement trees DELETE, UPDATE and ALTER TABLE's rewrites run, built directly around the
 * user's parsed expressions instead of formatted to SQL and parsed again: an INSERT into the
 * staging table of a SELECT over the table, UPDATE's count, and the partition queries of a
 * whole-partition DELETE (partition-delete.ts). Every embedded user expression is
 * a fresh copy (the analyzer and planner may key what they learn by node), and keeps its position
 * in the statement's own text, so errors point at what the user wrote. Built nodes take the
 * position of the statement they serve.
 */

import type { QualifiedObjectName } from '../../../spi/metadata.js';
import type {
  DataType,
  Expression,
  Identifier,
  Insert,
  QualifiedName,
  Query,
  SourcePosition,
} from '../../../sql/ast.js';
import { parseDataType } from '../../../sql/parser.js';
import type { Type } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';

function identifier(value: string, pos: SourcePosition): Identifier {
  return { kind: 'Identifier', value, quoted: true, pos };
}

export function qualifiedName(name: QualifiedObjectName, pos: SourcePosition): QualifiedName {
  return { kind: 'QualifiedName', parts: [name.catalog, name.schema, name.name].map((p) => identifier(p, pos)), pos };
}

/** A reference to column `name` of the table (quoted: exactly that name). */
export function columnReference(name: string, pos: SourcePosition): Expression {
  return identifier(name, pos);
}

/** `coalesce(condition, false)`: true exactly where `condition` is true. */
export function isTrue(condition: Expression): Expression {
  const pos = condition.pos;
  return {
    kind: 'FunctionCall',
    name: { kind: 'QualifiedName', parts: [{ kind: 'Identifier', value: 'coalesce', quoted: false, pos }], pos },
    args: [structuredClone(condition), { kind: 'BooleanLiteral', value: false, pos }],
    distinct: false,
    pos,
  };
}

/** `NOT coalesce(condition, false)`: the rows a DELETE keeps. */
export function isNotTrue(condition: Expression): Expression {
  return { kind: 'Not', value: isTrue(condition), pos: condition.pos };
}

/**
 * `CAST(value AS type)` of a column's engine type. The type's name is the one thing printed and
 * read back: the syntax tree has no other spelling of an engine type.
 */
export function castTo(value: Expression, type: Type): Expression {
  const dataType: DataType = { ...parseDataType(formatType(type)), pos: value.pos };
  return { kind: 'Cast', value: structuredClone(value), type: dataType, safe: false, pos: value.pos };
}

/** `CAST(NULL AS type)` (a new column's value in existing rows). */
export function nullOf(type: DataType): Expression {
  return { kind: 'Cast', value: { kind: 'NullLiteral', pos: type.pos }, type, safe: false, pos: type.pos };
}

/** `left AND right`. */
export function and(left: Expression, right: Expression): Expression {
  return { kind: 'LogicalBinary', operator: 'AND', left, right, pos: left.pos };
}

/** `value IN ('a', 'b', ...)` over string constants (a non-empty list). */
export function inStrings(value: Expression, strings: readonly string[]): Expression {
  const pos = value.pos;
  return {
    kind: 'InList',
    value,
    list: strings.map((text): Expression => ({ kind: 'StringLiteral', value: text, pos })),
    pos,
  };
}

/** `CASE WHEN condition THEN value ELSE otherwise END`. */
export function searchedCase(condition: Expression, value: Expression, otherwise: Expression): Expression {
  const pos = condition.pos;
  return {
    kind: 'SearchedCase',
    whenClauses: [{ kind: 'WhenClause', operand: condition, result: value, pos }],
    defaultValue: otherwise,
    pos,
  };
}

function selectFrom(
  values: readonly Expression[],
  table: QualifiedObjectName,
  where: Expression | undefined,
  pos: SourcePosition,
  distinct = false,
): Query {
  return {
    kind: 'Query',
    body: {
      kind: 'QuerySpecification',
      distinct,
      select: values.map((expression) => ({ kind: 'SingleColumn', expression, pos: expression.pos })),
      from: { kind: 'Table', name: qualifiedName(table, pos), pos },
      ...(where === undefined ? {} : { where }),
      windows: [],
      pos,
    },
    pos,
  };
}

/** `INSERT INTO target SELECT values FROM source [WHERE where]`. */
export function insertSelect(
  target: QualifiedObjectName,
  values: readonly Expression[],
  source: QualifiedObjectName,
  where: Expression | undefined,
): Insert {
  const pos = values[0]?.pos ?? { offset: 0, line: 1, column: 1 };
  return { kind: 'Insert', target: qualifiedName(target, pos), query: selectFrom(values, source, where, pos), pos };
}

/** `SELECT DISTINCT value FROM table WHERE where`. */
export function selectDistinctWhere(
  value: Expression,
  table: QualifiedObjectName,
  where: Expression,
  pos: SourcePosition,
): Query {
  return selectFrom([value], table, where, pos, true);
}

/** `SELECT count(*) FROM table [WHERE where]`. */
export function countRowsWhere(table: QualifiedObjectName, where: Expression | undefined, pos: SourcePosition): Query {
  const count: Expression = {
    kind: 'FunctionCall',
    name: { kind: 'QualifiedName', parts: [{ kind: 'Identifier', value: 'count', quoted: false, pos }], pos },
    args: [],
    distinct: false,
    pos,
  };
  return selectFrom([count], table, where, pos);
}
