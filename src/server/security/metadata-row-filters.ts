/**
 * Row filters that make the metadata tables show each user only what the rules let them see
 * (issue 17): `information_schema` (schemata, tables, columns, views, table_privileges),
 * `system.jdbc` (catalogs, schemas, tables, columns), `system.metadata.catalogs`, and the queries
 * and tasks of `system.runtime`. Connectors see no session, so instead of teaching every listing
 * who asks, the access control hands the analyzer a row filter for these tables, applied like any
 * table rule's filter (analyzer/relation-analyzer.ts): for names, the rules themselves written as
 * SQL (file-access-control.ts `VisibilitySql`, first-match CASEs over `regexp_like`); for queries
 * and tasks, the ids of the queries the user may view at the time the statement is analysed.
 */
import type { AccessControl, TableReadRules } from '../../spi/access-control.js';
import type { QualifiedObjectName } from '../../spi/metadata.js';
import type { RulesAccessControl } from './file-access-control.js';
import type { VisibilitySql } from './visibility-sql.js';

/** What the runtime filters need of a query. */
export interface ListedQuery {
  readonly queryId: string;
  readonly session: { readonly user: string };
}

function quotedLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

type FilterOf = (visibility: VisibilitySql, catalog: string) => string;

/** Per `schema.table` of a metadata table: its row filter given the user's visibility SQL. */
const NAME_FILTERS: ReadonlyMap<string, FilterOf> = new Map<string, FilterOf>([
  ['information_schema.schemata', (v, c) => v.schemaVisible(c, 'schema_name')],
  ['information_schema.tables', (v, c) => v.tableVisible(c, 'table_schema', 'table_name')],
  ['information_schema.columns', (v, c) => v.tableVisible(c, 'table_schema', 'table_name')],
  ['information_schema.views', (v, c) => v.tableVisible(c, 'table_schema', 'table_name')],
  ['information_schema.table_privileges', (v, c) => v.tableVisible(c, 'table_schema', 'table_name')],
]);

const SYSTEM_NAME_FILTERS: ReadonlyMap<string, (visibility: VisibilitySql) => string> = new Map([
  ['jdbc.catalogs', (v: VisibilitySql) => v.catalogVisible('table_cat')],
  ['jdbc.schemas', (v: VisibilitySql) => v.schemaVisible('table_catalog', 'table_schem')],
  ['jdbc.tables', (v: VisibilitySql) => v.tableVisible('table_cat', 'table_schem', 'table_name')],
  ['jdbc.columns', (v: VisibilitySql) => v.tableVisible('table_cat', 'table_schem', 'table_name')],
  ['metadata.catalogs', (v: VisibilitySql) => v.catalogVisible('catalog_name')],
]);

const NO_MASKS: ReadonlyMap<string, string> = new Map();
const NO_DENIED: ReadonlySet<string> = new Set();

/** `access` with the metadata and runtime tables filtered per user; other tables as `access` says. */
export function withMetadataRowFilters(
  access: RulesAccessControl,
  queries: () => readonly ListedQuery[],
): AccessControl {
  const visibleQueryIds = (user: string) =>
    queries()
      .filter((query) => access.canViewQueryOwnedBy(user, query.session.user))
      .map((query) => quotedLiteral(query.queryId));
  const filterOf = (user: string, table: QualifiedObjectName): string | undefined => {
    const key = `${table.schema}.${table.name}`;
    const names = NAME_FILTERS.get(key);
    if (names !== undefined) return names(access.visibility(user), quotedLiteral(table.catalog));
    if (table.catalog !== 'system') return undefined;
    const system = SYSTEM_NAME_FILTERS.get(key);
    if (system !== undefined) return system(access.visibility(user));
    if (key === 'runtime.queries' || key === 'runtime.tasks') {
      const ids = visibleQueryIds(user);
      return ids.length === 0 ? 'FALSE' : `query_id IN (${ids.join(', ')})`;
    }
    return undefined;
  };
  const decorated = Object.create(access) as AccessControl;
  decorated.tableReadRules = (user: string, table: QualifiedObjectName): TableReadRules | undefined => {
    const own = access.tableReadRules(user, table);
    const filter = filterOf(user, table);
    if (filter === undefined || filter === 'TRUE') return own;
    return {
      rowFilter: own?.rowFilter === undefined ? filter : `(${own.rowFilter}) AND (${filter})`,
      columnMasks: own?.columnMasks ?? NO_MASKS,
      deniedColumns: own?.deniedColumns ?? NO_DENIED,
    };
  };
  return decorated;
}
