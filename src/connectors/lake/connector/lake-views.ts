/**
 * Views in the lake's metastore, stored as Trino stores its views in a Hive metastore, so that a
 * view created here reads in Trino over the same metastore and one Trino created reads here: a
 * VIRTUAL_VIEW table document whose `viewOriginalText` is `/* Presto View: <base64 of JSON> *\/`
 * (the JSON: `originalSql`, `catalog`, `schema`, `columns` with type signatures, `comment`,
 * `owner`, `runAsInvoker`), `viewExpandedText` `/* Presto View *\/`, the parameter
 * `presto_view=true` and Trino's placeholder column `dummy string`.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { ViewDefinition } from '../../../spi/metadata.js';
import { VARCHAR } from '../../../types/type.js';
import { formatType, parseType } from '../../../types/type-signature.js';
import { lakeError } from '../lake-errors.js';
import type { LakeTable } from '../metastore/metastore-model.js';

const VIEW_PREFIX = '/* Presto View: ';
const VIEW_SUFFIX = ' */';
const VIEW_EXPANDED_TEXT = '/* Presto View */';
const VIEW_PARAMETER = 'presto_view';

interface ViewJson {
  readonly originalSql: string;
  readonly catalog?: string;
  readonly schema?: string;
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly comment?: string;
  readonly owner?: string;
  readonly runAsInvoker?: boolean;
}

/** Whether a stored table document is a view (Trino's or Hive's). */
export function isView(table: LakeTable): boolean {
  return table.tableType === 'VIRTUAL_VIEW';
}

/** The metastore document of a view. */
export function viewDocument(view: ViewDefinition, owner: string): LakeTable {
  const json: ViewJson = {
    originalSql: view.sql,
    ...(view.catalog !== undefined && { catalog: view.catalog }),
    ...(view.schema !== undefined && { schema: view.schema }),
    columns: view.columns.map((c) => ({ name: c.name, type: formatType(c.type) })),
    ...(view.comment !== undefined && { comment: view.comment }),
    owner,
    runAsInvoker: false,
  };
  return {
    schemaName: view.name.schema,
    tableName: view.name.name,
    owner,
    tableType: 'VIRTUAL_VIEW',
    dataColumns: [{ name: 'dummy', type: VARCHAR }],
    partitionColumns: [],
    parameters: { [VIEW_PARAMETER]: 'true', comment: 'Presto View' },
    serdeParameters: {},
    columnStatistics: {},
    viewOriginalText: `${VIEW_PREFIX}${Buffer.from(JSON.stringify(json), 'utf8').toString('base64')}${VIEW_SUFFIX}`,
    viewExpandedText: VIEW_EXPANDED_TEXT,
  };
}

/** The view a VIRTUAL_VIEW document holds; HIVE_INVALID_VIEW_DATA for a Hive view or a broken one. */
export function viewOfDocument(catalog: string, table: LakeTable): ViewDefinition {
  const where = `${table.schemaName}.${table.tableName}`;
  const text = table.viewOriginalText ?? '';
  if (!text.startsWith(VIEW_PREFIX) || !text.endsWith(VIEW_SUFFIX)) {
    throw lakeError(
      'HIVE_INVALID_VIEW_DATA',
      `View '${where}' is a Hive view, not a Trino view: Vivace cannot read it`,
    );
  }
  let json: ViewJson;
  try {
    json = JSON.parse(
      Buffer.from(text.slice(VIEW_PREFIX.length, -VIEW_SUFFIX.length), 'base64').toString('utf8'),
    ) as ViewJson;
    if (typeof json.originalSql !== 'string' || !Array.isArray(json.columns)) throw new Error('missing fields');
    const columns = json.columns.map((c) => ({ name: String(c.name).toLowerCase(), type: parseType(String(c.type)) }));
    return {
      name: { catalog, schema: table.schemaName, name: table.tableName },
      sql: json.originalSql,
      ...(typeof json.catalog === 'string' && { catalog: json.catalog }),
      ...(typeof json.schema === 'string' && { schema: json.schema }),
      columns,
      ...(typeof json.comment === 'string' && { comment: json.comment }),
    };
  } catch (error) {
    if (error instanceof VivaceError && error.errorName === 'HIVE_INVALID_VIEW_DATA') throw error;
    throw lakeError(
      'HIVE_INVALID_VIEW_DATA',
      `Invalid view JSON of '${where}': ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
}
