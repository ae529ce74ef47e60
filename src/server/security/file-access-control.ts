/**
 * Trino's file-based system access control (`access-control.name=file`): the rules JSON named by
 * `security.config-file`, re-read at most once per `security.refresh-period` when that is set.
 * Sections read: `catalogs`, `schemas`, `tables`, `queries`, `impersonation`,
 * `system_information` and `system_session_properties` (others are accepted and ignored).
 *
 * Matching as Trino's: rules are tried top to bottom and the first whose patterns all match
 * decides; a pattern is a regular expression over the whole value, case-sensitive; an omitted
 * pattern matches anything. An absent section and a present section in which no rule matches
 * mean different things per section, as in Trino (each check below says which). Users have no
 * groups or roles in Vivace, so rules that require one never match. Parsing and matching are in
 * access-rules.ts, the same rules as SQL for the metadata tables in visibility-sql.ts.
 *
 * Two decisions where Trino's rules say nothing Vivace can use: `information_schema` and the
 * `system` catalog's tables are governed by the catalog rules only (their rows are the metadata
 * and queries the user may see anyway), and a rules file that fails to re-load denies everything
 * until it is fixed (fail closed) rather than keep rules the administrator replaced.
 */
import { readFileSync } from 'node:fs';
import { VivaceError } from '../../common/vivace-error.js';
import {
  type AccessControl,
  accessDenied,
  type TablePrivilege,
  type TableReadRules,
} from '../../spi/access-control.js';
import type { QualifiedObjectName } from '../../spi/metadata.js';
import {
  type AccessRules,
  type CatalogAccess,
  identityMatches,
  matches,
  type Pattern,
  parseAccessRules,
  type TableRule,
} from './access-rules.js';
import type { AccessControlSettings } from './security-config.js';
import { VisibilitySql } from './visibility-sql.js';

/** The rules evaluated for one question at a time; see the file comment. */
export class RulesAccessControl implements AccessControl {
  constructor(private readonly rulesOf: () => AccessRules) {}

  /** The visibility rules for `user` as SQL (metadata-row-filters.ts). */
  visibility(user: string): VisibilitySql {
    return new VisibilitySql(this.rulesOf(), user);
  }

  private catalogAccess(user: string, catalog: string): CatalogAccess {
    const rules = this.rulesOf().catalogs;
    if (rules === undefined) return 'all';
    const rule = rules.find((r) => identityMatches(r, user) && matches(r.catalog, catalog));
    if (rule !== undefined) return rule.allow;
    // Trino's implicit last rule: everyone may use the system catalog.
    return catalog === 'system' ? 'all' : 'none';
  }

  private isSchemaOwner(user: string, catalog: string, schema: string): boolean {
    const rules = this.rulesOf().schemas;
    if (rules === undefined) return true;
    const rule = rules.find(
      (r) => identityMatches(r, user) && matches(r.catalog, catalog) && matches(r.schema, schema),
    );
    return rule?.owner ?? false;
  }

  private tableRule(user: string, catalog: string, schema: string, table: string): TableRule | undefined {
    return this.rulesOf().tables?.find(
      (r) =>
        identityMatches(r, user) && matches(r.catalog, catalog) && matches(r.schema, schema) && matches(r.table, table),
    );
  }

  private tablePrivileges(user: string, catalog: string, schema: string, table: string): ReadonlySet<string> {
    if (this.rulesOf().tables === undefined) return ALL_PRIVILEGES;
    return this.tableRule(user, catalog, schema, table)?.privileges ?? NO_PRIVILEGES;
  }

  tableReadRules(user: string, table: QualifiedObjectName): TableReadRules | undefined {
    if (this.isMetadataCatalogOrSchema(table.catalog, table.schema)) return undefined;
    return this.tableRule(user, table.catalog, table.schema, table.name)?.reads;
  }

  /** Whether some schema-owner or non-empty table rule of `user` can match `catalog` (and `schema`). */
  private hasRulesFor(user: string, catalog: string, schema?: string): boolean {
    const { schemas, tables } = this.rulesOf();
    if (schemas === undefined || tables === undefined) return true;
    const schemaMatches = (p: Pattern | undefined) => schema === undefined || matches(p, schema);
    return (
      schemas.some(
        (r) => r.owner && identityMatches(r, user) && matches(r.catalog, catalog) && schemaMatches(r.schema),
      ) ||
      tables.some(
        (r) =>
          r.privileges.size > 0 && identityMatches(r, user) && matches(r.catalog, catalog) && schemaMatches(r.schema),
      )
    );
  }

  private isMetadataCatalogOrSchema(catalog: string, schema: string): boolean {
    return catalog === 'system' || schema === 'information_schema';
  }

  checkCanImpersonateUser(principal: string, user: string): void {
    const rules = this.rulesOf().impersonation;
    const denied = accessDenied(`User ${principal} cannot impersonate user ${user}`);
    if (rules === undefined) throw denied;
    for (const rule of rules) {
      if (rule.originalRole !== undefined) continue;
      const original =
        rule.originalUser === undefined ? /^(?:.*)$/u.exec(principal) : rule.originalUser.regex.exec(principal);
      if (original === null) continue;
      // `$1`-style references in new_user name the groups captured from original_user.
      const newUser = rule.newUser.replace(/\$(\d+)/g, (_, index: string) =>
        escapeRegex(original[Number(index)] ?? ''),
      );
      let newUserPattern: RegExp;
      try {
        newUserPattern = new RegExp(`^(?:${newUser})$`, 'u');
      } catch {
        continue;
      }
      if (!newUserPattern.test(user)) continue;
      if (rule.allow) return;
      throw denied;
    }
    throw denied;
  }

