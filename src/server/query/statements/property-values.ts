/**
 * The values of a statement's `WITH (name = value, ...)` properties, as connectors take them:
 * constant expressions only (Trino evaluates them the same way), as plain JavaScript values —
 * strings, numbers (integers beyond 2^53 as bigints), booleans, null and arrays of those. Names
 * are canonical (lower case); a name given twice is INVALID_*_PROPERTY. Which names exist and what
 * their values must be is the connector's business.
 */
import { canonical } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Expression, Property } from '../../../sql/ast.js';

export type PropertyKind = 'TABLE' | 'SCHEMA' | 'ANALYZE' | 'PROCEDURE';

const ERROR_NAMES = {
  TABLE: 'INVALID_TABLE_PROPERTY',
  SCHEMA: 'INVALID_SCHEMA_PROPERTY',
  ANALYZE: 'INVALID_ANALYZE_PROPERTY',
  PROCEDURE: 'INVALID_PROCEDURE_ARGUMENT',
} as const;

export function propertyValues(properties: readonly Property[], kind: PropertyKind): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const property of properties) {
    const name = canonical(property.name);
    if (Object.hasOwn(values, name)) {
      throw new VivaceError(ERROR_NAMES[kind], `Duplicate property: ${name}`, property.name.pos);
    }
    values[name] = constantValue(property.value, kind);
  }
  return values;
}

/** The value of a constant expression (a property's, a procedure argument's). */
export function constantValue(expression: Expression, kind: PropertyKind): unknown {
  switch (expression.kind) {
    case 'StringLiteral':
      return expression.value;
    case 'BooleanLiteral':
      return expression.value;
    case 'NullLiteral':
      return null;
    case 'IntegerLiteral': {
      const value = BigInt(expression.text);
      return Number.isSafeInteger(Number(value)) ? Number(value) : value;
    }
    case 'DecimalLiteral':
    case 'DoubleLiteral':
      return Number(expression.text);
    case 'ArithmeticUnary': {
      const value = constantValue(expression.value, kind);
      if (typeof value === 'number') return expression.operator === '-' ? -value : value;
      if (typeof value === 'bigint') return expression.operator === '-' ? -value : value;
      break;
    }
    case 'ArrayConstructor':
      return expression.values.map((value) => constantValue(value, kind));
    default:
      break;
  }
  throw new VivaceError(
    ERROR_NAMES[kind],
    `Invalid value for ${kind.toLowerCase()} property: a constant (string, number, boolean or ARRAY[...]) is expected`,
    expression.pos,
  );
}
