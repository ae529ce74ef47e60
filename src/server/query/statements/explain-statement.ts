/**
 * EXPLAIN: the plan of a statement without running it. TYPE LOGICAL prints the optimized plan,
 * TYPE DISTRIBUTED its fragments (the stages a cluster runs, with their partitioning); TYPE IO
 * lists the tables read and written with their pushed-down constraints as JSON; TYPE VALIDATE
 * only analyses. FORMAT TEXT, JSON and GRAPHVIZ render the plan tree.
 */
import type { AnalyzerOptions } from '../../../analyzer/analyzer.js';
import { analyzeStatement } from '../../../analyzer/analyzer.js';
import { analyzeCreateTableAs, analyzeInsert } from '../../../analyzer/write-analyzer.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { JoinDistributionType } from '../../../planner/add-exchanges.js';
import { planDistributed } from '../../../planner/distributed-plan.js';
import { printFragments } from '../../../planner/fragment-printer.js';
import type { OutputNode, PlanNode } from '../../../planner/plan-nodes.js';
import { sourcesOf } from '../../../planner/plan-nodes.js';
import { printPlan } from '../../../planner/plan-printer.js';
import { findNodes } from '../../../planner/plan-utils.js';
import { type PlanQueryContext, planQuery } from '../../../planner/query-planner.js';
import { planTableWrite } from '../../../planner/table-write-planner.js';
import type { Explain, Statement } from '../../../sql/ast.js';
import { formatSql } from '../../../sql/formatter.js';
import { BOOLEAN, VARCHAR } from '../../../types/type.js';
import { formatType } from '../../../types/type-signature.js';
import type { ResultColumn } from '../../protocol/query-state.js';
import { decidePlacement } from '../placement-policy.js';
import type { StatementContext } from './statement-context.js';
import { finishWithRows } from './statement-results.js';

export interface ExplainContext {
  readonly analyzer: AnalyzerOptions;
  readonly planner: PlanQueryContext;
  /** Session `join_distribution_type`, for TYPE DISTRIBUTED. */
  readonly joinDistribution?: JoinDistributionType;
  /** Whether the placement policy runs `plan` as one stage on one node, for TYPE DISTRIBUTED. */
  readonly singleStage?: (plan: OutputNode) => boolean;
  /** Session `enable_dynamic_filtering`, for TYPE DISTRIBUTED. */
  readonly dynamicFiltering?: boolean;
  /** Sessions `use_table_scan_node_partitioning` and `colocated_join`, for TYPE DISTRIBUTED. */
  readonly tableScanPartitioning?: boolean;
  readonly colocatedJoins?: boolean;
}

export interface ExplainResult {
  readonly columns: readonly ResultColumn[];
  readonly rows: readonly unknown[][];
}

/** The plan of a statement EXPLAIN can plan, or undefined for statements without one (DDL). */
function planOf(statement: Statement, context: ExplainContext): OutputNode | undefined {
  switch (statement.kind) {
    case 'Query':
      return planQuery(analyzeStatement(statement, context.analyzer), context.planner);
    case 'Insert': {
      const write = analyzeInsert(statement, context.analyzer);
      return planTableWrite(write.source, write.target, write.columns, context.planner);
    }
    case 'CreateTableAsSelect': {
      const write = analyzeCreateTableAs(statement, context.analyzer);
      return planTableWrite(write.source, write.target, write.columns, context.planner);
    }
    default:
      return undefined;
  }
}

