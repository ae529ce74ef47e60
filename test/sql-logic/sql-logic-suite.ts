/**
 * Runs the golden files under test/sql-logic (format in README.md) against a query runner: one
 * test per file, a fresh runner per file (files may create memory tables of the same names); a
 * failure lists every failing case with its file, line and a diff of expected and actual rows.
 * sql-logic.test.ts runs it in-process, sql-logic-cluster.test.ts through a cluster.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { pageToJsonRows } from '../../src/data/json-values.js';
import type { QueryManager } from '../../src/server/query/query-manager.js';
import { formatType } from '../../src/types/format-type.js';
import { type GoldenCase, parseGoldenFile } from './golden-file.js';
import { renderValue } from './render-value.js';

const ROOT = 'test/sql-logic';

function goldenFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...goldenFiles(path));
    else if (entry.name.endsWith('.sql')) files.push(path);
  }
  return files.sort();
}

interface Outcome {
  readonly rows?: string[];
  readonly types?: string[];
  readonly errorName?: string;
  readonly message?: string;
}

async function run(runner: QueryManager, sql: string, properties: Record<string, string>): Promise<Outcome> {
  const query = await runner.execute(sql, {
    user: 'test',
    catalog: 'tpch',
    schema: 'tiny',
    timeZone: 'UTC',
    properties,
  });
  if (query.error) return { errorName: query.error.errorName, message: query.error.message };
  const types = (query.columns ?? []).map((c) => c.type);
  const rows: string[] = [];
  for (let page = query.results.poll(); page; page = query.results.poll()) {
    for (const row of pageToJsonRows(page, types)) rows.push(row.map((v, i) => renderValue(v, types[i]!)).join('\t'));
  }
  if (query.error) return { errorName: (query.error as { errorName: string }).errorName, message: String(query.error) };
  return { rows, types: types.map(formatType) };
}

/** Why a case failed, or undefined when it passed. */
function check(testCase: GoldenCase, outcome: Outcome): string | undefined {
  if (testCase.kind === 'statement') {
    return outcome.errorName === undefined ? undefined : `failed: ${outcome.errorName}: ${outcome.message}`;
  }
  if (testCase.kind === 'error') {
    if (outcome.errorName === undefined) return `expected ${testCase.errorName} but got ${outcome.rows!.length} rows`;
    const expected = testCase.message;
    const actual = expected.startsWith('line ') ? outcome.message! : outcome.message!.replace(/^line \d+:\d+: /, '');
    if (outcome.errorName !== testCase.errorName || (expected !== '' && actual !== expected)) {
      return `expected error ${testCase.errorName}: ${expected}\n  actual error ${outcome.errorName}: ${outcome.message}`;
    }
    return undefined;
  }
  if (outcome.errorName !== undefined) return `failed: ${outcome.errorName}: ${outcome.message}`;
  const problems: string[] = [];
  if (testCase.types !== undefined && testCase.types.join('|') !== outcome.types!.join('|')) {
    problems.push(`types: expected ${testCase.types.join('|')}, actual ${outcome.types!.join('|')}`);
  }
  const expected = testCase.order === 'rowsort' ? [...testCase.rows].sort() : testCase.rows;
  const actual = testCase.order === 'rowsort' ? [...outcome.rows!].sort() : outcome.rows!;
  if (expected.join('\n') !== actual.join('\n')) {
    const diff: string[] = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (expected[i] === actual[i]) diff.push(`    ${actual[i]}`);
      else {
        if (i < expected.length) diff.push(`  - ${expected[i]}`);
        if (i < actual.length) diff.push(`  + ${actual[i]}`);
      }
    }
    problems.push(`rows (- expected, + actual):\n${diff.slice(0, 40).join('\n')}`);
  }
  return problems.length === 0 ? undefined : problems.join('\n');
}

function substituted(testCase: GoldenCase, substitute: ((text: string) => string) | undefined): GoldenCase {
  if (substitute === undefined) return testCase;
  switch (testCase.kind) {
    case 'query':
      return { ...testCase, sql: substitute(testCase.sql), rows: testCase.rows.map(substitute) };
    case 'error':
      return { ...testCase, sql: substitute(testCase.sql), message: substitute(testCase.message) };
    case 'statement':
      return { ...testCase, sql: substitute(testCase.sql) };
  }
}

export interface PageSize {
  readonly name: string;
  readonly properties: Record<string, string>;
}

/** Registers one suite per page size: a test per golden file, each with a runner from `createRunner`. */
export function registerGoldenSuite(
  title: string,
  pageSizes: readonly PageSize[],
  createRunner: () => QueryManager | Promise<QueryManager>,
  options: {
    /** The folder of golden files (default test/sql-logic). */
    readonly root?: string;
    /** Rewrites each case's SQL, expected rows and expected message before it runs (fixture locations). */
    readonly substitute?: (text: string) => string;
  } = {},
): void {
  const root = options.root ?? ROOT;
  for (const pageSize of pageSizes) {
    describe(`${title} with ${pageSize.name}`, () => {
      for (const file of goldenFiles(root)) {
        const name = relative(root, file);
        it(name, async () => {
          const cases = parseGoldenFile(file, readFileSync(file, 'utf8'));
          assert.ok(cases.length > 0, `${file} has no cases`);
          const runner = await createRunner();
          const failures: string[] = [];
          for (const testCase of cases) {
            const prepared = substituted(testCase, options.substitute);
            const problem = check(prepared, await run(runner, prepared.sql, pageSize.properties));
            if (problem !== undefined) failures.push(`${file}:${testCase.line}: ${testCase.sql}\n  ${problem}`);
          }
          assert.equal(
            failures.length,
            0,
            `${failures.length} of ${cases.length} cases failed\n${failures.join('\n\n')}`,
          );
        });
      }
    });
  }
}
