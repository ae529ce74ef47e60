/**
 * A seeded statement fuzzer for a running cluster (issue 13: the probes that took a cluster down
 * were mutated statements; this repeats them on every run). Statements come from the SQL corpus
 * (test/sql/corpus) and the golden files (test/sql-logic), plus templates of functions that build
 * values from a size argument; each is mutated (tokens deleted, duplicated, swapped; numbers
 * replaced by huge, negative or zero ones; strings by empty, long, odd or invalid text; deep
 * nesting; truncation; invalid UTF-8 bytes in the body) and sent through the statement protocol.
 *
 * Every answer is checked for shape: HTTP 200 with a query id and state, and either results or an
 * `error` with message, errorCode, errorName and errorType; or, for the POST only, a 4xx protocol
 * reject. GENERIC_INTERNAL_ERROR answers, 5xx answers, malformed bodies and statements that get no
 * final answer in time are reported as findings with the statement (and the seed to replay it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultFunctionRegistry } from '../../../src/functions/function-registry.js';
import { scanTokens } from '../../../src/sql/lexer.js';
import type { Token } from '../../../src/sql/token.js';
import { loadCorpus } from '../../sql/corpus-loader.js';
import { parseGoldenFile } from '../../sql-logic/golden-file.js';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function goldenStatements(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...goldenStatements(path));
    else if (entry.name.endsWith('.sql'))
      out.push(...parseGoldenFile(path, readFileSync(path, 'utf8')).map((c) => c.sql));
  }
  return out;
}

/** The statements mutations start from: the parser corpus and every golden-file statement. */
export function seedStatements(): string[] {
  return [...loadCorpus().map((s) => s.sql), ...goldenStatements('test/sql-logic')];
}

const NUMBERS = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '-2147483648',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '99999999999999999999999999999999999999',
  '16777216',
  '16777217',
  '1048577',
  '10001',
  '100001',
  '1e308',
  '1e309',
  '-1e400',
  '0e0',
  '-0e0',
  '1.5',
  '0.000000000000000000000000000000000001',
  'nan()',
  'infinity()',
];

const SIZES = [0, 1, 2, 10_000, 10_001, 100_001, 1_048_576, 1_048_577, 16_777_216, 16_777_217, 2147483647];

const STRINGS = [
  "''",
  "'''",
  `'${'x'.repeat(100_000)}'`,
  "'%_\\\\'",
  "'\u00e9\u0301\ud83d\ude00\u4e2d'",
  "'\u0000'",
  "'\ud800'",
  "'NaN'",
  "'-Infinity'",
  "'2020-13-45 25:61:61.1234567890123'",
  '\'{"a": [1, {"b": null}]}\'',
  "'[' || '1' || ']'",
  "U&'\\+01F600'",
  "X'FFFE'",
];

/** Expressions that build a value from a size (item 2 of issue 13), with a size spliced in. */
const SIZED_TEMPLATES = [
  (n: number) => `length(rpad('x', ${n}, 'yz'))`,
  (n: number) => `length(lpad('', ${n}, '\ud83d\ude00'))`,
  (n: number) => `length(rpad(X'00', ${n}, X'0102'))`,
  (n: number) => `cardinality(repeat('x', ${n}))`,
  (n: number) => `cardinality(sequence(1, ${n}))`,
  (n: number) => `length(array_join(repeat(rpad('a', ${n}, 'b'), 100), ','))`,
  (n: number) => `length(replace(rpad('x', ${n}, 'y'), '', 'abc'))`,
  (n: number) => `length(regexp_replace(rpad('x', ${n}, 'y'), '', 'ab'))`,
  (n: number) => `length(concat(rpad('x', ${n}, 'y'), rpad('x', ${n}, 'y')))`,
  (n: number) => `length(to_hex(to_utf8(rpad('x', ${n}, 'y'))))`,
  (n: number) => `cardinality(split(rpad('', ${n}, ','), ','))`,
  (n: number) => `cardinality(combinations(sequence(1, least(${n}, 10000)), 5))`,
  (n: number) => `cardinality(ngrams(sequence(1, least(${n}, 10000)), 5000))`,
  (n: number) => `cardinality(flatten(repeat(sequence(1, least(${n}, 10000)), 10000)))`,
  (n: number) => `length(CAST(rpad('"', ${n}, '"') AS json))`,
  (n: number) => `length(format_datetime(TIMESTAMP '2020-01-01', rpad('E', ${n}, 'zE')))`,
  (n: number) => `length(url_encode(rpad('\u00e9', ${n}, '\u00e9')))`,
  (n: number) => `length(reduce(sequence(1, 40), 'ab', (s, x) -> s || s, s -> s)) + ${n}`,
  (n: number) => `cardinality(reduce(sequence(1, 40), ARRAY[1], (s, x) -> s || s, s -> s)) + ${n}`,
  (n: number) => `localtimestamp(${Math.min(n, 99)}) IS NULL`,
  (n: number) => `typeof(CAST(NULL AS timestamp(${Math.min(n, 99)})))`,
];

