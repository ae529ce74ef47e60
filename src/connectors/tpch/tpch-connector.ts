/**
 * The tpch connector: TPC-H data generated on the fly, as Presto's tpch catalog. Metadata in
 * tpch-metadata.ts, splits in tpch-splits.ts, page sources in tpch-page-source.ts. Catalog
 * properties: `tpch.column-naming` (SIMPLIFIED, the default, or STANDARD) and
 * `tpch.partitioning-enabled` (true by default: orders and lineitem are bucketed by the order key,
 * part and partsupp by the part key, tpch-splits.ts). The generator builds its
 * 300 MB comment text pool on first use, once per process, so catalogs that never read a comment
 * column never pay for it.
 */
import { VivaceError } from '../../common/vivace-error.js';
import {
  ANY_WORKER,
  type Connector,
  type ConnectorFactory,
  type ConnectorPageSource,
  type ConnectorSplitSource,
  type PageSourceRequest,
  type ScanTable,
  type SchemaTableName,
  type SplitPlacement,
  type SplitRequest,
} from '../../spi/connector.js';
import { fixedSplitSource } from '../../spi/split-source.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import { booleanProperty, checkKnownProperties } from '../catalog/connector-properties.js';
import { tpchUnitCount, warmTpchTextPool } from './generator/index.js';
import {
  catalogColumnName,
  generatorColumnName,
  parseColumnNaming,
  type TpchColumnNaming,
} from './tpch-column-naming.js';
import { constrainedUnitIntervals, TPCH_KEY_COLUMNS, type UnitInterval } from './tpch-key-ranges.js';
import { resolveTpchTable, TpchMetadata, type TpchTableHandle } from './tpch-metadata.js';
import { TpchPageSource } from './tpch-page-source.js';
import { asTpchSplit, type TpchSplit, tpchSplits } from './tpch-splits.js';

export const TPCH_COLUMN_NAMING_PROPERTY = 'tpch.column-naming';
export const TPCH_PARTITIONING_ENABLED_PROPERTY = 'tpch.partitioning-enabled';

export interface TpchConnectorOptions {
  readonly columnNaming?: TpchColumnNaming;
  /** Bucketed splits and table partitionings (default true). */
  readonly partitioningEnabled?: boolean;
}

export class TpchConnector implements Connector {
  readonly metadata: TpchMetadata;

  constructor(
    readonly catalogName: string,
    options: TpchConnectorOptions = {},
  ) {
    this.metadata = new TpchMetadata(
      catalogName,
      options.columnNaming ?? 'SIMPLIFIED',
      options.partitioningEnabled ?? true,
    );
  }

  private resolve(name: SchemaTableName): TpchTableHandle {
    const handle = resolveTpchTable(name);
    if (handle === undefined) {
      throw new VivaceError(
        'TABLE_NOT_FOUND',
        `Table '${this.catalogName}.${name.schema}.${name.table}' does not exist`,
      );
    }
    return handle;
  }

  /** The units the constraint on the table's key allows (undefined: no narrowing). */
  private allowedUnits(handle: TpchTableHandle, constraint: TupleDomain | undefined): UnitInterval[] | undefined {
    const keyColumn = catalogColumnName(handle.table, TPCH_KEY_COLUMNS[handle.table], this.metadata.naming);
    const units = tpchUnitCount(handle.table, handle.scaleFactor);
    return constrainedUnitIntervals(handle.table, units, keyColumn, constraint);
  }

  /** Any node generates any split. */
  splitPlacement(): SplitPlacement {
    return ANY_WORKER;
  }

  /** Only a constraint on the table's key drops splits (each covers a range of keys). */
  splitPruningColumns(table: ScanTable): readonly string[] {
    const handle = this.resolve(table.table);
    return [catalogColumnName(handle.table, TPCH_KEY_COLUMNS[handle.table], this.metadata.naming)];
  }

  /** Splits are computed at once: a table's generator units are known without I/O. */
  getSplits(request: SplitRequest): ConnectorSplitSource {
    return fixedSplitSource(this.listSplits(request));
  }

  /** Every split of a scan. */
  listSplits(request: SplitRequest): TpchSplit[] {
    const handle = this.resolve(request.table);
    const intervals = this.allowedUnits(handle, request.constraint);
    return tpchSplits(
      handle.table,
      handle.scaleFactor,
      request.desiredSplits,
      intervals,
      this.metadata.partitioningEnabled,
      request.tasks,
    );
  }

  createPageSource(request: PageSourceRequest): ConnectorPageSource {
    const split = asTpchSplit(request.split);
    const handle = this.resolve(request.table);
    if (handle.table !== split.table || handle.scaleFactor !== split.scaleFactor) {
      throw new VivaceError(
        'GENERIC_INTERNAL_ERROR',
        `Split of ${split.table} at scale ${split.scaleFactor} used to read ${request.table.schema}.${request.table.table}`,
      );
    }
    const generatorColumns = request.columns.map((column) => {
      const name = generatorColumnName(handle.table, column, this.metadata.naming);
      if (name === undefined) {
        throw new VivaceError(
          'COLUMN_NOT_FOUND',
          `Column '${column}' not found in ${this.catalogName}.${request.table.schema}.${request.table.table}`,
        );
      }
      return name;
    });
    return new TpchPageSource(split, generatorColumns, this.allowedUnits(handle, request.constraint), request);
  }

  /** The comment text pool, built in the background rather than inside the first query. */
  warmUp(): Promise<void> {
    return warmTpchTextPool();
  }
}

export function createTpchConnector(catalogName: string, options?: TpchConnectorOptions): TpchConnector {
  return new TpchConnector(catalogName, options);
}

/** `connector.name=tpch`. */
export const TPCH_CONNECTOR_FACTORY: ConnectorFactory = {
  name: 'tpch',
  create(catalogName, properties) {
    checkKnownProperties(properties, [TPCH_COLUMN_NAMING_PROPERTY, TPCH_PARTITIONING_ENABLED_PROPERTY]);
    return createTpchConnector(catalogName, {
      columnNaming: parseColumnNaming(properties[TPCH_COLUMN_NAMING_PROPERTY]),
      partitioningEnabled: booleanProperty(properties, TPCH_PARTITIONING_ENABLED_PROPERTY, true),
    });
  },
};
