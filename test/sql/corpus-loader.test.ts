import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCorpus, loadTpchQueries, splitCorpusText } from './corpus-loader.js';

describe('corpus loader', () => {
  it('splits at a line ending with ; followed by a blank line, keeping the first line number', () => {
    const text =
      '-- file note\n-- more\n\nSELECT 1;\n\n\nSELECT\n  2;\n\n-- note for the next\nSELECT 3 -- tail;\nFROM t;';
    assert.deepEqual(splitCorpusText('f.sql', text), [
      { file: 'f.sql', line: 4, sql: 'SELECT 1' },
      { file: 'f.sql', line: 7, sql: 'SELECT\n  2' },
      { file: 'f.sql', line: 10, sql: '-- note for the next\nSELECT 3 -- tail;\nFROM t' },
    ]);
  });

  it('keeps a ; at a line end inside a statement when no blank line follows', () => {
    assert.deepEqual(splitCorpusText('f.sql', "SELECT 'a;\nb';\n"), [
      { file: 'f.sql', line: 1, sql: "SELECT 'a;\nb'" },
    ]);
  });

  it('rejects a statement without a terminating semicolon', () => {
    assert.throws(() => splitCorpusText('f.sql', 'SELECT 1;\n\nSELECT 2\n'), /f\.sql:3: statement without/);
  });

  it('loads the corpus files and the 22 TPC-H queries', () => {
    const corpus = loadCorpus();
    assert.ok(corpus.length >= 400);
    assert.ok(corpus.every((s) => s.sql.trim() !== '' && !s.sql.trimEnd().endsWith(';')));
    const tpch = loadTpchQueries();
    assert.deepEqual(
      tpch.map((q) => q.file),
      Array.from({ length: 22 }, (_, i) => `test/sql/tpch/q${String(i + 1).padStart(2, '0')}.sql`),
    );
  });
});
