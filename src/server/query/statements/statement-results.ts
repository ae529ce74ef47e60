/**
 * How statements whose rows the coordinator computes itself end: with those rows (SHOW, EXPLAIN),
 * with Presto's `result: true` row (DDL, USE, SET SESSION, PREPARE, transactions) or with a
 * written-row count (INSERT, CREATE TABLE AS, DELETE, UPDATE).
 */
import { blockOf } from '../../../data/block-builder.js';
import { createPage } from '../../../data/page.js';
import { BIGINT, BOOLEAN } from '../../../types/type.js';
import type { ResultColumn } from '../../protocol/query-state.js';
import type { QueryExecution } from '../query-execution.js';

/** Statements without rows of their own answer `result: true`. */
const UPDATE_RESULT_COLUMNS: readonly ResultColumn[] = [{ name: 'result', type: BOOLEAN }];

/** INSERT and CREATE TABLE AS answer one row: the number of rows written. */
export const WRITE_RESULT_COLUMNS: readonly ResultColumn[] = [{ name: 'rows', type: BIGINT }];

/** Ends a statement whose rows the coordinator computed itself (SHOW, EXPLAIN). */
export function finishWithRows(
  query: QueryExecution,
  columns: readonly ResultColumn[],
  rows: readonly unknown[][],
): void {
  query.columns = columns;
  if (rows.length > 0) {
    query.results.add(
      createPage(
        columns.map((c, i) =>
          blockOf(
            c.type,
            rows.map((row) => row[i]),
          ),
        ),
        rows.length,
      ),
    );
  }
  query.results.finish();
  query.finish();
}

/**
 * Ends a statement that changes something and returns no rows of its own (DDL, USE, SET
 * SESSION, PREPARE, transactions): its update type, and, as Presto answers, one row with a
 * boolean `result` of true (clients such as lento check it).
 */
export function finishUpdate(query: QueryExecution, updateType: string): void {
  query.updateType = updateType;
  finishWithRows(query, UPDATE_RESULT_COLUMNS, [[true]]);
}

/** Ends a write statement with its row count (computed here, or nothing written: CTAS WITH NO DATA). */
export function finishWithRowCount(query: QueryExecution, rows: number): void {
  query.updateCount = rows;
  finishWithRows(query, WRITE_RESULT_COLUMNS, [[rows]]);
}
