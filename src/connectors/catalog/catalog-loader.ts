/**
 * Loads catalog definitions from a directory of `<name>.properties` files (Presto's
 * `etc/catalog/`): each file defines catalog `<name>` (lowercased), whose connector is its
 * `connector.name` and whose other properties go to the connector factory. A missing directory
 * defines nothing. Runs once at startup, so it reads synchronously.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VivaceError } from '../../common/vivace-error.js';
import { type CatalogDefinition, type CatalogManager, CONNECTOR_NAME_PROPERTY } from './catalog-manager.js';
import { parseProperties } from './properties-parser.js';

const EXTENSION = '.properties';

/** Reads one catalog file into a definition. */
export function readCatalogFile(path: string, catalogName: string): CatalogDefinition {
  let properties: Record<string, string>;
  try {
    properties = parseProperties(readFileSync(path, 'utf8'));
  } catch (e) {
    if (e instanceof VivaceError) {
      throw new VivaceError(e.errorCode, `Catalog file ${path}: ${e.rawMessage}`, undefined, { cause: e });
    }
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `Cannot read catalog file ${path}: ${(e as Error).message}`,
      undefined,
      {
        cause: e,
      },
    );
  }
  const connectorName = properties[CONNECTOR_NAME_PROPERTY]?.trim();
  if (connectorName === undefined || connectorName === '') {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `Catalog file ${path} does not contain '${CONNECTOR_NAME_PROPERTY}'`,
    );
  }
  const { [CONNECTOR_NAME_PROPERTY]: _, ...rest } = properties;
  return { name: catalogName.toLowerCase(), connectorName, properties: rest, source: path };
}

/** The catalog definitions of a directory's `*.properties` files, sorted by catalog name. */
export function loadCatalogDefinitions(directory: string): CatalogDefinition[] {
  if (!existsSync(directory)) return [];
  const files = readdirSync(directory)
    .filter((file) => file.endsWith(EXTENSION) && file.length > EXTENSION.length)
    .sort();
  const definitions: CatalogDefinition[] = [];
  for (const file of files) {
    const path = join(directory, file);
    if (!statSync(path).isFile()) continue;
    definitions.push(readCatalogFile(path, file.slice(0, -EXTENSION.length)));
  }
  return definitions;
}

/**
 * Creates the catalogs a directory defines in `manager`, then the default catalogs (`tpch`,
 * `memory`) that no file took the name of.
 */
export function loadCatalogs(manager: CatalogManager, directory: string | undefined): void {
  if (directory !== undefined) {
    for (const definition of loadCatalogDefinitions(directory)) manager.createCatalog(definition);
  }
  manager.addDefaultCatalogs();
}
