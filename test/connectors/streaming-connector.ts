/**
 * A throw-away connector for tests of split enumeration: table `s.t` (one bigint column `id`)
 * whose split source lists `splitCount` splits in batches of at most `batchSize`, each batch a
 * timer turn later, as a slow listing of many files would. Each split is one row, its id. The
 * connector records what happened in order (`events`) so tests can show that splits ran while
 * the listing went on and that a finished query closed the source.
 */
import type {
  Connector,
  ConnectorFactory,
  ConnectorMetadata,
  ConnectorPageSource,
  PageSourceRequest,
  SchemaTableName,
} from '../../src/spi/connector.js';
import type { TableMetadata } from '../../src/spi/metadata.js';
import type { ConnectorSplitSource, SplitBatch } from '../../src/spi/split-source.js';
import { BIGINT } from '../../src/types/type.js';
import { BigintPageSource } from './bigint-page-source.js';

export interface StreamingLog {
  /** `batch <first id> <count>`, `read <id>`, `no more splits`, `closed`, in the order they happened. */
  readonly events: string[];
  /** Splits handed out by the source so far. */
  handedOut: number;
  closed: boolean;
}

export interface StreamingOptions {
  readonly splitCount: number;
  readonly batchSize: number;
}

const TABLE: TableMetadata = {
  name: { catalog: '', schema: 's', name: 't' },
  columns: [{ name: 'id', type: BIGINT }],
};

class StreamingMetadata implements ConnectorMetadata {
  async listSchemas(): Promise<readonly string[]> {
    return ['s'];
  }

  async listTables(schema?: string): Promise<readonly SchemaTableName[]> {
    return schema === undefined || schema === 's' ? [{ schema: 's', table: 't' }] : [];
  }

  async getTable(name: SchemaTableName): Promise<TableMetadata | undefined> {
    return name.schema === 's' && name.table === 't' ? TABLE : undefined;
  }
}

/** A factory (`connector.name=streaming`) whose connectors all write into `log`. */
export function streamingConnectorFactory(options: StreamingOptions, log: StreamingLog): ConnectorFactory {
  return {
    name: 'streaming',
    create(): Connector {
      return {
        metadata: new StreamingMetadata(),
        getSplits(): ConnectorSplitSource {
          return {
            nextBatch(maxSplits: number): Promise<SplitBatch> {
              return new Promise((resolve) => {
                setTimeout(() => {
                  const first = log.handedOut;
                  const count = Math.min(maxSplits, options.batchSize, options.splitCount - first);
                  log.handedOut += count;
                  log.events.push(`batch ${first} ${count}`);
                  const noMoreSplits = log.handedOut >= options.splitCount;
                  if (noMoreSplits) log.events.push('no more splits');
                  resolve({ splits: Array.from({ length: count }, (_, i) => ({ id: first + i })), noMoreSplits });
                }, 1);
              });
            },
            close(): void {
              log.closed = true;
              log.events.push('closed');
            },
          };
        },
        createPageSource(request: PageSourceRequest): ConnectorPageSource {
          const id = Number(request.split.id);
          log.events.push(`read ${id}`);
          return new BigintPageSource([id], request.columns.length);
        },
      };
    },
  };
}

export function newStreamingLog(): StreamingLog {
  return { events: [], handedOut: 0, closed: false };
}
