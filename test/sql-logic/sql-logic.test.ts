/**
 * The SQL logic test suite in-process: every golden file under test/sql-logic runs twice, once
 * with the connectors' page sizes and once with 1-row pages (`page_rows` session property), so
 * operators are checked across page boundaries too.
 */
import { createCatalogManager } from '../../src/connectors/catalog/builtin-connectors.js';
import { MetadataManager } from '../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../src/server/query/query-manager.js';
import { registerGoldenSuite } from './sql-logic-suite.js';

registerGoldenSuite(
  'SQL logic tests',
  [
    { name: 'default pages', properties: {} },
    { name: '1-row pages', properties: { page_rows: '1' } },
  ],
  () => new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'sql-logic' })) }),
);
