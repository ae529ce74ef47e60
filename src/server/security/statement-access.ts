/**
 * The access checks of a statement that the analyzer does not make (issue 17), run by the
 * statement runner before anything executes: the principal's right to act as the session user
 * (impersonation), the right to execute queries at all, the session properties the client sent
 * and SET SESSION (session property rules), writes and DDL against the table and schema rules, and `SHOW TABLES` of a schema the user may not see. Reading
 * tables (in queries, views, subqueries, INSERT … SELECT sources) is checked by the analyzer
 * where it resolves each table (analyzer/relation-analyzer.ts), and listings are filtered by
 * `userMetadata` below. With no access control configured every check passes.
 */
import { canonicalParts, type NameDefaults, resolveObjectName } from '../../analyzer/names.js';
import type { AccessControl } from '../../spi/access-control.js';
import { formatObjectName, type QualifiedObjectName } from '../../spi/metadata.js';
import type { QualifiedName, Statement } from '../../sql/ast.js';
import type { MetadataManager } from '../metadata/metadata-manager.js';

export interface StatementUser extends NameDefaults {
  readonly user: string;
  /** The authenticated user who sent the statement, when authentication is on. */
  readonly principal?: string;
  /** Session properties the client sent (X-Trino-Session): set by the user as much as SET SESSION. */
  readonly properties?: Readonly<Record<string, string>>;
}

function schemaOf(
  name: QualifiedName | undefined,
  session: StatementUser,
): { catalog: string; schema: string } | undefined {
  const parts = name === undefined ? [] : canonicalParts(name);
  const catalog = parts.length >= 2 ? parts[parts.length - 2] : session.catalog;
  const schema = parts.length >= 1 ? parts[parts.length - 1] : session.schema;
  return catalog === undefined || schema === undefined ? undefined : { catalog, schema };
}

/** Resolves `name`, or undefined when the session lacks the parts (the statement then fails on its own). */
function tableOf(name: QualifiedName, session: StatementUser): QualifiedObjectName | undefined {
  try {
    return resolveObjectName(name, session);
  } catch {
    return undefined;
  }
}

/** A system property by the session property rules; `catalog.property` needs the catalog readable. */
function checkSessionProperty(access: AccessControl, user: string, property: string): void {
  const dot = property.indexOf('.');
  if (dot < 0) access.checkCanSetSystemSessionProperty(user, property);
  else access.checkCanAccessCatalog(user, property.slice(0, dot));
}

/** Trino's denials of the ALTER TABLE forms (AccessDeniedException). */
const ALTER_ACTIONS = {
  AddColumn: 'add a column to table %s',
  DropColumn: 'drop a column from table %s',
  RenameColumn: 'rename a column in table %s',
  SetColumnType: 'alter a column for table %s',
} as const;

