/**
 * The parser and the formatter test each other: every corpus statement and TPC-H query parses,
 * its formatted text parses back to the same tree (positions aside), and formatting is idempotent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Statement } from '../../src/sql/ast.js';
import { formatExpression, formatSql } from '../../src/sql/formatter.js';
import { parseStatement } from '../../src/sql/parser.js';
import { stripPos } from './ast-test-utils.js';
import { type CorpusStatement, loadCorpus, loadTpchQueries } from './corpus-loader.js';

/** Why `s` fails the round trip, or undefined when it passes. */
function roundTripFailure(s: CorpusStatement): string | undefined {
  const where = `${s.file}:${s.line}`;
  let formatted: string;
  let original: unknown;
  try {
    const ast = parseStatement(s.sql);
    original = stripPos(ast);
    formatted = formatSql(ast);
  } catch (e) {
    return `${where}: does not parse: ${(e as Error).message}`;
  }
  let reparsed: Statement;
  try {
    reparsed = parseStatement(formatted);
  } catch (e) {
    return `${where}: formatted text does not parse: ${(e as Error).message}\n${formatted}`;
  }
  try {
    assert.deepStrictEqual(stripPos(reparsed), original);
  } catch (e) {
    const diff = (e as Error).message.split('\n').slice(0, 40).join('\n');
    return `${where}: formatted text parses to a different tree\n${formatted}\n${diff}`;
  }
  const again = formatSql(reparsed);
  if (again !== formatted) return `${where}: formatting is not idempotent\n${formatted}\n--- then ---\n${again}`;
  return undefined;
}

function assertAllRoundTrip(statements: readonly CorpusStatement[]): void {
  const failures = statements.map(roundTripFailure).filter((f) => f !== undefined);
  assert.equal(failures.length, 0, `${failures.length} of ${statements.length} failed:\n\n${failures.join('\n\n')}`);
}

const corpus = loadCorpus();
const tpch = loadTpchQueries();

describe('parse/format round trip', () => {
  it('has a corpus of at least 400 statements and the 22 TPC-H queries', () => {
    assert.ok(corpus.length >= 400, `only ${corpus.length} corpus statements`);
    assert.equal(tpch.length, 22);
  });

  const files = [...new Set(corpus.map((s) => s.file))];
  for (const file of files) {
    it(`round-trips ${file}`, () => {
      assertAllRoundTrip(corpus.filter((s) => s.file === file));
    });
  }

  it('round-trips the TPC-H queries', () => {
    assertAllRoundTrip(tpch);
  });

  it('round-trips every corpus and TPC-H query printed on a single line as a scalar subquery', () => {
    const failures: string[] = [];
    for (const s of [...corpus, ...tpch]) {
      let statement: Statement;
      try {
        statement = parseStatement(s.sql);
      } catch {
        continue; // reported by the round trip above
      }
      if (statement.kind !== 'Query') continue;
      // `((SELECT 1))` as an expression is just the scalar subquery: redundant parentheses leave no node.
      const bare = statement.with === undefined && statement.orderBy === undefined && statement.limit === undefined;
      if (bare && statement.offset === undefined && statement.body.kind === 'TableSubquery') continue;
      const text = formatExpression(
        { kind: 'SubqueryExpression', query: statement, pos: statement.pos },
        { singleLine: true },
      );
      try {
        const reparsed = parseStatement(`SELECT ${text}`);
        assert.ok(reparsed.kind === 'Query' && reparsed.body.kind === 'QuerySpecification');
        const item = reparsed.body.select[0]!;
        assert.ok(item.kind === 'SingleColumn' && item.expression.kind === 'SubqueryExpression');
        assert.deepStrictEqual(stripPos(item.expression.query), stripPos(statement));
      } catch (e) {
        failures.push(`${s.file}:${s.line}: ${text}\n${(e as Error).message.split('\n').slice(0, 20).join('\n')}`);
      }
    }
    assert.equal(failures.length, 0, failures.join('\n\n'));
  });
});