/** JSON.stringify that writes bigints (long decimals, big constants) as strings. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

function firstLine(node: PlanNode): string {
  return (printPlan(node).split('\n')[0] ?? '').replace(/^- /, '');
}

function graphviz(root: PlanNode): string {
  const lines = ['digraph plan {', '  node [shape=record];'];
  let next = 0;
  const visit = (node: PlanNode): number => {
    const id = next++;
    const label = firstLine(node)
      .replace(/\s*=>.*$/, '')
      .replaceAll('"', '\\"')
      .replaceAll('{', '\\{')
      .replaceAll('}', '\\}');
    lines.push(`  n${id} [label="${label}"];`);
    for (const source of sourcesOf(node)) lines.push(`  n${id} -> n${visit(source)};`);
    return id;
  };
  visit(root);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function ioPlan(plan: OutputNode): string {
  const inputs = findNodes(plan, 'TableScan').map((scan) => ({
    catalogName: scan.table.catalog,
    schemaTable: { schema: scan.table.schema, table: scan.table.name },
    columnConstraints: Object.entries(scan.constraint?.columns ?? {}).map(([column, domain]) => ({
      columnName: column,
      type: formatType(scan.outputs[scan.assignments.findIndex((a) => a.column === column)]?.type ?? VARCHAR),
      // Presto prints domain values as strings, whatever their type.
      domain: JSON.parse(JSON.stringify(domain, (key, v) => (key === 'value' ? String(v) : v))),
    })),
  }));
  const writer = findNodes(plan, 'TableWriter')[0];
  const output =
    writer === undefined
      ? undefined
      : {
          catalogName: writer.target.catalog,
          schemaTable: { schema: writer.target.schema, table: writer.target.name },
        };
  return toJson({ inputTableColumnInfos: inputs, ...(output ? { outputTable: output } : {}) });
}

export function explainStatement(statement: Explain, context: ExplainContext): ExplainResult {
  if (statement.analyze) {
    throw new VivaceError('NOT_SUPPORTED', 'EXPLAIN ANALYZE is not supported yet', statement.pos);
  }
  const inner = statement.statement;
  if (inner.kind === 'Explain') {
    throw new VivaceError('NOT_SUPPORTED', 'EXPLAIN of EXPLAIN is not supported', inner.pos);
  }
  const plan = planOf(inner, context);
  if (statement.type === 'VALIDATE') return { columns: [{ name: 'Valid', type: BOOLEAN }], rows: [[true]] };
  const column = [{ name: 'Query Plan', type: VARCHAR }];
  if (plan === undefined) return { columns: column, rows: [[formatSql(inner)]] };
  if (statement.type === 'IO') return { columns: column, rows: [[ioPlan(plan)]] };
  if (statement.type === 'DISTRIBUTED') {
    const fragments = planDistributed(
      plan,
      { session: context.analyzer.session, metadata: context.planner.metadata, functions: context.planner.functions },
      {
        joinDistribution: context.joinDistribution ?? 'AUTOMATIC',
        singleStage: context.singleStage?.(plan) ?? false,
        dynamicFiltering: context.dynamicFiltering ?? false,
        tableScanPartitioning: context.tableScanPartitioning ?? true,
        colocatedJoins: context.colocatedJoins ?? true,
      },
    );
    switch (statement.format ?? 'TEXT') {
      case 'JSON':
        return { columns: column, rows: [[toJson(fragments)]] };
      case 'GRAPHVIZ':
        return {
          columns: column,
          rows: [
            [
              fragments.fragments
                .map((f) => graphviz(f.root).replace('digraph plan', `digraph fragment_${f.id}`))
                .join(''),
            ],
          ],
        };
      default:
        return { columns: column, rows: [[printFragments(fragments)]] };
    }
  }
  switch (statement.format ?? 'TEXT') {
    case 'JSON':
      return { columns: column, rows: [[toJson(plan)]] };
    case 'GRAPHVIZ':
      return { columns: column, rows: [[graphviz(plan)]] };
    default:
      return { columns: column, rows: [[printPlan(plan)]] };
  }
}

/** Runs EXPLAIN (without ANALYZE) for `context.query` and ends it with the plan's text. */
export async function runExplain(statement: Explain, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const metadata = await context.resolveMetadata(statement);
  const explained = await metadata.analyze(() =>
    explainStatement(statement, {
      analyzer: context.analyzerOptions(metadata),
      planner: { metadata, functions: engine.functions, session: query.session },
      joinDistribution: context.settings.joinDistributionType,
      dynamicFiltering: context.settings.enableDynamicFiltering,
      tableScanPartitioning: context.settings.useTableScanNodePartitioning,
      colocatedJoins: context.settings.colocatedJoin,
      singleStage: (plan) => {
        const target = findNodes(plan, 'TableWriter')[0]?.target;
        try {
          const options = {
            statistics: metadata,
            singleNodeThresholdRows: context.settings.singleNodeExecutionThresholdRows,
          };
          const { statement } = decidePlacement(plan, target, engine, options);
          return statement.runsOn === 'workers' && statement.singleStage;
        } catch {
          // A plan that can run nowhere is explained as the distributed plan it would be.
          return false;
        }
      },
    }),
  );
  finishWithRows(query, explained.columns, explained.rows);
}
