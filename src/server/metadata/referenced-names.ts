/**
 * The relations a statement's text names, resolved against the session's catalog and schema:
 * every table reference (`FROM t`, `TABLE t`, in subqueries, joins and WITH clauses, and inside
 * EXPLAIN) and the target of INSERT and CREATE TABLE AS. This is what a statement's metadata is
 * prefetched for before analysis (statement-metadata.ts). A WITH query's name may be collected
 * too (it is looked up and found missing, which is harmless); names that cannot be resolved (no
 * session catalog) are left for the analyzer to report.
 */
import { type NameDefaults, resolveObjectName } from '../../analyzer/names.js';
import type { QualifiedObjectName } from '../../spi/metadata.js';
import type { QualifiedName, Statement } from '../../sql/ast.js';

export function referencedNames(statement: Statement, defaults: NameDefaults): QualifiedObjectName[] {
  const names: QualifiedObjectName[] = [];
  const add = (name: unknown) => {
    try {
      names.push(resolveObjectName(name as QualifiedName, defaults));
    } catch {
      // The analyzer reports the name with its position.
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    switch (record.kind) {
      case 'Table':
      case 'TableQuery':
      case 'CreateTableAsSelect':
        add(record.name);
        break;
      case 'Insert':
        add(record.target);
        break;
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(statement);
  return names;
}
