/**
 * Catalogs at run time (Trino's dynamic catalog management, fact sheet §2): CREATE CATALOG and
 * DROP CATALOG on the coordinator, the catalogs' journey to the workers, and the masking of
 * secrets in the text of those statements.
 *
 * - CREATE CATALOG builds the connector first (its factory checks every property: an unknown
 *   connector or key fails here), then lets it verify its source (`Connector.verify`: an
 *   unreachable endpoint fails here), and only then writes `<name>.properties` into the catalog
 *   store; any failure removes the half-made catalog, so nothing is left behind.
 * - Workers learn catalogs from their tasks: every task the coordinator creates carries the
 *   definitions of the catalogs that did not come built in (`taskCatalogDefinitions`), and the
 *   worker creates those it lacks before the task starts (`learnCatalogs`). A worker that joins
 *   later, or restarts, gets them the same way; no task waits for a broadcast. This is what
 *   Trino's workers do in dynamic mode (the task update carries the catalog properties).
 * - The query text shown in `/v1/query`, `system.runtime.queries` and the UI has secret property
 *   values replaced by `'***'` (`redactSensitiveStatement`), as Trino's SensitiveStatementRedactor
 *   does: the keys a connector factory declares secret, any key naming a secret, password, token
 *   or credential, and every value when the connector is unknown; text that does not parse but
 *   mentions a catalog has every quoted value masked.
 */

import { VivaceError } from '../../common/vivace-error.js';
import type { Catalog, CatalogDefinition, CatalogManager } from '../../connectors/catalog/catalog-manager.js';
import type { CatalogStore } from '../../connectors/catalog/catalog-store.js';
import type { CreateCatalog, DropCatalog, Property, Statement } from '../../sql/ast.js';
import { formatSql } from '../../sql/formatter.js';
import { parseStatement } from '../../sql/parser.js';

const SECRET_KEY_PATTERN = /secret|password|passwd|token|credential/i;
const MASK = '***';

export type CatalogStatement = CreateCatalog | DropCatalog;

export function isCatalogStatement(statement: Statement): statement is CatalogStatement {
  return statement.kind === 'CreateCatalog' || statement.kind === 'DropCatalog';
}

/** Runs CREATE/DROP CATALOG; returns the update type. `store` undefined: static catalog management. */
export async function executeCatalogStatement(
  statement: CatalogStatement,
  catalogs: CatalogManager,
  store: CatalogStore | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  switch (statement.kind) {
    case 'CreateCatalog':
      await createCatalog(statement, catalogs, store, env);
      return 'CREATE CATALOG';
    case 'DropCatalog':
      await dropCatalog(statement, catalogs, store);
      return 'DROP CATALOG';
  }
}

function propertyValues(
  properties: readonly Property[],
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const property of properties) {
    const key = property.name.value;
    if (Object.hasOwn(values, key)) {
      throw new VivaceError('DUPLICATE_PROPERTY', `Catalog property '${key}' is specified more than once`);
    }
    if (property.value.kind !== 'StringLiteral') {
      throw new VivaceError(
        'INVALID_CATALOG_PROPERTY',
        `Catalog property '${key}' must be a string literal (quote numbers and booleans: '128MB', 'true')`,
      );
    }
    values[key] = property.value.value.replace(/\$\{ENV:([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const value = env[name];
      if (value === undefined) {
        throw new VivaceError(
          'INVALID_ARGUMENTS',
          `Environment variable '${name}' named in catalog property '${key}' is not set`,
        );
      }
      return value;
    });
  }
  return values;
}

async function createCatalog(
  statement: CreateCatalog,
  catalogs: CatalogManager,
  store: CatalogStore | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  if (store === undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'CREATE CATALOG is not supported by the static catalog store');
  }
  if (statement.authorization !== undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'CREATE CATALOG with AUTHORIZATION is not yet supported');
  }
  const name = statement.name.value.toLowerCase();
  const file = store.fileOf(name); // checks the name
  if (catalogs.getCatalog(name) !== undefined) {
    if (statement.notExists) return;
    throw new VivaceError('ALREADY_EXISTS', `Catalog '${name}' already exists`);
  }
  const connectorName = statement.connectorName.value.toLowerCase();
  if (catalogs.factory(connectorName) === undefined) {
    throw new VivaceError(
      'NOT_FOUND',
      `No factory for connector '${connectorName}' (available: ${catalogs.connectorNames().join(', ')})`,
    );
  }
  const properties = propertyValues(statement.properties, env);
  let catalog: Catalog;
  try {
    catalog = catalogs.createCatalog({
      name,
      connectorName,
      properties,
      ...(file !== undefined && { source: file }),
      dynamic: true,
    });
  } catch (error) {
    if (error instanceof VivaceError && error.errorName === 'CONFIGURATION_INVALID') {
      // the message names the property; drop the "(catalog 'x')" suffix meant for startup logs
      throw new VivaceError('INVALID_ARGUMENTS', `Invalid catalog '${name}': ${error.rawMessage}`, undefined, {
        cause: error,
      });
    }
    throw error;
  }
  try {
    await catalog.connector.verify?.();
    await store.store(name, connectorName, properties);
  } catch (error) {
    catalogs.removeCatalog(name);
    catalog.connector.close?.();
    throw error;
  }
}

