/** Parse + analyze against the test catalog, with tpch.tiny as the session default. */
import assert from 'node:assert/strict';
import { type AnalyzerOptions, analyzeStatement } from '../../src/analyzer/analyzer.js';
import type { AnalyzedQuery } from '../../src/analyzer/bound-tree.js';
import { VivaceError } from '../../src/common/vivace-error.js';
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { parseStatement } from '../../src/sql/parser.js';
import { formatType } from '../../src/types/type-signature.js';
import { TestMetadata } from './test-metadata.js';

const metadata = new TestMetadata();
const functions = defaultFunctionRegistry();

export function analyze(sql: string, session: Partial<AnalyzerOptions['session']> = {}): AnalyzedQuery {
  return analyzeStatement(parseStatement(sql), {
    session: { user: 'test', catalog: 'tpch', schema: 'tiny', timeZone: 'UTC', ...session },
    metadata,
    functions,
  });
}

/** Output columns as `name type` strings. */
export function columnsOf(sql: string, session: Partial<AnalyzerOptions['session']> = {}): string[] {
  return analyze(sql, session).columns.map((c) => `${c.name} ${formatType(c.type)}`);
}

export interface ErrorCase {
  readonly sql: string;
  /** Full message including the `line L:C: ` prefix. */
  readonly message: string;
  readonly name: string;
  readonly session?: Partial<AnalyzerOptions['session']>;
}

export function assertAnalysisError(c: ErrorCase): void {
  assert.throws(
    () => analyze(c.sql, c.session),
    (e: unknown) => {
      assert.ok(e instanceof VivaceError, `expected a VivaceError, got ${String(e)}`);
      assert.equal(e.message, c.message);
      assert.equal(e.errorName, c.name);
      const match = /^line (\d+):(\d+): /.exec(c.message);
      if (match) {
        assert.equal(e.location?.line, Number(match[1]));
        assert.equal(e.location?.column, Number(match[2]));
      }
      return true;
    },
  );
}
