/**
 * One statement's view of the catalogs: the answers (catalog and schema existence, tables,
 * views, statistics) the statement's analysis and planning read, loaded from the connectors
 * asynchronously before analysis and then only read, synchronously, from this cache. A statement
 * so sees one consistent state even while other statements run DDL or INSERTs, and a remote
 * connector is asked about each name once per statement.
 *
 * `prefetch` loads the names a statement's text mentions (referenced-names.ts). Names found only
 * while analysing (the tables inside a view's query) are not in the cache: reading one throws
 * `MetadataNotLoadedError`, and `analyze` loads what it names and runs the analysis again, a
 * bounded number of rounds (each round resolves one more level of nested views).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { FilterApplication, LimitApplication, TablePartitioning } from '../../spi/connector.js';
import {
  formatObjectName,
  MetadataNotLoadedError,
  type MetadataView,
  type QualifiedObjectName,
  type TableMetadata,
  type TableStatistics,
  type ViewDefinition,
} from '../../spi/metadata.js';
import type { TupleDomain } from '../../spi/tuple-domain.js';
import { canonicalName, type MetadataManager } from './metadata-manager.js';

/** Rounds of loading names found during analysis: the deepest nesting of views a statement may read. */
export const MAX_METADATA_ROUNDS = 32;

function keyOf(name: QualifiedObjectName): string {
  return JSON.stringify([name.catalog, name.schema, name.name]);
}

function schemaKeyOf(catalog: string, schema: string): string {
  return JSON.stringify([catalog, schema]);
}

export class StatementMetadata implements MetadataView {
  private readonly catalogs = new Map<string, boolean>();
  private readonly schemas = new Map<string, boolean>();
  /** Per relation: its table and view (either may be undefined), loaded together. */
  private readonly relations = new Map<string, { table?: TableMetadata; view?: ViewDefinition }>();
  private readonly statistics = new Map<string, TableStatistics | undefined>();
  /** Loads started, by relation and by schema (each is asked of the connector once). */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly schemaLoading = new Map<string, Promise<boolean>>();

  constructor(readonly manager: MetadataManager) {}

  /**
   * Loads the relations `names` name (and their catalogs and schemas) into the cache, with the
   * statistics of each table; connectors are asked concurrently. A name with an empty `name`
   * loads only its schema's existence. Names already loaded are not asked again.
   */
  async prefetch(names: readonly QualifiedObjectName[]): Promise<void> {
    const unique = new Map<string, QualifiedObjectName>();
    for (const name of names) {
      const canonical = canonicalName(name);
      unique.set(keyOf(canonical), canonical);
    }
    await Promise.all([...unique.values()].map((name) => this.load(name)));
  }

  /** Loads one name, once: a name (or a schema) asked for twice concurrently is asked of the connector once. */
  private load(name: QualifiedObjectName): Promise<void> {
    const key = keyOf(name);
    let loading = this.loading.get(key);
    if (loading === undefined) {
      loading = this.loadRelation(name, key);
      this.loading.set(key, loading);
    }
    return loading;
  }

  private async loadRelation(name: QualifiedObjectName, key: string): Promise<void> {
    if (!this.catalogExists(name.catalog)) return;
    const schemaExists = await this.loadSchema(name.catalog, name.schema);
    if (name.name === '') return;
    if (!schemaExists) {
      this.relations.set(key, {});
      return;
    }
    const [view, table] = await Promise.all([this.manager.getView(name), this.manager.getTable(name)]);
    const statistics =
      view === undefined && table !== undefined ? await this.manager.getTableStatistics(name) : undefined;
    this.relations.set(key, { ...(table ? { table } : {}), ...(view ? { view } : {}) });
    this.statistics.set(key, statistics);
  }

  private loadSchema(catalog: string, schema: string): Promise<boolean> {
    const key = schemaKeyOf(catalog, schema);
    let loading = this.schemaLoading.get(key);
    if (loading === undefined) {
      loading = this.manager.schemaExists(catalog, schema).then((exists) => {
        this.schemas.set(key, exists);
        return exists;
      });
      this.schemaLoading.set(key, loading);
    }
    return loading;
  }

  /**
   * Runs `work` (analysis and planning, which read this view synchronously) until it no longer
   * needs names that are not loaded: each time it stops on one, the names are loaded and it runs
   * again from the start.
   */
  async analyze<T>(work: () => T): Promise<T> {
    for (let round = 1; ; round++) {
      try {
        return work();
      } catch (e) {
        if (!(e instanceof MetadataNotLoadedError)) throw e;
        if (round >= MAX_METADATA_ROUNDS) {
          throw new VivaceError(
            'NOT_SUPPORTED',
            `Views nested more than ${MAX_METADATA_ROUNDS} levels deep are not supported (resolving ${e.names.map(formatObjectName).join(', ')})`,
          );
        }
        await this.prefetch(e.names);
      }
    }
  }

  /** Catalogs are this process's own: answered at once, then kept. */
  catalogExists(catalog: string): boolean {
    const key = catalog.toLowerCase();
    let exists = this.catalogs.get(key);
    if (exists === undefined) {
      exists = this.manager.catalogExists(key);
      this.catalogs.set(key, exists);
    }
    return exists;
  }

  schemaExists(catalog: string, schema: string): boolean {
    if (!this.catalogExists(catalog)) return false;
    const name = canonicalName({ catalog, schema, name: '' });
    const exists = this.schemas.get(schemaKeyOf(name.catalog, name.schema));
    if (exists === undefined) throw new MetadataNotLoadedError([name]);
    return exists;
  }

  private relation(name: QualifiedObjectName): { table?: TableMetadata; view?: ViewDefinition } | undefined {
    const canonical = canonicalName(name);
    if (!this.catalogExists(canonical.catalog)) return undefined;
    const relation = this.relations.get(keyOf(canonical));
    if (relation === undefined) throw new MetadataNotLoadedError([canonical]);
    return relation;
  }

  getTable(name: QualifiedObjectName): TableMetadata | undefined {
    return this.relation(name)?.table;
  }

  getView(name: QualifiedObjectName): ViewDefinition | undefined {
    return this.relation(name)?.view;
  }

  getTableStatistics(name: QualifiedObjectName): TableStatistics | undefined {
    if (this.relation(name) === undefined) return undefined;
    return this.statistics.get(keyOf(canonicalName(name)));
  }

  /** Pushdown answers are pure functions of the handle: asked of the connector directly. */
  applyFilter(name: QualifiedObjectName, handle: unknown, constraint: TupleDomain): FilterApplication | undefined {
    return this.manager.applyFilter(name, handle, constraint);
  }

  applyLimit(name: QualifiedObjectName, handle: unknown, limit: number): LimitApplication | undefined {
    return this.manager.applyLimit(name, handle, limit);
  }

  getTablePartitioning(name: QualifiedObjectName, handle: unknown): TablePartitioning | undefined {
    return this.manager.getTablePartitioning(name, handle);
  }
}
