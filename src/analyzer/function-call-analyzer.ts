/**
 * Function calls: the special forms spelled as calls (IF, COALESCE, NULLIF, TRY, GROUPING),
 * scalar functions with lambda arguments, aggregates (collected into the query's aggregate list
 * and replaced by an AggregateRef) and window functions (collected, replaced by a WindowRef).
 */

import { fail } from '../common/invariant.js';
import { VERSION } from '../common/version.js';
import { VivaceError } from '../common/vivace-error.js';
import type { ResolvedFunction } from '../functions/function-registry.js';
import type { ArgumentType } from '../functions/signature-binder.js';
import type * as ast from '../sql/ast.js';
import { formatExpression } from '../sql/formatter.js';
import { BIGINT, BOOLEAN, functionType, INTEGER, type Type, UNKNOWN, VARCHAR } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { atPosition, type ExpressionContext } from './analysis-context.js';
import { coerceTo, constant, sameExpression, specialForm } from './bound-expressions.js';
import type { BoundExpression, BoundFrame, BoundFrameBound, SortKey } from './bound-tree.js';
import { commonTypeOrThrow } from './common-type.js';

export type Analyze = (node: ast.Expression, ctx: ExpressionContext) => BoundExpression;

export function analyzeFunctionCall(node: ast.FunctionCall, ctx: ExpressionContext, analyze: Analyze): BoundExpression {
  const name = node.name.parts.map((p) => p.value.toLowerCase()).join('.');
  const functions = ctx.statement.functions;

  if (!node.window) {
    const special = specialCall(name, node, ctx, analyze);
    if (special) return special;
  }

  if (node.window) return windowCall(name, node, node.window, ctx, analyze);
  if (functions.isAggregate(name)) return aggregateCall(name, node, ctx, analyze);
  if (functions.isWindow(name)) {
    throw new VivaceError('MISSING_OVER', `Window function ${name} requires an OVER clause`, node.pos);
  }
  if (node.distinct) {
    throw new VivaceError(
      'FUNCTION_NOT_AGGREGATE',
      `DISTINCT is not supported for non-aggregation functions`,
      node.pos,
    );
  }
  if (node.filter) {
    throw new VivaceError('FUNCTION_NOT_AGGREGATE', `Filter is only valid for aggregation functions`, node.filter.pos);
  }
  if (node.orderBy) {
    throw new VivaceError('FUNCTION_NOT_AGGREGATE', `ORDER BY is only valid for aggregation functions`, node.pos);
  }
  if (node.nullTreatment) {
    throw new VivaceError(
      'NULL_TREATMENT_NOT_ALLOWED',
      `Cannot specify null treatment clause for ${name} function`,
      node.pos,
    );
  }
  const { resolved, args } = resolveWithArguments(name, node, ctx, analyze);
  return { kind: 'Call', type: resolved.returnType, function: resolved, args };
}

/** Resolves a function and analyses its arguments (lambdas typed once their parameters are bound). */
function resolveWithArguments(
  name: string,
  node: ast.FunctionCall,
  ctx: ExpressionContext,
  analyze: Analyze,
): { resolved: ResolvedFunction; args: BoundExpression[] } {
  const plain = node.args.map((arg) => (arg.kind === 'Lambda' ? undefined : analyze(arg, ctx)));
  const argumentTypes: ArgumentType[] = node.args.map((arg, i) => {
    if (arg.kind !== 'Lambda') return (plain[i] ?? fail('every argument but a lambda is analyzed first')).type;
    return {
      kind: 'lambda',
      arity: arg.parameters.length,
      bodyType: (parameterTypes: readonly Type[]) => analyzeLambda(arg, parameterTypes, ctx, analyze).body.type,
    };
  });
  let resolved: ResolvedFunction;
  try {
    resolved = ctx.statement.functions.resolveFunction(name, argumentTypes);
  } catch (e) {
    return atPosition(e, node.pos);
  }
  const args = node.args.map((arg, i) => {
    const target = resolved.argumentTypes[i];
    if (arg.kind !== 'Lambda')
      return coerceTo(plain[i] ?? fail('every argument but a lambda is analyzed first'), target);
    if (target.kind !== 'function') {
      throw new VivaceError('TYPE_MISMATCH', `Unexpected lambda argument for function ${name}`, arg.pos);
    }
    const lambda = analyzeLambda(arg, target.arguments, ctx, analyze);
    return { ...lambda, body: coerceTo(lambda.body, target.returnType), type: target };
  });
  return { resolved, args };
}

