/**
 * Expressions: AST → typed BoundExpression. Resolves names through the scope chain, types
 * literals, resolves operators and functions through the registry, and makes every implicit
 * coercion an explicit cast. Function calls (scalar, aggregate, window, lambdas) are analysed in
 * function-call-analyzer.ts, which calls back into `analyzeExpression`.
 *
 * Why this file is long: one exhaustive switch over the expression kinds of the AST with a short
 * case each (names, literals, operators, casts, subqueries, special forms); the calls, which are
 * long, already live in function-call-analyzer.ts.
 */

import { assertNever, fail } from '../common/invariant.js';
import { VivaceError } from '../common/vivace-error.js';
import type { OperatorKind } from '../functions/operators.js';
import type * as ast from '../sql/ast.js';
import { formatExpression } from '../sql/formatter.js';
import { canCast, cannotCastError } from '../types/cast-rules.js';
import { commonSuperType } from '../types/coercion.js';
import { checkTemporalPrecision, typeOfStringLiteral } from '../types/literal-types.js';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  isCharacterString,
  isComparable as isComparableType,
  isOrderable as isOrderableType,
  rowOf,
  type Type,
  time,
  timestamp,
  UNKNOWN,
  VARBINARY,
  VARCHAR,
} from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { atPosition, type ExpressionContext } from './analysis-context.js';
import { coercedCall, coerceTo, constant, not, specialForm } from './bound-expressions.js';
import type { BoundExpression, Call, SpecialForm, SubqueryExpr } from './bound-tree.js';
import { commonTypeOrThrow } from './common-type.js';
import { resolveDataType } from './data-types.js';
import { analyzeFunctionCall } from './function-call-analyzer.js';
import { analyzeJsonFunction } from './json-function-analyzer.js';
import { decimalLiteral, genericLiteral, integerLiteral, intervalLiteral } from './literal-values.js';

const ARITHMETIC: Record<ast.ArithmeticOperator, OperatorKind> = {
  '+': 'ADD',
  '-': 'SUBTRACT',
  '*': 'MULTIPLY',
  '/': 'DIVIDE',
  '%': 'MODULUS',
};

const COMPARISON: Record<Exclude<ast.ComparisonOperator, 'IS DISTINCT FROM'>, OperatorKind> = {
  '=': 'EQUAL',
  '<>': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
};

/** Source text of a FieldRef/OuterRef, for errors raised after binding (e.g. not grouped). */
export const referenceText = new WeakMap<BoundExpression, string>();

