/**
 * Canonical names. Trino compares identifiers case-insensitively, quoted or not, and reports
 * them lowercased; the analyzer canonicalises every identifier here and resolves partial table
 * names against the session's catalog and schema.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { QualifiedObjectName } from '../spi/metadata.js';
import type { Identifier, QualifiedName, SourcePosition } from '../sql/ast.js';

export function canonical(identifier: Identifier): string {
  return identifier.value.toLowerCase();
}

export function canonicalParts(name: QualifiedName): string[] {
  return name.parts.map(canonical);
}

/** The session defaults a partial name is completed with. */
export interface NameDefaults {
  readonly catalog?: string;
  readonly schema?: string;
}

/** `t` → session catalog and schema; `s.t` → session catalog; `c.s.t` as is. */
export function resolveObjectName(name: QualifiedName, defaults: NameDefaults): QualifiedObjectName {
  const parts = canonicalParts(name);
  return resolveParts(parts, defaults, name.pos);
}

export function resolveParts(
  parts: readonly string[],
  defaults: NameDefaults,
  pos: SourcePosition,
): QualifiedObjectName {
  if (parts.length > 3) {
    throw new VivaceError('SYNTAX_ERROR', `Too many dots in table name: ${parts.join('.')}`, pos);
  }
  const table = parts[parts.length - 1];
  const schema = parts.length >= 2 ? parts[parts.length - 2] : defaults.schema;
  const catalog = parts.length === 3 ? parts[0] : defaults.catalog;
  if (catalog === undefined) {
    throw new VivaceError('MISSING_CATALOG_NAME', 'Catalog must be specified when session catalog is not set', pos);
  }
  if (schema === undefined) {
    throw new VivaceError('MISSING_SCHEMA_NAME', 'Schema must be specified when session schema is not set', pos);
  }
  return { catalog, schema, name: table };
}
