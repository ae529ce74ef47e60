/**
 * Planning SQL in tests: analyze against the test catalog (with TPC-H statistics), build or fully
 * plan, apply single rules with a fresh context, and look for nodes.
 */
import { readFileSync } from 'node:fs';
import type { Session } from '../../src/analyzer/analysis-context.js';
import { analyzeStatement } from '../../src/analyzer/analyzer.js';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { formatExpression } from '../../src/planner/expression-printer.js';
import type { OutputNode, PlanNode } from '../../src/planner/plan-nodes.js';
import { checkPlan } from '../../src/planner/plan-sanity-checker.js';
import { findNodes } from '../../src/planner/plan-utils.js';
import { buildLogicalPlan, planQuery } from '../../src/planner/query-planner.js';
import { createRuleContext, type OptimizerOptions, type PlanRule, type RuleContext } from '../../src/planner/rule.js';
import type { MetadataView } from '../../src/spi/metadata.js';
import { parseStatement } from '../../src/sql/parser.js';
import { TestMetadata } from '../analyzer/test-metadata.js';
import { StatisticsTestMetadata } from './tpch-statistics.js';

export const functions = defaultFunctionRegistry();
export const session: Session = { user: 'test', catalog: 'tpch', schema: 'tiny', timeZone: 'UTC' };
export const statsMetadata = new StatisticsTestMetadata();
export const plainMetadata = new TestMetadata();

export interface PlanOptions {
  readonly metadata?: MetadataView;
  readonly options?: Partial<OptimizerOptions>;
}

function analyzed(sql: string, metadata: MetadataView) {
  return analyzeStatement(parseStatement(sql), { session, metadata, functions });
}

/** The fully optimized plan (with TPC-H statistics unless other metadata is given). */
export function plan(sql: string, options: PlanOptions = {}): OutputNode {
  const metadata = options.metadata ?? statsMetadata;
  return planQuery(analyzed(sql, metadata), {
    metadata,
    functions,
    session,
    ...(options.options ? { options: options.options } : {}),
  });
}

/** The builder's plan, unoptimized. */
export function logicalPlan(sql: string, metadata: MetadataView = statsMetadata): OutputNode {
  return buildLogicalPlan(analyzed(sql, metadata), { metadata, functions, session });
}

export function tpchQuery(n: number): string {
  return readFileSync(`test/sql/tpch/q${String(n).padStart(2, '0')}.sql`, 'utf8');
}

export function contextFor(plan: PlanNode, options: PlanOptions = {}): RuleContext {
  return createRuleContext(plan, {
    session,
    metadata: options.metadata ?? statsMetadata,
    functions,
    ...(options.options ? { options: options.options } : {}),
  });
}

/** Applies one rule and checks the result is still a well-formed plan. */
export function applyRule(rule: PlanRule, plan: PlanNode, context: RuleContext = contextFor(plan)): PlanNode {
  const result = rule.apply(plan, context);
  checkPlan(result, { allowCorrelated: true });
  return result;
}

export function nodesOf<K extends PlanNode['kind']>(plan: PlanNode, kind: K): Extract<PlanNode, { kind: K }>[] {
  return findNodes(plan, kind);
}

export function kindsOf(plan: PlanNode): string[] {
  const kinds: string[] = [];
  const visit = (node: PlanNode) => {
    kinds.push(node.kind);
    for (const s of node.kind === 'Join' ? [node.left, node.right] : 'source' in node ? [node.source] : []) visit(s);
  };
  visit(plan);
  return kinds;
}

/** The logical plan of `sql` after `rules`, applied in order with one context. */
export function prepared(sql: string, rules: readonly PlanRule[], options: PlanOptions = {}): PlanNode {
  let current: PlanNode = logicalPlan(sql, options.metadata ?? statsMetadata);
  const context = contextFor(current, options);
  for (const rule of rules) current = applyRule(rule, current, context);
  return current;
}

/** The first node of a kind (failing when there is none). */
export function first<K extends PlanNode['kind']>(plan: PlanNode, kind: K): Extract<PlanNode, { kind: K }> {
  const found = nodesOf(plan, kind)[0];
  if (!found) throw new Error(`no ${kind} node in the plan`);
  return found;
}

/** The expression a projection assigns to `symbol` (identity assignments skipped), as text. */
export function definition(plan: PlanNode, symbol: string): string | undefined {
  const assignment = nodesOf(plan, 'Project')
    .flatMap((n) => n.assignments)
    .find((a) => a.symbol === symbol && !(a.expression.kind === 'Symbol' && a.expression.name === symbol));
  return assignment ? formatExpression(assignment.expression) : undefined;
}

/** Every non-identity projection in the plan, as `symbol := expression` texts. */
export function projections(plan: PlanNode): string[] {
  return nodesOf(plan, 'Project')
    .flatMap((n) => n.assignments)
    .filter((a) => !(a.expression.kind === 'Symbol' && a.expression.name === a.symbol))
    .map((a) => `${a.symbol} := ${formatExpression(a.expression)}`);
}
