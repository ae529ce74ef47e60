/**
 * Plans a write (INSERT, CREATE TABLE AS): the source query's optimized plan, a projection that
 * coerces its columns to the target column types, a TableWriter that appends the rows to the
 * connector's page sinks and emits one row per writer (rows written, the sink's commit fragment
 * as JSON), and a TableFinish that commits every fragment at once and returns the row count as
 * the statement's single result column `rows`. The writer and finish nodes are where the cluster
 * cuts a write: writers run next to the data, the finish on the coordinator.
 */
import type { AnalyzedQuery } from '../analyzer/bound-tree.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import { BIGINT, type Type, typeEquals, VARCHAR } from '../types/type.js';
import { symbolOf } from './plan-factory.js';
import type { OutputNode, PlanNode } from './plan-nodes.js';
import { type PlanQueryContext, planQuery } from './query-planner.js';
import type { RowExpression } from './row-expression.js';

export interface WriteTargetColumn {
  readonly name: string;
  readonly type: Type;
}

/** Symbols of the write nodes; `$` keeps them apart from the planner's own symbol names. */
const ROWS = { name: '$rows', type: BIGINT };
const FRAGMENT = { name: '$fragment', type: VARCHAR };

export function planTableWrite(
  source: AnalyzedQuery,
  target: QualifiedObjectName,
  columns: readonly WriteTargetColumn[],
  context: PlanQueryContext,
  /** The connector's handle for the write (`MetadataManager.insertHandle`). */
  handle?: unknown,
): OutputNode {
  const query = planQuery(source, context);
  const assignments: { symbol: string; expression: RowExpression }[] = [];
  const columnSymbols: string[] = [];
  query.columns.forEach((symbol, i) => {
    const from = symbolOf(query.source, symbol);
    const to = columns[i].type;
    const name = `$write${i}`;
    const value: RowExpression = { kind: 'Symbol', name: from.name, type: from.type };
    assignments.push({
      symbol: name,
      expression: typeEquals(from.type, to) ? value : { kind: 'Cast', type: to, value, safe: false, implicit: true },
    });
    columnSymbols.push(name);
  });
  const project: PlanNode = {
    kind: 'Project',
    id: 'write-project',
    source: query.source,
    assignments,
    outputs: assignments.map((a, i) => ({ name: a.symbol, type: columns[i].type })),
  };
  const writer: PlanNode = {
    kind: 'TableWriter',
    id: 'write',
    source: project,
    target,
    columns: columns.map((c) => c.name),
    columnSymbols,
    ...(handle === undefined ? {} : { handle }),
    outputs: [ROWS, FRAGMENT],
  };
  const finish: PlanNode = { kind: 'TableFinish', id: 'write-finish', source: writer, target, outputs: [ROWS] };
  return {
    kind: 'Output',
    id: 'write-output',
    source: finish,
    columnNames: ['rows'],
    columns: [ROWS.name],
    outputs: [ROWS],
  };
}
