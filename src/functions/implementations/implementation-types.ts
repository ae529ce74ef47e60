/**
 * The contract between the function implementations and the engine that calls them: what a call
 * receives (`CallContext`), how an implementation declares its NULL handling and an optional
 * inlinable form, and the table they are collected in, keyed by the registry's signature id.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Type } from '../../types/type.js';

/** What the session contributes to a call: its time zone and the query's start instant. */
export interface SessionInfo {
  /** IANA zone id or offset (`UTC`, `Europe/Berlin`, `+05:30`). */
  readonly timeZone: string;
  /** Query start, epoch milliseconds: now() and friends are constant within a query. */
  readonly startTime: number;
}

/**
 * Passed as the LAST argument of every `fn` call: the bound argument types and return type (for
 * parametric behaviour: decimal scales, varchar lengths, timestamp precisions) and the session.
 */
export interface CallContext {
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  readonly session: SessionInfo;
}

/**
 * What an expression compiler gives `inline`: the bound types, and `reference`, which makes a JS
 * value (a helper function, a constant) reachable from the generated code and returns the source
 * text naming it (e.g. `k[3]`).
 */
export interface InlineContext {
  readonly argumentTypes: readonly Type[];
  readonly returnType: Type;
  /** Source text naming the CallContext of this call (for an inline form that falls back to `fn`). */
  readonly callContext: string;
  reference(value: unknown): string;
}

export type NullHandling = 'RETURNS_NULL_ON_NULL' | 'CALLED_ON_NULL';

/**
 * One implementation. `fn` receives the argument values then the CallContext. With
 * RETURNS_NULL_ON_NULL the caller never passes NULL arguments (it returns NULL itself); `fn` may
 * still return null. `inline`, when present, returns a JS expression over the argument source texts
 * that computes exactly what `fn` computes, or undefined when the bound types have no inline form
 * (the caller then calls `fn`).
 */
export interface ScalarImplementation {
  // biome-ignore lint/suspicious/noExplicitAny: implementations take typed arguments; the engine passes unknowns.
  readonly fn: (...args: any[]) => unknown;
  readonly nullHandling: NullHandling;
  readonly inline?: (args: readonly string[], ctx: InlineContext) => string | undefined;
}

export interface ImplementationOptions {
  readonly nullHandling?: NullHandling;
  readonly inline?: ScalarImplementation['inline'];
}

/** The implementations being collected, keyed by signature id; a duplicate id is a bug. */
export class ImplementationTable {
  private readonly entries = new Map<string, ScalarImplementation>();

  // biome-ignore lint/suspicious/noExplicitAny: see ScalarImplementation.fn.
  add(id: string, fn: (...args: any[]) => unknown, options: ImplementationOptions = {}): void {
    if (this.entries.has(id)) throw new VivaceError('GENERIC_INTERNAL_ERROR', `Duplicate implementation of ${id}`);
    const implementation: ScalarImplementation = {
      fn,
      nullHandling: options.nullHandling ?? 'RETURNS_NULL_ON_NULL',
      ...(options.inline === undefined ? {} : { inline: options.inline }),
    };
    this.entries.set(id, implementation);
  }

  /** Registers one function under several ids (overloads that share an implementation). */
  // biome-ignore lint/suspicious/noExplicitAny: see ScalarImplementation.fn.
  addAll(ids: readonly string[], fn: (...args: any[]) => unknown, options: ImplementationOptions = {}): void {
    for (const id of ids) this.add(id, fn, options);
  }

  build(): ReadonlyMap<string, ScalarImplementation> {
    return this.entries;
  }
}
