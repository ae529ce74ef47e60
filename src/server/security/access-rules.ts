/**
 * Trino's system access-control rules file (the JSON `security.config-file` names): its sections
 * parsed and checked (an unreadable or wrong rule is CONFIGURATION_INVALID at start), and the
 * matching every section shares: a pattern is a regular expression over the whole value,
 * case-sensitive, an omitted one matches anything; Vivace users have no groups or roles, so a rule
 * that names one never matches. What the rules mean is in file-access-control.ts (answers to
 * checks) and visibility-sql.ts (the same rules as SQL).
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { TableReadRules } from '../../spi/access-control.js';

export type CatalogAccess = 'all' | 'read-only' | 'none';

export interface Pattern {
  readonly source: string;
  readonly regex: RegExp;
}

export interface CatalogRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly catalog?: Pattern;
  readonly allow: CatalogAccess;
}

export interface SchemaRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly catalog?: Pattern;
  readonly schema?: Pattern;
  readonly owner: boolean;
}

export interface TableRule {
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

export interface QueryRule {
  readonly user?: Pattern;
  readonly group?: Pattern;
  readonly role?: Pattern;
  readonly queryOwner?: Pattern;
  readonly allow: ReadonlySet<string>;
}

export interface ImpersonationRule {
  readonly originalUser?: Pattern;
  readonly originalRole?: Pattern;
  readonly newUser: string;
  readonly allow: boolean;
}

export interface SystemInformationRule {
  readonly user?: Pattern;
  readonly role?: Pattern;
  readonly allow: ReadonlySet<string>;
}

export interface SessionPropertyRule {
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

export const matches = (p: Pattern | undefined, value: string): boolean => p === undefined || p.regex.test(value);
/** Vivace users have no groups or roles: a rule that names one never matches. */
export const identityMatches = (rule: { user?: Pattern; group?: Pattern; role?: Pattern }, user: string): boolean =>
  rule.group === undefined && rule.role === undefined && matches(rule.user, user);
