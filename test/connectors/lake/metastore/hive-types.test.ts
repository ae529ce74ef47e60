import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  columnType,
  fromHiveType,
  hiveTypeIsExact,
  toHiveType,
} from '../../../../src/connectors/lake/metastore/hive-types.js';
import { formatType } from '../../../../src/types/format-type.js';
import { parseType } from '../../../../src/types/type-signature.js';
import { throwsWith } from '../lake-test-helpers.js';

describe('lake hive type strings', () => {
  it("map Vivace types to Trino's Hive type strings and back", () => {
    const cases: [string, string][] = [
      ['boolean', 'boolean'],
      ['tinyint', 'tinyint'],
      ['smallint', 'smallint'],
      ['integer', 'int'],
      ['bigint', 'bigint'],
      ['real', 'float'],
      ['double', 'double'],
      ['decimal(12,2)', 'decimal(12,2)'],
      ['varchar', 'string'],
      ['varchar(10)', 'varchar(10)'],
      ['char(3)', 'char(3)'],
      ['varbinary', 'binary'],
      ['date', 'date'],
      ['timestamp(3)', 'timestamp'],
      ['array(integer)', 'array<int>'],
      ['map(varchar, array(bigint))', 'map<string,array<bigint>>'],
      ['row(a integer, b row(c varchar))', 'struct<a:int,b:struct<c:string>>'],
    ];
    for (const [vivace, hive] of cases) {
      const type = parseType(vivace);
      assert.equal(toHiveType(type), hive, vivace);
      assert.equal(formatType(fromHiveType(hive)), formatType(type), hive);
      assert.equal(hiveTypeIsExact(type), true, vivace);
    }
  });

  it('read the spellings other writers use, and timestamps at the catalog precision', () => {
    assert.equal(formatType(fromHiveType('INTEGER')), 'integer');
    assert.equal(formatType(fromHiveType('decimal')), 'decimal(10,0)');
    assert.equal(formatType(fromHiveType('struct< A : int , `b c`:string>')), 'row(a integer, b c varchar)');
    assert.equal(formatType(fromHiveType('timestamp', 6)), 'timestamp(6)');
    assert.equal(formatType(fromHiveType('map<string, map<int, double>>')), 'map(varchar, map(integer, double))');
  });

  it('keep the exact type in a column property when the Hive string loses it, ignoring a stale one', () => {
    for (const signature of ['timestamp(6)', 'time(3)', 'timestamp(3) with time zone', 'json']) {
      const type = parseType(signature);
      assert.equal(hiveTypeIsExact(type), false, signature);
      assert.equal(formatType(columnType(toHiveType(type), { 'vivace.type': signature })), formatType(type), signature);
    }
    assert.equal(hiveTypeIsExact(parseType('timestamp(6)'), 6), true);
    assert.equal(
      formatType(columnType('bigint', { 'vivace.type': 'timestamp(6)' })),
      'bigint',
      'a property that no longer matches the Hive type is ignored',
    );
  });

  it('fail with HIVE_INVALID_METADATA naming a type Vivace cannot read', () => {
    throwsWith(() => fromHiveType('uniontype<int,string>'), 'HIVE_INVALID_METADATA', 'uniontype<int,string>');
    throwsWith(() => fromHiveType('array<int'), 'HIVE_INVALID_METADATA', 'array<int');
    throwsWith(() => fromHiveType('decimal(40,2)'), 'HIVE_INVALID_METADATA');
  });
});
