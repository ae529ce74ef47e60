/**
 * EXPLAIN ANALYZE in-process: it runs the query and reports, per stage and operator, figures
 * that add up — the scan's output is every row of the table, each operator's input is what the
 * operator before it produced, and the stage's raw input equals the query's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalogManager } from '../../../src/connectors/catalog/builtin-connectors.js';
import { pageToJsonRows } from '../../../src/data/json-values.js';
import { MetadataManager } from '../../../src/server/metadata/metadata-manager.js';
import { QueryManager } from '../../../src/server/query/query-manager.js';

async function explainAnalyze(sql: string): Promise<string> {
  const runner = new QueryManager({ metadata: new MetadataManager(createCatalogManager({ nodeId: 'test' })) });
  const query = await runner.execute(sql, {
    user: 'u',
    catalog: 'tpch',
    schema: 'tiny',
    timeZone: 'UTC',
    properties: {},
  });
  runner.close();
  if (query.error) throw query.error;
  const page = query.results.poll()!;
  return String(pageToJsonRows(page, [query.columns![0]!.type])[0]![0]);
}

function operatorLine(text: string, operator: string): { input: number; output: number } {
  const match = new RegExp(`${operator}: input (\\d+) rows .*?, output (\\d+) rows`).exec(text);
  assert.ok(match, `${operator} is listed:\n${text}`);
  return { input: Number(match[1]), output: Number(match[2]) };
}

describe('EXPLAIN ANALYZE', () => {
  it('reports operator rows that add up with the query', async () => {
    const text = await explainAnalyze(
      'EXPLAIN ANALYZE SELECT returnflag, count(*) FROM lineitem WHERE quantity < 10 GROUP BY returnflag',
    );
    assert.match(text, /^Query \S+ FINISHED: 1 stage\(s\), 1 task\(s\)/);
    assert.match(text, /Input: 60175 rows/);
    const scan = operatorLine(text, 'TableScanOperator');
    assert.equal(scan.output, 60175);
    const filter = operatorLine(text, 'FilterAndProjectOperator');
    assert.equal(filter.input, scan.output);
    const aggregation = operatorLine(text, 'HashAggregationOperator');
    assert.equal(aggregation.input, filter.output);
    assert.equal(aggregation.output, 3);
    assert.ok(filter.output > 0 && filter.output < 60175);
    assert.match(text, /CPU [\d.]+(ns|us|ms|s), wall [\d.]+(ns|us|ms|s), blocked [\d.]+(ns|us|ms|s), peak memory /);
    assert.match(text, /Plan:\n\s+- Output/);
  });

  it('lists each task with VERBOSE', async () => {
    const text = await explainAnalyze('EXPLAIN ANALYZE VERBOSE SELECT count(*) FROM nation');
    assert.match(text, /Task \S+\.0\.0 on \S+: FINISHED, input 25 rows/);
  });
});
