/**
 * TableFinish: collects the rows of every TableWriter (row count, commit fragment as JSON), and
 * when all writers are done commits the fragments in one call — the write becomes visible all at
 * once — then emits the statement's single result row: the total number of rows written. A
 * connector's commit may take time (a metastore update): the operator is blocked until it is
 * done, and a failed commit fails the query. If the query fails before the commit, `close` hands
 * the fragments gathered so far to `abort`.
 */
import { blockOf } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import { createPage, type Page } from '../../data/page.js';
import { BIGINT, VARCHAR } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export interface WriteCommitter {
  /** Makes the write visible; `rows` is the total the writers reported. */
  commit(fragments: readonly unknown[], rows: number): void | Promise<void>;
  abort(fragments: readonly unknown[]): void | Promise<void>;
}

/**
 * What TableWriters reported in one page (a row per writer: rows written, commit fragment as
 * JSON): appends the fragments to `fragments` and returns the rows. The coordinator reads a
 * distributed write's reports with it too.
 */
export function readWriterReports(
  page: Page,
  rowsChannel: number,
  fragmentChannel: number,
  fragments: unknown[],
): number {
  const rows = page.blocks[rowsChannel];
  const json = page.blocks[fragmentChannel];
  let total = 0;
  for (let position = 0; position < page.positionCount; position++) {
    total += Number(getValue(rows, BIGINT, position) as number | bigint);
    fragments.push(JSON.parse(getValue(json, VARCHAR, position) as string));
  }
  return total;
}

export class TableFinishOperator implements Operator {
  private rows = 0;
  private readonly fragments: unknown[] = [];
  private state: 'collecting' | 'committing' | 'output-ready' | 'finished' = 'collecting';
  private committed = false;
  private output: Page | null = null;
  /** A commit in progress; a failed commit's error, thrown from `getOutput`. */
  private committing: Promise<void> | undefined;
  private commitFailure: { error: unknown } | undefined;

  constructor(
    readonly context: OperatorContext,
    private readonly committer: WriteCommitter,
    private readonly rowsChannel: number,
    private readonly fragmentChannel: number,
  ) {}

  needsInput(): boolean {
    return this.state === 'collecting';
  }

  addInput(page: Page): void {
    this.rows += readWriterReports(page, this.rowsChannel, this.fragmentChannel, this.fragments);
  }

  getOutput(): Page | null {
    if (this.commitFailure !== undefined) throw this.commitFailure.error;
    const page = this.output;
    if (page !== null) {
      this.output = null;
      this.state = 'finished';
    }
    return page;
  }

  finish(): void {
    if (this.state !== 'collecting') return;
    const committed = () => {
      this.committed = true;
      this.output = createPage([blockOf(BIGINT, [this.rows])], 1);
      this.state = 'output-ready';
    };
    const result = this.committer.commit(this.fragments, this.rows);
    if (!(result instanceof Promise)) {
      committed();
      return;
    }
    this.state = 'committing';
    this.committing = result.then(
      () => {
        this.committing = undefined;
        committed();
      },
      (error: unknown) => {
        this.committing = undefined;
        this.commitFailure = { error };
      },
    );
  }

  isFinished(): boolean {
    return this.state === 'finished';
  }

  isBlocked(): Promise<void> | undefined {
    return this.committing;
  }

  close(): void {
    if (!this.committed && this.fragments.length > 0) {
      // The query already failed or was canceled; a failure to clean up adds nothing to that.
      const aborted = this.committer.abort(this.fragments);
      if (aborted instanceof Promise) aborted.catch(() => undefined);
    }
    this.committed = true;
    this.state = 'finished';
  }
}
