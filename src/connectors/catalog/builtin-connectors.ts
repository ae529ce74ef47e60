/**
 * The connectors built into Vivace and the one-call setup of a process's catalogs: factories for
 * `tpch` and `memory` (bound to this node's id), catalogs loaded from a directory, defaults added.
 */
import type { ConnectorFactory } from '../../spi/connector.js';
import { createMemoryConnectorFactory } from '../memory/memory-connector.js';
import { TPCH_CONNECTOR_FACTORY } from '../tpch/tpch-connector.js';
import { loadCatalogs } from './catalog-loader.js';
import { CatalogManager } from './catalog-manager.js';

export function builtinConnectorFactories(nodeId: string): ConnectorFactory[] {
  return [TPCH_CONNECTOR_FACTORY, createMemoryConnectorFactory(nodeId)];
}

export interface CatalogSetupOptions {
  /** This node's id (memory splits name the node holding their pages). */
  readonly nodeId: string;
  /** Directory of `<catalog>.properties` files (`etc/catalog`); absent: defaults only. */
  readonly catalogDirectory?: string;
  /** Further connector factories besides the built-in ones. */
  readonly extraFactories?: readonly ConnectorFactory[];
}

export function createCatalogManager(options: CatalogSetupOptions): CatalogManager {
  const manager = new CatalogManager([...builtinConnectorFactories(options.nodeId), ...(options.extraFactories ?? [])]);
  loadCatalogs(manager, options.catalogDirectory);
  return manager;
}
