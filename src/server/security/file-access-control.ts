/**
 * Trino's file-based system access control (`access-control.name=file`): the rules JSON named by
 * `security.config-file`, re-read at most once per `security.refresh-period` when that is set.
 * Sections read: `catalogs`, `schemas`, `tables`, `queries`, `impersonation`,
 * `system_information` and `system_session_properties` (others are accepted and ignored).
 *
 * Matching as Trino's: rules are tried top to bottom and the first whose patterns all match
 * decides; a pattern is a regular expression over the whole value, case-sensitive; an omitted
 * pattern matches anything. An absent section and a present section in which no rule matches
 * mean different things per section (the table in docs/architecture.md §Security). Users have no
 * groups or roles in Vivace, so rules that require one never match.
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
import type { AccessControlSettings } from './security-config.js';

type CatalogAccess = 'all' | 'read-only' | 'none';

interface Pattern {
  readonly source: string;
  readonly regex: RegExp;
}

interface CatalogRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly catalog?: Pattern;
  readonly allow: CatalogAccess;
}

interface SchemaRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly catalog?: Pattern;
  readonly schema?: Pattern;
  readonly owner: boolean;
}

interface TableRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly catalog?: Pattern;
  readonly schema?: Pattern;
  readonly table?: Pattern;
  readonly privileges: ReadonlySet<string>;
  /** Column masks, row filter and denied columns (undefined: none). */
  readonly reads?: TableReadRules;
}

interface QueryRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly queryOwner?: Pattern;
  readonly allow: ReadonlySet<string>;
}

interface ImpersonationRule {
  readonly originalUser?: Pattern;
  readonly originalRole?: Pattern;
  readonly newUser: string;
  readonly allow: boolean;
}

interface SystemInformationRule {
  readonly user?: Pattern;
  readonly role?: Pattern;
  readonly allow: ReadonlySet<string>;
}

interface SessionPropertyRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly property?: Pattern;
  readonly allow: boolean;
}

export interface AccessRules {
  readonly catalogs?: readonly CatalogRule[];
  readonly schemas?: readonly SchemaRule[];
  readonly tables?: readonly TableRule[];
  readonly queries?: readonly QueryRule[];
  readonly impersonation?: readonly ImpersonationRule[];
  readonly systemInformation?: readonly SystemInformationRule[];
  readonly systemSessionProperties?: readonly SessionPropertyRule[];
}

function invalid(message: string): VivaceError {
  return new VivaceError('CONFIGURATION_INVALID', `Invalid access control rules: ${message}`);
}

function pattern(value: unknown, field: string): Pattern | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  try {
    return { source: value, regex: new RegExp(`^(?:${value})$`, 'u') };
  } catch (e) {
    throw invalid(`${field} '${value}' is not a regular expression: ${(e as Error).message}`);
  }
}

function stringList(value: unknown, field: string, allowed: readonly string[], upper: boolean): Set<string> {
  if (!Array.isArray(value)) throw invalid(`${field} must be a list`);
  const result = new Set<string>();
  for (const item of value) {
    const text = typeof item === 'string' ? (upper ? item.toUpperCase() : item.toLowerCase()) : '';
    if (!allowed.includes(text)) throw invalid(`${field} has an unknown value '${String(item)}'`);
    result.add(text);
  }
  return result;
}

function section<T>(value: unknown, name: string, parse: (rule: Record<string, unknown>) => T): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid(`${name} must be a list of rules`);
  return value.map((rule) => {
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule))
      throw invalid(`a rule in ${name} is not an object`);
    return parse(rule as Record<string, unknown>);
  });
}

/** The `columns` and `filter` of a table rule. */
function readRules(rule: Record<string, unknown>): TableReadRules | undefined {
  const columnMasks = new Map<string, string>();
  const deniedColumns = new Set<string>();
  if (rule.columns !== undefined) {
    if (!Array.isArray(rule.columns)) throw invalid('tables.columns must be a list');
    for (const column of rule.columns as Record<string, unknown>[]) {
      if (typeof column?.name !== 'string') throw invalid('tables.columns[].name is required');
      const name = column.name.toLowerCase();
      if (column.allow === false) deniedColumns.add(name);
      if (column.mask !== undefined) {
        if (typeof column.mask !== 'string') throw invalid('tables.columns[].mask must be a SQL expression');
        if (columnMasks.has(name)) throw invalid(`Multiple masks defined for column ${name}`);
        columnMasks.set(name, column.mask);
      }
    }
  }
  if (rule.filter !== undefined && typeof rule.filter !== 'string')
    throw invalid('tables.filter must be a SQL expression');
  const rowFilter = rule.filter as string | undefined;
  if (rowFilter === undefined && columnMasks.size === 0 && deniedColumns.size === 0) return undefined;
  return { ...(rowFilter !== undefined ? { rowFilter } : {}), columnMasks, deniedColumns };
}