/** Every function name: a call's name is swapped for another to reach odd argument types. */
const FUNCTION_NAMES = [
  ...new Set(
    defaultFunctionRegistry()
      .list()
      .map((f) => f.name),
  ),
]
  .filter((name) => !name.startsWith('$'))
  .sort();

const TYPES = [
  'varchar',
  'varchar(0)',
  'char(65536)',
  'decimal(38, 38)',
  'decimal(1, 0)',
  'real',
  'double',
  'bigint',
  'tinyint',
  'date',
  'time(12) with time zone',
  'timestamp(12)',
  'timestamp(0) with time zone',
  'interval day to second',
  'interval year to month',
  'json',
  'varbinary',
  'array(map(varchar, row(a bigint, b array(double))))',
  'row(x json)',
  'map(json, bigint)',
];

const SESSION_VALUES = [
  'SET SESSION hash_partition_count = 99999999',
  "SET SESSION query_max_run_time = '99999999999d'",
  'SET SESSION task_concurrency = 3',
  "SET SESSION query_max_memory = '99999999PB'",
  'SET SESSION page_rows = 0',
];

function rebuild(sql: string, tokens: readonly Token[], replace: (index: number) => string | undefined): string {
  let out = '';
  let last = 0;
  tokens.forEach((token, i) => {
    if (token.kind === 'eof') return;
    const replacement = replace(i);
    if (replacement === undefined) return;
    out += sql.slice(last, token.pos.offset) + replacement;
    last = token.end;
  });
  return out + sql.slice(last);
}

function nested(random: Random, inner: string): string {
  const depth = pick(random, [20, 200, 2000, 20000]);
  switch (Math.floor(random() * 4)) {
    case 0:
      return `${'('.repeat(depth)}${inner}${')'.repeat(depth)}`;
    case 1:
      return `${'abs('.repeat(depth)}${inner}${')'.repeat(depth)}`;
    case 2:
      return `${'ARRAY['.repeat(Math.min(depth, 200))}${inner}${']'.repeat(Math.min(depth, 200))}`;
    default:
      return `${'(SELECT '.repeat(Math.min(depth, 200))}${inner}${')'.repeat(Math.min(depth, 200))}`;
  }
}

/**
 * One textual mutation of `sql`; returns the new text and a label of what was done. `semantic`
 * keeps to mutations that usually leave the statement valid SQL (values, sizes, nesting), so it
 * gets past the parser and into analysis and execution.
 */
