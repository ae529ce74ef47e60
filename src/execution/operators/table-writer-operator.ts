/**
 * TableWriter: appends its input rows (the channels of the written columns, in target-column
 * order) to a connector page sink. When the input ends it finishes the sink and emits one row:
 * the number of rows written (bigint) and the sink's commit fragment as JSON (varchar), which
 * TableFinish commits together with the other writers' fragments. Closing an unfinished writer
 * (failure, cancellation) aborts the sink, so nothing it buffered becomes visible.
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
  private state: 'writing' | 'output-ready' | 'finished' = 'writing';
  private output: Page | null = null;

  constructor(
    readonly context: OperatorContext,
    private readonly createSink: () => ConnectorPageSink,
    private readonly columnChannels: readonly number[],
  ) {}

  private openSink(): ConnectorPageSink {
    this.sink ??= this.createSink();
    return this.sink;
  }

  needsInput(): boolean {
    return this.state === 'writing';
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    this.openSink().appendPage(selectChannels(page, this.columnChannels));
    this.rows += page.positionCount;
  }

  getOutput(): Page | null {
    const page = this.output;
    if (page !== null) {
      this.output = null;
      this.state = 'finished';
    }
    return page;
  }

  finish(): void {
    if (this.state !== 'writing') return;
    const fragment = this.openSink().finish();
    this.output = createPage([blockOf(BIGINT, [this.rows]), blockOf(VARCHAR, [JSON.stringify(fragment)])], 1);
    this.state = 'output-ready';
  }

  isFinished(): boolean {
    return this.state === 'finished';
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    if (this.state === 'writing') this.sink?.abort();
    this.state = 'finished';
  }
}
