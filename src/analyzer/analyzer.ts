/**
 * The analyzer's entry point: a parsed statement plus session, metadata and functions → an
 * AnalyzedQuery (see bound-tree.ts). Writes are analysed in write-analyzer.ts; metadata, session
 * and DDL statements by the coordinator modules that execute them.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { FunctionRegistry } from '../functions/function-registry.js';
import type { AccessControl } from '../spi/access-control.js';
import type { MetadataView } from '../spi/metadata.js';
import type { Statement } from '../sql/ast.js';
import type { Session, StatementContext } from './analysis-context.js';
import type { AnalyzedQuery, BoundExpression } from './bound-tree.js';
import { QueryAnalyzerImpl } from './query-analyzer.js';
import { NamedQueries } from './scope.js';

export type { Session };

export interface AnalyzerOptions {
  readonly session: Session;
  readonly metadata: MetadataView;
  readonly functions: FunctionRegistry;
  /** Values bound to `?` parameters (EXECUTE ... USING). */
  readonly parameters?: readonly BoundExpression[];
  /** Checks each table and view the statement reads (issue 17); everything is readable without it. */
  readonly accessControl?: AccessControl;
}

export function analyzeStatement(statement: Statement, options: AnalyzerOptions): AnalyzedQuery {
  if (statement.kind !== 'Query') {
    throw new VivaceError('NOT_SUPPORTED', `${statement.kind} statements are not supported yet`, statement.pos);
  }
  const context: StatementContext = {
    session: options.session,
    metadata: options.metadata,
    functions: options.functions,
    parameters: options.parameters ?? [],
    tables: [],
    nextCteId: 0,
    viewStack: [],
    ...(options.accessControl !== undefined ? { accessControl: options.accessControl } : {}),
  };
  const analyzer = new QueryAnalyzerImpl(context);
  const query = analyzer.analyzeQuery(statement, undefined, new NamedQueries());
  return {
    query,
    columns: query.outputs.map((field, i) => ({ name: field.name ?? `_col${i}`, type: field.type })),
    parameterTypes: context.parameters.map((p) => p.type),
    tables: context.tables,
  };
}
