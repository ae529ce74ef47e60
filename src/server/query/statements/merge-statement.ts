/**
 * MERGE, as Trino's, for connectors that rewrite a table's contents (the row-level rewrite of
 * data-modification.ts). The new contents are three SELECTs over the table as of the statement's
 * start, built as statement trees around the user's own parsed expressions (dml-statements.ts):
 *
 *   - the target rows no WHEN MATCHED case applies to, unchanged (NOT EXISTS over the source);
 *   - the target rows an UPDATE case applies to, joined with their source row, each column the
 *     first applicable case's value (`CASE <case number> WHEN k THEN ...`);
 *   - the source rows matching no target row that an INSERT case applies to.
 *
 * The case a matched pair takes is the first WHEN MATCHED whose condition holds (a number built as
 * `CASE WHEN c1 THEN 1 WHEN c2 THEN 2 ... ELSE 0 END`); a DELETE case's rows are in none of the
 * three. Before anything is written, a target row that more than one source row would change fails
 * the statement (MERGE_TARGET_ROW_MULTIPLE_MATCHES, Trino's message), and the changed rows are
 * counted: the update count is the rows updated, deleted and inserted. The swap is refused if the
 * table changed meanwhile, as for UPDATE.
 */
import type { Session } from '../../../analyzer/analysis-context.js';
import { canonical, resolveObjectName } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Page } from '../../../data/page.js';
import type { ColumnMetadata, QualifiedObjectName } from '../../../spi/metadata.js';
import type {
  Expression,
  Identifier,
  Insert,
  Merge,
  MergeCase,
  Query,
  QueryBody,
  Relation,
  SourcePosition,
  Statement,
} from '../../../sql/ast.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import { castTo, isTrue, qualifiedName } from './dml-statements.js';
import { countOf, replaceContents } from './staged-contents.js';

interface MergeContext {
  readonly session: Session;
  readonly metadata: MetadataManager;
  runQuery(statement: Statement): Promise<Page[]>;
}

/** The columns each case sets (an INSERT without a list: all of them), checked as Trino checks them. */
function caseColumns(mergeCase: MergeCase, columns: readonly ColumnMetadata[], statement: Merge): string[] {
  let names: string[];
  if (mergeCase.kind === 'MergeUpdate') names = mergeCase.assignments.map((a) => canonical(a.name));
  else if (mergeCase.kind === 'MergeInsert') {
    names = mergeCase.columns?.map(canonical) ?? columns.map((c) => c.name);
    if (names.length !== mergeCase.values.length) {
      throw new VivaceError(
        'TYPE_MISMATCH',
        `MERGE INSERT has ${mergeCase.values.length} values for ${names.length} columns`,
        mergeCase.pos,
      );
    }
  } else return [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!columns.some((c) => c.name === name)) {
      throw new VivaceError(
        'COLUMN_NOT_FOUND',
        `Merge column name does not exist in target table: ${name}`,
        statement.pos,
      );
    }
    if (seen.has(name)) {
      throw new VivaceError(
        'DUPLICATE_COLUMN_NAME',
        `Merge column name is specified more than once: ${name}`,
        statement.pos,
      );
    }
    seen.add(name);
  }
  return names;
}

/** Builds the MERGE's statement trees; every call returns fresh copies of the user's expressions. */
class MergeTrees {
  private readonly pos: SourcePosition;
  /** The name the target's columns are qualified with: its alias, else its table name. */
  private readonly qualifier: Identifier;

  constructor(
    private readonly statement: Merge,
    private readonly columns: readonly ColumnMetadata[],
    private readonly setColumns: readonly (readonly string[])[],
  ) {
    this.pos = statement.pos;
    const parts = statement.target.parts;
    this.qualifier = statement.targetAlias ?? (parts[parts.length - 1] as Identifier);
  }

  private integer(value: number): Expression {
    return { kind: 'IntegerLiteral', text: String(value), pos: this.pos };
  }

  private target(): Relation {
    const table: Relation = { kind: 'Table', name: structuredClone(this.statement.target), pos: this.pos };
    const alias = this.statement.targetAlias;
    return alias === undefined
      ? table
      : { kind: 'AliasedRelation', relation: table, alias: { ...alias }, pos: this.pos };
  }