function mutateText(sql: string, random: Random, semantic: boolean): [string, string] {
  const tokens = scanTokens(sql);
  const real = tokens.map((t, i) => [t, i] as const).filter(([t]) => t.kind !== 'eof');
  if (real.length === 0) return [sql, 'none'];
  const [target, at] = pick(random, real);
  switch (semantic ? pick(random, [3, 4, 5, 6, 10, 11]) : Math.floor(random() * 12)) {
    case 0:
      return [rebuild(sql, tokens, (i) => (i === at ? '' : tokens[i]!.text)), `delete '${target.text}'`];
    case 1:
      return [
        rebuild(sql, tokens, (i) => (i === at ? `${target.text} ${target.text}` : tokens[i]!.text)),
        `duplicate '${target.text}'`,
      ];
    case 2: {
      const [other, at2] = pick(random, real);
      return [
        rebuild(sql, tokens, (i) => (i === at ? other.text : i === at2 ? target.text : tokens[i]!.text)),
        `swap '${target.text}' '${other.text}'`,
      ];
    }
    case 3: {
      const numbers = real.filter(([t]) => t.kind === 'integer' || t.kind === 'decimal' || t.kind === 'double');
      if (numbers.length === 0) return mutateText(`SELECT ${pick(random, NUMBERS)} + 1`, random, semantic);
      const [, index] = pick(random, numbers);
      const value = pick(random, NUMBERS);
      return [rebuild(sql, tokens, (i) => (i === index ? value : tokens[i]!.text)), `number ${value}`];
    }
    case 4: {
      const strings = real.filter(([t]) => t.kind === 'string');
      const value = pick(random, STRINGS);
      if (strings.length === 0) return [`SELECT length(${value})`, 'string'];
      const [, index] = pick(random, strings);
      return [rebuild(sql, tokens, (i) => (i === index ? value : tokens[i]!.text)), `string ${value.slice(0, 20)}`];
    }
    case 5: {
      const operands = real.filter(([t]) => t.kind === 'integer' || t.kind === 'string' || t.kind === 'identifier');
      const bomb = pick(random, SIZED_TEMPLATES)(pick(random, SIZES));
      if (operands.length === 0) return [`SELECT ${bomb}`, `sized ${bomb}`];
      const [, index] = pick(random, operands);
      return [rebuild(sql, tokens, (i) => (i === index ? bomb : tokens[i]!.text)), `sized ${bomb}`];
    }
    case 6: {
      const operands = real.filter(([t]) => t.kind === 'integer' || t.kind === 'string');
      if (operands.length === 0) return [`SELECT ${nested(random, '1')}`, 'nested'];
      const [, index] = pick(random, operands);
      return [rebuild(sql, tokens, (i) => (i === index ? nested(random, tokens[i]!.text) : tokens[i]!.text)), 'nested'];
    }
    case 7:
      return [sql.slice(0, Math.floor(random() * sql.length)), 'truncate'];
    case 8:
      return [
        rebuild(sql, tokens, (i) =>
          i === at ? `/* ${pick(random, ['*/', '', '--'])} */${tokens[i]!.text}` : tokens[i]!.text,
        ),
        'comment',
      ];
    case 9:
      return [sql.replaceAll(' ', pick(random, ['\t', '\n', '\r\n', '\u00a0', '\u2028', '  '])), 'whitespace'];
    case 10: {
      // A call's name: an identifier followed by `(`.
      const calls = real.filter(([t, i]) => t.kind === 'identifier' && tokens[i + 1]?.text === '(');
      const name = pick(random, FUNCTION_NAMES);
      if (calls.length === 0)
        return [`SELECT ${name}(${pick(random, NUMBERS)}, ${pick(random, STRINGS)})`, `call ${name}`];
      const [, index] = pick(random, calls);
      return [rebuild(sql, tokens, (i) => (i === index ? name : tokens[i]!.text)), `call ${name}`];
    }
    default: {
      // A type of a CAST or literal: the identifier after AS in CAST(... AS type), or any type word.
      const type = pick(random, TYPES);
      const casts = real.filter(([t, i]) => t.key === 'AS' && tokens[i + 1]?.kind === 'identifier');
      if (casts.length === 0) return [`SELECT CAST(${pick(random, STRINGS)} AS ${type})`, `cast ${type}`];
      const [, index] = pick(random, casts);
      return [rebuild(sql, tokens, (i) => (i === index + 1 ? type : tokens[i]!.text)), `cast ${type}`];
    }
  }
}

const ODD_BYTES: readonly (readonly number[])[] = [
  [0xff],
  [0xc3],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xef, 0xbb, 0xbf],
  [0x00],
  [0xe2, 0x80],
];

export interface FuzzStatement {
  readonly body: Buffer;
  /** The mutations applied, for the report. */
  readonly label: string;
  /** The statement as text (invalid bytes shown as U+FFFD), for the report. */
  readonly text: string;
}

/** The `index`-th statement of the run seeded with `seed`: independent of the others, so replayable alone. */
export function fuzzStatement(seeds: readonly string[], seed: number, index: number): FuzzStatement {
  const random = seededRandom(seed * 1_000_003 + index);
  const kind = random();
  let sql: string;
  const labels: string[] = [];
  if (kind < 0.15) {
    sql = `SELECT ${pick(random, SIZED_TEMPLATES)(pick(random, SIZES))}`;
    labels.push('template');
  } else if (kind < 0.18) {
    sql = pick(random, SESSION_VALUES);
    labels.push('session');
  } else {
    sql = pick(random, seeds);
    const rounds = 1 + Math.floor(random() * 3);
    const semantic = random() < 0.5;
    for (let r = 0; r < rounds; r++) {
      const [next, label] = mutateText(sql, random, semantic);
      sql = next;
      labels.push(label);
    }
  }
  let body = Buffer.from(sql, 'utf8');
  if (random() < 0.1) {
    const bytes = pick(random, ODD_BYTES);
    const at = Math.floor(random() * (body.length + 1));
    body = Buffer.concat([body.subarray(0, at), Buffer.from(bytes), body.subarray(at)]);
    labels.push(`bytes ${bytes.map((b) => b.toString(16)).join(' ')}`);
  }
  return { body, label: labels.join('; '), text: body.toString('utf8') };
}

export interface FuzzFinding {
  readonly index: number;
  readonly statement: FuzzStatement;
  readonly problem: string;
}

export interface FuzzOutcome {
  readonly findings: FuzzFinding[];
  /** How many answers ended in each state or error name. */
  readonly outcomes: Map<string, number>;
}

