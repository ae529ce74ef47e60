/**
 * One statement's view of the catalogs: every answer (catalog and schema existence, tables,
 * views, statistics) is remembered the first time it is asked, so analysis and planning of a
 * statement see one consistent state even while other statements run DDL or INSERTs.
 *
 * This is where remote connectors fit in: `prefetch` resolves the names a statement mentions
 * before analysis starts and may wait (today it reads the in-process connectors synchronously);
 * the analyzer and planner then read only the cache, which is why MetadataView is synchronous.
 * A name that was not prefetched falls through to the manager on first use.
 */
import type {
  MetadataView,
  QualifiedObjectName,
  TableMetadata,
  TableStatistics,
  ViewDefinition,
} from '../../spi/metadata.js';
import { canonicalName, type MetadataManager } from './metadata-manager.js';

function keyOf(name: QualifiedObjectName): string {
  const canonical = canonicalName(name);
  return JSON.stringify([canonical.catalog, canonical.schema, canonical.name]);
}

export class StatementMetadata implements MetadataView {
  private readonly catalogs = new Map<string, boolean>();
  private readonly schemas = new Map<string, boolean>();
  private readonly tables = new Map<string, TableMetadata | undefined>();
  private readonly views = new Map<string, ViewDefinition | undefined>();
  private readonly statistics = new Map<string, TableStatistics | undefined>();

  constructor(private readonly metadata: MetadataManager) {}

  /**
   * Resolves the relations a statement names (and their catalogs and schemas) into the cache,
   * including the statistics the planner will ask for.
   */
  async prefetch(names: readonly QualifiedObjectName[]): Promise<void> {
    for (const name of names) {
      if (!this.catalogExists(name.catalog) || !this.schemaExists(name.catalog, name.schema)) continue;
      if (this.getView(name) === undefined && this.getTable(name) !== undefined) this.getTableStatistics(name);
    }
  }

  catalogExists(catalog: string): boolean {
    const key = catalog.toLowerCase();
    let exists = this.catalogs.get(key);
    if (exists === undefined) {
      exists = this.metadata.catalogExists(key);
      this.catalogs.set(key, exists);
    }
    return exists;
  }

  schemaExists(catalog: string, schema: string): boolean {
    const key = JSON.stringify([catalog.toLowerCase(), schema.toLowerCase()]);
    let exists = this.schemas.get(key);
    if (exists === undefined) {
      exists = this.metadata.schemaExists(catalog, schema);
      this.schemas.set(key, exists);
    }
    return exists;
  }

  getTable(name: QualifiedObjectName): TableMetadata | undefined {
    return remember(this.tables, keyOf(name), () => this.metadata.getTable(name));
  }

  getView(name: QualifiedObjectName): ViewDefinition | undefined {
    return remember(this.views, keyOf(name), () => this.metadata.getView(name));
  }

  getTableStatistics(name: QualifiedObjectName): TableStatistics | undefined {
    return remember(this.statistics, keyOf(name), () => this.metadata.getTableStatistics(name));
  }
}

function remember<T>(cache: Map<string, T | undefined>, key: string, load: () => T | undefined): T | undefined {
  if (cache.has(key)) return cache.get(key);
  const value = load();
  cache.set(key, value);
  return value;
}
