/** MergeOperator: merges sorted streams from several upstream tasks into one sorted stream. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../../src/data/block-builder.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { createPage, type Page } from '../../../src/data/page.js';
import type { ExchangeClient, ExchangeClientStatus } from '../../../src/execution/exchange/exchange-client.js';
import { MergeOperator, MergeSource } from '../../../src/execution/exchange/merge-operator.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { BIGINT, VARCHAR } from '../../../src/types/type.js';

/** Serves the pages registered for each location, then finishes. */
class FakeClient implements ExchangeClient {
  private pages: Page[] = [];
  constructor(private readonly streams: Map<string, Page[]>) {}
  addLocation(uri: string): void {
    this.pages = [...(this.streams.get(uri) ?? [])];
  }
  noMoreLocations(): void {}
  pollPage(): Page | null {
    return this.pages.shift() ?? null;
  }
  get bufferedPageCount(): number {
    return this.pages.length;
  }
  isFinished(): boolean {
    return this.pages.length === 0;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  close(): void {}
  status(): ExchangeClientStatus {
    return {
      bufferedBytes: 0,
      bufferedPages: 0,
      averageBytesPerRequest: 0,
      noMoreLocations: true,
      pageBufferClientStatuses: [],
    };
  }
}

const page = (keys: (number | null)[], names: string[]) =>
  createPage([blockOf(BIGINT, keys), blockOf(VARCHAR, names)], keys.length);

describe('MergeOperator', () => {
  it('merges sorted streams of several tasks, NULLs last, equal keys in stream order', () => {
    const streams = new Map<string, Page[]>([
      ['a', [page([1, 4], ['a1', 'a4']), page([9, null], ['a9', 'anull'])]],
      ['b', [page([2, 4, 7], ['b2', 'b4', 'b7'])]],
      ['c', []],
    ]);
    const source = new MergeSource(() => new FakeClient(streams));
    const merge = new MergeOperator(
      OperatorContext.standalone(),
      source,
      [{ channel: 0, type: BIGINT, ascending: true, nullsFirst: false }],
      2,
    );
    assert.ok(merge.isBlocked(), 'waits for the upstream locations');
    for (const uri of ['a', 'b', 'c']) source.addLocation(uri);
    source.noMoreLocations();
    const rows: unknown[][] = [];
    while (!merge.isFinished()) {
      const out = merge.getOutput();
      if (out) rows.push(...pageToJsonRows(out, [BIGINT, VARCHAR]));
    }
    assert.deepEqual(
      rows.map((r) => r[1]),
      ['a1', 'b2', 'a4', 'b4', 'b7', 'a9', 'anull'],
    );
  });
});
