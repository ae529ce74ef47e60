/** The golden-file reader and the value printer the SQL logic suite relies on. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RawJson } from '../../src/data/json-values.js';
import { parseType } from '../../src/types/type-signature.js';
import { parseGoldenFile } from './golden-file.js';
import { formatJavaDouble, renderValue } from './render-value.js';

describe('parseGoldenFile', () => {
  it('reads queries with options, multi-line SQL and expected rows, errors and statements', () => {
    const text = [
      '# a comment',
      'query rowsort types=decimal(12,2)|map(varchar, bigint)',
      'SELECT 1,',
      '  2',
      '----',
      '1\t2',
      '',
      'query',
      'SELECT 1 WHERE false',
      '----',
      '',
      'statement error DIVISION_BY_ZERO: Division by zero',
      'SELECT 1 / 0',
      '',
      'statement ok',
      'SELECT 1',
    ].join('\n');
    const cases = parseGoldenFile('x.sql', text);
    assert.deepEqual(cases, [
      {
        kind: 'query',
        line: 2,
        sql: 'SELECT 1,\n  2',
        order: 'rowsort',
        types: ['decimal(12,2)', 'map(varchar, bigint)'],
        rows: ['1\t2'],
      },
      { kind: 'query', line: 8, sql: 'SELECT 1 WHERE false', order: 'ordered', types: undefined, rows: [] },
      { kind: 'error', line: 12, sql: 'SELECT 1 / 0', errorName: 'DIVISION_BY_ZERO', message: 'Division by zero' },
      { kind: 'statement', line: 15, sql: 'SELECT 1' },
    ]);
  });

  it('rejects unknown directives and queries without a ---- line, naming the file and line', () => {
    assert.throws(() => parseGoldenFile('f.sql', 'querry\nSELECT 1\n'), /f\.sql:1: unknown directive/);
    assert.throws(() => parseGoldenFile('f.sql', 'query\nSELECT 1'), /f\.sql:1: query without ----/);
    assert.throws(() => parseGoldenFile('f.sql', 'query\nSELECT 1\n\n----'), /f\.sql:3: blank line inside a query/);
    assert.throws(() => parseGoldenFile('f.sql', 'query sorted\nSELECT 1\n----\n'), /unknown query option 'sorted'/);
  });
});

describe('formatJavaDouble', () => {
  it("prints like Java's Double.toString", () => {
    const cases: [number, string][] = [
      [1, '1.0'],
      [-2.5, '-2.5'],
      [0.001, '0.001'],
      [0.0001, '1.0E-4'],
      [1234567, '1234567.0'],
      [12345678, '1.2345678E7'],
      [1e20, '1.0E20'],
      [0.1 + 0.2, '0.30000000000000004'],
      [-0, '-0.0'],
      [Number.NaN, 'NaN'],
      [Number.NEGATIVE_INFINITY, '-Infinity'],
    ];
    for (const [value, text] of cases) assert.equal(formatJavaDouble(value), text, String(value));
  });
});

describe('renderValue', () => {
  it('prints nested values like the Presto CLI', () => {
    assert.equal(renderValue([1, null], parseType('array(integer)')), '[1, NULL]');
    assert.equal(renderValue({ a: 1.5 }, parseType('map(varchar, double)')), '{a=1.5}');
    assert.equal(renderValue([1, 'x'], parseType('row(a integer, b varchar)')), '{a=1, b=x}');
    assert.equal(renderValue([1, 'x'], parseType('row(integer, varchar)')), '{1, x}');
    assert.equal(renderValue('aGk=', parseType('varbinary')), '68 69');
    assert.equal(renderValue(new RawJson('9007199254740993'), parseType('bigint')), '9007199254740993');
  });

  it('makes empty strings and line breaks visible', () => {
    assert.equal(renderValue('', parseType('varchar')), '(empty)');
    assert.equal(renderValue('a\nb\tc', parseType('varchar')), 'a\\nb\\tc');
    assert.equal(renderValue(null, parseType('varchar')), 'NULL');
  });
});
