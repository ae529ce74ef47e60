/**
 * The catalogs of this process: each a connector instance created by the factory its
 * `connector.name` selects, under a canonical (lowercase) name. Catalogs come from
 * `etc/catalog/<name>.properties` files (catalog-loader.ts) or are added directly (the lead adds
 * `system`); by default `tpch` and `memory` exist unless a file of that name defines them.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Connector, ConnectorFactory } from '../../spi/connector.js';

export const CONNECTOR_NAME_PROPERTY = 'connector.name';

/** Catalogs that exist without a properties file: name → connector name. */
export const DEFAULT_CATALOGS: Readonly<Record<string, string>> = { tpch: 'tpch', memory: 'memory' };

export interface Catalog {
  readonly name: string;
  readonly connectorName: string;
  readonly connector: Connector;
  /** The catalog's properties, without `connector.name`. */
  readonly properties: Readonly<Record<string, string>>;
  /** The file that defined it, if any. */
  readonly source?: string;
  /** Made by CREATE CATALOG (or loaded from the file one wrote): sent to workers with their tasks. */
  readonly dynamic?: boolean;
}

export interface CatalogDefinition {
  readonly name: string;
  readonly connectorName: string;
  readonly properties: Readonly<Record<string, string>>;
  readonly source?: string;
  readonly dynamic?: boolean;
}

export class CatalogManager {
  private readonly factories = new Map<string, ConnectorFactory>();
  private readonly catalogs = new Map<string, Catalog>();

  constructor(factories: readonly ConnectorFactory[]) {
    for (const factory of factories) {
      if (this.factories.has(factory.name)) {
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `Connector factory '${factory.name}' is already registered`);
      }
      this.factories.set(factory.name, factory);
    }
  }

  /** Names of the registered connector factories, sorted. */
  connectorNames(): string[] {
    return [...this.factories.keys()].sort();
  }

  /**
   * Creates a catalog from its definition. Errors (unknown connector, bad properties, duplicate
   * name) are CONFIGURATION_INVALID and name the file that defined the catalog.
   */
  createCatalog(definition: CatalogDefinition): Catalog {
    const name = definition.name.toLowerCase();
    const where = definition.source === undefined ? `catalog '${name}'` : `catalog file ${definition.source}`;
    if (this.catalogs.has(name)) {
      throw new VivaceError('CONFIGURATION_INVALID', `Catalog '${name}' is defined twice (${where})`);
    }
    const factory = this.factories.get(definition.connectorName);
    if (factory === undefined) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `Unknown connector.name '${definition.connectorName}' in ${where} (available: ${this.connectorNames().join(', ')})`,
      );
    }
    let connector: Connector;
    try {
      connector = factory.create(name, definition.properties);
    } catch (e) {
      if (e instanceof VivaceError) {
        throw new VivaceError(e.errorCode, `${e.rawMessage} (${where})`, undefined, { cause: e });
      }
      throw e;
    }
    return this.addCatalog({ ...definition, name, connector });
  }

  /** Registers a catalog whose connector was created elsewhere (e.g. the system catalog). */
  addCatalog(catalog: Catalog): Catalog {
    const name = catalog.name.toLowerCase();
    if (this.catalogs.has(name)) {
      throw new VivaceError('CONFIGURATION_INVALID', `Catalog '${name}' is defined twice`);
    }
    const stored = name === catalog.name ? catalog : { ...catalog, name };
    this.catalogs.set(name, stored);
    return stored;
  }

  /** Creates the default catalogs whose names no definition has taken. */
  addDefaultCatalogs(defaults: Readonly<Record<string, string>> = DEFAULT_CATALOGS): void {
    for (const [name, connectorName] of Object.entries(defaults)) {
      if (!this.catalogs.has(name)) this.createCatalog({ name, connectorName, properties: {} });
    }
  }

  /** Forgets a catalog (DROP CATALOG, or a CREATE CATALOG undone); running scans keep their connector. */
  removeCatalog(name: string): Catalog | undefined {
    const key = name.toLowerCase();
    const catalog = this.catalogs.get(key);
    this.catalogs.delete(key);
    return catalog;
  }

  /** The registered factory of a connector name, if any. */
  factory(connectorName: string): ConnectorFactory | undefined {
    return this.factories.get(connectorName);
  }

  getCatalog(name: string): Catalog | undefined {
    return this.catalogs.get(name.toLowerCase());
  }

  /** All catalogs, sorted by name. */
  /** Lets every connector prepare in the background (see `Connector.warmUp`). */
  async warmUp(): Promise<void> {
    await Promise.all(this.listCatalogs().map((catalog) => catalog.connector.warmUp?.()));
  }

  listCatalogs(): Catalog[] {
    return [...this.catalogs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  connectorOf(catalog: string): Connector | undefined {
    return this.getCatalog(catalog)?.connector;
  }
}
