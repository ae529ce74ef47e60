/**
 * A throw-away connector that exists only in tests (`connector.name=throwaway`), written against
 * the SPI alone the way a new data source would be: table `s.numbers` (one bigint column `n`) of
 * `SPLITS` splits of `ROWS_PER_SPLIT` consecutive numbers each, readable by any worker (it says
 * so through `splitPlacement`). It takes a filter on `n` that is one range (`applyFilter`): the
 * bounds go into its table handle, which prunes splits and rows wherever they are read, and it
 * guarantees them; it ignores limits (the engine enforces them). Servers get it through their
 * `connectorFactories` option; no server file names it.
 */
import {
  ANY_WORKER,
  type Connector,
  type ConnectorFactory,
  type ConnectorMetadata,
  type ConnectorPageSource,
  type FilterApplication,
  type PageSourceRequest,
  type ScanTable,
  type SchemaTableName,
  type SplitPlacement,
  type SplitRequest,
} from '../../src/spi/connector.js';
import type { TableMetadata, TableStatistics } from '../../src/spi/metadata.js';
import { type ConnectorSplitSource, fixedSplitSource } from '../../src/spi/split-source.js';
import type { TupleDomain } from '../../src/spi/tuple-domain.js';
import { BIGINT } from '../../src/types/type.js';
import { BigintPageSource } from './bigint-page-source.js';

export const SPLITS = 16;
export const ROWS_PER_SPLIT = 1000;

const NUMBERS: TableMetadata = {
  name: { catalog: '', schema: 's', name: 'numbers' },
  columns: [{ name: 'n', type: BIGINT }],
};

/** The handle: the numbers a scan reads, both bounds inclusive. */
interface NumbersHandle {
  readonly low: number;
  readonly high: number;
}

const ALL_NUMBERS: NumbersHandle = { low: 0, high: SPLITS * ROWS_PER_SPLIT - 1 };

function handleOf(value: unknown): NumbersHandle {
  return (value as NumbersHandle | undefined) ?? ALL_NUMBERS;
}

class ThrowawayMetadata implements ConnectorMetadata {
  /** Takes a domain on `n` that is one range without NULL, and guarantees it. */
  applyFilter(table: ScanTable, constraint: TupleDomain): FilterApplication | undefined {
    const domain = constraint.columns.n;
    const range = domain?.ranges?.length === 1 ? domain.ranges[0] : undefined;
    if (constraint.none || domain === undefined || domain.nullAllowed || range === undefined) return undefined;
    const current = handleOf(table.handle);
    const low = range.low === undefined ? current.low : Number(range.low.value) + (range.low.inclusive ? 0 : 1);
    const high = range.high === undefined ? current.high : Number(range.high.value) - (range.high.inclusive ? 0 : 1);
    const { n: _, ...others } = constraint.columns;
    return {
      handle: { low: Math.max(low, current.low), high: Math.min(high, current.high) },
      remaining: { columns: others },
    };
  }

  async listSchemas(): Promise<readonly string[]> {
    return ['s'];
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    return schema === undefined || schema === 's' ? [{ schema: 's', table: 'numbers' }] : [];
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    return name.schema === 's' && name.table === 'numbers' ? NUMBERS : undefined;
  }

  async getTableStatistics(): Promise<TableStatistics> {
    return { rowCount: SPLITS * ROWS_PER_SPLIT, columns: {} };
  }
}

/** The numbers of [first, first + ROWS_PER_SPLIT) the handle allows, as one page. */
function numbersPageSource(first: number, handle: NumbersHandle, columns: number): BigintPageSource {
  const from = Math.max(first, handle.low);
  const to = Math.min(first + ROWS_PER_SPLIT - 1, handle.high);
  return new BigintPageSource(
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i),
    columns,
  );
}

export const THROWAWAY_CONNECTOR_FACTORY: ConnectorFactory = {
  name: 'throwaway',
  create(): Connector {
    return {
      metadata: new ThrowawayMetadata(),
      splitPlacement(): SplitPlacement {
        return ANY_WORKER;
      },
      /** The splits whose numbers the handle allows. */
      getSplits(request: SplitRequest): ConnectorSplitSource {
        const { low, high } = handleOf(request.handle);
        const firsts = Array.from({ length: SPLITS }, (_, i) => i * ROWS_PER_SPLIT);
        const kept = firsts.filter((first) => first + ROWS_PER_SPLIT - 1 >= low && first <= high);
        return fixedSplitSource(kept.map((first) => ({ first })));
      },
      createPageSource(request: PageSourceRequest): ConnectorPageSource {
        return numbersPageSource(Number(request.split.first), handleOf(request.handle), request.columns.length);
      },
    };
  },
};