  private queryRight(user: string, owner: string | undefined, right: string): boolean {
    const rules = this.rulesOf().queries;
    if (rules === undefined) return true;
    const rule = rules.find(
      (r) =>
        identityMatches(r, user) && (owner === undefined ? r.queryOwner === undefined : matches(r.queryOwner, owner)),
    );
    return rule?.allow.has(right) ?? false;
  }

  checkCanExecuteQuery(user: string): void {
    if (!this.queryRight(user, undefined, 'execute')) throw accessDenied('Cannot execute query');
  }

  canViewQueryOwnedBy(user: string, owner: string): boolean {
    return user === owner || this.queryRight(user, owner, 'view');
  }

  canKillQueryOwnedBy(user: string, owner: string): boolean {
    return user === owner || this.queryRight(user, owner, 'kill');
  }

  checkCanReadSystemInformation(user: string): void {
    const rules = this.rulesOf().systemInformation ?? [];
    const rule = rules.find((r) => r.role === undefined && matches(r.user, user));
    if (!rule?.allow.has('read')) throw accessDenied('Cannot read system information');
  }

  checkCanSetSystemSessionProperty(user: string, property: string): void {
    const rules = this.rulesOf().systemSessionProperties;
    if (rules === undefined) return;
    const rule = rules.find((r) => identityMatches(r, user) && matches(r.property, property));
    if (!rule?.allow) throw accessDenied(`Cannot set system session property ${property}`);
  }

  filterCatalogs(user: string, catalogs: readonly string[]): string[] {
    return catalogs.filter(
      (catalog) =>
        this.catalogAccess(user, catalog) !== 'none' && (catalog === 'system' || this.hasRulesFor(user, catalog)),
    );
  }

  checkCanAccessCatalog(user: string, catalog: string): void {
    if (this.catalogAccess(user, catalog) === 'none') throw accessDenied(`Cannot access catalog ${catalog}`);
  }

  private schemaVisible(user: string, catalog: string, schema: string): boolean {
    if (this.catalogAccess(user, catalog) === 'none') return false;
    if (this.isMetadataCatalogOrSchema(catalog, schema)) return true;
    return this.isSchemaOwner(user, catalog, schema) || this.hasRulesFor(user, catalog, schema);
  }

  filterSchemas(user: string, catalog: string, schemas: readonly string[]): string[] {
    return schemas.filter((schema) => this.schemaVisible(user, catalog, schema));
  }

  checkCanShowTables(user: string, catalog: string, schema: string): void {
    if (!this.schemaVisible(user, catalog, schema))
      throw accessDenied(`Cannot show tables of schema ${catalog}.${schema}`);
  }

  filterTables(user: string, catalog: string, schema: string, tables: readonly string[]): string[] {
    if (this.catalogAccess(user, catalog) === 'none') return [];
    if (this.isMetadataCatalogOrSchema(catalog, schema) || this.isSchemaOwner(user, catalog, schema))
      return [...tables];
    return tables.filter((table) => this.tablePrivileges(user, catalog, schema, table).size > 0);
  }

  checkCanCreateSchema(user: string, catalog: string, schema: string): void {
    if (this.catalogAccess(user, catalog) !== 'all' || !this.isSchemaOwner(user, catalog, schema)) {
      throw accessDenied(`Cannot create schema ${catalog}.${schema}`);
    }
  }

  checkCanDropSchema(user: string, catalog: string, schema: string): void {
    if (this.catalogAccess(user, catalog) !== 'all' || !this.isSchemaOwner(user, catalog, schema)) {
      throw accessDenied(`Cannot drop schema ${catalog}.${schema}`);
    }
  }

  checkTablePrivilege(user: string, table: QualifiedObjectName, privilege: TablePrivilege, action: string): void {
    const { catalog, schema, name } = table;
    const needed: CatalogAccess = privilege === 'SELECT' ? 'read-only' : 'all';
    const access = this.catalogAccess(user, catalog);
    const denied = accessDenied(`Cannot ${action.replace('%s', `${catalog}.${schema}.${name}`)}`);
    if (access === 'none' || (needed === 'all' && access !== 'all')) throw denied;
    if (this.isMetadataCatalogOrSchema(catalog, schema)) {
      if (privilege === 'SELECT') return;
      throw denied;
    }
    const privileges = this.tablePrivileges(user, catalog, schema, name);
    const held =
      privilege === 'SELECT' ? privileges.has('SELECT') || privileges.has('GRANT_SELECT') : privileges.has(privilege);
    if (!held) throw denied;
  }
}

const ALL_PRIVILEGES: ReadonlySet<string> = new Set([
  'SELECT',
  'INSERT',
  'DELETE',
  'UPDATE',
  'OWNERSHIP',
  'GRANT_SELECT',
]);
const NO_PRIVILEGES: ReadonlySet<string> = new Set();

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The rules file, loaded now (a broken file stops the start) and re-read per `security.refresh-period`. */
export function fileAccessControl(settings: AccessControlSettings): RulesAccessControl {
  const load = () => parseAccessRules(readFileSync(settings.rulesFile, 'utf8'));
  let rules: AccessRules | undefined = load();
  let error: VivaceError | undefined;
  let loadedAt = Date.now();
  return new RulesAccessControl(() => {
    if (settings.refreshMs !== undefined && Date.now() - loadedAt >= settings.refreshMs) {
      loadedAt = Date.now();
      try {
        rules = load();
        error = undefined;
      } catch (e) {
        rules = undefined;
        error =
          e instanceof VivaceError
            ? e
            : new VivaceError('CONFIGURATION_UNAVAILABLE', `Cannot read rules: ${(e as Error).message}`);
      }
    }
    if (rules === undefined) throw error ?? new VivaceError('CONFIGURATION_UNAVAILABLE', 'No access control rules');
    return rules;
  });
}