  private source(): Relation {
    return structuredClone(this.statement.source);
  }

  private on(): Expression {
    return isTrue(this.statement.condition);
  }

  private targetColumn(name: string): Expression {
    return {
      kind: 'Dereference',
      base: { ...this.qualifier },
      field: { kind: 'Identifier', value: name, quoted: true, pos: this.pos },
      pos: this.pos,
    };
  }

  /** `CASE WHEN c1 THEN k1 ... ELSE 0 END` over the cases of one kind (matched or not), by case number. */
  private caseNumber(matched: boolean): Expression {
    const whenClauses = this.statement.cases.flatMap((c, i) =>
      (c.kind !== 'MergeInsert') === matched
        ? [
            {
              kind: 'WhenClause' as const,
              operand:
                c.condition === undefined
                  ? ({ kind: 'BooleanLiteral', value: true, pos: this.pos } as const)
                  : isTrue(c.condition),
              result: this.integer(i + 1),
              pos: this.pos,
            },
          ]
        : [],
    );
    if (whenClauses.length === 0) return this.integer(0);
    return { kind: 'SearchedCase', whenClauses, defaultValue: this.integer(0), pos: this.pos };
  }

  private caseNumberIn(matched: boolean, kinds: readonly MergeCase['kind'][]): Expression {
    const numbers = this.statement.cases.flatMap((c, i) => (kinds.includes(c.kind) ? [this.integer(i + 1)] : []));
    return { kind: 'InList', value: this.caseNumber(matched), list: numbers, pos: this.pos };
  }

  private positive(value: Expression): Expression {
    return { kind: 'Comparison', operator: '>', left: value, right: this.integer(0), pos: this.pos };
  }

  private and(left: Expression, right: Expression): Expression {
    return { kind: 'LogicalBinary', operator: 'AND', left, right, pos: this.pos };
  }

  private exists(from: Relation, where: Expression): Expression {
    return { kind: 'Exists', query: this.query([this.integer(1)], from, where), pos: this.pos };
  }

  private notExists(from: Relation, where: Expression): Expression {
    return { kind: 'Not', value: this.exists(from, where), pos: this.pos };
  }

  private join(): Relation {
    return {
      kind: 'Join',
      type: 'INNER',
      left: this.target(),
      right: this.source(),
      criteria: { kind: 'JoinOn', condition: this.on() },
      pos: this.pos,
    };
  }

  private body(values: readonly Expression[], from: Relation, where: Expression | undefined): QueryBody {
    return {
      kind: 'QuerySpecification',
      distinct: false,
      select: values.map((expression) => ({ kind: 'SingleColumn', expression, pos: this.pos })),
      from,
      ...(where === undefined ? {} : { where }),
      windows: [],
      pos: this.pos,
    };
  }

  private query(values: readonly Expression[], from: Relation, where: Expression | undefined): Query {
    return { kind: 'Query', body: this.body(values, from, where), pos: this.pos };
  }

  private count(): Expression {
    return {
      kind: 'FunctionCall',
      name: {
        kind: 'QualifiedName',
        parts: [{ kind: 'Identifier', value: 'count', quoted: false, pos: this.pos }],
        pos: this.pos,
      },
      args: [],
      distinct: false,
      pos: this.pos,
    };
  }

  private hasCase(kind: MergeCase['kind']): boolean {
    return this.statement.cases.some((c) => c.kind === kind);
  }

  /** Target rows more than one source row would change (must be none). */
  multipleMatches(): Query {
    const matches: Query = this.query(
      [this.count()],
      this.source(),
      this.and(this.on(), this.positive(this.caseNumber(true))),
    );
    const perRow: Expression = { kind: 'SubqueryExpression', query: matches, pos: this.pos };
    return this.query([this.count()], this.target(), {
      kind: 'Comparison',
      operator: '>',
      left: perRow,
      right: this.integer(1),
      pos: this.pos,
    });
  }

  /** Target rows updated or deleted. */
  changedRows(): Query {
    return this.query([this.count()], this.join(), this.positive(this.caseNumber(true)));
  }

  /** Source rows inserted. */
  insertedRows(): Query {
    return this.query([this.count()], this.source(), this.inserting());
  }

  private inserting(): Expression {
    return this.and(this.positive(this.caseNumber(false)), this.notExists(this.target(), this.on()));
  }