/** Parses the rules JSON text (Trino's format); throws CONFIGURATION_INVALID for what it cannot read. */
export function parseAccessRules(text: string): AccessRules {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw invalid((e as Error).message);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw invalid('the rules are not a JSON object');
  const root = json as Record<string, unknown>;
  const common = (rule: Record<string, unknown>, name: string) => ({
    user: pattern(rule.user, `${name}.user`),
    group: pattern(rule.group, `${name}.group`),
    role: pattern(rule.role, `${name}.role`),
  });
  return {
    catalogs: section(root.catalogs, 'catalogs', (rule) => {
      let allow: CatalogAccess;
      if (rule.allow === true || rule.allow === 'all') allow = 'all';
      else if (rule.allow === false || rule.allow === 'none') allow = 'none';
      else if (rule.allow === 'read-only') allow = 'read-only';
      else throw invalid(`catalogs.allow must be all, read-only or none, not '${String(rule.allow)}'`);
      return { ...common(rule, 'catalogs'), catalog: pattern(rule.catalog, 'catalogs.catalog'), allow };
    }),
    schemas: section(root.schemas, 'schemas', (rule) => {
      if (typeof rule.owner !== 'boolean') throw invalid('schemas.owner must be true or false');
      return {
        ...common(rule, 'schemas'),
        catalog: pattern(rule.catalog, 'schemas.catalog'),
        schema: pattern(rule.schema, 'schemas.schema'),
        owner: rule.owner,
      };
    }),
    tables: section(root.tables, 'tables', (rule) => ({
      ...common(rule, 'tables'),
      catalog: pattern(rule.catalog, 'tables.catalog'),
      schema: pattern(rule.schema, 'tables.schema'),
      table: pattern(rule.table, 'tables.table'),
      privileges: stringList(
        rule.privileges,
        'tables.privileges',
        ['SELECT', 'INSERT', 'DELETE', 'UPDATE', 'OWNERSHIP', 'GRANT_SELECT'],
        true,
      ),
      reads: readRules(rule),
    })),
    queries: section(root.queries, 'queries', (rule) => {
      const allow = stringList(rule.allow, 'queries.allow', ['execute', 'view', 'kill'], false);
      const queryOwner = pattern(rule.queryOwner, 'queries.queryOwner');
      if (queryOwner !== undefined && allow.has('execute')) {
        throw invalid('A valid query rule cannot contain both queryOwner and execute');
      }
      return { ...common(rule, 'queries'), queryOwner, allow };
    }),
    impersonation: section(root.impersonation, 'impersonation', (rule) => {
      const newUser = rule.new_user;
      if (typeof newUser !== 'string') throw invalid('impersonation.new_user is required');
      return {
        originalUser: pattern(rule.original_user ?? rule.originalUser, 'impersonation.original_user'),
        originalRole: pattern(rule.original_role, 'impersonation.original_role'),
        newUser,
        allow: rule.allow === undefined ? true : rule.allow === true,
      };
    }),
    systemInformation: section(root.system_information, 'system_information', (rule) => ({
      user: pattern(rule.user, 'system_information.user'),
      role: pattern(rule.role, 'system_information.role'),
      allow: stringList(rule.allow, 'system_information.allow', ['read', 'write'], false),
    })),
    systemSessionProperties: section(root.system_session_properties, 'system_session_properties', (rule) => {
      if (typeof rule.allow !== 'boolean') throw invalid('system_session_properties.allow must be true or false');
      return {
        ...common(rule, 'system_session_properties'),
        property: pattern(rule.property, 'system_session_properties.property'),
        allow: rule.allow,
      };
    }),
  };
}

const matches = (p: Pattern | undefined, value: string): boolean => p === undefined || p.regex.test(value);
/** Vivace users have no groups or roles: a rule that names one never matches. */
const identityMatches = (rule: { user?: Pattern; group?: Pattern; role?: Pattern }, user: string): boolean =>
  rule.group === undefined && rule.role === undefined && matches(rule.user, user);

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
    const denied = accessDenied(`Cannot ${action} table ${catalog}.${schema}.${name}`);
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

/** A SQL string literal. */
function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** SQL that is true when `expression` matches `pattern` whole (TRUE for an omitted pattern). */
function sqlMatches(pattern: Pattern | undefined, expression: string): string {
  return pattern === undefined ? 'TRUE' : `regexp_like(${expression}, ${sqlString(`^(?:${pattern.source})$`)})`;
}

