/**
 * INSERT and CREATE TABLE AS: the target resolved (CREATE TABLE AS creates it first), the rows
 * planned into TableWriter → TableFinish, and run where the placement policy puts them. Here, the
 * plan commits through TableFinish; on the workers, the writers run where their rows are and
 * report what they wrote (rows, commit fragment) to the root stage, whose output the coordinator
 * reads instead of sending it to the client, and then commits every fragment at once. A failure
 * aborts what was written, and a failed CREATE TABLE AS drops the table it created.
 */
import { analyzeCreateTableAs, analyzeInsert } from '../../../analyzer/write-analyzer.js';
import { VivaceError } from '../../../common/vivace-error.js';
import { blockOf } from '../../../data/block-builder.js';
import type { Page } from '../../../data/page.js';
import { createPage } from '../../../data/page.js';
import { readWriterReports } from '../../../execution/operators/table-finish-operator.js';
import { PageBuffer } from '../../../execution/page-buffer.js';
import type { OutputNode } from '../../../planner/plan-nodes.js';
import { planTableWrite } from '../../../planner/table-write-planner.js';
import type { QualifiedObjectName } from '../../../spi/metadata.js';
import type { CreateTableAsSelect, Insert } from '../../../sql/ast.js';
import { BIGINT } from '../../../types/type.js';
import type { StatementMetadata } from '../../metadata/statement-metadata.js';
import { placeStatementPlan } from '../placement-policy.js';
import { runInCoordinator } from '../run-in-coordinator.js';
import { runOnWorkers, type WorkersPlacement } from '../run-on-workers.js';
import { qualifiedName } from './dml-statements.js';
import { propertyValues } from './property-values.js';
import { replaceExistingTable } from './replace-table.js';
import type { StatementContext } from './statement-context.js';
import { finishWithRowCount, WRITE_RESULT_COLUMNS } from './statement-results.js';
import { runSubQuery } from './sub-query.js';

interface WriteInProgress {
  readonly target: QualifiedObjectName;
  readonly columns: readonly string[];
  /** CREATE TABLE AS created the table: a failure drops it again. */
  readonly createdTable: boolean;
  /** The connector's insert handle (its commit may need it). */
  readonly handle?: unknown;
}

export async function runInsert(statement: Insert, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const metadata = await context.resolveMetadata(statement);
  const analyzerOptions = context.analyzerOptions(metadata);
  const analyzed = await metadata.analyze(() => analyzeInsert(statement, analyzerOptions));
  const handle = await engine.metadata.insertHandle(analyzed.target, context.query.session.properties);
  const plan = await metadata.analyze(() =>
    planTableWrite(analyzed.source, analyzed.target, analyzed.columns, planContext(context, metadata), handle),
  );
  query.updateType = 'INSERT';
  const columns = analyzed.columns.map((c) => c.name);
  await runWrite(context, plan, { target: analyzed.target, columns, createdTable: false, handle }, metadata);
}

export async function runCreateTableAs(statement: CreateTableAsSelect, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const metadata = await context.resolveMetadata(statement);
  const analyzerOptions = context.analyzerOptions(metadata);
  const analyzed = await metadata.analyze(() => analyzeCreateTableAs(statement, analyzerOptions));
  query.updateType = 'CREATE TABLE';
  if (analyzed.skip) {
    finishWithRowCount(query, 0);
    return;
  }
  if (analyzed.replacing) {
    const rows = await replaceExistingTable(
      engine.metadata,
      async (inner) => {
        const pages: Page[] = [];
        await runSubQuery(inner, context, {
          queryId: engine.newQueryId(),
          sql: query.sql,
          onPage: (p) => pages.push(p),
        });
        return pages;
      },
      analyzed.target,
      {
        columns: analyzed.columns,
        properties: propertyValues(statement.properties, 'TABLE'),
        ...(statement.comment !== undefined && { comment: statement.comment }),
        ...(analyzed.withData && {
          fill: (staging: QualifiedObjectName): Insert => ({
            kind: 'Insert',
            target: qualifiedName(staging, statement.pos),
            query: statement.query,
            pos: statement.pos,
          }),
        }),
      },
    );
    finishWithRowCount(query, rows);
    return;
  }
  await engine.metadata.createTable(
    analyzed.target,
    analyzed.columns,
    propertyValues(statement.properties, 'TABLE'),
    statement.comment,
  );
  if (!analyzed.withData) {
    finishWithRowCount(query, 0);
    return;
  }
  const handle = await engine.metadata.insertHandle(analyzed.target, context.query.session.properties);
  const write = { target: analyzed.target, columns: analyzed.columns.map((c) => c.name), createdTable: true, handle };
  const plan = await metadata.analyze(() =>
    planTableWrite(analyzed.source, analyzed.target, analyzed.columns, planContext(context, metadata), handle),
  );
  await runWrite(context, plan, write, metadata);
}

