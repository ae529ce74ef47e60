/**
 * Parser benchmark: tokenizes, parses and formats every statement of the SQL corpus and the TPC-H
 * queries over and over for a fixed time (after a warm-up) and prints statements/s and MB/s of SQL
 * text for each phase. Run from the project root: `node dist/bench/run.js parser [--seconds N]`.
 */

import type { Statement } from '../src/sql/ast.js';
import { formatSql } from '../src/sql/formatter.js';
import { tokenize } from '../src/sql/lexer.js';
import { parseStatement } from '../src/sql/parser.js';
import { loadCorpus, loadTpchQueries } from '../test/sql/corpus-loader.js';

interface Measurement {
  readonly statements: number;
  readonly bytes: number;
  readonly seconds: number;
}

/** Runs `pass` (one pass over all inputs, returning the bytes it processed) until `seconds` elapse. */
function measure(seconds: number, statementsPerPass: number, pass: () => number): Measurement {
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  let statements = 0;
  let bytes = 0;
  let now = start;
  do {
    bytes += pass();
    statements += statementsPerPass;
    now = process.hrtime.bigint();
  } while (now < deadline);
  return { statements, bytes, seconds: Number(now - start) / 1e9 };
}

function report(label: string, m: Measurement): void {
  const perSecond = m.statements / m.seconds;
  const mbPerSecond = m.bytes / m.seconds / 1e6;
  console.log(
    `${label.padEnd(10)} ${perSecond.toFixed(0).padStart(10)} statements/s ${mbPerSecond.toFixed(2).padStart(8)} MB/s` +
      `   (${m.statements} statements in ${m.seconds.toFixed(2)} s)`,
  );
}

function parseSeconds(args: readonly string[]): number {
  const i = args.indexOf('--seconds');
  if (i < 0) return 3;
  const value = Number(args[i + 1]);
  if (!(value > 0)) throw new Error(`--seconds needs a positive number, got ${args[i + 1]}`);
  return value;
}

export function run(args: readonly string[]): void {
  const seconds = parseSeconds(args);
  const all = [...loadCorpus(), ...loadTpchQueries()];
  // Statements the parser rejects would measure error handling, not parsing: leave them out.
  const inputs: { sql: string; bytes: number; ast: Statement }[] = [];
  let rejected = 0;
  for (const s of all) {
    try {
      inputs.push({ sql: s.sql, bytes: Buffer.byteLength(s.sql, 'utf8'), ast: parseStatement(s.sql) });
    } catch {
      rejected++;
    }
  }
  const totalBytes = inputs.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `parser benchmark: ${inputs.length} statements, ${(totalBytes / 1e3).toFixed(1)} kB of SQL` +
      (rejected > 0 ? ` (${rejected} rejected by the parser and skipped)` : '') +
      `; ${seconds} s per phase`,
  );

  let sink = 0;
  const tokenizePass = () => {
    for (const s of inputs) sink += tokenize(s.sql).length;
    return totalBytes;
  };
  const parsePass = () => {
    for (const s of inputs) sink += parseStatement(s.sql).pos.offset;
    return totalBytes;
  };
  const formatPass = () => {
    for (const s of inputs) sink += formatSql(s.ast).length;
    return totalBytes;
  };

  // Warm-up lets the JIT compile the hot paths before timing.
  measure(Math.min(1, seconds / 3), inputs.length, tokenizePass);
  report('tokenize', measure(seconds, inputs.length, tokenizePass));
  measure(Math.min(1, seconds / 3), inputs.length, parsePass);
  report('parse', measure(seconds, inputs.length, parsePass));
  measure(Math.min(1, seconds / 3), inputs.length, formatPass);
  report('format', measure(seconds, inputs.length, formatPass));
  if (sink === -1) console.log('');
}