interface StatementJson {
  id?: unknown;
  nextUri?: unknown;
  columns?: unknown;
  data?: unknown;
  stats?: { state?: unknown };
  error?: { message?: unknown; errorCode?: unknown; errorName?: unknown; errorType?: unknown };
}

/** Why one statement-protocol answer is malformed, or undefined. */
function shapeProblem(json: StatementJson): string | undefined {
  if (typeof json.id !== 'string') return 'no query id';
  if (typeof json.stats?.state !== 'string') return 'no stats.state';
  if (json.nextUri !== undefined && typeof json.nextUri !== 'string') return 'nextUri is not a string';
  if (json.error !== undefined) {
    const e = json.error;
    if (typeof e.message !== 'string' || typeof e.errorCode !== 'number') return 'error without message or code';
    if (typeof e.errorName !== 'string' || typeof e.errorType !== 'string') return 'error without name or type';
  }
  if (json.data !== undefined) {
    if (!Array.isArray(json.data) || !Array.isArray(json.columns)) return 'data without columns';
    const width = json.columns.length;
    if (json.data.some((row) => !Array.isArray(row) || row.length !== width)) return 'a row of the wrong width';
  }
  return undefined;
}

/** HTTP statuses a POST may answer without starting a query: malformed requests, too large. */
const PROTOCOL_REJECTS = new Set([400, 413, 414, 415, 431]);

/**
 * Runs one statement to its end; returns the outcome label or throws a problem description.
 * `deadline` bounds the whole exchange; a query still running then is cancelled and reported.
 */
async function runOne(url: string, statement: FuzzStatement, headers: Record<string, string>, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  const signal = AbortSignal.timeout(deadlineMs);
  let response = await fetch(`${url}/v1/statement`, { method: 'POST', headers, body: statement.body, signal });
  if (response.status !== 200) {
    const text = await response.text();
    if (PROTOCOL_REJECTS.has(response.status) && text.length > 0) return `HTTP ${response.status}`;
    throw new Error(`HTTP ${response.status} on POST: ${text.slice(0, 200)}`);
  }
  for (;;) {
    const text = await response.text();
    let json: StatementJson;
    try {
      json = JSON.parse(text) as StatementJson;
    } catch {
      throw new Error(`a body that is not JSON: ${text.slice(0, 200)}`);
    }
    const problem = shapeProblem(json);
    if (problem) throw new Error(`${problem}: ${text.slice(0, 200)}`);
    if (json.error?.errorName === 'GENERIC_INTERNAL_ERROR') {
      throw new Error(`GENERIC_INTERNAL_ERROR: ${String(json.error.message).slice(0, 300)}`);
    }
    if (typeof json.nextUri !== 'string')
      return (json.error?.errorName as string | undefined) ?? String(json.stats!.state);
    if (Date.now() > deadline) {
      await fetch(json.nextUri, { method: 'DELETE' }).catch(() => undefined);
      throw new Error(`no final answer within ${deadlineMs} ms (state ${String(json.stats!.state)})`);
    }
    response = await fetch(json.nextUri, { signal });
    if (response.status !== 200) throw new Error(`HTTP ${response.status} on GET ${json.nextUri}`);
  }
}

export interface FuzzOptions {
  readonly url: string;
  readonly seed: number;
  readonly count: number;
  /** The first statement index (to replay part of a run). */
  readonly from?: number;
  /** Statements in flight at once. */
  readonly concurrency: number;
  /** Client-side bound for one statement, from POST to its final answer. */
  readonly statementTimeoutMs: number;
  /** Session properties sent with every statement (a run-time limit keeps the run bounded). */
  readonly session: string;
  /** Called when a statement starts and ends (for tracing a run that takes a node down). */
  readonly trace?: (index: number, event: 'start' | 'end', statement: FuzzStatement) => void;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const seeds = seedStatements();
  const headers = {
    'X-Service-User': 'fuzz',
    'X-Service-Catalog': 'tpch',
    'X-Service-Schema': 'tiny',
    'X-Service-Session': options.session,
  };
  const findings: FuzzFinding[] = [];
  const outcomes = new Map<string, number>();
  let next = options.from ?? 0;
  const end = next + options.count;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= end) return;
      const statement = fuzzStatement(seeds, options.seed, index);
      options.trace?.(index, 'start', statement);
      try {
        const outcome = await runOne(options.url, statement, headers, options.statementTimeoutMs);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      } catch (e) {
        findings.push({ index, statement, problem: e instanceof Error ? e.message : String(e) });
      }
      options.trace?.(index, 'end', statement);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  findings.sort((a, b) => a.index - b.index);
  return { findings, outcomes };
}
