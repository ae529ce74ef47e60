/**
 * AssignUniqueIdNode: appends a bigint column with a value unique within the query: the task's
 * `uniqueIdPrefix` in the bits above ROW_ID_BITS, a per-operator row counter below. Decorrelation
 * uses it to tell input rows apart after a join.
 *
 * Bigints are doubles while they are safe integers (|v| < 2^53), so the prefix gets 53 − 40 = 13
 * bits: up to 8192 prefixes of 2^40 rows each. Several drivers of one task must be given distinct
 * prefixes (or the local planner hands each driver its own), since the counter is per operator.
 */
import { VivaceError } from '../../common/vivace-error.js';
import { float64Block } from '../../data/block.js';
import { appendChannels, type Page } from '../../data/page.js';
import type { OperatorContext } from '../operator-context.js';
import { SinglePageOperator } from './single-page-operator.js';

export const ROW_ID_BITS = 40;
const ROWS_PER_PREFIX = 2 ** ROW_ID_BITS;
/** Prefixes must be below this so every id stays a safe integer. */
export const MAX_UNIQUE_ID_PREFIXES = 2 ** (53 - ROW_ID_BITS);

export class AssignUniqueIdOperator extends SinglePageOperator {
  private nextRow = 0;
  private readonly base: number;

  constructor(context: OperatorContext, uniqueIdPrefix: number) {
    super(context);
    if (!Number.isInteger(uniqueIdPrefix) || uniqueIdPrefix < 0 || uniqueIdPrefix >= MAX_UNIQUE_ID_PREFIXES) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Unique id prefix must be an integer in [0, ${MAX_UNIQUE_ID_PREFIXES}), got ${uniqueIdPrefix}`,
      );
    }
    this.base = uniqueIdPrefix * ROWS_PER_PREFIX;
  }

  addInput(page: Page): void {
    const count = page.positionCount;
    if (this.nextRow + count > ROWS_PER_PREFIX) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `More than ${ROWS_PER_PREFIX} rows to number in one task`);
    }
    const ids = new Float64Array(count);
    const first = this.base + this.nextRow;
    for (let i = 0; i < count; i++) ids[i] = first + i;
    this.nextRow += count;
    this.output = appendChannels(page, [float64Block(ids)]);
  }
}
