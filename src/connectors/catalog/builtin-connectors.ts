/**
 * The connectors built into Vivace and the one-call setup of a process's catalogs: factories for
 * `tpch`, `memory` (bound to this node's id) and `hive` (the lake connector), catalogs loaded from
 * a directory, defaults added — among them, given a data directory, the catalog `lake`, whose
 * file metastore and managed tables live in `<data dir>/lake`, so tables survive restarts.
 */
import { join, resolve } from 'node:path';
import type { ConnectorFactory } from '../../spi/connector.js';
import { LAKE_CONNECTOR_FACTORY, LAKE_CONNECTOR_NAME } from '../lake/connector/lake-connector.js';
import { fileLocation } from '../lake/fs/location.js';
import { createMemoryConnectorFactory } from '../memory/memory-connector.js';
import { TPCH_CONNECTOR_FACTORY } from '../tpch/tpch-connector.js';
import { loadCatalogs } from './catalog-loader.js';
import { CatalogManager } from './catalog-manager.js';

export function builtinConnectorFactories(nodeId: string): ConnectorFactory[] {
  return [TPCH_CONNECTOR_FACTORY, createMemoryConnectorFactory(nodeId), LAKE_CONNECTOR_FACTORY];
}

export interface CatalogSetupOptions {
  /** This node's id (memory splits name the node holding their pages). */
  readonly nodeId: string;
  /** Directory of `<catalog>.properties` files (`etc/catalog`); absent: defaults only. */
  readonly catalogDirectory?: string;
  /**
   * The node's data directory (`node.data-dir`); when set and no catalog file defines `lake`, a
   * default `lake` catalog keeps its metastore and managed tables in `<dataDirectory>/lake`.
   */
  readonly dataDirectory?: string;
  /** Further connector factories besides the built-in ones. */
  readonly extraFactories?: readonly ConnectorFactory[];
}

export function createCatalogManager(options: CatalogSetupOptions): CatalogManager {
  const manager = new CatalogManager([...builtinConnectorFactories(options.nodeId), ...(options.extraFactories ?? [])]);
  loadCatalogs(manager, options.catalogDirectory);
  if (options.dataDirectory !== undefined && manager.getCatalog(DEFAULT_LAKE_CATALOG) === undefined) {
    manager.createCatalog({
      name: DEFAULT_LAKE_CATALOG,
      connectorName: LAKE_CONNECTOR_NAME,
      properties: defaultLakeProperties(options.dataDirectory),
    });
  }
  return manager;
}

export const DEFAULT_LAKE_CATALOG = 'lake';

/** The properties of the default `lake` catalog over a data directory. */
export function defaultLakeProperties(dataDirectory: string): Record<string, string> {
  return {
    'hive.metastore': 'file',
    'hive.metastore.catalog.dir': fileLocation(join(resolve(dataDirectory), DEFAULT_LAKE_CATALOG)),
  };
}
