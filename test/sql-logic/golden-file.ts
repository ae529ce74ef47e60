/**
 * Reads the SQL logic test files (`test/sql-logic/<family>/<topic>.sql`, format in README.md)
 * into cases: a query with its expected rows (and optionally column types), or a statement that
 * must fail with a given error, or a statement that must succeed. Kept apart from the runner so
 * that tools (e.g. a cross-check against another engine) can read the same files.
 */

export type RowOrder = 'ordered' | 'rowsort';

export interface QueryCase {
  readonly kind: 'query';
  readonly line: number;
  readonly sql: string;
  readonly order: RowOrder;
  /** Expected column type signatures, when the case checks them. */
  readonly types: readonly string[] | undefined;
  readonly rows: readonly string[];
}

export interface ErrorCase {
  readonly kind: 'error';
  readonly line: number;
  readonly sql: string;
  readonly errorName: string;
  /** Expected message; compared without Presto's `line L:C: ` prefix unless it starts with one. */
  readonly message: string;
}

export interface StatementCase {
  readonly kind: 'statement';
  readonly line: number;
  readonly sql: string;
}

export type GoldenCase = QueryCase | ErrorCase | StatementCase;

function syntax(file: string, line: number, message: string): Error {
  return new Error(`${file}:${line}: ${message}`);
}

/** Parses one golden file's text; `file` only labels errors. */
export function parseGoldenFile(file: string, text: string): GoldenCase[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const cases: GoldenCase[] = [];
  let i = 0;
  const blank = (l: string | undefined) => l === undefined || l.trim() === '';
  while (i < lines.length) {
    const header = lines[i]!;
    if (blank(header) || header.startsWith('#')) {
      i++;
      continue;
    }
    const headerLine = i + 1;
    i++;
    const sqlLines: string[] = [];
    if (header.startsWith('query')) {
      let order: RowOrder = 'ordered';
      let types: string[] | undefined;
      // `types=` comes last and runs to the end of the line (types contain commas and spaces).
      const typesAt = header.indexOf(' types=');
      if (typesAt >= 0) types = header.slice(typesAt + ' types='.length).split('|');
      for (const word of header
        .slice(0, typesAt >= 0 ? typesAt : undefined)
        .split(/\s+/)
        .slice(1)) {
        if (word === 'rowsort') order = 'rowsort';
        else if (word === 'nosort') order = 'ordered';
        else throw syntax(file, headerLine, `unknown query option '${word}'`);
      }
      while (i < lines.length && lines[i] !== '----') {
        if (blank(lines[i])) throw syntax(file, i + 1, 'blank line inside a query before ----');
        sqlLines.push(lines[i]!);
        i++;
      }
      if (i >= lines.length) throw syntax(file, headerLine, 'query without ---- line');
      i++;
      const rows: string[] = [];
      while (i < lines.length && lines[i] !== '') {
        rows.push(lines[i]!);
        i++;
      }
      cases.push({ kind: 'query', line: headerLine, sql: sqlLines.join('\n'), order, types, rows });
      continue;
    }
    const errorMatch = /^statement error ([A-Z_]+)(?:: (.*))?$/.exec(header);
    if (errorMatch === null && header !== 'statement ok')
      throw syntax(file, headerLine, `unknown directive '${header}'`);
    while (i < lines.length && !blank(lines[i])) {
      sqlLines.push(lines[i]!);
      i++;
    }
    if (sqlLines.length === 0) throw syntax(file, headerLine, 'statement without SQL');
    const sql = sqlLines.join('\n');
    if (errorMatch === null) cases.push({ kind: 'statement', line: headerLine, sql });
    else cases.push({ kind: 'error', line: headerLine, sql, errorName: errorMatch[1]!, message: errorMatch[2] ?? '' });
  }
  return cases;
}
