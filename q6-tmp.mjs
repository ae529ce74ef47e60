import { readFileSync } from 'node:fs';
import { createCatalogManager } from '/work/wt-lake/dist/src/connectors/catalog/builtin-connectors.js';
import { LocalQueryRunner } from '/work/wt-lake/dist/src/server/engine/local-query-runner.js';
import { MetadataManager } from '/work/wt-lake/dist/src/server/metadata/metadata-manager.js';
const runner = new LocalQueryRunner({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'x', dataDirectory: '.cache/lake-bench/sf1/data' })) });
for (const schema of ['duck', 'vivace', 'duck', 'vivace']) {
  const session = { user: 'test', catalog: 'lake', schema, timeZone: 'UTC', properties: {} };
  const sql = readFileSync(`test/sql/tpch/${process.argv[2]}.sql`, 'utf8');
  const s = performance.now(); const q = await runner.execute(sql, session); while (q.results.poll());
  console.log(schema, (performance.now() - s).toFixed(0), 'ms', q.error?.message ?? '');
}