async function dropCatalog(
  statement: DropCatalog,
  catalogs: CatalogManager,
  store: CatalogStore | undefined,
): Promise<void> {
  if (store === undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'DROP CATALOG is not supported by the static catalog store');
  }
  const name = statement.name.value.toLowerCase();
  if (name === 'system') throw new VivaceError('NOT_SUPPORTED', "Catalog 'system' cannot be dropped");
  const catalog = catalogs.getCatalog(name);
  if (catalog === undefined) {
    if (statement.exists) return;
    throw new VivaceError('NOT_FOUND', `Catalog '${name}' does not exist`);
  }
  // The file goes first: if that fails the catalog is still fully there. Running queries keep the
  // connector they hold: `close` releases its pools, which a running query reopens if it needs them.
  if (catalog.source !== undefined) await store.remove(name);
  catalogs.removeCatalog(name);
  catalog.connector.close?.();
}

/** The catalogs the workers must have beside their built-in ones: those defined by a file or by CREATE CATALOG. */
export function taskCatalogDefinitions(catalogs: CatalogManager): CatalogDefinition[] {
  return catalogs
    .listCatalogs()
    .filter((catalog) => catalog.dynamic === true || catalog.source !== undefined)
    .map((catalog) => ({ name: catalog.name, connectorName: catalog.connectorName, properties: catalog.properties }));
}

function sameProperties(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * On a worker: creates the catalogs of a task that it does not have yet, and re-creates one whose
 * definition changed (dropped and created again with other properties); the coordinator's word wins.
 */
export function learnCatalogs(catalogs: CatalogManager, definitions: readonly CatalogDefinition[]): void {
  for (const definition of definitions) {
    const existing = catalogs.getCatalog(definition.name);
    if (
      existing !== undefined &&
      existing.connectorName === definition.connectorName &&
      sameProperties(existing.properties, definition.properties)
    ) {
      continue;
    }
    if (existing !== undefined) catalogs.removeCatalog(definition.name)?.connector.close?.();
    catalogs.createCatalog({ ...definition, dynamic: true });
  }
}

function isSecretKey(key: string, declared: readonly string[] | undefined): boolean {
  return declared === undefined || declared.includes(key) || SECRET_KEY_PATTERN.test(key);
}

function maskCreateCatalog(statement: CreateCatalog, catalogs: CatalogManager): CreateCatalog {
  const factory = catalogs.factory(statement.connectorName.value.toLowerCase());
  // An unknown connector declares nothing: every value is masked.
  const declared = factory === undefined ? undefined : (factory.secretPropertyNames ?? []);
  return {
    ...statement,
    properties: statement.properties.map((property) =>
      isSecretKey(property.name.value, declared)
        ? { ...property, value: { kind: 'StringLiteral', value: MASK, pos: property.value.pos } }
        : property,
    ),
  };
}

/** The text of a statement as others may see it: CREATE CATALOG's secret values masked; other text as written. */
export function redactSensitiveStatement(sql: string, catalogs: CatalogManager): string {
  if (!/catalog/i.test(sql)) return sql;
  let statement: Statement;
  try {
    statement = parseStatement(sql);
  } catch {
    return sql.replace(/=\s*'(?:[^']|'')*'/g, `= '${MASK}'`);
  }
  if (statement.kind === 'CreateCatalog') return formatSql(maskCreateCatalog(statement, catalogs));
  if (statement.kind === 'Explain' && statement.statement.kind === 'CreateCatalog') {
    return formatSql({ ...statement, statement: maskCreateCatalog(statement.statement, catalogs) });
  }
  return sql;
}