function sqlAnd(...terms: string[]): string {
  const kept = terms.filter((term) => term !== 'TRUE');
  if (kept.includes('FALSE')) return 'FALSE';
  return kept.length === 0 ? 'TRUE' : `(${kept.join(' AND ')})`;
}

function sqlOr(...terms: string[]): string {
  const kept = terms.filter((term) => term !== 'FALSE');
  if (kept.includes('TRUE')) return 'TRUE';
  return kept.length === 0 ? 'FALSE' : `(${kept.join(' OR ')})`;
}

/** First-match semantics in SQL: CASE WHEN <condition> THEN <answer> ... ELSE <otherwise> END. */
function sqlFirstMatch(cases: readonly (readonly [string, boolean])[], otherwise: boolean): string {
  if (cases.length === 0) return otherwise ? 'TRUE' : 'FALSE';
  const branches = cases.map(([condition, answer]) => `WHEN ${condition} THEN ${answer ? 'TRUE' : 'FALSE'}`);
  return `(CASE ${branches.join(' ')} ELSE ${otherwise ? 'TRUE' : 'FALSE'} END)`;
}

/**
 * The visibility rules of `RulesAccessControl` written as SQL over a metadata table's columns, for
 * one user (rules about other users are left out when the SQL is made): what `filterCatalogs`,
 * `filterSchemas` and `filterTables` answer for listed names, `information_schema` and
 * `system.jdbc` answer row by row (metadata-row-filters.ts). The arguments are SQL expressions (a
 * column or a literal).
 */
export class VisibilitySql {
  constructor(
    private readonly rules: AccessRules,
    private readonly user: string,
  ) {}

  private catalogReadable(catalog: string): string {
    const rules = this.rules.catalogs;
    if (rules === undefined) return 'TRUE';
    const cases = rules
      .filter((r) => identityMatches(r, this.user))
      .map((r) => [sqlMatches(r.catalog, catalog), r.allow !== 'none'] as const);
    return sqlFirstMatch([...cases, [`${catalog} = 'system'`, true]], false);
  }

  private schemaOwner(catalog: string, schema: string): string {
    const rules = this.rules.schemas;
    if (rules === undefined) return 'TRUE';
    const cases = rules
      .filter((r) => identityMatches(r, this.user))
      .map((r) => [sqlAnd(sqlMatches(r.catalog, catalog), sqlMatches(r.schema, schema)), r.owner] as const);
    return sqlFirstMatch(cases, false);
  }

  private tablePrivileged(catalog: string, schema: string, table: string): string {
    const rules = this.rules.tables;
    if (rules === undefined) return 'TRUE';
    const cases = rules
      .filter((r) => identityMatches(r, this.user))
      .map(
        (r) =>
          [
            sqlAnd(sqlMatches(r.catalog, catalog), sqlMatches(r.schema, schema), sqlMatches(r.table, table)),
            r.privileges.size > 0,
          ] as const,
      );
    return sqlFirstMatch(cases, false);
  }

  private hasRulesFor(catalog: string, schema?: string): string {
    const { schemas, tables } = this.rules;
    if (schemas === undefined || tables === undefined) return 'TRUE';
    const schemaMatches = (p: Pattern | undefined) => (schema === undefined ? 'TRUE' : sqlMatches(p, schema));
    return sqlOr(
      ...schemas
        .filter((r) => r.owner && identityMatches(r, this.user))
        .map((r) => sqlAnd(sqlMatches(r.catalog, catalog), schemaMatches(r.schema))),
      ...tables
        .filter((r) => r.privileges.size > 0 && identityMatches(r, this.user))
        .map((r) => sqlAnd(sqlMatches(r.catalog, catalog), schemaMatches(r.schema))),
    );
  }

  private metadataSchema(catalog: string, schema: string): string {
    return `(${catalog} = 'system' OR ${schema} = 'information_schema')`;
  }

  catalogVisible(catalog: string): string {
    return sqlAnd(this.catalogReadable(catalog), sqlOr(`${catalog} = 'system'`, this.hasRulesFor(catalog)));
  }

  schemaVisible(catalog: string, schema: string): string {
    return sqlAnd(
      this.catalogReadable(catalog),
      sqlOr(this.metadataSchema(catalog, schema), this.schemaOwner(catalog, schema), this.hasRulesFor(catalog, schema)),
    );
  }

  tableVisible(catalog: string, schema: string, table: string): string {
    return sqlAnd(
      this.catalogReadable(catalog),
      sqlOr(
        this.metadataSchema(catalog, schema),
        this.schemaOwner(catalog, schema),
        this.tablePrivileged(catalog, schema, table),
      ),
    );
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
