/**
 * TableWriter: appends its input rows (the channels of the written columns, in target-column
 * order) to a connector page sink. When the input ends it finishes the sink and emits one row:
 * the number of rows written (bigint) and the sink's commit fragment as JSON (varchar), which
 * TableFinish commits together with the other writers' fragments. Closing an unfinished writer
 * (failure, cancellation) aborts the sink, so nothing it buffered becomes visible.
 *
 * Sinks may be asynchronous (files): while an `appendPage` or `finish` promise is pending the
 * operator is blocked and takes no input; a rejected promise fails the operator (thrown from the
 * next call the driver makes).
 */
import { blockOf } from '../../data/block-builder.js';
import { createPage, type Page, selectChannels } from '../../data/page.js';
import type { ConnectorPageSink } from '../../spi/connector.js';
import { BIGINT, VARCHAR } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

export class TableWriterOperator implements Operator {
  private sink: ConnectorPageSink | undefined;
  private rows = 0;
  private state: 'writing' | 'finishing' | 'output-ready' | 'finished' = 'writing';
  private output: Page | null = null;
  /** The sink's pending append or finish. */
  private pending: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    readonly context: OperatorContext,
    private readonly createSink: () => ConnectorPageSink,
    private readonly columnChannels: readonly number[],
  ) {}

  private openSink(): ConnectorPageSink {
    this.sink ??= this.createSink();
    return this.sink;
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure.error;
  }

  /** Blocks the operator on `promise`; a rejection is kept and thrown by the next call. */
  private await<T>(promise: Promise<T>, then: (value: T) => void): void {
    this.pending = promise.then(
      (value) => {
        this.pending = undefined;
        then(value);
      },
      (error: unknown) => {
        this.pending = undefined;
        this.failure = { error };
      },
    );
  }

  needsInput(): boolean {
    return this.state === 'writing' && this.pending === undefined && this.failure === undefined;
  }

  addInput(page: Page): void {
    this.throwIfFailed();
    if (page.positionCount === 0) return;
    const appended = this.openSink().appendPage(selectChannels(page, this.columnChannels));
    this.rows += page.positionCount;
    if (appended instanceof Promise) this.await(appended, () => undefined);
  }

  getOutput(): Page | null {
    this.throwIfFailed();
    const page = this.output;
    if (page !== null) {
      this.output = null;
      this.state = 'finished';
    }
    return page;
  }

  finish(): void {
    this.throwIfFailed();
    if (this.state !== 'writing' || this.pending !== undefined) return;
    this.state = 'finishing';
    const done = (fragment: unknown) => {
      this.output = createPage([blockOf(BIGINT, [this.rows]), blockOf(VARCHAR, [JSON.stringify(fragment)])], 1);
      this.state = 'output-ready';
    };
    const fragment = this.openSink().finish();
    if (fragment instanceof Promise) this.await(fragment, done);
    else done(fragment);
  }

  isFinished(): boolean {
    return this.state === 'finished';
  }

  isBlocked(): Promise<void> | undefined {
    return this.pending;
  }

  close(): void {
    if (this.state === 'writing' || this.state === 'finishing') {
      const aborted = this.sink?.abort();
      // The query already failed or was canceled; a failure to clean up adds nothing to that.
      if (aborted instanceof Promise) aborted.catch(() => undefined);
    }
    this.state = 'finished';
  }
}
