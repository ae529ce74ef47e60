/**
 * Where catalogs made by CREATE CATALOG are kept: Trino's file catalog store. Each is a Java
 * properties file `<catalog.config-dir>/<name>.properties` (`etc/catalog/` by default, the same
 * directory the static catalog files live in, so the catalog comes back at the next start of the
 * coordinator and of every worker sharing that directory), with a `#` time-stamp comment,
 * `connector.name` and one line per property. Written to `<file>.tmp`, flushed to disk and
 * renamed over the target, so a crash never leaves a half-written catalog. DROP CATALOG deletes
 * the file. As in Trino the properties, secrets included, are stored in clear text: the directory
 * is the server's configuration and must be protected like it.
 *
 * `catalog.store=memory` (MemoryCatalogStore) keeps run-time catalogs in the coordinator's memory
 * only: nothing is written, and they are gone at the next start (workers still learn them from
 * their tasks).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { VivaceError } from '../../common/vivace-error.js';
import { CONNECTOR_NAME_PROPERTY } from './catalog-manager.js';

const CATALOG_NAME = /^[a-z_][a-z0-9_]*$/;

/** Java properties escaping (java.util.Properties#store): separators and specials escaped, non-ASCII as \uXXXX. */
export function escapeProperty(text: string, isKey: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ch = text[i] ?? '';
    if (ch === '\\') out += '\\\\';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\f') out += '\\f';
    else if (ch === ' ' && (isKey || i === 0)) out += '\\ ';
    else if (ch === '=' || ch === ':' || ch === '#' || ch === '!') out += `\\${ch}`;
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

export function catalogFileText(
  connectorName: string,
  properties: Readonly<Record<string, string>>,
  now = new Date(),
): string {
  const lines = [`#${now.toUTCString()}`, `${CONNECTOR_NAME_PROPERTY}=${escapeProperty(connectorName, false)}`];
  for (const [key, value] of Object.entries(properties)) {
    lines.push(`${escapeProperty(key, true)}=${escapeProperty(value, false)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Where CREATE CATALOG keeps what it made (Trino's `catalog.store`). */
export interface CatalogStore {
  /** The file a catalog of this name is kept in (undefined: none); checks the name. */
  fileOf(name: string): string | undefined;
  store(name: string, connectorName: string, properties: Readonly<Record<string, string>>): Promise<string | undefined>;
  remove(name: string): Promise<void>;
}

function checkCatalogName(name: string): void {
  if (!CATALOG_NAME.test(name)) {
    throw new VivaceError('INVALID_ARGUMENTS', `Invalid catalog name '${name}': letters, digits and _ only`);
  }
}

/** `catalog.store=memory`: nothing kept beyond the process. */
export class MemoryCatalogStore implements CatalogStore {
  fileOf(name: string): undefined {
    checkCatalogName(name);
    return undefined;
  }
  async store(): Promise<undefined> {
    return undefined;
  }
  async remove(): Promise<void> {}
}

export class FileCatalogStore implements CatalogStore {
  constructor(readonly directory: string) {}

  fileOf(name: string): string {
    checkCatalogName(name);
    return join(this.directory, `${name}.properties`);
  }

  /** Writes the catalog's file atomically; CATALOG_STORE_ERROR (Trino's) if that fails. */
  async store(name: string, connectorName: string, properties: Readonly<Record<string, string>>): Promise<string> {
    const path = this.fileOf(name);
    const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(this.directory, { recursive: true });
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(catalogFileText(connectorName, properties), 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
      return path;
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw new VivaceError('CATALOG_STORE_ERROR', `Could not store catalog properties for '${name}'`, undefined, {
        cause: error,
      });
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await unlink(this.fileOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new VivaceError('CATALOG_STORE_ERROR', `Could not remove catalog properties for '${name}'`, undefined, {
        cause: error,
      });
    }
  }
}