function analyzeLambda(node: ast.Lambda, parameterTypes: readonly Type[], ctx: ExpressionContext, analyze: Analyze) {
  const names = node.parameters.map((p) => p.value.toLowerCase());
  if (names.length !== parameterTypes.length) {
    throw new VivaceError(
      'INVALID_PARAMETER_USAGE',
      `Expected a lambda that takes ${parameterTypes.length} argument(s) but got ${names.length}`,
      node.pos,
    );
  }
  if (new Set(names).size !== names.length) {
    throw new VivaceError('DUPLICATE_COLUMN_NAME', `Duplicate lambda parameter name`, node.pos);
  }
  const inner: ExpressionContext = { ...ctx, lambdas: [...ctx.lambdas, { names, types: parameterTypes }] };
  const body = analyze(node.body, inner);
  return { kind: 'Lambda' as const, type: functionType(parameterTypes, body.type), parameterTypes, body };
}

// ---------------------------------------------------------------------------------------------
// IF, COALESCE, NULLIF, TRY, GROUPING

function specialCall(
  name: string,
  node: ast.FunctionCall,
  ctx: ExpressionContext,
  analyze: Analyze,
): BoundExpression | undefined {
  const arity = (min: number, max: number) => {
    if (node.args.length < min || node.args.length > max) {
      throw new VivaceError(
        'FUNCTION_NOT_FOUND',
        `Invalid number of arguments for ${name}: ${node.args.length}`,
        node.pos,
      );
    }
    if (node.distinct || node.filter || node.orderBy) {
      throw new VivaceError('FUNCTION_NOT_AGGREGATE', `${name} is not an aggregation function`, node.pos);
    }
  };
  switch (name) {
    case 'current_user':
      // CURRENT_USER: the session's user, fixed for the statement (issue 17).
      arity(0, 0);
      return constant(ctx.statement.session.user, VARCHAR);
    case 'current_catalog':
      // CURRENT_CATALOG and CURRENT_SCHEMA: the session's, NULL when it has none (as Trino).
      arity(0, 0);
      return constant(ctx.statement.session.catalog ?? null, VARCHAR);
    case 'current_schema':
      arity(0, 0);
      return constant(ctx.statement.session.schema ?? null, VARCHAR);
    case 'version':
      // The server's version, as Trino's version().
      arity(0, 0);
      return constant(VERSION, VARCHAR);
    case 'format': {
      // format(f, a, b, ...): the arguments after the format go as one ROW (Trino's FormatFunction).
      arity(2, Number.MAX_SAFE_INTEGER);
      const [format, ...rest] = node.args as [ast.Expression, ...ast.Expression[]];
      const packed: ast.FunctionCall = { ...node, args: [format, { kind: 'Row', items: rest, pos: node.pos }] };
      const { resolved, args } = resolveWithArguments(name, packed, ctx, analyze);
      return { kind: 'Call', type: resolved.returnType, function: resolved, args };
    }
    case 'if': {
      arity(2, 3);
      const condition = analyze(node.args[0], ctx);
      if (condition.type.kind !== 'boolean' && condition.type.kind !== 'unknown') {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `IF condition must evaluate to a boolean (actual: ${formatType(condition.type)})`,
          node.args[0].pos,
        );
      }
      const results = node.args.slice(1).map((a) => analyze(a, ctx));
      if (results.length === 1) results.push({ kind: 'Constant', type: UNKNOWN, value: null });
      const type = commonTypeOrThrow(results, node, 'IF results');
      return specialForm('IF', type, [coerceTo(condition, BOOLEAN), ...results.map((r) => coerceTo(r, type))]);
    }
    case 'coalesce': {
      arity(1, Number.MAX_SAFE_INTEGER);
      const values = node.args.map((a) => analyze(a, ctx));
      const type = commonTypeOrThrow(values, node, 'All COALESCE operands');
      return specialForm(
        'COALESCE',
        type,
        values.map((v) => coerceTo(v, type)),
      );
    }
    case 'nullif': {
      arity(2, 2);
      const values = node.args.map((a) => analyze(a, ctx));
      const type = commonTypeOrThrow(values, node, 'NULLIF operands');
      // The result keeps the first operand's type; the comparison happens in the common type.
      return specialForm('NULLIF', values[0].type, [values[0], coerceTo(values[1], type)]);
    }
    case 'try': {
      arity(1, 1);
      const value = analyze(node.args[0], ctx);
      return specialForm('TRY', value.type, [value]);
    }
    case 'grouping':
      return grouping(node, ctx, analyze);
    default:
      return undefined;
  }
}

