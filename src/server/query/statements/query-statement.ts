/**
 * A query (SELECT, VALUES, WITH ...): analyzed and planned over the statement's metadata, then
 * run where the placement policy puts it — its stages on the workers, or one stage here.
 */
import { analyzeStatement } from '../../../analyzer/analyzer.js';
import { planQuery } from '../../../planner/query-planner.js';
import type { Query } from '../../../sql/ast.js';
import { placeStatementPlan } from '../placement-policy.js';
import { runInCoordinator } from '../run-in-coordinator.js';
import { runQueryOnWorkers } from '../run-on-workers.js';
import type { StatementContext } from './statement-context.js';

export async function runQueryStatement(statement: Query, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const metadata = await context.resolveMetadata(statement);
  const planned = await metadata.analyze(() => {
    const analyzed = analyzeStatement(statement, context.analyzerOptions(metadata));
    const plan = planQuery(analyzed, { metadata, functions: engine.functions, session: query.session });
    return { plan, columns: analyzed.columns };
  });
  const placement = placeStatementPlan(query, planned.plan, undefined, engine, {
    statistics: metadata,
    singleNodeThresholdRows: context.settings.singleNodeExecutionThresholdRows,
  });
  if (placement.runsOn === 'workers') {
    await runQueryOnWorkers(context, placement, planned.plan, planned.columns, metadata);
    return;
  }
  await runInCoordinator(context, planned.plan, planned.columns, undefined);
}
