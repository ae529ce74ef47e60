/**
 * Filters and projects pages with compiled expressions: the filter selects positions, the
 * projection computes the output blocks over them. A projection that only selects input
 * channels copies no values (the blocks are reused, or gathered when a filter dropped rows).
 */

import type { Block } from '../../data/block.js';
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import type { CompiledFilter, CompiledProjection } from '../expression/compiler.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

/** Each output is either an input channel passed through or a computed expression. */
export type ProjectionOutput = { readonly channel: number } | { readonly computed: number };

export class FilterAndProjectOperator implements Operator {
  private output: Page | null = null;
  private finishing = false;
  private selection = new Int32Array(0);

  constructor(
    readonly context: OperatorContext,
    private readonly filter: CompiledFilter | undefined,
    private readonly projection: CompiledProjection | undefined,
    private readonly outputs: readonly ProjectionOutput[],
  ) {}

  needsInput(): boolean {
    return this.output === null && !this.finishing;
  }

  addInput(page: Page): void {
    let selected: Int32Array | null = null;
    let count = page.positionCount;
    if (this.filter) {
      if (this.selection.length < page.positionCount) this.selection = new Int32Array(page.positionCount);
      count = this.filter(page, this.selection);
      if (count === 0) return;
      if (count < page.positionCount) selected = this.selection;
    }
    const computed = this.projection ? this.projection(page, selected, count) : [];
    const blocks: Block[] = this.outputs.map((o) => {
      if ('computed' in o) return computed[o.computed]!;
      const block = page.blocks[o.channel]!;
      return selected === null ? block : copyPositions(block, selected, count);
    });
    this.output = { positionCount: count, blocks };
  }

  getOutput(): Page | null {
    const page = this.output;
    this.output = null;
    return page;
  }

  finish(): void {
    this.finishing = true;
  }

  isFinished(): boolean {
    return this.finishing && this.output === null;
  }

  isBlocked(): Promise<void> | undefined {
    return undefined;
  }

  close(): void {
    this.output = null;
  }
}
