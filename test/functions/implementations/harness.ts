/**
 * Test harness for the scalar implementations: calls resolve through the real registry (so every
 * call uses a registered signature id and the bound argument and return types), then run the
 * implementation with the engine's NULL convention. Also: a tiny expression compiler for `inline`
 * forms, and assertion helpers for Vivace errors.
 */
import assert from 'node:assert/strict';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { defaultFunctionRegistry, type ResolvedFunction } from '../../../src/functions/function-registry.js';
import {
  type CallContext,
  castImplementation,
  type InlineContext,
  type ScalarImplementation,
  type SessionInfo,
  scalarImplementations,
  tryCastImplementation,
} from '../../../src/functions/implementations/index.js';
import type { OperatorKind } from '../../../src/functions/operators.js';
import type { LambdaArgument } from '../../../src/functions/signature-binder.js';
import type { Type } from '../../../src/types/type.js';
import { parseType } from '../../../src/types/type-signature.js';
import { args as argumentTypes } from '../helpers.js';

/** 2024-03-15 12:00:00 UTC: a fixed query start. */
export const START_TIME = Date.UTC(2024, 2, 15, 12, 0, 0);
export const UTC_SESSION: SessionInfo = { timeZone: 'UTC', startTime: START_TIME };

export type TypeArgument = string | LambdaArgument;

export interface Call {
  readonly resolved: ResolvedFunction;
  readonly implementation: ScalarImplementation;
  readonly context: CallContext;
}

const registry = defaultFunctionRegistry();
const implementations = scalarImplementations();

function bind(resolved: ResolvedFunction, session: SessionInfo): Call {
  const implementation = implementations.get(resolved.id);
  if (implementation === undefined) throw new Error(`no implementation for ${resolved.id}`);
  return {
    resolved,
    implementation,
    context: { argumentTypes: resolved.argumentTypes, returnType: resolved.returnType, session },
  };
}

export function resolveCall(name: string, types: readonly TypeArgument[], session = UTC_SESSION): Call {
  return bind(registry.resolveFunction(name, argumentTypes(...types)), session);
}

export function resolveOperatorCall(operator: OperatorKind, types: readonly string[], session = UTC_SESSION): Call {
  return bind(registry.resolveOperator(operator, types.map(parseType)), session);
}

/** Runs a resolved call with the engine's convention: NULL in, NULL out for RETURNS_NULL_ON_NULL. */
export function run(call: Call, values: readonly unknown[]): unknown {
  if (call.implementation.nullHandling === 'RETURNS_NULL_ON_NULL' && values.includes(null)) return null;
  return call.implementation.fn(...values, call.context);
}

/** `name(values)` with the argument types given as type text. */
export function call(name: string, types: readonly TypeArgument[], values: readonly unknown[], session = UTC_SESSION) {
  return run(resolveCall(name, types, session), values);
}

export function operator(
  kind: OperatorKind,
  types: readonly string[],
  values: readonly unknown[],
  session = UTC_SESSION,
) {
  return run(resolveOperatorCall(kind, types, session), values);
}

export function cast(from: string, to: string, value: unknown, session = UTC_SESSION): unknown {
  const fromType = parseType(from);
  const toType = parseType(to);
  return castImplementation(fromType, toType)(value, { argumentTypes: [fromType], returnType: toType, session });
}

export function tryCast(from: string, to: string, value: unknown, session = UTC_SESSION): unknown {
  const fromType = parseType(from);
  const toType = parseType(to);
  return tryCastImplementation(fromType, toType)(value, { argumentTypes: [fromType], returnType: toType, session });
}

export function type(text: string): Type {
  return parseType(text);
}

/** Asserts a VivaceError with the given name and raw message. */
export function assertError(action: () => unknown, name: string, message: string | RegExp): void {
  assert.throws(action, (e: unknown) => {
    assert.ok(e instanceof VivaceError, `expected a VivaceError, got ${String(e)}`);
    assert.equal(e.errorName, name);
    if (typeof message === 'string') assert.equal(e.rawMessage, message);
    else assert.match(e.rawMessage, message);
    return true;
  });
}

/**
 * Compiles a call's `inline` form into a function of the arguments, as an expression compiler
 * would: referenced values become slots of a constants array. Undefined when there is no inline form.
 */
export function compileInline(call: Call): ((...values: unknown[]) => unknown) | undefined {
  const inline = call.implementation.inline;
  if (inline === undefined) return undefined;
  const constants: unknown[] = [call.context];
  const context: InlineContext = {
    argumentTypes: call.context.argumentTypes,
    returnType: call.context.returnType,
    callContext: 'k[0]',
    reference(value) {
      constants.push(value);
      return `k[${constants.length - 1}]`;
    },
  };
  const names = call.context.argumentTypes.map((_, i) => `a${i}`);
  const source = inline(names, context);
  if (source === undefined) return undefined;
  const compiled = new Function('k', ...names, `return ${source};`) as (k: unknown[], ...v: unknown[]) => unknown;
  return (...values) => compiled(constants, ...values);
}

/** The outcome of a computation: its value, or the error name and message it threw. */
export function outcome(action: () => unknown): unknown {
  try {
    return { value: action() };
  } catch (e) {
    if (e instanceof VivaceError) return { error: e.errorName, message: e.rawMessage };
    return { error: String(e) };
  }
}

/** A deterministic pseudo-random generator (mulberry32) for property tests. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));
export const hex = (value: unknown): string => Buffer.from(value as Uint8Array).toString('hex');
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
