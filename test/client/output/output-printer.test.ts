import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOutputPrinter, type OutputFormat } from '../../../src/client/output/output-printer.js';
import { formatJavaDouble, formatValue } from '../../../src/client/output/value-format.js';
import type { JsonRow, ResultColumn } from '../../../src/client/query-results.js';
import { clientTypeSignature } from '../../../src/types/client-type-signature.js';
import { parseType } from '../../../src/types/type-signature.js';

const columns: ResultColumn[] = [
  { name: 'name', type: 'varchar(25)' },
  { name: 'n', type: 'bigint' },
];
const rows: JsonRow[] = [
  ['ALGERIA', 0],
  ['x"y', null],
];

function print(format: OutputFormat, data: readonly JsonRow[] = rows): string {
  let text = '';
  const printer = createOutputPrinter(format, columns, { write: (t: string) => (text += t) });
  printer.printRows(data);
  printer.finish();
  return text;
}

describe('output formats', () => {
  it('ALIGNED centres headers and right-aligns numbers', () => {
    assert.equal(print('ALIGNED'), '  name   |  n   \n---------+------\n ALGERIA |    0 \n x"y     | NULL \n');
  });
  it('ALIGNED prints the header of an empty result', () => {
    assert.equal(print('ALIGNED', []), ' name | n \n------+---\n');
  });
  it('VERTICAL prints one record per block', () => {
    assert.equal(print('VERTICAL', [rows[0]!]), '-[ RECORD 1 ]+--------\nname         | ALGERIA\nn            | 0\n');
  });
  it('CSV quotes every field and doubles quotes; CSV_HEADER adds the names', () => {
    assert.equal(print('CSV'), '"ALGERIA","0"\n"x""y",""\n');
    assert.equal(print('CSV_HEADER'), '"name","n"\n"ALGERIA","0"\n"x""y",""\n');
  });
  it('TSV escapes tabs and newlines; NULL is empty', () => {
    assert.equal(print('TSV', [['a\tb\nc', null]]), 'a\\tb\\nc\t\n');
    assert.equal(print('TSV_HEADER', [['a', 1]]), 'name\tn\na\t1\n');
  });
  it('JSON writes one object per row', () => {
    assert.equal(print('JSON'), '{"name":"ALGERIA","n":0}\n{"name":"x\\"y","n":null}\n');
  });
  it('MARKDOWN writes a table with right-aligned numeric columns', () => {
    assert.equal(print('MARKDOWN', [['a|b', 1]]), '| name | n |\n| --- | ---: |\n| a\\|b | 1 |\n');
  });
  it('NULL writes nothing', () => {
    assert.equal(print('NULL'), '');
  });
});

describe('value rendering', () => {
  it('renders doubles like Java', () => {
    assert.equal(formatJavaDouble(1), '1.0');
    assert.equal(formatJavaDouble(1.5), '1.5');
    assert.equal(formatJavaDouble(1e10), '1.0E10');
    assert.equal(formatJavaDouble(1.25e-5), '1.25E-5');
    assert.equal(formatJavaDouble(Number.NaN), 'NaN');
    assert.equal(formatValue('Infinity', column('double')), 'Infinity');
  });
  it('renders nested values, maps and varbinary', () => {
    assert.equal(formatValue([1, [2, null]], column('array(array(integer))')), '[1, [2, NULL]]');
    assert.equal(formatValue({ a: 1, b: 'x' }, column('map(varchar, integer)')), '{a=1, b=x}');
    assert.equal(formatValue(Buffer.from('ab').toString('base64'), column('varbinary')), '61 62');
    assert.equal(formatValue(null, column('integer')), 'NULL');
  });
  it("renders rows as Trino's CLI does (named fields), nested doubles like Java, by the type signature", () => {
    const type = parseType('row(d array(double), x row(bigint, varchar), m map(varchar, real))');
    const typed = {
      name: 'c',
      type: 'row',
      typeSignature: clientTypeSignature(type),
    };
    assert.equal(formatValue([[1, 2.5], [7, 'y'], { k: 3 }], typed), '{d=[1.0, 2.5], x={7, y}, m={k=3.0}}');
    // Without a signature (an older server) a row cannot name its fields: printed as it came.
    assert.equal(formatValue([1, 'y'], column('row(a integer, b varchar)')), '[1, y]');
  });
});

function column(type: string): ResultColumn {
  return { name: 'c', type };
}