export function analyzeExpression(node: ast.Expression, ctx: ExpressionContext): BoundExpression {
  switch (node.kind) {
    case 'Identifier':
    case 'Dereference':
      return analyzeName(node, ctx);
    case 'NullLiteral':
      return constant(null, UNKNOWN);
    case 'BooleanLiteral':
      return constant(node.value, BOOLEAN);
    case 'IntegerLiteral':
      return integerLiteral(node);
    case 'DecimalLiteral':
      return decimalLiteral(node);
    case 'DoubleLiteral':
      return constant(Number(node.text), DOUBLE);
    case 'StringLiteral':
      return constant(node.value, typeOfStringLiteral(node.value));
    case 'BinaryLiteral':
      return constant(node.hex, VARBINARY);
    case 'GenericLiteral':
      return genericLiteral(node);
    case 'IntervalLiteral':
      return intervalLiteral(node);
    case 'Parameter':
      return parameter(node, ctx);
    case 'ArithmeticBinary': {
      const left = analyzeExpression(node.left, ctx);
      const right = analyzeExpression(node.right, ctx);
      return operator(ARITHMETIC[node.operator], [left, right], node, ctx, node.operator);
    }
    case 'ArithmeticUnary': {
      const value = analyzeExpression(node.value, ctx);
      if (node.operator === '+') {
        operator('NEGATION', [value], node, ctx, '+'); // validates that the operand is numeric
        return value;
      }
      return operator('NEGATION', [value], node, ctx, '-');
    }
    case 'Comparison':
      return comparison(node, ctx);
    case 'LogicalBinary':
      return logical(node, ctx);
    case 'Not':
      return not(booleanOperand(node.value, ctx, 'Value of logical NOT expression'));
    case 'IsNull':
      return specialForm('IS_NULL', BOOLEAN, [analyzeExpression(node.value, ctx)]);
    case 'IsNotNull':
      return not(specialForm('IS_NULL', BOOLEAN, [analyzeExpression(node.value, ctx)]));
    case 'Between': {
      const args = [node.value, node.min, node.max].map((e) => analyzeExpression(e, ctx));
      const type = commonTypeOrThrow(args, node, 'BETWEEN value, min and max');
      requireOrderable(type, node, 'BETWEEN');
      return specialForm(
        'BETWEEN',
        BOOLEAN,
        args.map((a) => coerceTo(a, type)),
      );
    }
    case 'InList': {
      const args = [node.value, ...node.list].map((e) => analyzeExpression(e, ctx));
      const type = commonTypeOrThrow(args, node, 'IN value and list items');
      requireComparable(type, node, 'IN');
      return specialForm(
        'IN',
        BOOLEAN,
        args.map((a) => coerceTo(a, type)),
      );
    }
    case 'InSubquery':
      return inSubquery(node, ctx);
    case 'Like':
      return like(node, ctx);
    case 'Exists':
      return subquery('EXISTS', node.query, ctx, BOOLEAN);
    case 'SubqueryExpression':
      return scalarSubquery(node, ctx);
    case 'QuantifiedComparison':
      return quantified(node, ctx);
    case 'SimpleCase':
      return simpleCase(node, ctx);
    case 'SearchedCase':
      return searchedCase(node, ctx);
    case 'Cast':
      return cast(node, ctx);
    case 'FunctionCall':
      return analyzeFunctionCall(node, ctx, analyzeExpression);
    case 'Lambda':
      throw new VivaceError('NOT_SUPPORTED', 'Lambda expression should always be used inside a function', node.pos);
    case 'ArrayConstructor': {
      const values = node.values.map((e) => analyzeExpression(e, ctx));
      const element = values.length === 0 ? UNKNOWN : commonTypeOrThrow(values, node, 'All ARRAY elements');
      return specialForm(
        'ARRAY',
        arrayOf(element),
        values.map((v) => coerceTo(v, element)),
      );
    }
    case 'Subscript':
      return subscript(node, ctx);
    case 'Row': {
      const items = node.items.map((e) => analyzeExpression(e, ctx));
      return specialForm('ROW', rowOf(items.map((i) => ({ type: i.type }))), items);
    }
    case 'Extract':
      return extract(node, ctx);
    case 'CurrentTime':
      return currentTime(node);
    case 'AtTimeZone':
      return atTimeZone(node, ctx);
    case 'Trim': {
      const name = node.specification === 'BOTH' ? 'trim' : node.specification === 'LEADING' ? 'ltrim' : 'rtrim';
      const args = node.characters ? [node.value, node.characters] : [node.value];
      return call(
        name,
        args.map((a) => analyzeExpression(a, ctx)),
        node,
        ctx,
      );
    }
    case 'JsonExists':
    case 'JsonValue':
    case 'JsonQuery':
    case 'JsonObject':
    case 'JsonArray':
      return analyzeJsonFunction(node, ctx, analyzeExpression);
    default:
      return assertNever(node, 'expression');
  }
}

// ---------------------------------------------------------------------------------------------
// Names

/** `a.b.c` as parts, when the expression is only identifiers and dots. */
export function dottedParts(node: ast.Expression): ast.Identifier[] | undefined {
  if (node.kind === 'Identifier') return [node];
  if (node.kind === 'Dereference') {
    const base = dottedParts(node.base);
    return base ? [...base, node.field] : undefined;
  }
  return undefined;
}

