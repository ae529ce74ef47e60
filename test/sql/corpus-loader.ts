/**
 * Loads the SQL test corpus (test/sql/corpus/*.sql) and the TPC-H queries (test/sql/tpch/*.sql).
 *
 * Corpus file format: statements are separated by a line that ends with `;` and is followed by a
 * blank line (or the end of the file); the `;` is not part of the statement. Chunks made only of
 * `--` comment lines are file notes, not statements. Each TPC-H file is one statement without a
 * semicolon. Paths are relative to the project root (the working directory of tests and benches).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusStatement {
  /** Path relative to the project root, e.g. `test/sql/corpus/joins.sql`. */
  readonly file: string;
  /** 1-based line of the statement's first non-blank line. */
  readonly line: number;
  readonly sql: string;
}

export const CORPUS_DIR = 'test/sql/corpus';
export const TPCH_DIR = 'test/sql/tpch';

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => join(dir, name));
}

function isNoteOnly(lines: readonly string[]): boolean {
  return lines.every((l) => l.trim() === '' || l.trimStart().startsWith('--'));
}

/** Splits one corpus file's text into statements. */
export function splitCorpusText(file: string, text: string): CorpusStatement[] {
  const lines = text.split('\n');
  const statements: CorpusStatement[] = [];
  let chunk: string[] = [];
  let firstLine = 0;
  const flush = () => {
    if (!isNoteOnly(chunk)) statements.push({ file, line: firstLine, sql: chunk.join('\n') });
    chunk = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '' && isNoteOnly(chunk)) {
      chunk = [];
      continue;
    }
    if (chunk.length === 0) firstLine = i + 1;
    const trimmed = line.trimEnd();
    const next = lines[i + 1];
    if (trimmed.endsWith(';') && (next === undefined || next.trim() === '')) {
      chunk.push(trimmed.slice(0, -1));
      flush();
    } else {
      chunk.push(line);
    }
  }
  if (chunk.length > 0) {
    if (!isNoteOnly(chunk)) throw new Error(`${file}:${firstLine}: statement without a terminating ';'`);
    chunk = [];
  }
  return statements;
}

export function loadCorpus(dir = CORPUS_DIR): CorpusStatement[] {
  return sqlFiles(dir).flatMap((file) => splitCorpusText(file, readFileSync(file, 'utf8')));
}

export function loadTpchQueries(dir = TPCH_DIR): CorpusStatement[] {
  return sqlFiles(dir).map((file) => ({ file, line: 1, sql: readFileSync(file, 'utf8').trimEnd() }));
}
