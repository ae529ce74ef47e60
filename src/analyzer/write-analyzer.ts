/**
 * Analysis of the statements that write rows: `INSERT INTO t [(columns)] query` and
 * `CREATE TABLE t [(names)] AS query [WITH [NO] DATA]`. The source query is analysed as any
 * query; this adds the target (which must exist for INSERT and must not for CTAS), the target
 * columns in the order the query feeds them, and Presto's checks and messages for column lists,
 * names and types. Coercions from query types to column types are planned by the planner.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import type { CreateTableAsSelect, Insert } from '../sql/ast.js';
import { canCoerce } from '../types/coercion.js';
import type { Type } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { type AnalyzerOptions, analyzeStatement } from './analyzer.js';
import type { AnalyzedQuery } from './bound-tree.js';
import { canonical, resolveObjectName } from './names.js';

export interface WriteColumn {
  readonly name: string;
  readonly type: Type;
}

export interface AnalyzedInsert {
  readonly kind: 'Insert';
  readonly target: QualifiedObjectName;
  /** The columns the query's outputs go to, in query output order. */
  readonly columns: readonly WriteColumn[];
  readonly source: AnalyzedQuery;
}

export interface AnalyzedCreateTableAs {
  readonly kind: 'CreateTableAs';
  readonly target: QualifiedObjectName;
  readonly columns: readonly WriteColumn[];
  readonly source: AnalyzedQuery;
  readonly withData: boolean;
  /** IF NOT EXISTS and the table exists: nothing is created or written. */
  readonly skip: boolean;
  /** OR REPLACE of a table that exists: the table is replaced, not created. */
  readonly replacing: boolean;
}

function qualified(name: QualifiedObjectName): string {
  return `${name.catalog}.${name.schema}.${name.name}`;
}

export function analyzeInsert(statement: Insert, options: AnalyzerOptions): AnalyzedInsert {
  const target = resolveObjectName(statement.target, options.session);
  const metadata = options.metadata;
  if (metadata.getView(target) !== undefined) {
    throw new VivaceError('NOT_SUPPORTED', `Inserting into views is not supported`, statement.target.pos);
  }
  const table = metadata.getTable(target);
  if (table === undefined) {
    throw new VivaceError('TABLE_NOT_FOUND', `Table '${qualified(target)}' does not exist`, statement.target.pos);
  }
  let columns: WriteColumn[];
  if (statement.columns === undefined) {
    columns = table.columns.filter((c) => !c.hidden).map((c) => ({ name: c.name, type: c.type }));
  } else {
    const seen = new Set<string>();
    columns = statement.columns.map((identifier) => {
      const name = canonical(identifier);
      const column = table.columns.find((c) => c.name === name && !c.hidden);
      if (column === undefined) {
        throw new VivaceError('COLUMN_NOT_FOUND', `Insert column name does not exist: ${name}`, identifier.pos);
      }
      if (seen.has(name)) {
        throw new VivaceError(
          'DUPLICATE_COLUMN_NAME',
          `Insert column name is specified more than once: ${name}`,
          identifier.pos,
        );
      }
      seen.add(name);
      return { name, type: column.type };
    });
  }
  const source = analyzeStatement(statement.query, options);
  const queryTypes = source.columns.map((c) => c.type);
  const matches =
    queryTypes.length === columns.length && queryTypes.every((type, i) => canCoerce(type, columns[i].type));
  if (!matches) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Insert query has mismatched column types: Table: [${columns.map((c) => formatType(c.type)).join(', ')}], ` +
        `Query: [${queryTypes.map(formatType).join(', ')}]`,
      statement.pos,
    );
  }
  return { kind: 'Insert', target, columns, source };
}

export function analyzeCreateTableAs(statement: CreateTableAsSelect, options: AnalyzerOptions): AnalyzedCreateTableAs {
  const target = resolveObjectName(statement.name, options.session);
  const metadata = options.metadata;
  if (!metadata.catalogExists(target.catalog)) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${target.catalog}' does not exist`, statement.name.pos);
  }
  if (!metadata.schemaExists(target.catalog, target.schema)) {
    throw new VivaceError(
      'SCHEMA_NOT_FOUND',
      `Schema '${target.catalog}.${target.schema}' does not exist`,
      statement.name.pos,
    );
  }
  const source = analyzeStatement(statement.query, options);
  const exists = metadata.getTable(target) !== undefined || metadata.getView(target) !== undefined;
  // OR REPLACE replaces a table, not a view.
  const replacing = statement.replace === true && metadata.getTable(target) !== undefined;
  if (exists && !statement.notExists && !replacing) {
    throw new VivaceError(
      'TABLE_ALREADY_EXISTS',
      `Destination table '${qualified(target)}' already exists`,
      statement.pos,
    );
  }
  let names: string[];
  if (statement.columnNames !== undefined) {
    if (statement.columnNames.length !== source.columns.length) {
      throw new VivaceError(
        'MISMATCHED_COLUMN_ALIASES',
        `Column alias list has ${statement.columnNames.length} entries but relation has ${source.columns.length} columns`,
        statement.pos,
      );
    }
    names = statement.columnNames.map(canonical);
  } else {
    names = source.columns.map((column, i) => {
      // Unnamed outputs (`SELECT 1 + 1`) are `_colN` to clients, but a table needs real names.
      if (source.query.outputs[i]?.name === undefined) {
        throw new VivaceError(
          'MISSING_COLUMN_NAME',
          `Column name not specified at position ${i + 1}`,
          statement.query.pos,
        );
      }
      return column.name.toLowerCase();
    });
  }
  const seen = new Set<string>();
  const columns = names.map((name, i) => {
    if (seen.has(name)) {
      throw new VivaceError('DUPLICATE_COLUMN_NAME', `Column name '${name}' specified more than once`, statement.pos);
    }
    seen.add(name);
    const type = source.columns[i].type;
    if (type.kind === 'unknown') {
      throw new VivaceError('COLUMN_TYPE_UNKNOWN', `Column type is unknown at position ${i + 1}`, statement.pos);
    }
    return { name, type };
  });
  return {
    kind: 'CreateTableAs',
    target,
    columns,
    source,
    withData: statement.withData,
    skip: exists && !replacing,
    replacing,
  };
}