function planContext(context: StatementContext, metadata: StatementMetadata) {
  return { metadata, functions: context.engine.functions, session: context.query.session };
}

async function runWrite(
  context: StatementContext,
  plan: OutputNode,
  write: WriteInProgress,
  metadata: StatementMetadata,
): Promise<void> {
  try {
    const placement = placeStatementPlan(context.query, plan, write.target, context.engine, {
      statistics: metadata,
      singleNodeThresholdRows: context.settings.singleNodeExecutionThresholdRows,
    });
    if (placement.runsOn === 'workers') {
      await runWriteOnWorkers(context, placement, plan, write, metadata);
      return;
    }
    await runInCoordinator(context, plan, WRITE_RESULT_COLUMNS, {
      columns: write.columns,
      committed: () => {},
      handle: write.handle,
    });
  } catch (e) {
    // A failed CREATE TABLE AS leaves no table behind.
    if (write.createdTable) await dropQuietly(context, write.target);
    throw e;
  }
}

/**
 * A write on the workers: the writer plan (TableFinish removed) runs there, its root stage's
 * output — the writers' reports — is read here, and then the coordinator commits every fragment
 * at once (what TableFinish does in a plan run in this process) and answers the row count.
 */
async function runWriteOnWorkers(
  context: StatementContext,
  placement: WorkersPlacement,
  plan: OutputNode,
  write: WriteInProgress,
  metadata: StatementMetadata,
): Promise<void> {
  const { query, engine } = context;
  const finish = plan.source;
  const writer = finish.kind === 'TableFinish' ? finish.source : undefined;
  if (writer?.kind !== 'TableWriter')
    throw new VivaceError('GENERIC_INTERNAL_ERROR', 'a write plan ends in TableFinish');
  const writerPlan: OutputNode = {
    kind: 'Output',
    id: plan.id,
    source: writer,
    columnNames: writer.outputs.map((o) => o.name),
    columns: writer.outputs.map((o) => o.name),
    outputs: writer.outputs,
  };
  query.columns = WRITE_RESULT_COLUMNS;
  query.transition('STARTING');
  const reports = new PageBuffer(Number.POSITIVE_INFINITY);
  const fragments: unknown[] = [];
  let rows = 0;
  const collect = () => {
    for (let page = reports.poll(); page !== null; page = reports.poll()) {
      rows += readWriterReports(page, 0, 1, fragments);
    }
  };
  try {
    await runOnWorkers(context, placement, writerPlan, metadata, reports);
    collect();
    if (query.isCanceled) throw query.cancelError();
    await engine.metadata.finishInsert(write.target, write.columns, fragments, write.handle);
    query.updateCount = rows;
    query.results.add(createPage([blockOf(BIGINT, [rows])], 1));
    query.results.finish();
    query.finish();
  } catch (e) {
    collect();
    await engine.metadata.abortInsert(write.target, fragments).catch(() => undefined);
    if (write.createdTable) await dropQuietly(context, write.target);
    query.endAfterError(e, false);
  }
}

async function dropQuietly(context: StatementContext, target: QualifiedObjectName): Promise<void> {
  try {
    await context.engine.metadata.dropTable(target);
  } catch {
    // The table may already be gone (e.g. dropped concurrently); nothing is left to undo.
  }
}