function analyzeName(node: ast.Identifier | ast.DereferenceExpression, ctx: ExpressionContext): BoundExpression {
  const parts = dottedParts(node);
  if (!parts) {
    // `(expr).field`: a field of a row value.
    const base = analyzeExpression((node as ast.DereferenceExpression).base, ctx);
    return dereference(base, (node as ast.DereferenceExpression).field.value.toLowerCase(), node);
  }
  const names = parts.map((p) => p.value.toLowerCase());
  const display = parts.map((p) => p.value).join('.');

  // Lambda parameters shadow columns.
  for (let depth = 0; depth < ctx.lambdas.length; depth++) {
    const frame = ctx.lambdas[ctx.lambdas.length - 1 - depth];
    const index = frame.names.indexOf(names[0]);
    if (index >= 0) {
      let result: BoundExpression = { kind: 'LambdaRef', type: frame.types[index], depth, index };
      for (const field of names.slice(1)) result = dereference(result, field, node);
      return result;
    }
  }

  const resolved = ctx.scope.resolve(names, node.pos);
  if (!resolved) {
    throw new VivaceError('COLUMN_NOT_FOUND', `Column '${display}' cannot be resolved`, node.pos);
  }
  const scope = scopeAt(ctx, resolved.depth);
  const field = scope.fields[resolved.index];
  if (field.accessDenied !== undefined) throw new VivaceError('PERMISSION_DENIED', field.accessDenied);
  let result: BoundExpression =
    resolved.depth === 0
      ? { kind: 'FieldRef', type: field.type, index: resolved.index, pos: node.pos }
      : { kind: 'OuterRef', type: field.type, depth: resolved.depth, index: resolved.index, pos: node.pos };
  referenceText.set(
    result,
    parts
      .slice(0, parts.length - resolved.remaining.length)
      .map((p) => p.value)
      .join('.'),
  );
  for (const field of resolved.remaining) result = dereference(result, field, node);
  return result;
}

function scopeAt(ctx: ExpressionContext, depth: number) {
  let scope = ctx.scope;
  for (let i = 0; i < depth; i++) scope = scope.parent ?? fail(`a name resolved ${depth} scopes out has them`);
  return scope;
}

function dereference(base: BoundExpression, field: string, node: ast.Node): BoundExpression {
  if (base.type.kind !== 'row') {
    throw new VivaceError('TYPE_MISMATCH', `Expression ${describe(base, node)} is not of type ROW`, node.pos);
  }
  const index = base.type.fields.findIndex((f) => f.name?.toLowerCase() === field);
  if (index < 0) {
    throw new VivaceError('COLUMN_NOT_FOUND', `Column '${field}' cannot be resolved`, node.pos);
  }
  return specialForm('DEREFERENCE', base.type.fields[index].type, [base, constant(index, BIGINT)]);
}

function describe(expression: BoundExpression, node: ast.Node): string {
  const text = referenceText.get(expression);
  if (text) return `'${text}'`;
  return node.kind === 'Dereference' ? `'${formatExpression(node.base)}'` : 'value';
}

// ---------------------------------------------------------------------------------------------
// Operators

/** Resolves an operator over the argument types and coerces the arguments to its parameters. */
export function operator(
  kind: OperatorKind,
  args: readonly BoundExpression[],
  node: ast.Node,
  ctx: ExpressionContext,
  symbol: string,
): Call {
  let resolved: ReturnType<typeof ctx.statement.functions.resolveOperator>;
  try {
    resolved = ctx.statement.functions.resolveOperator(
      kind,
      args.map((a) => a.type),
    );
  } catch (e) {
    if (e instanceof VivaceError && e.location === undefined) {
      const types = args.map((a) => formatType(a.type));
      const text = types.length === 1 ? `${symbol}${types[0]}` : types.join(` ${symbol} `);
      throw new VivaceError('TYPE_MISMATCH', `Cannot apply operator: ${text}`, node.pos);
    }
    throw e;
  }
  return coercedCall(resolved, args);
}

/** Resolves a named function over already analysed arguments. */
export function call(name: string, args: readonly BoundExpression[], node: ast.Node, ctx: ExpressionContext): Call {
  let resolved: ReturnType<typeof ctx.statement.functions.resolveFunction>;
  try {
    resolved = ctx.statement.functions.resolveFunction(
      name,
      args.map((a) => a.type),
    );
  } catch (e) {
    atPosition(e, node.pos);
  }
  return coercedCall(resolved, args);
}

