/**
 * Reads one tpch split: generates its units batch by batch (about 8192 rows per `getNextPage`;
 * for lineitem 2048 orders, about 8192 lines), only the requested columns, and wraps the
 * generator's arrays into blocks without copying. Closed vocabularies arrive as dictionary ids over
 * a shared word list, which becomes a dictionary block over one string block per list (created
 * once per process, so every page of a column shares its dictionary). A key constraint narrows
 * the units generated. The engine counts the rows and enforces a scan's limit; outside lineitem,
 * where a unit is a row, the limit hint also bounds the units generated.
 */
import { VivaceError } from '../../common/vivace-error.js';
import {
  type Block,
  dictionaryBlock,
  float64Block,
  int32Block,
  type StringBlock,
  stringBlock,
} from '../../data/block.js';
import { createPage, type Page } from '../../data/page.js';
import type { ConnectorPageSource, PageSourceRequest } from '../../spi/connector.js';
import { type GeneratedColumn, generateTpchColumns, type TpchTableName } from './generator/index.js';
import { clipIntervals, type UnitInterval } from './tpch-key-ranges.js';
import type { TpchSplit } from './tpch-splits.js';

/** Rows generated per page for every table but lineitem. */
export const ROWS_PER_BATCH = 8192;
/** Orders generated per lineitem page: 4 lines per order on average. */
export const ORDERS_PER_LINEITEM_BATCH = 2048;

const dictionaryBlocks = new WeakMap<readonly string[], StringBlock>();

function dictionaryOf(words: readonly string[]): StringBlock {
  let block = dictionaryBlocks.get(words);
  if (block === undefined) {
    block = stringBlock(words);
    dictionaryBlocks.set(words, block);
  }
  return block;
}

/** The block of a generated column, sharing its arrays. */
export function generatedColumnBlock(column: GeneratedColumn): Block {
  switch (column.kind) {
    case 'float64':
      return float64Block(column.values);
    case 'int32':
      return int32Block(column.values);
    case 'string':
      return stringBlock(column.values);
    case 'dictionary':
      return dictionaryBlock(column.ids, dictionaryOf(column.dictionary));
  }
}

export class TpchPageSource implements ConnectorPageSource {
  private readonly table: TpchTableName;
  private readonly scaleFactor: number;
  private readonly intervals: UnitInterval[];
  private interval = 0;
  /** Next unit to generate within the current interval. */
  private position: number;
  private finished: boolean;

  /**
   * `generatorColumns` are the generator's names of the requested columns, in output order;
   * `allowedUnits` the units a key constraint allows (undefined: all).
   */
  constructor(
    split: TpchSplit,
    private readonly generatorColumns: readonly string[],
    allowedUnits: readonly UnitInterval[] | undefined,
    request: Pick<PageSourceRequest, 'limit'>,
  ) {
    this.table = split.table;
    this.scaleFactor = split.scaleFactor;
    const limit = request.limit;
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Invalid limit for a tpch page source: ${limit}`);
    }
    const intervals = clipIntervals(allowedUnits, split.start, split.end);
    // A unit is a row outside lineitem: no more units than the limit need generating.
    this.intervals = limit === undefined || this.table === 'lineitem' ? intervals : firstUnits(intervals, limit);
    this.position = this.intervals[0]?.start ?? 0;
    this.finished = this.intervals.length === 0;
  }

  getNextPage(): Page | null {
    if (this.finished) return null;
    const current = this.intervals[this.interval];
    const batchUnits = this.table === 'lineitem' ? ORDERS_PER_LINEITEM_BATCH : ROWS_PER_BATCH;
    const count = Math.min(batchUnits, current.end - this.position);
    const batch = generateTpchColumns(this.table, this.scaleFactor, this.position, count, this.generatorColumns);
    this.position += count;
    if (this.position >= current.end) {
      this.interval++;
      const next = this.intervals[this.interval];
      if (next === undefined) this.finished = true;
      else this.position = next.start;
    }
    return createPage(batch.columns.map(generatedColumnBlock), batch.rowCount);
  }

  isFinished(): boolean {
    return this.finished;
  }

  close(): void {
    this.finished = true;
  }
}

/** The first `count` units of `intervals`. */
function firstUnits(intervals: readonly UnitInterval[], count: number): UnitInterval[] {
  const kept: UnitInterval[] = [];
  let left = count;
  for (const interval of intervals) {
    if (left <= 0) break;
    const end = Math.min(interval.end, interval.start + left);
    kept.push({ start: interval.start, end });
    left -= end - interval.start;
  }
  return kept;
}
