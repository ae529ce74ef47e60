/**
 * LIMIT n (LimitNode): passes the first `count` rows through, truncating the page that crosses the
 * limit, and reports itself finished as soon as the limit is reached so that upstream operators
 * stop producing. WITH TIES (`tiesResolvingScheme`): after the n-th row, rows equal to it on the
 * tie-resolving orderings (NULLs equal to NULLs) are passed too, until the first row that differs;
 * the input is sorted on those orderings, so that row ends the output.
 */

import { fail } from '../../common/invariant.js';
import { getPageRegion, type Page } from '../../data/page.js';
import type { OperatorContext } from '../operator-context.js';
import { createRowComparator, type SortColumn, type SortOrdering, sortColumnsOf } from '../sort/sort-keys.js';
import { SinglePageOperator } from './single-page-operator.js';

export class LimitOperator extends SinglePageOperator {
  private remaining: number;
  /** WITH TIES, once the limit is reached: the last row within the limit, as sort columns. */
  private lastRow: readonly SortColumn[] | null = null;
  private lastPosition = 0;
  private tiesEnded = false;

  /**
   * @param count LimitNode.count
   * @param tiesResolvingScheme LimitNode.tiesResolvingScheme mapped to channels (WITH TIES)
   */
  constructor(
    context: OperatorContext,
    count: number,
    private readonly tiesResolvingScheme?: readonly SortOrdering[],
  ) {
    super(context);
    this.remaining = Math.max(0, count);
    this.tiesEnded = count <= 0;
  }

  /** Reaching the limit finishes the operator, so that upstream operators stop producing. */
  protected override get ended(): boolean {
    return this.remaining === 0 && (this.tiesResolvingScheme === undefined || this.tiesEnded);
  }

  addInput(page: Page): void {
    const rows = page.positionCount;
    if (rows === 0 || this.ended) return;
    if (this.remaining > 0) {
      const taken = Math.min(rows, this.remaining);
      this.remaining -= taken;
      if (this.remaining === 0 && this.tiesResolvingScheme !== undefined) {
        this.lastRow = sortColumnsOf(page.blocks, this.tiesResolvingScheme);
        this.lastPosition = taken - 1;
        const ties = this.countTies(page, taken);
        this.output = getPageRegion(page, 0, taken + ties);
        return;
      }
      this.output = taken === rows ? page : getPageRegion(page, 0, taken);
      return;
    }
    const ties = this.countTies(page, 0);
    if (ties > 0) this.output = getPageRegion(page, 0, ties);
  }

  /** How many rows from `start` on equal the last row within the limit; ends the ties when one differs. */
  private countTies(page: Page, start: number): number {
    const scheme = this.tiesResolvingScheme ?? fail('ties are counted only WITH TIES');
    const columns = sortColumnsOf(page.blocks, scheme);
    const compare = createRowComparator(scheme, columns);
    const last = this.lastRow ?? fail('ties are counted after the last row within the limit');
    let position = start;
    while (position < page.positionCount && compare(columns, position, last, this.lastPosition) === 0) position++;
    if (position < page.positionCount) {
      this.tiesEnded = true;
      this.lastRow = null;
    }
    return position - start;
  }

  override close(): void {
    super.close();
    this.lastRow = null;
  }
}
