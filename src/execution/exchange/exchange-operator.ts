/**
 * The source operator of a RemoteSource node: hands out the pages an exchange client fetched
 * from upstream tasks, blocking while none is there. Its `info` in the task record is the
 * client's status (spec §2.3: `pageBufferClientStatuses`).
 */
import type { Page } from '../../data/page.js';
import type { Operator, OperatorFactory } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { ExchangeClient } from './exchange-client.js';

export class ExchangeOperator implements Operator {
  private closed = false;

  constructor(
    readonly context: OperatorContext,
    readonly client: ExchangeClient,
  ) {}

  needsInput(): boolean {
    return false;
  }

  addInput(): void {
    throw new Error('an exchange operator takes no input');
  }

  getOutput(): Page | null {
    if (this.closed) return null;
    return this.client.pollPage();
  }

  finish(): void {
    this.close();
  }

  isFinished(): boolean {
    return this.closed || this.client.isFinished();
  }

  isBlocked(): Promise<void> | undefined {
    if (this.closed || this.client.isFinished()) return undefined;
    return this.client.bufferedPageCount > 0 ? undefined : this.client.whenReady();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.client.close();
  }
}

export class ExchangeOperatorFactory implements OperatorFactory {
  readonly operatorId = 0;
  readonly operatorType = 'ExchangeOperator';

  constructor(private readonly createClient: () => ExchangeClient) {}

  create(context: OperatorContext): ExchangeOperator {
    return new ExchangeOperator(context, this.createClient());
  }
}
