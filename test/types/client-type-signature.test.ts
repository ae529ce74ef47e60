/**
 * Type signatures in the shape of Trino's ClientTypeSignature, as its JDBC driver, CLI and Python
 * client read them from `columns[].typeSignature`: one case per kind of type, nested ones included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientTypeSignature } from '../../src/types/client-type-signature.js';
import { parseType } from '../../src/types/type-signature.js';

const plain = (rawType: string) => ({ rawType, arguments: [] });
const long = (value: number) => ({ kind: 'LONG', value });

describe('client type signatures', () => {
  it('gives simple types their name and no arguments', () => {
    const names = [
      'boolean',
      'tinyint',
      'smallint',
      'integer',
      'bigint',
      'real',
      'double',
      'varbinary',
      'date',
      'json',
    ];
    for (const name of [...names, 'unknown', 'interval day to second', 'interval year to month']) {
      assert.deepEqual(clientTypeSignature(parseType(name)), plain(name), name);
    }
  });

  it('gives lengths, precisions and scales as LONG arguments (unbounded varchar as Integer.MAX_VALUE)', () => {
    assert.deepEqual(clientTypeSignature(parseType('varchar')), { rawType: 'varchar', arguments: [long(2147483647)] });
    assert.deepEqual(clientTypeSignature(parseType('varchar(25)')), { rawType: 'varchar', arguments: [long(25)] });
    assert.deepEqual(clientTypeSignature(parseType('char(3)')), { rawType: 'char', arguments: [long(3)] });
    assert.deepEqual(clientTypeSignature(parseType('decimal(15,2)')), {
      rawType: 'decimal',
      arguments: [long(15), long(2)],
    });
    assert.deepEqual(clientTypeSignature(parseType('timestamp(3)')), { rawType: 'timestamp', arguments: [long(3)] });
    assert.deepEqual(clientTypeSignature(parseType('timestamp(6) with time zone')), {
      rawType: 'timestamp with time zone',
      arguments: [long(6)],
    });
    assert.deepEqual(clientTypeSignature(parseType('time(0)')), { rawType: 'time', arguments: [long(0)] });
    assert.deepEqual(clientTypeSignature(parseType('time(3) with time zone')), {
      rawType: 'time with time zone',
      arguments: [long(3)],
    });
  });

  it('nests arrays, maps and rows (named fields with fieldName, anonymous ones without)', () => {
    assert.deepEqual(clientTypeSignature(parseType('array(map(varchar(2), row(a bigint, double)))')), {
      rawType: 'array',
      arguments: [
        {
          kind: 'TYPE',
          value: {
            rawType: 'map',
            arguments: [
              { kind: 'TYPE', value: { rawType: 'varchar', arguments: [long(2)] } },
              {
                kind: 'TYPE',
                value: {
                  rawType: 'row',
                  arguments: [
                    { kind: 'NAMED_TYPE', value: { fieldName: { name: 'a' }, typeSignature: plain('bigint') } },
                    { kind: 'NAMED_TYPE', value: { typeSignature: plain('double') } },
                  ],
                },
              },
            ],
          },
        },
      ],
    });
  });
});
