/**
 * What analysis of one statement carries along: the session, the metadata and function registry
 * it reads, the tables it touched, and per-clause state (which scope an expression sees, whether
 * aggregates and window functions are allowed there and where they are collected).
 */
import { VivaceError } from '../common/vivace-error.js';
import type { FunctionRegistry } from '../functions/function-registry.js';
import type { AccessControl } from '../spi/access-control.js';
import type { MetadataView, QualifiedObjectName } from '../spi/metadata.js';
import type { SourcePosition, WindowSpecification } from '../sql/ast.js';
import type { Type } from '../types/type.js';
import { expressionKey } from './bound-expressions.js';
import type { BoundAggregate, BoundExpression, BoundWindowFunction } from './bound-tree.js';
import type { Scope } from './scope.js';

export interface Session {
  readonly user: string;
  readonly catalog?: string;
  readonly schema?: string;
  /** IANA zone id or offset, for CURRENT_TIME and AT TIME ZONE with timestamps without zone. */
  readonly timeZone: string;
  /** Session properties as set (validated by the server); the planner reads `max_recursion_depth`. */
  readonly properties?: Readonly<Record<string, string>>;
}

export interface StatementContext {
  readonly session: Session;
  readonly metadata: MetadataView;
  readonly functions: FunctionRegistry;
  /** Values of `?` parameters (EXECUTE ... USING); a `?` without a value is an error. */
  readonly parameters: readonly BoundExpression[];
  /** Tables read, in order of first reference. */
  readonly tables: QualifiedObjectName[];
  /** Counter for WITH query ids. */
  nextCteId: number;
  /** Views being expanded, to detect recursive views. */
  readonly viewStack: string[];
  /** Who may read what (issue 17): every table and view read is checked as it is resolved. */
  readonly accessControl?: AccessControl;
}

/** Collects the aggregates of one query specification, deduplicated. */
export class AggregateCollector {
  readonly aggregates: BoundAggregate[] = [];
  private readonly keys = new Map<string, number>();

  add(aggregate: BoundAggregate): number {
    const key = JSON.stringify([
      aggregate.function.id,
      aggregate.distinct,
      aggregate.args.map(expressionKey),
      aggregate.filter ? expressionKey(aggregate.filter) : null,
      aggregate.orderBy.map((k) => [expressionKey(k.expression), k.ascending, k.nullsFirst]),
    ]);
    const existing = this.keys.get(key);
    if (existing !== undefined) return existing;
    this.aggregates.push(aggregate);
    this.keys.set(key, this.aggregates.length - 1);
    return this.aggregates.length - 1;
  }
}

/** Collects the window functions of one query specification. */
export class WindowCollector {
  readonly windows: BoundWindowFunction[] = [];

  add(window: BoundWindowFunction): number {
    this.windows.push(window);
    return this.windows.length - 1;
  }
}

/**
 * Where an expression is being analysed. `clause` names the clause for error messages
 * ("WHERE clause"); aggregates/windows are allowed only where a collector is present.
 */
export interface ExpressionContext {
  readonly statement: StatementContext;
  readonly scope: Scope;
  readonly clause: string;
  readonly aggregates?: AggregateCollector;
  readonly windows?: WindowCollector;
  /** Set while analysing the arguments of an aggregate (nesting is an error). */
  readonly insideAggregate?: string;
  /** Set while analysing the arguments of a window function. */
  readonly insideWindow?: string;
  /** Lambda parameters in scope, innermost last. */
  readonly lambdas: readonly LambdaFrame[];
  /** Named windows of the query specification (`WINDOW w AS (...)`). */
  readonly namedWindows: ReadonlyMap<string, WindowSpecification>;
  /** Grouping keys (FROM-scope expressions) for GROUPING(...), when the query groups. */
  readonly groupingKeys?: readonly BoundExpression[];
  /** Analyses a subquery whose outer scope is `outer`. */
  readonly analyzeSubquery: (
    query: import('../sql/ast.js').Query,
    outer: Scope,
  ) => import('./bound-tree.js').BoundQuery;
}

export interface LambdaFrame {
  readonly names: readonly string[];
  readonly types: readonly Type[];
}

/** Re-throws a registry or type error at the position of the node that caused it. */
export function atPosition(error: unknown, pos: SourcePosition): never {
  if (error instanceof VivaceError && error.location === undefined) {
    throw new VivaceError(error.errorCode, error.rawMessage, pos, { cause: error.cause });
  }
  throw error;
}
