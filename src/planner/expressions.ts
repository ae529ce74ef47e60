/**
 * Building and taking apart row expressions: constants, boolean combinators, conjunct lists,
 * symbol substitution, traversal and determinism. Pure functions over the JSON shapes of
 * row-expression.ts.
 */

import type { Constant, SpecialForm } from '../analyzer/bound-tree.js';
import { structuralKey } from '../common/structural-key.js';
import { BOOLEAN, type Type } from '../types/type.js';
import type { PlanSymbol, RowExpression, SpecialFormExpression, SymbolRef } from './row-expression.js';
import { symbolRef } from './row-expression.js';

export const TRUE: Constant = Object.freeze({ kind: 'Constant', type: BOOLEAN, value: true });
export const FALSE: Constant = Object.freeze({ kind: 'Constant', type: BOOLEAN, value: false });

export function constant(value: unknown, type: Type): Constant {
  return { kind: 'Constant', type, value };
}

export function nullOf(type: Type): Constant {
  return { kind: 'Constant', type, value: null };
}

export function ref(symbol: PlanSymbol): SymbolRef {
  return symbolRef(symbol);
}

export function isConstant(e: RowExpression): e is Constant {
  return e.kind === 'Constant';
}

export function isNullConstant(e: RowExpression): boolean {
  return e.kind === 'Constant' && e.value === null;
}

export function isTrue(e: RowExpression): boolean {
  return e.kind === 'Constant' && e.value === true;
}

export function isFalse(e: RowExpression): boolean {
  return e.kind === 'Constant' && e.value === false;
}

export function specialForm(
  form: SpecialForm['form'],
  type: Type,
  args: readonly RowExpression[],
): SpecialFormExpression {
  return { kind: 'SpecialForm', form, type, args };
}

export function isForm<F extends SpecialForm['form']>(
  e: RowExpression,
  form: F,
): e is SpecialFormExpression & { readonly form: F } {
  return e.kind === 'SpecialForm' && e.form === form;
}

export function not(e: RowExpression): RowExpression {
  return specialForm('NOT', BOOLEAN, [e]);
}

export function isNull(e: RowExpression): RowExpression {
  return specialForm('IS_NULL', BOOLEAN, [e]);
}

export function isNotNull(e: RowExpression): RowExpression {
  return not(isNull(e));
}

export function coalesce(...args: RowExpression[]): RowExpression {
  return specialForm('COALESCE', args[0].type, args);
}

export function ifThenElse(condition: RowExpression, then: RowExpression, otherwise: RowExpression): RowExpression {
  return specialForm('IF', then.type, [condition, then, otherwise]);
}

/** The AND of `terms` (flattened); TRUE when there are none. */
export function and(...terms: RowExpression[]): RowExpression {
  return combineConjuncts(terms);
}

export function or(...terms: RowExpression[]): RowExpression {
  return combineDisjuncts(terms);
}

/** The top-level AND terms of a predicate (a single term when it is not an AND). */
export function conjuncts(e: RowExpression): RowExpression[] {
  if (isForm(e, 'AND')) return e.args.flatMap(conjuncts);
  return isTrue(e) ? [] : [e];
}

export function disjuncts(e: RowExpression): RowExpression[] {
  if (isForm(e, 'OR')) return e.args.flatMap(disjuncts);
  return [e];
}

export function combineConjuncts(terms: readonly RowExpression[]): RowExpression {
  const flat = terms.flatMap(conjuncts);
  if (flat.length === 0) return TRUE;
  if (flat.length === 1) return flat[0];
  return specialForm('AND', BOOLEAN, flat);
}

export function combineDisjuncts(terms: readonly RowExpression[]): RowExpression {
  const flat = terms.flatMap(disjuncts);
  if (flat.length === 0) return FALSE;
  if (flat.length === 1) return flat[0];
  return specialForm('OR', BOOLEAN, flat);
}

/**
 * Rebuilds an expression top-down: `fn` may replace a node (its result is not visited again);
 * returning undefined visits the children. Unchanged subtrees keep their identity.
 */
export function rewriteExpression(
  e: RowExpression,
  fn: (e: RowExpression) => RowExpression | undefined,
): RowExpression {
  const replaced = fn(e);
  if (replaced !== undefined) return replaced;
  switch (e.kind) {
    case 'Call':
    case 'SpecialForm': {
      const args = rewriteList(e.args, fn);
      return args === e.args ? e : { ...e, args };
    }
    case 'Cast': {
      const value = rewriteExpression(e.value, fn);
      return value === e.value ? e : { ...e, value };
    }
    case 'Lambda': {
      const body = rewriteExpression(e.body, fn);
      return body === e.body ? e : { ...e, body };
    }
    default:
      return e;
  }
}

function rewriteList(
  list: readonly RowExpression[],
  fn: (e: RowExpression) => RowExpression | undefined,
): readonly RowExpression[] {
  let out: RowExpression[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const next = rewriteExpression(list[i], fn);
    if (next !== list[i] && out === undefined) out = list.slice(0, i);
    out?.push(next);
  }
  return out ?? list;
}

/** Replaces symbol references found in `mapping`. */
export function substitute(e: RowExpression, mapping: ReadonlyMap<string, RowExpression>): RowExpression {
  if (mapping.size === 0) return e;
  return rewriteExpression(e, (x) => (x.kind === 'Symbol' ? (mapping.get(x.name) ?? x) : undefined));
}

/** Renames symbol references found in `mapping`. */
export function renameSymbols(e: RowExpression, mapping: ReadonlyMap<string, string>): RowExpression {
  if (mapping.size === 0) return e;
  return rewriteExpression(e, (x) => {
    if (x.kind !== 'Symbol') return undefined;
    const name = mapping.get(x.name);
    return name === undefined ? x : { ...x, name };
  });
}

/** Visits every node of an expression (pre-order). */
export function visitExpression(e: RowExpression, fn: (e: RowExpression) => void): void {
  fn(e);
  switch (e.kind) {
    case 'Call':
    case 'SpecialForm':
      for (const arg of e.args) visitExpression(arg, fn);
      break;
    case 'Cast':
      visitExpression(e.value, fn);
      break;
    case 'Lambda':
      visitExpression(e.body, fn);
      break;
    default:
      break;
  }
}

/**
 * Whether evaluating the expression twice on the same row gives the same result. CURRENT_DATE and
 * friends count as deterministic: they are fixed for the whole query.
 */
export function isDeterministic(e: RowExpression): boolean {
  let deterministic = true;
  visitExpression(e, (x) => {
    if (x.kind === 'Call' && !x.function.deterministic) deterministic = false;
  });
  return deterministic;
}

/** A key equal for structurally equal expressions. */
/** Equal for structurally equal expressions, constants told apart by value (NaN, ±Infinity, -0 included). */
export function expressionKey(e: RowExpression): string {
  return structuralKey(e);
}

export function sameExpression(a: RowExpression, b: RowExpression): boolean {
  return a === b || expressionKey(a) === expressionKey(b);
}

/** Whether every symbol the expression reads is in `symbols`. */
export function readsOnly(e: RowExpression, symbols: ReadonlySet<string>): boolean {
  let ok = true;
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol' && !symbols.has(x.name)) ok = false;
  });
  return ok;
}

/** Whether the expression reads any symbol of `symbols`. */
export function readsAny(e: RowExpression, symbols: ReadonlySet<string>): boolean {
  let found = false;
  visitExpression(e, (x) => {
    if (x.kind === 'Symbol' && symbols.has(x.name)) found = true;
  });
  return found;
}