function comparison(node: ast.Comparison, ctx: ExpressionContext): BoundExpression {
  const left = analyzeExpression(node.left, ctx);
  const right = analyzeExpression(node.right, ctx);
  const symbol = node.operator;
  const type = commonSuperType(left.type, right.type);
  if (!type) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Cannot apply operator: ${formatType(left.type)} ${symbol} ${formatType(right.type)}`,
      node.pos,
    );
  }
  const args = [coerceTo(left, type), coerceTo(right, type)];
  if (node.operator === 'IS DISTINCT FROM') {
    operator('IS_DISTINCT_FROM', args, node, ctx, symbol);
    return specialForm('IS_DISTINCT_FROM', BOOLEAN, args);
  }
  return operator(COMPARISON[node.operator], args, node, ctx, symbol);
}

function logical(node: ast.LogicalBinary, ctx: ExpressionContext): SpecialForm {
  // Flatten chains of the same operator into one n-ary form: evaluation and planning like it.
  const terms: ast.Expression[] = [];
  const collect = (e: ast.Expression) => {
    if (e.kind === 'LogicalBinary' && e.operator === node.operator) {
      collect(e.left);
      collect(e.right);
    } else {
      terms.push(e);
    }
  };
  collect(node);
  const args = terms.map((t, i) =>
    booleanOperand(t, ctx, i === 0 ? 'Left side of logical expression' : 'Right side of logical expression'),
  );
  return specialForm(node.operator, BOOLEAN, args);
}

/** Analyses an operand that must be boolean (NULL is coerced). */
export function booleanOperand(node: ast.Expression, ctx: ExpressionContext, what: string): BoundExpression {
  const value = analyzeExpression(node, ctx);
  if (value.type.kind !== 'boolean' && value.type.kind !== 'unknown') {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `${what} must evaluate to a boolean (actual: ${formatType(value.type)})`,
      node.pos,
    );
  }
  return coerceTo(value, BOOLEAN);
}

function requireOrderable(type: Type, node: ast.Node, what: string): void {
  if (!isOrderableType(type)) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Type ${formatType(type)} is not orderable, and therefore cannot be used in ${what}`,
      node.pos,
    );
  }
}

