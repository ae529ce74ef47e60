/**
 * A query a statement runs for itself (DELETE and UPDATE run their rewrite; EXPLAIN ANALYZE runs
 * the statement it explains): its own execution, canceled with its parent, its pages handed to
 * `onPage` (or dropped), its failure thrown to the parent's statement.
 */
import type { Page } from '../../../data/page.js';
import type { Statement } from '../../../sql/ast.js';
import { QueryExecution } from '../query-execution.js';
import type { StatementContext } from './statement-context.js';

export interface SubQueryOptions {
  /** The sub-query's id: the parent's (EXPLAIN ANALYZE shows it) or a fresh one (several per statement). */
  readonly queryId: string;
  /** The text the sub-query shows (its statement formatted). */
  readonly sql: string;
  readonly onPage?: (page: Page) => void;
}

/** Runs `statement` for `context.query` to its end and returns its finished execution; throws its failure. */
export async function runSubQuery(
  statement: Statement,
  context: StatementContext,
  options: SubQueryOptions,
): Promise<QueryExecution> {
  const parent = context.query;
  const run = new QueryExecution(options.queryId, options.sql, parent.session);
  void run.cancelWith(parent);
  const onPage = options.onPage;
  const drained = (async () => {
    while (!run.results.isDone()) {
      const page = run.results.poll();
      if (page === null) await run.results.whenReady();
      else onPage?.(page);
    }
  })();
  run.transition('PLANNING');
  try {
    await context.engine.runStatement(run, statement, context.settings);
  } finally {
    run.markExecutionFinished();
  }
  await drained.catch(() => undefined);
  if (run.error) throw run.error;
  return run;
}