/** Throws PERMISSION_DENIED when `session.user` may not run `statement` (see the file comment). */
export function checkStatementAccess(statement: Statement, session: StatementUser, access: AccessControl): void {
  if (session.principal !== undefined && session.principal !== session.user) {
    access.checkCanImpersonateUser(session.principal, session.user);
  }
  access.checkCanExecuteQuery(session.user);
  const user = session.user;
  for (const property of Object.keys(session.properties ?? {})) checkSessionProperty(access, user, property);
  const table = (
    name: QualifiedName,
    privilege: Parameters<AccessControl['checkTablePrivilege']>[2],
    action: string,
  ) => {
    const resolved = tableOf(name, session);
    if (resolved !== undefined) access.checkTablePrivilege(user, resolved, privilege, action);
  };
  // Both ends of a rename are the user's to change, denied as Trino words it ("rename table from
  // a to b"); the target takes the source's catalog and schema where it names none (as Trino).
  const renameChecks = (source: QualifiedName, target: QualifiedName, what: 'table' | 'view') => {
    const from = tableOf(source, session);
    if (from === undefined) return;
    const to = tableOf(target, { ...session, catalog: from.catalog, schema: from.schema });
    const fromName = formatObjectName(from);
    const toName = to === undefined ? canonicalParts(target).join('.') : formatObjectName(to);
    access.checkTablePrivilege(user, from, 'OWNERSHIP', `rename ${what} from %s to ${toName}`);
    if (to !== undefined) access.checkTablePrivilege(user, to, 'OWNERSHIP', `rename ${what} from ${fromName} to %s`);
  };
  switch (statement.kind) {
    case 'Insert':
      table(statement.target, 'INSERT', 'insert into table %s');
      return;
    case 'Delete':
    case 'TruncateTable':
      table(statement.table, 'DELETE', statement.kind === 'Delete' ? 'delete from table %s' : 'truncate table %s');
      return;
    case 'Update':
      table(statement.table, 'UPDATE', 'update table %s');
      return;
    case 'Comment':
      // Trino's file-based rules: commenting is an owner's change.
      if (statement.target === 'COLUMN') {
        table({ ...statement.name, parts: statement.name.parts.slice(0, -1) }, 'OWNERSHIP', 'comment column to %s');
      } else {
        table(statement.name, 'OWNERSHIP', statement.target === 'TABLE' ? 'comment table to %s' : 'comment view to %s');
      }
      return;
    case 'Merge':
      // As Trino: each kind of case needs its own privilege on the target.
      if (statement.cases.some((c) => c.kind === 'MergeInsert'))
        table(statement.target, 'INSERT', 'insert into table %s');
      if (statement.cases.some((c) => c.kind === 'MergeDelete'))
        table(statement.target, 'DELETE', 'delete from table %s');
      if (statement.cases.some((c) => c.kind === 'MergeUpdate')) table(statement.target, 'UPDATE', 'update table %s');
      return;
    case 'CreateTable':
      table(statement.name, 'OWNERSHIP', 'create table %s');
      // Copying another table's columns (LIKE) reads its definition.
      for (const element of statement.columns) {
        if (element.kind === 'LikeClause') table(element.table, 'SELECT', 'select from table %s');
      }
      return;
    case 'CreateTableAsSelect':
    case 'CreateView':
      table(statement.name, 'OWNERSHIP', statement.kind === 'CreateView' ? 'create view %s' : 'create table %s');
      return;
    case 'DropTable':
    case 'DropView':
      table(statement.name, 'OWNERSHIP', statement.kind === 'DropView' ? 'drop view %s' : 'drop table %s');
      return;
    case 'RenameTable':
    case 'RenameView':
      renameChecks(statement.source, statement.target, statement.kind === 'RenameView' ? 'view' : 'table');
      return;
    case 'AddColumn':
    case 'DropColumn':
    case 'SetColumnType':
    case 'RenameColumn':
      table(statement.table, 'OWNERSHIP', ALTER_ACTIONS[statement.kind]);
      return;
    case 'CreateSchema':
    case 'DropSchema': {
      const schema = schemaOf(statement.name, session);
      if (schema === undefined) return;
      if (statement.kind === 'CreateSchema') access.checkCanCreateSchema(user, schema.catalog, schema.schema);
      else access.checkCanDropSchema(user, schema.catalog, schema.schema);
      return;
    }
    case 'SetSession':
    case 'ResetSession':
      checkSessionProperty(access, user, canonicalParts(statement.name).join('.'));
      return;
    case 'ShowTables': {
      const schema = schemaOf(statement.schema, session);
      if (schema !== undefined) access.checkCanShowTables(user, schema.catalog, schema.schema);
      return;
    }
    case 'ShowColumns':
    case 'ShowStats': {
      const name = statement.kind === 'ShowColumns' ? statement.table : undefined;
      if (name !== undefined) table(name, 'SELECT', 'show columns of table %s');
      return;
    }
    case 'ShowCreate':
      table(statement.name, 'OWNERSHIP', 'show create table for %s');
      return;
    default:
      return;
  }
}

/**
 * The metadata manager as `user` sees it in listings (SHOW CATALOGS, SHOW SCHEMAS, SHOW TABLES):
 * only the catalogs, schemas and tables the access control lets them see. Everything else is the
 * manager itself.
 */
export function userMetadata(metadata: MetadataManager, user: string, access: AccessControl): MetadataManager {
  const filterNames = (names: QualifiedObjectName[]) => {
    const bySchema = new Map<string, QualifiedObjectName[]>();
    for (const name of names) {
      const key = `${name.catalog}\u0000${name.schema}`;
      let group = bySchema.get(key);
      if (group === undefined) bySchema.set(key, (group = []));
      group.push(name);
    }
    const kept: QualifiedObjectName[] = [];
    for (const group of bySchema.values()) {
      const { catalog, schema } = group[0];
      const visible = new Set(
        access.filterTables(
          user,
          catalog,
          schema,
          group.map((name) => name.name),
        ),
      );
      for (const name of group) if (visible.has(name.name)) kept.push(name);
    }
    return kept;
  };
  return new Proxy(metadata, {
    get(target, property, receiver) {
      switch (property) {
        case 'listCatalogs':
          return () => access.filterCatalogs(user, target.listCatalogs());
        case 'listSchemas':
          return async (catalog: string) => access.filterSchemas(user, catalog, await target.listSchemas(catalog));
        case 'listTables':
          return async (catalog: string, schema?: string) => filterNames(await target.listTables(catalog, schema));
        case 'listViews':
          return async (catalog: string, schema?: string) => filterNames(await target.listViews(catalog, schema));
        default: {
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}
