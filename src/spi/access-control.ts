/**
 * Who may do what (issue 17): the access-control interface the analyzer, the statement runner,
 * the metadata listings and the server's resources ask, in Trino's terms (catalog, schema and
 * table privileges, query visibility, impersonation, system information, session properties).
 * It lives in the SPI so every layer that checks can reach it without depending on the server
 * that implements it (server/security/file-access-control.ts reads Trino's rules file).
 *
 * `check…` methods throw VivaceError PERMISSION_DENIED with Trino's message ("Access Denied:
 * Cannot select from table c.s.t"); `can…` and `filter…` methods answer without throwing.
 * `ALLOW_ALL_ACCESS_CONTROL` is what a server without `access-control.properties` uses.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { QualifiedObjectName } from './metadata.js';

export type TablePrivilege = 'SELECT' | 'INSERT' | 'DELETE' | 'UPDATE' | 'OWNERSHIP';

/** What a table rule says about one user's reads beyond the privilege (Trino's column masks, row filters). */
export interface TableReadRules {
  /** A SQL boolean expression over the table's columns: only rows for which it is true are read. */
  readonly rowFilter?: string;
  /** Column (lower case) → a SQL expression over the table's columns read in its place. */
  readonly columnMasks: ReadonlyMap<string, string>;
  /** Columns (lower case) the user may not read at all. */
  readonly deniedColumns: ReadonlySet<string>;
}

export interface AccessControl {
  /** Whether `principal` (the authenticated user) may run as `user`. */
  checkCanImpersonateUser(principal: string, user: string): void;
  checkCanExecuteQuery(user: string): void;
  /** Whether `user` may see the queries of `owner` (always true for their own). */
  canViewQueryOwnedBy(user: string, owner: string): boolean;
  /** Whether `user` may cancel the queries of `owner` (always true for their own). */
  canKillQueryOwnedBy(user: string, owner: string): boolean;
  checkCanReadSystemInformation(user: string): void;
  checkCanSetSystemSessionProperty(user: string, property: string): void;
  /** The catalogs of `catalogs` `user` may see. */
  filterCatalogs(user: string, catalogs: readonly string[]): string[];
  checkCanAccessCatalog(user: string, catalog: string): void;
  /** The schemas of `catalog` `user` may see. */
  filterSchemas(user: string, catalog: string, schemas: readonly string[]): string[];
  checkCanShowTables(user: string, catalog: string, schema: string): void;
  /** The tables of `catalog.schema` `user` may see. */
  filterTables(user: string, catalog: string, schema: string, tables: readonly string[]): string[];
  checkCanCreateSchema(user: string, catalog: string, schema: string): void;
  checkCanDropSchema(user: string, catalog: string, schema: string): void;
  /**
   * Throws unless `user` holds `privilege` on `table`. `action` words the denial as Trino's do,
   * `%s` standing for the table's name ("select from table %s", "comment table to %s").
   */
  checkTablePrivilege(user: string, table: QualifiedObjectName, privilege: TablePrivilege, action: string): void;
  /** Masks, row filter and denied columns of `table` for `user`; undefined when there are none. */
  tableReadRules?(user: string, table: QualifiedObjectName): TableReadRules | undefined;
}

/** An "Access Denied: …" error (Trino's PERMISSION_DENIED). */
export function accessDenied(message: string): VivaceError {
  return new VivaceError('PERMISSION_DENIED', `Access Denied: ${message}`);
}

/** Everything allowed: no access control configured, as before issue 17. */
export const ALLOW_ALL_ACCESS_CONTROL: AccessControl = {
  checkCanImpersonateUser: () => undefined,
  checkCanExecuteQuery: () => undefined,
  canViewQueryOwnedBy: () => true,
  canKillQueryOwnedBy: () => true,
  checkCanReadSystemInformation: () => undefined,
  checkCanSetSystemSessionProperty: () => undefined,
  filterCatalogs: (_user, catalogs) => [...catalogs],
  checkCanAccessCatalog: () => undefined,
  filterSchemas: (_user, _catalog, schemas) => [...schemas],
  checkCanShowTables: () => undefined,
  filterTables: (_user, _catalog, _schema, tables) => [...tables],
  checkCanCreateSchema: () => undefined,
  checkCanDropSchema: () => undefined,
  checkTablePrivilege: () => undefined,
};