  /** The value of column `name` under the case numbered by `number`, else `otherwise`. */
  private valueByCase(
    name: string,
    type: ColumnMetadata['type'],
    number: Expression,
    kind: 'MergeUpdate' | 'MergeInsert',
    otherwise: Expression,
  ): Expression {
    const whenClauses = this.statement.cases.flatMap((c, i) => {
      if (c.kind !== kind) return [];
      const at = this.setColumns[i]?.indexOf(name) ?? -1;
      if (at < 0) return [];
      const value = c.kind === 'MergeUpdate' ? c.assignments[at]?.value : c.values[at];
      if (value === undefined) return [];
      return [
        { kind: 'WhenClause' as const, operand: this.integer(i + 1), result: castTo(value, type), pos: this.pos },
      ];
    });
    if (whenClauses.length === 0) return otherwise;
    return { kind: 'SimpleCase', operand: number, whenClauses, defaultValue: otherwise, pos: this.pos };
  }

  /** INSERT INTO staging: the unchanged rows, the updated rows and the inserted rows. */
  newContents(staging: QualifiedObjectName): Insert {
    const parts: QueryBody[] = [];
    const kept = this.target();
    const unchanged =
      this.hasCase('MergeUpdate') || this.hasCase('MergeDelete')
        ? this.notExists(this.source(), this.and(this.on(), this.positive(this.caseNumber(true))))
        : undefined;
    parts.push(
      this.body(
        this.columns.map((c) => this.targetColumn(c.name)),
        kept,
        unchanged,
      ),
    );
    if (this.hasCase('MergeUpdate')) {
      const values = this.columns.map((c) =>
        this.valueByCase(c.name, c.type, this.caseNumber(true), 'MergeUpdate', this.targetColumn(c.name)),
      );
      parts.push(this.body(values, this.join(), this.caseNumberIn(true, ['MergeUpdate'])));
    }
    if (this.hasCase('MergeInsert')) {
      const values = this.columns.map((c) =>
        this.valueByCase(
          c.name,
          c.type,
          this.caseNumber(false),
          'MergeInsert',
          castTo({ kind: 'NullLiteral', pos: this.pos }, c.type),
        ),
      );
      parts.push(this.body(values, this.source(), this.inserting()));
    }
    const body = parts.reduce(
      (left, right): QueryBody => ({
        kind: 'SetOperation',
        operator: 'UNION',
        distinct: false,
        left,
        right,
        pos: this.pos,
      }),
    );
    return {
      kind: 'Insert',
      target: qualifiedName(staging, this.pos),
      query: { kind: 'Query', body, pos: this.pos },
      pos: this.pos,
    };
  }
}

export async function executeMerge(
  statement: Merge,
  context: MergeContext,
): Promise<{ readonly updateType: string; readonly updateCount: number }> {
  const metadata = context.metadata;
  const name = resolveObjectName(statement.target, context.session);
  if ((await metadata.getView(name)) !== undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'Merging into views is not supported', statement.pos);
  }
  if ((await metadata.getTable(name)) === undefined) {
    throw new VivaceError(
      'TABLE_NOT_FOUND',
      `Table '${name.catalog}.${name.schema}.${name.name}' does not exist`,
      statement.target.pos,
    );
  }
  const data = await metadata.tableData(name, 'merges');
  const columns = data.columns;
  const setColumns = statement.cases.map((c) => caseColumns(c, columns, statement));
  const trees = new MergeTrees(statement, columns, setColumns);
  if (countOf(await context.runQuery(trees.multipleMatches())) > 0) {
    throw new VivaceError(
      'MERGE_TARGET_ROW_MULTIPLE_MATCHES',
      'One MERGE target table row matched more than one source row',
      statement.pos,
    );
  }
  const changed = countOf(await context.runQuery(trees.changedRows()));
  const inserted = countOf(await context.runQuery(trees.insertedRows()));
  if (changed + inserted === 0) return { updateType: 'MERGE', updateCount: 0 };
  await replaceContents(
    metadata,
    (inner) => context.runQuery(inner),
    name,
    data.version,
    columns,
    (staging) => trees.newContents(staging),
    'merges',
  );
  return { updateType: 'MERGE', updateCount: changed + inserted };
}
