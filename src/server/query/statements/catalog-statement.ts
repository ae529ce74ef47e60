/**
 * CREATE CATALOG and DROP CATALOG: run by the catalog statements of the metadata layer
 * (metadata/catalog-statements.ts) against the engine's catalogs and its catalog store.
 */
import type { CreateCatalog, DropCatalog } from '../../../sql/ast.js';
import { executeCatalogStatement } from '../../metadata/catalog-statements.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate } from './statement-results.js';

export async function runCatalogStatement(
  statement: CreateCatalog | DropCatalog,
  context: StatementContext,
): Promise<void> {
  const { engine, query } = context;
  finishUpdate(query, await executeCatalogStatement(statement, engine.metadata.catalogs, engine.catalogStore));
}