function grouping(node: ast.FunctionCall, ctx: ExpressionContext, analyze: Analyze): BoundExpression {
  const groupingKeys = ctx.groupingKeys;
  if (!groupingKeys || !ctx.aggregates) {
    throw new VivaceError(
      'EXPRESSION_NOT_SCALAR',
      `${ctx.clause} cannot contain aggregations, window functions or grouping operations: [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (node.args.length === 0) {
    throw new VivaceError('INVALID_ARGUMENTS', 'GROUPING requires at least one argument', node.pos);
  }
  if (node.args.length > 63) {
    throw new VivaceError('TOO_MANY_ARGUMENTS', 'GROUPING supports up to 63 column arguments', node.pos);
  }
  const keys = node.args.map((arg) => {
    const bound = analyze(arg, { ...ctx, aggregates: undefined, windows: undefined });
    const index = groupingKeys.findIndex((k) => sameExpression(k, bound));
    if (index < 0) {
      throw new VivaceError(
        'INVALID_ARGUMENTS',
        `The arguments to GROUPING() must be expressions referenced by the GROUP BY at the same level`,
        arg.pos,
      );
    }
    return index;
  });
  return { kind: 'Grouping', type: node.args.length > 31 ? BIGINT : INTEGER, keys };
}

// ---------------------------------------------------------------------------------------------
// Aggregates and windows

function aggregateCall(
  name: string,
  node: ast.FunctionCall,
  ctx: ExpressionContext,
  analyze: Analyze,
): BoundExpression {
  if (ctx.insideAggregate) {
    throw new VivaceError(
      'NESTED_AGGREGATION',
      `Cannot nest aggregations inside aggregation '${ctx.insideAggregate}': [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (!ctx.aggregates) {
    throw new VivaceError(
      'EXPRESSION_NOT_SCALAR',
      `${ctx.clause} cannot contain aggregations, window functions or grouping operations: [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (node.nullTreatment) {
    throw new VivaceError(
      'NULL_TREATMENT_NOT_ALLOWED',
      `Cannot specify null treatment clause for ${name} function`,
      node.pos,
    );
  }
  // Arguments are evaluated per input row: over the FROM scope, no aggregates or windows inside.
  const inner: ExpressionContext = {
    ...ctx,
    insideAggregate: name,
    windows: undefined,
    aggregates: undefined,
    clause: `Aggregation '${name}'`,
  };
  const { resolved, args } = resolveWithArguments(name, node, inner, analyze);
  const filter = node.filter ? booleanClause(node.filter, inner, analyze, 'FILTER clause') : undefined;
  const orderBy = (node.orderBy ?? []).map((item) => sortKey(item, inner, analyze));
  if (node.distinct && orderBy.length > 0) {
    for (const key of orderBy) {
      if (!args.some((a) => sameExpression(a, key.expression))) {
        throw new VivaceError(
          'EXPRESSION_NOT_IN_DISTINCT',
          'For aggregate function with DISTINCT, ORDER BY expressions must appear in arguments',
          node.pos,
        );
      }
    }
  }
  const index = ctx.aggregates.add({ function: resolved, args, distinct: node.distinct, filter, orderBy });
  return { kind: 'AggregateRef', type: resolved.returnType, index };
}

function windowCall(
  name: string,
  node: ast.FunctionCall,
  window: ast.WindowSpecification | ast.WindowReference,
  ctx: ExpressionContext,
  analyze: Analyze,
): BoundExpression {
  const functions = ctx.statement.functions;
  const isAggregate = functions.isAggregate(name);
  if (!functions.isWindow(name) && !isAggregate) {
    if (functions.exists(name)) {
      throw new VivaceError('FUNCTION_NOT_WINDOW', `Not a window function: ${name}`, node.pos);
    }
  }
  if (ctx.insideWindow) {
    throw new VivaceError(
      'NESTED_WINDOW',
      `Cannot nest window functions inside window function '${ctx.insideWindow}': [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (ctx.insideAggregate) {
    throw new VivaceError(
      'NESTED_AGGREGATION',
      `Cannot nest window functions inside aggregation '${ctx.insideAggregate}': [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (!ctx.windows) {
    throw new VivaceError(
      'EXPRESSION_NOT_SCALAR',
      `${ctx.clause} cannot contain aggregations, window functions or grouping operations: [${formatExpression(node)}]`,
      node.pos,
    );
  }
  if (node.nullTreatment && !['lag', 'lead', 'first_value', 'last_value', 'nth_value'].includes(name)) {
    throw new VivaceError(
      'NULL_TREATMENT_NOT_ALLOWED',
      `Cannot specify null treatment clause for ${name} function`,
      node.pos,
    );
  }
  if (node.orderBy) {
    throw new VivaceError('NOT_SUPPORTED', `Window function with ORDER BY in its arguments is not supported`, node.pos);
  }
  if (node.distinct) {
    throw new VivaceError(
      'NOT_SUPPORTED',
      `DISTINCT in window function parameters not yet supported: ${formatExpression(node)}`,
      node.pos,
    );
  }
  // Window arguments may contain aggregates (window over an aggregated query), not windows.
  const inner: ExpressionContext = { ...ctx, insideWindow: name, windows: undefined };
  const { resolved, args } = resolveWithArguments(name, node, inner, analyze);
  const spec = resolveWindowSpecification(window, ctx);
  const partitionBy = spec.partitionBy.map((e) => analyze(e, inner));
  const orderBy = spec.orderBy.map((item) => sortKey(item, inner, analyze));
  const frame = windowFrame(spec.frame, orderBy, inner, analyze);
  const filterNode = node.filter;
  const filter = filterNode ? booleanClause(filterNode, inner, analyze, 'FILTER clause') : undefined;
  if (filterNode && !isAggregate) {
    throw new VivaceError('NOT_SUPPORTED', 'FILTER is only valid for aggregation functions', filterNode.pos);
  }
  const index = ctx.windows.add({
    function: resolved,
    args,
    partitionBy,
    orderBy,
    frame,
    ignoreNulls: node.nullTreatment === 'IGNORE',
    filter,
    distinct: false,
  });
  return { kind: 'WindowRef', type: resolved.returnType, index };
}

/** Merges `OVER (w ORDER BY ...)` and `OVER w` with the named windows of the query. */
function resolveWindowSpecification(
  window: ast.WindowSpecification | ast.WindowReference,
  ctx: ExpressionContext,
): { partitionBy: readonly ast.Expression[]; orderBy: readonly ast.SortItem[]; frame?: ast.WindowFrame } {
  const lookup = (name: ast.Identifier) => {
    const found = ctx.namedWindows.get(name.value.toLowerCase());
    if (!found) throw new VivaceError('NOT_FOUND', `Cannot resolve WINDOW name ${name.value}`, name.pos);
    return resolveWindowSpecification(found, ctx);
  };
  if (window.kind === 'WindowReference') return lookup(window.name);
  if (!window.existingWindowName) return window;
  const base = lookup(window.existingWindowName);
  if (window.partitionBy.length > 0) {
    throw new VivaceError(
      'INVALID_ARGUMENTS',
      'WINDOW specification with named WINDOW reference cannot specify PARTITION BY',
      window.pos,
    );
  }
  if (window.orderBy.length > 0 && base.orderBy.length > 0) {
    throw new VivaceError(
      'INVALID_ARGUMENTS',
      'Cannot specify ORDER BY if referenced named WINDOW specifies ORDER BY',
      window.pos,
    );
  }
  return {
    partitionBy: base.partitionBy,
    orderBy: window.orderBy.length > 0 ? window.orderBy : base.orderBy,
    frame: window.frame ?? base.frame,
  };
}

function windowFrame(
  frame: ast.WindowFrame | undefined,
  orderBy: readonly SortKey[],
  ctx: ExpressionContext,
  analyze: Analyze,
): BoundFrame {
  if (!frame) {
    return {
      type: 'RANGE',
      start: { type: 'UNBOUNDED_PRECEDING' },
      end: orderBy.length > 0 ? { type: 'CURRENT_ROW' } : { type: 'UNBOUNDED_FOLLOWING' },
    };
  }
  if (frame.start.type === 'UNBOUNDED_FOLLOWING') {
    throw new VivaceError('INVALID_WINDOW_FRAME', 'Window frame start cannot be UNBOUNDED FOLLOWING', frame.start.pos);
  }
  if (frame.end?.type === 'UNBOUNDED_PRECEDING') {
    throw new VivaceError('INVALID_WINDOW_FRAME', 'Window frame end cannot be UNBOUNDED PRECEDING', frame.end.pos);
  }
  const order = ['UNBOUNDED_PRECEDING', 'PRECEDING', 'CURRENT_ROW', 'FOLLOWING', 'UNBOUNDED_FOLLOWING'];
  const end = frame.end ?? { kind: 'FrameBound' as const, type: 'CURRENT_ROW' as const, pos: frame.pos };
  if (
    order.indexOf(frame.start.type) > order.indexOf(end.type) ||
    (frame.start.type === 'FOLLOWING' && end.type === 'PRECEDING')
  ) {
    throw new VivaceError(
      'INVALID_WINDOW_FRAME',
      `Window frame starting from ${frame.start.type.replace('_', ' ')} cannot end with ${end.type.replace('_', ' ')}`,
      frame.pos,
    );
  }
  const bound = (b: ast.FrameBound): BoundFrameBound => {
    if (!b.value) return { type: b.type };
    const offset = analyze(b.value, ctx);
    if (frame.type !== 'RANGE') {
      const k = offset.type.kind;
      if (
        k !== 'tinyint' &&
        k !== 'smallint' &&
        k !== 'integer' &&
        k !== 'bigint' &&
        !(k === 'decimal' && offset.type.kind === 'decimal' && offset.type.scale === 0)
      ) {
        throw new VivaceError(
          'TYPE_MISMATCH',
          `Window frame ${frame.type} offset value type must be exact numeric type with scale 0 (actual ${k})`,
          b.value.pos,
        );
      }
      return { type: b.type, offset: coerceTo(offset, BIGINT) };
    }
    if (orderBy.length !== 1) {
      throw new VivaceError(
        'INVALID_WINDOW_FRAME',
        `Window frame of type RANGE PRECEDING or FOLLOWING requires single sort item in ORDER BY (actual: ${orderBy.length})`,
        b.pos,
      );
    }
    return { type: b.type, offset };
  };
  return { type: frame.type, start: bound(frame.start), end: bound(end) };
}

// ---------------------------------------------------------------------------------------------

export function sortKey(item: ast.SortItem, ctx: ExpressionContext, analyze: Analyze): SortKey {
  const expression = analyze(item.key, ctx);
  return sortKeyOf(expression, item);
}

export function sortKeyOf(expression: BoundExpression, item: ast.SortItem): SortKey {
  const ascending = item.ordering === 'ASC';
  // Presto sorts NULLs last unless told otherwise, for both directions.
  return { expression, ascending, nullsFirst: item.nullOrdering === 'FIRST' };
}

export function booleanClause(
  node: ast.Expression,
  ctx: ExpressionContext,
  analyze: Analyze,
  clause: string,
): BoundExpression {
  const value = analyze(node, ctx);
  if (value.type.kind !== 'boolean' && value.type.kind !== 'unknown') {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `${clause} must evaluate to a boolean: actual type ${formatType(value.type)}`,
      node.pos,
    );
  }
  return coerceTo(value, BOOLEAN);
}
