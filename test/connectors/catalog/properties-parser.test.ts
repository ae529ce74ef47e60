import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { parseProperties } from '../../../src/connectors/catalog/properties-parser.js';

describe('properties parser', () => {
  it('reads key=value lines, trimming blanks around the separator', () => {
    assert.deepEqual(parseProperties('connector.name=tpch\n  a = 1 \nb:2\nc 3\nd\t=\t4'), {
      'connector.name': 'tpch',
      a: '1 ',
      b: '2',
      c: '3',
      d: '4',
    });
  });

  it('skips comments and blank lines', () => {
    const text = '# a comment\n! another\n   # indented comment\n\n   \nkey=value # not a comment\n';
    assert.deepEqual(parseProperties(text), { key: 'value # not a comment' });
  });

  it('joins continuation lines, dropping their leading blanks', () => {
    assert.deepEqual(parseProperties('list=a,\\\n    b,\\\n\tc\nnext=1'), { list: 'a,b,c', next: '1' });
    // An even number of backslashes is an escaped backslash, not a continuation.
    assert.deepEqual(parseProperties('path=C:\\\\\nx=1'), { path: 'C:\\', x: '1' });
    // A continuation line starting with # is text, not a comment.
    assert.deepEqual(parseProperties('a=1\\\n#2'), { a: '1#2' });
    // A comment line never continues.
    assert.deepEqual(parseProperties('# c \\\nk=v'), { k: 'v' });
  });

  it('accepts \\r\\n and \\r line ends and a byte order mark', () => {
    assert.deepEqual(parseProperties('\uFEFFa=1\r\nb=2\rc=3\\\r\n  4'), { a: '1', b: '2', c: '34' });
  });

  it('decodes escapes in keys and values', () => {
    assert.deepEqual(parseProperties('tab=a\\tb\nnl=a\\nb\ncr=\\r\nff=\\f\nu=\\u00e9\\u4E2D\nother=\\q\\=\\:'), {
      tab: 'a\tb',
      nl: 'a\nb',
      cr: '\r',
      ff: '\f',
      u: 'é中',
      other: 'q=:',
    });
    assert.deepEqual(parseProperties('key\\ with\\=odd\\:chars = v'), { 'key with=odd:chars': 'v' });
  });

  it('keeps the value after the first separator whole', () => {
    assert.deepEqual(parseProperties('url=jdbc:x://h:1/?a=b\nempty=\nbare'), {
      url: 'jdbc:x://h:1/?a=b',
      empty: '',
      bare: '',
    });
  });

  it('lets a later duplicate win', () => {
    assert.deepEqual(parseProperties('a=1\na=2'), { a: '2' });
  });

  it('reports a malformed \\u escape with its line', () => {
    assert.throws(
      () => parseProperties('a=1\n\nb=\\u12x4'),
      (e: unknown) =>
        e instanceof VivaceError &&
        e.errorName === 'CONFIGURATION_INVALID' &&
        e.message === 'line 3: Malformed \\uxxxx encoding',
    );
  });

  it('keeps keys that look like Object.prototype members as plain data', () => {
    const parsed = parseProperties('__proto__=x\nconstructor=y');
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
    assert.deepEqual(Object.keys(parsed), ['__proto__', 'constructor']);
    assert.equal(parsed['constructor'], 'y');
  });
});