function requireComparable(type: Type, node: ast.Node, what: string): void {
  if (!isComparableType(type)) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Type ${formatType(type)} is not comparable, and therefore cannot be used in ${what}`,
      node.pos,
    );
  }
}

function like(node: ast.Like, ctx: ExpressionContext): BoundExpression {
  const stringOperand = (e: ast.Expression, what: string) => {
    const value = analyzeExpression(e, ctx);
    if (!isCharacterString(value.type) && value.type.kind !== 'unknown') {
      throw new VivaceError(
        'TYPE_MISMATCH',
        `${what} must evaluate to a varchar (actual: ${formatType(value.type)})`,
        e.pos,
      );
    }
    return value.type.kind === 'unknown' ? coerceTo(value, VARCHAR) : value;
  };
  const args = [
    stringOperand(node.value, 'Left side of LIKE expression'),
    stringOperand(node.pattern, 'Pattern for LIKE expression'),
  ];
  if (node.escape) args.push(stringOperand(node.escape, 'Escape for LIKE expression'));
  return specialForm('LIKE', BOOLEAN, args);
}

function cast(node: ast.Cast, ctx: ExpressionContext): BoundExpression {
  const value = analyzeExpression(node.value, ctx);
  const type = resolveDataType(node.type);
  if (!canCast(value.type, type)) throw cannotCastError(value.type, type, node.pos);
  return { kind: 'Cast', type, value, safe: node.safe, implicit: false };
}

function subscript(node: ast.Subscript, ctx: ExpressionContext): BoundExpression {
  const base = analyzeExpression(node.base, ctx);
  if (base.type.kind === 'row') {
    if (node.index.kind !== 'IntegerLiteral') {
      throw new VivaceError(
        'INVALID_FUNCTION_ARGUMENT',
        'Subscript expression on ROW requires a constant index',
        node.index.pos,
      );
    }
    const index = Number(node.index.text);
    if (index < 1 || index > base.type.fields.length) {
      throw new VivaceError(
        'INVALID_FUNCTION_ARGUMENT',
        `Invalid subscript index: ${index}, ROW type has ${base.type.fields.length} fields`,
        node.index.pos,
      );
    }
    return specialForm('DEREFERENCE', base.type.fields[index - 1].type, [base, constant(index - 1, BIGINT)]);
  }
  const index = analyzeExpression(node.index, ctx);
  return operator('SUBSCRIPT', [base, index], node, ctx, '[]');
}

const EXTRACT_FUNCTIONS: Record<ast.ExtractField, string> = {
  YEAR: 'year',
  QUARTER: 'quarter',
  MONTH: 'month',
  WEEK: 'week',
  DAY: 'day',
  DAY_OF_MONTH: 'day',
  DAY_OF_WEEK: 'day_of_week',
  DOW: 'day_of_week',
  DAY_OF_YEAR: 'day_of_year',
  DOY: 'day_of_year',
  YEAR_OF_WEEK: 'year_of_week',
  YOW: 'year_of_week',
  HOUR: 'hour',
  MINUTE: 'minute',
  SECOND: 'second',
  TIMEZONE_MINUTE: 'timezone_minute',
  TIMEZONE_HOUR: 'timezone_hour',
};

function extract(node: ast.Extract, ctx: ExpressionContext): BoundExpression {
  const value = analyzeExpression(node.value, ctx);
  try {
    return call(EXTRACT_FUNCTIONS[node.field], [value], node, ctx);
  } catch (e) {
    if (e instanceof VivaceError && e.errorName === 'FUNCTION_NOT_FOUND') {
      throw new VivaceError('TYPE_MISMATCH', `Cannot extract ${node.field} from ${formatType(value.type)}`, node.pos);
    }
    throw e;
  }
}

/** The labels of Trino's precision errors, by function. */
const CURRENT_TIME_LABELS = {
  CURRENT_TIME: 'TIME WITH TIME ZONE',
  CURRENT_TIMESTAMP: 'TIMESTAMP WITH TIME ZONE',
  LOCALTIME: 'TIME',
  LOCALTIMESTAMP: 'TIMESTAMP',
} as const;

function currentTime(node: ast.CurrentTime): BoundExpression {
  const precision = node.precision;
  // An out-of-range precision is the user's error, raised here before any type or value exists.
  if (precision !== undefined && node.function !== 'CURRENT_DATE') {
    checkTemporalPrecision(CURRENT_TIME_LABELS[node.function], precision, node.pos);
  }
  switch (node.function) {
    case 'CURRENT_DATE':
      return specialForm('CURRENT_DATE', DATE, []);
    case 'CURRENT_TIME':
      return specialForm('CURRENT_TIME', time(precision ?? 3, true), []);
    case 'CURRENT_TIMESTAMP':
      return specialForm('CURRENT_TIMESTAMP', timestamp(precision ?? 3, true), []);
    case 'LOCALTIME':
      return specialForm('LOCALTIME', time(precision ?? 3), []);
    case 'LOCALTIMESTAMP':
      return specialForm('LOCALTIMESTAMP', timestamp(precision ?? 3), []);
  }
}

function atTimeZone(node: ast.AtTimeZone, ctx: ExpressionContext): BoundExpression {
  const value = analyzeExpression(node.value, ctx);
  const zone = analyzeExpression(node.zone, ctx);
  const t = value.type;
  let target: Type;
  if (t.kind === 'timestamp' || t.kind === 'timestamp with time zone') target = timestamp(t.precision, true);
  else if (t.kind === 'time' || t.kind === 'time with time zone') target = time(t.precision, true);
  else if (t.kind === 'date') target = timestamp(0, true);
  else {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Type of value must be a time or timestamp with or without time zone (actual ${formatType(t)})`,
      node.value.pos,
    );
  }
  if (!isCharacterString(zone.type) && zone.type.kind !== 'interval day to second') {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Type of time zone must be a varchar or interval day to second (actual ${formatType(zone.type)})`,
      node.zone.pos,
    );
  }
  return specialForm('AT_TIME_ZONE', target, [coerceTo(value, target), zone]);
}

// ---------------------------------------------------------------------------------------------
// CASE

function simpleCase(node: ast.SimpleCase, ctx: ExpressionContext): BoundExpression {
  const operand = analyzeExpression(node.operand, ctx);
  const whens = node.whenClauses.map((w) => analyzeExpression(w.operand, ctx));
  const operandType = commonTypeOrThrow([operand, ...whens], node, 'CASE operand and WHEN clause operands');
  requireComparable(operandType, node, 'CASE');
  const results = node.whenClauses.map((w) => analyzeExpression(w.result, ctx));
  const otherwise = node.defaultValue ? analyzeExpression(node.defaultValue, ctx) : constant(null, UNKNOWN);
  const type = commonTypeOrThrow([...results, otherwise], node, 'All CASE results');
  const args: BoundExpression[] = [];
  whens.forEach((when, i) => {
    args.push(operator('EQUAL', [coerceTo(operand, operandType), coerceTo(when, operandType)], node, ctx, '='));
    args.push(coerceTo(results[i], type));
  });
  args.push(coerceTo(otherwise, type));
  return specialForm('SWITCH', type, args);
}

function searchedCase(node: ast.SearchedCase, ctx: ExpressionContext): BoundExpression {
  const conditions = node.whenClauses.map((w) => booleanOperand(w.operand, ctx, 'WHEN clause'));
  const results = node.whenClauses.map((w) => analyzeExpression(w.result, ctx));
  const otherwise = node.defaultValue ? analyzeExpression(node.defaultValue, ctx) : constant(null, UNKNOWN);
  const type = commonTypeOrThrow([...results, otherwise], node, 'All CASE results');
  const args: BoundExpression[] = [];
  conditions.forEach((c, i) => {
    args.push(c);
    args.push(coerceTo(results[i], type));
  });
  args.push(coerceTo(otherwise, type));
  return specialForm('SWITCH', type, args);
}

// ---------------------------------------------------------------------------------------------
// Subqueries

function subquery(
  kind: SubqueryExpr['subqueryKind'],
  query: ast.Query,
  ctx: ExpressionContext,
  type: Type,
  extra: Partial<SubqueryExpr> = {},
): SubqueryExpr {
  const bound = ctx.analyzeSubquery(query, ctx.scope);
  return {
    kind: 'Subquery',
    type,
    subqueryKind: kind,
    query: bound,
    correlated: JSON.stringify(bound).includes('"OuterRef"'),
    ...extra,
  };
}

function singleColumn(bound: SubqueryExpr, node: ast.Node): Type {
  const outputs = bound.query.outputs;
  if (outputs.length !== 1) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `Multiple columns returned by subquery are not yet supported. Found ${outputs.length}`,
      node.pos,
    );
  }
  return outputs[0].type;
}

function scalarSubquery(node: ast.SubqueryExpression, ctx: ExpressionContext): BoundExpression {
  const bound = subquery('SCALAR', node.query, ctx, UNKNOWN);
  return { ...bound, type: singleColumn(bound, node) };
}

function inSubquery(node: ast.InSubquery, ctx: ExpressionContext): BoundExpression {
  const value = analyzeExpression(node.value, ctx);
  const bound = subquery('IN', node.query, ctx, BOOLEAN);
  const columnType = singleColumn(bound, node);
  const type = commonSuperType(value.type, columnType);
  if (!type) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Value expression and result of subquery must be of the same type: ${formatType(value.type)} vs ${formatType(columnType)}`,
      node.pos,
    );
  }
  requireComparable(type, node, 'IN');
  return { ...bound, value: coerceTo(value, type) };
}

function quantified(node: ast.QuantifiedComparison, ctx: ExpressionContext): BoundExpression {
  const value = analyzeExpression(node.value, ctx);
  const bound = subquery('QUANTIFIED', node.query, ctx, BOOLEAN, {
    operator: node.operator,
    quantifier: node.quantifier,
  });
  const columnType = singleColumn(bound, node);
  const type = commonSuperType(value.type, columnType);
  if (!type) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Value expression and result of subquery must be of the same type: ${formatType(value.type)} vs ${formatType(columnType)}`,
      node.pos,
    );
  }
  if (node.operator === '=' || node.operator === '<>') requireComparable(type, node, 'quantified comparison');
  else requireOrderable(type, node, 'quantified comparison');
  return { ...bound, value: coerceTo(value, type) };
}

function parameter(node: ast.Parameter, ctx: ExpressionContext): BoundExpression {
  const value = ctx.statement.parameters[node.index];
  if (!value) {
    throw new VivaceError(
      'INVALID_PARAMETER_USAGE',
      `Incorrect number of parameters: expected ${node.index + 1} but found ${ctx.statement.parameters.length}`,
      node.pos,
    );
  }
  return value;
}
