/**
 * The visibility rules of the rules file written as SQL for one user (issue 17): what
 * `filterCatalogs`, `filterSchemas` and `filterTables` of file-access-control.ts answer for
 * listed names, as boolean expressions over a metadata table's columns, so `information_schema`
 * and `system.jdbc` answer row by row (metadata-row-filters.ts). First-match rules become
 * `CASE WHEN … THEN … END` over `regexp_like`; rules about other users are left out when the SQL
 * is made.
 */
import { type AccessRules, identityMatches, type Pattern } from './access-rules.js';

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

/** The visibility SQL for one user; the arguments are SQL expressions (a column or a literal). */
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
