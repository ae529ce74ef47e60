/**
 * A throw-away connector that exists only in tests (`connector.name=throwaway`), written against
 * the SPI alone the way a new data source would be: table `s.numbers` (one bigint column `n`) of
 * `SPLITS` splits of `ROWS_PER_SPLIT` consecutive numbers each, readable by any worker (it says
 * so through `splitPlacement`). Servers get it through their `connectorFactories` option; no
 * server file names it.
 */
import { blockOf } from '../../src/data/block-builder.js';
import { createPage, type Page } from '../../src/data/page.js';
import {
  ANY_WORKER,
  type Connector,
  type ConnectorFactory,
  type ConnectorMetadata,
  type ConnectorPageSource,
  type PageSourceRequest,
  type SchemaTableName,
  type SplitPlacement,
} from '../../src/spi/connector.js';
import type { TableMetadata, TableStatistics } from '../../src/spi/metadata.js';
import { type ConnectorSplitSource, fixedSplitSource } from '../../src/spi/split-source.js';
import { BIGINT } from '../../src/types/type.js';

export const SPLITS = 16;
export const ROWS_PER_SPLIT = 1000;

const NUMBERS: TableMetadata = {
  name: { catalog: '', schema: 's', name: 'numbers' },
  columns: [{ name: 'n', type: BIGINT }],
};

class ThrowawayMetadata implements ConnectorMetadata {
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

/** The numbers [first, first + ROWS_PER_SPLIT) as one page. */
class NumbersPageSource implements ConnectorPageSource {
  completedBytes = 0;
  completedPositions = 0;
  private page: Page | null;

  constructor(first: number, columns: number) {
    const values = Array.from({ length: ROWS_PER_SPLIT }, (_, i) => first + i);
    this.page = createPage(columns === 0 ? [] : [blockOf(BIGINT, values)], ROWS_PER_SPLIT);
  }

  getNextPage(): Page | null {
    const page = this.page;
    this.page = null;
    if (page) {
      this.completedPositions += page.positionCount;
      this.completedBytes += page.positionCount * 8;
    }
    return page;
  }

  isFinished(): boolean {
    return this.page === null;
  }

  close(): void {
    this.page = null;
  }
}

export const THROWAWAY_CONNECTOR_FACTORY: ConnectorFactory = {
  name: 'throwaway',
  create(): Connector {
    return {
      metadata: new ThrowawayMetadata(),
      splitPlacement(): SplitPlacement {
        return ANY_WORKER;
      },
      getSplits(): ConnectorSplitSource {
        return fixedSplitSource(Array.from({ length: SPLITS }, (_, i) => ({ first: i * ROWS_PER_SPLIT })));
      },
      createPageSource(request: PageSourceRequest): ConnectorPageSource {
        return new NumbersPageSource(Number(request.split.first), request.columns.length);
      },
    };
  },
};
