/**
 * Trino's catalog-management keys of `config.properties` (fact sheet §2.1), read once at start:
 *
 * - `catalog.management`: `dynamic` allows CREATE/DROP CATALOG, `static` refuses them with Trino's
 *   NOT_SUPPORTED "... is not supported by the static catalog store". Vivace's default is
 *   `dynamic` (Trino's is `static`): Vivace has allowed CREATE CATALOG since it had it, and
 *   turning it off by default would break every set-up that uses it; set `static` to lock the
 *   catalogs to the files.
 * - `catalog.store`: `file` (default) keeps each run-time catalog in `<config-dir>/<name>.properties`
 *   and loads the directory's files at start; `memory` keeps them in memory only and, as in
 *   Trino, loads no files.
 * - `catalog.config-dir`: the directory of catalog files, `<etc>/catalog` by default; a relative
 *   path is taken from the working directory, as Trino does.
 *
 * Workers read the same keys for the directory they load (a worker learns run-time catalogs from
 * its tasks either way).
 */
import { resolve } from 'node:path';
import { VivaceError } from '../../common/vivace-error.js';
import { type CatalogStore, FileCatalogStore, MemoryCatalogStore } from '../../connectors/catalog/catalog-store.js';

export type CatalogManagement = 'static' | 'dynamic';

export interface CatalogManagementConfig {
  readonly management: CatalogManagement;
  readonly storeKind: 'file' | 'memory';
  /** The directory of catalog files (loaded at start when `loadFiles`). */
  readonly configDirectory: string;
  /** Whether the files of `configDirectory` define catalogs at start (not with `catalog.store=memory`). */
  readonly loadFiles: boolean;
}

function choice<T extends string>(
  properties: ReadonlyMap<string, string>,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const text = properties.get(key)?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  if (!(allowed as readonly string[]).includes(text)) {
    throw new VivaceError('CONFIGURATION_INVALID', `${key} must be ${allowed.join(' or ')}, not '${text}'`);
  }
  return text as T;
}

export function catalogManagementConfig(
  etcDirectory: string,
  properties: ReadonlyMap<string, string>,
): CatalogManagementConfig {
  const management = choice(properties, 'catalog.management', ['dynamic', 'static'] as const, 'dynamic');
  const storeKind = choice(properties, 'catalog.store', ['file', 'memory'] as const, 'file');
  const directory = properties.get('catalog.config-dir')?.trim();
  return {
    management,
    storeKind,
    configDirectory:
      directory === undefined || directory === '' ? resolve(etcDirectory, 'catalog') : resolve(directory),
    // static management always reads the files; a memory store never does
    loadFiles: management === 'static' || storeKind === 'file',
  };
}

/** The store CREATE CATALOG writes to; undefined with `catalog.management=static` (the statements are refused). */
export function catalogStoreOf(config: CatalogManagementConfig): CatalogStore | undefined {
  if (config.management === 'static') return undefined;
  return config.storeKind === 'file' ? new FileCatalogStore(config.configDirectory) : new MemoryCatalogStore();
}
