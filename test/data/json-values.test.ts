import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { daysFromCivil } from '../../src/common/civil-calendar.js';
import { dictionaryBlock, rleBlock, stringBlock } from '../../src/data/block.js';
import { blockOf } from '../../src/data/block-builder.js';
import { pageToJsonRows, RawJson, stringifyJson, toJsonValue } from '../../src/data/json-values.js';
import {
  formatDecimal,
  javaDoubleString,
  javaFloatString,
  shortestFloat32,
  shortestFloat32ByText,
} from '../../src/data/number-format.js';
import { zoneIdOf, zoneKeyOf } from '../../src/data/time-zones.js';
import type { Type } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';
import { seededRandom } from './random-blocks.js';

/** The JSON text the protocol would send for each value of a column of `type`. */
function json(typeText: string, values: readonly unknown[]): string[] {
  const type = parseType(typeText);
  const block = blockOf(type, values);
  return values.map((_, i) => stringifyJson(toJsonValue(block, type, i)));
}

const MS_2001_08_22 = daysFromCivil(2001, 8, 22) * 86_400_000;
const TIME_030405_321 = ((3 * 60 + 4) * 60 + 5) * 1000 + 321;

describe('JSON values of the statement protocol', () => {
  it('sends booleans, integers and doubles as JSON literals, non-finite doubles as strings', () => {
    assert.deepEqual(json('boolean', [true, false, null]), ['true', 'false', 'null']);
    assert.deepEqual(json('tinyint', [-128, 127]), ['-128', '127']);
    assert.deepEqual(json('integer', [2147483647]), ['2147483647']);
    assert.deepEqual(
      json('double', [1.5, -0.25, 1e300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]),
      ['1.5', '-0.25', '1e+300', '"NaN"', '"Infinity"', '"-Infinity"'],
    );
  });

  it('sends real values with their shortest float digits', () => {
    assert.deepEqual(json('real', [1.1, 0.1, 3.4028234663852886e38, Number.NaN]), [
      '1.1',
      '0.1',
      '3.4028235e+38',
      '"NaN"',
    ]);
  });

  it('sends every bigint exactly, beyond 2^53 as raw digits', () => {
    assert.deepEqual(json('bigint', [0, -42, 2n ** 62n, -(2n ** 63n), null]), [
      '0',
      '-42',
      '4611686018427387904',
      '-9223372036854775808',
      'null',
    ]);
    const type = parseType('bigint');
    const value = toJsonValue(blockOf(type, [2n ** 62n]), type, 0);
    assert.ok(value instanceof RawJson);
    assert.equal(value.text, '4611686018427387904');
  });

  it('sends decimals as strings with exactly their scale', () => {
    assert.deepEqual(json('decimal(4,2)', [1234, 1230, -5, 0]), ['"12.34"', '"12.30"', '"-0.05"', '"0.00"']);
    assert.deepEqual(json('decimal(3,0)', [0, -7]), ['"0"', '"-7"']);
    assert.deepEqual(json('decimal(18,4)', [123456789012345678n]), ['"12345678901234.5678"']);
    assert.deepEqual(json('decimal(38,0)', [10n ** 37n - 1n, -(10n ** 38n - 1n)]), [
      `"${'9'.repeat(37)}"`,
      `"-${'9'.repeat(38)}"`,
    ]);
    assert.deepEqual(json('decimal(38,37)', [-1n]), [`"-0.${'0'.repeat(36)}1"`]);
  });

  it('sends text as is, char padded to its length, varbinary in base64', () => {
    assert.deepEqual(json('varchar', ['héllo "😀"', '']), ['"héllo \\"😀\\""', '""']);
    assert.deepEqual(json('char(5)', ['ab', 'abcde', '']), ['"ab   "', '"abcde"', '"     "']);
    assert.deepEqual(json('json', ['{"a":[1,2]}']), ['"{\\"a\\":[1,2]}"']);
    assert.deepEqual(json('varbinary', [Uint8Array.of(0, 1, 2, 255), new Uint8Array(0)]), ['"AAEC/w=="', '""']);
  });

  it('sends dates in ISO form, including years outside 0..9999', () => {
    assert.deepEqual(json('date', [0, -1, daysFromCivil(2001, 8, 22), daysFromCivil(10000, 1, 1)]), [
      '"1970-01-01"',
      '"1969-12-31"',
      '"2001-08-22"',
      '"+10000-01-01"',
    ]);
    assert.deepEqual(json('date', [daysFromCivil(0, 2, 29), daysFromCivil(-1, 12, 31), daysFromCivil(-12345, 1, 1)]), [
      '"0000-02-29"',
      '"-0001-12-31"',
      '"-12345-01-01"',
    ]);
  });

  it('sends timestamps with as many fractional digits as the precision', () => {
    assert.deepEqual(json('timestamp(3)', [MS_2001_08_22 + TIME_030405_321, -1]), [
      '"2001-08-22 03:04:05.321"',
      '"1969-12-31 23:59:59.999"',
    ]);
    assert.deepEqual(json('timestamp(0)', [MS_2001_08_22 + 5000]), ['"2001-08-22 00:00:05"']);
    assert.deepEqual(json('timestamp(1)', [MS_2001_08_22 + 500]), ['"2001-08-22 00:00:00.5"']);
    assert.deepEqual(json('timestamp(6)', [(MS_2001_08_22 + TIME_030405_321) * 1000 + 654, -1]), [
      '"2001-08-22 03:04:05.321654"',
      '"1969-12-31 23:59:59.999999"',
    ]);
    assert.deepEqual(json('timestamp(9)', [{ millis: MS_2001_08_22 + 1, picos: 234_567_000, zone: zoneIdOf(0) }]), [
      '"2001-08-22 00:00:00.001234567"',
    ]);
    assert.deepEqual(json('timestamp(12)', [{ millis: -1, picos: 999_999_999, zone: zoneIdOf(0) }]), [
      '"1969-12-31 23:59:59.999999999999"',
    ]);
  });

  it('sends zoned timestamps in the zone with its id', () => {
    const ny = zoneKeyOf('America/New_York');
    const kolkata = zoneKeyOf('Asia/Kolkata');
    const offset = zoneKeyOf('-08:00');
    const summer = Date.UTC(2021, 6, 1, 12, 0, 0, 5);
    const winter = Date.UTC(2021, 0, 1, 12, 0, 0, 5);
    assert.deepEqual(
      json('timestamp(3) with time zone', [
        { millis: summer, picos: 0, zone: zoneIdOf(ny) },
        { millis: winter, picos: 0, zone: zoneIdOf(ny) },
        { millis: winter, picos: 0, zone: zoneIdOf(kolkata) },
        { millis: winter, picos: 0, zone: zoneIdOf(offset) },
        { millis: winter, picos: 0, zone: zoneIdOf(0) },
      ]),
      [
        '"2021-07-01 08:00:00.005 America/New_York"',
        '"2021-01-01 07:00:00.005 America/New_York"',
        '"2021-01-01 17:30:00.005 Asia/Kolkata"',
        '"2021-01-01 04:00:00.005 -08:00"',
        '"2021-01-01 12:00:00.005 UTC"',
      ],
    );
    assert.deepEqual(json('timestamp(6) with time zone', [{ millis: winter, picos: 123_000_000, zone: zoneIdOf(0) }]), [
      '"2021-01-01 12:00:00.005123 UTC"',
    ]);
  });

  it('sends times, times with time zone and intervals in Presto form', () => {
    assert.deepEqual(json('time(3)', [TIME_030405_321, 0]), ['"03:04:05.321"', '"00:00:00.000"']);
    assert.deepEqual(json('time(0)', [5000]), ['"00:00:05"']);
    assert.deepEqual(json('time(6)', [TIME_030405_321 * 1000 + 9]), ['"03:04:05.321009"']);
    assert.deepEqual(json('time(12)', [86_399_999_999_999]), ['"23:59:59.999999999000"']);
    assert.deepEqual(
      json('time(3) with time zone', [
        { millis: TIME_030405_321, picos: 0, zone: zoneIdOf(zoneKeyOf('+05:30')) },
        { millis: 0, picos: 0, zone: zoneIdOf(zoneKeyOf('-08:00')) },
        { millis: 0, picos: 0, zone: zoneIdOf(0) },
      ]),
      ['"03:04:05.321+05:30"', '"00:00:00.000-08:00"', '"00:00:00.000+00:00"'],
    );
    assert.deepEqual(json('interval day to second', [3 * 86_400_000, -(86_400_000 + 7_384_005), 0]), [
      '"3 00:00:00.000"',
      '"-1 02:03:04.005"',
      '"0 00:00:00.000"',
    ]);
    assert.deepEqual(json('interval year to month', [14, -14, 0]), ['"1-2"', '"-1-2"', '"0-0"']);
  });

  it('sends arrays and rows as arrays, maps as objects keyed by the key text', () => {
    assert.deepEqual(json('array(integer)', [[1, null, 3], []]), ['[1,null,3]', '[]']);
    assert.deepEqual(json('row(a varchar, b decimal(3,1))', [['x', 15]]), ['["x","1.5"]']);
    assert.deepEqual(
      json('map(varchar, bigint)', [
        new Map([
          ['__proto__', 1],
          ['b', null],
        ]),
      ]),
      ['{"__proto__":1,"b":null}'],
    );
    assert.deepEqual(
      json('map(double, integer)', [
        new Map([
          [1, 1],
          [0.5, 2],
          [1e21, 3],
        ]),
      ]),
      ['{"1.0":1,"0.5":2,"1.0E21":3}'],
    );
    assert.deepEqual(json('map(real, integer)', [new Map([[0.1, 1]])]), ['{"0.1":1}']);
    assert.deepEqual(json('map(bigint, integer)', [new Map([[2n ** 62n, 1]])]), ['{"4611686018427387904":1}']);
    assert.deepEqual(json('map(decimal(3,2), integer)', [new Map([[150, 1]])]), ['{"1.50":1}']);
    assert.deepEqual(json('map(date, boolean)', [new Map([[0, true]])]), ['{"1970-01-01":true}']);
    assert.deepEqual(json('map(array(integer), integer)', [new Map([[[1, null], 1]])]), ['{"[1, null]":1}']);
    assert.deepEqual(json('map(row(a integer, b varchar), integer)', [new Map([[[1, 'x'], 1]])]), ['{"[1, x]":1}']);
    assert.deepEqual(json('array(map(varchar, row(a bigint, b double)))', [[new Map([['k', [1, 2.5]]])], null]), [
      '[{"k":[1,2.5]}]',
      'null',
    ]);
  });

  it('reads through dictionary and rle blocks and encodes whole pages', () => {
    const varchar = parseType('varchar');
    const types: Type[] = [varchar, parseType('integer')];
    const page = {
      positionCount: 2,
      blocks: [
        dictionaryBlock(Int32Array.of(1, 0), stringBlock(['a', 'b'])),
        rleBlock(blockOf(types[1]!, [null]) as never, 2),
      ],
    };
    assert.deepEqual(pageToJsonRows(page, types), [
      ['b', null],
      ['a', null],
    ]);
    assert.equal(
      stringifyJson([new RawJson('12345678901234567890'), { a: [true, null] }]),
      '[12345678901234567890,{"a":[true,null]}]',
    );
  });
});

describe('number text', () => {
  it('formats decimals', () => {
    assert.equal(formatDecimal(1234, 2), '12.34');
    assert.equal(formatDecimal(-1, 3), '-0.001');
    assert.equal(formatDecimal(0n, 0), '0');
    assert.equal(formatDecimal(-(10n ** 20n), 2), '-1000000000000000000.00');
  });

  it("formats doubles and floats as Java's toString", () => {
    const cases: [number, string][] = [
      [1, '1.0'],
      [-0, '-0.0'],
      [0, '0.0'],
      [123.456, '123.456'],
      [1234567, '1234567.0'],
      [1e7, '1.0E7'],
      [12345678.9, '1.23456789E7'],
      [0.001, '0.001'],
      [0.0001, '1.0E-4'],
      [1.2345e-7, '1.2345E-7'],
      [1e21, '1.0E21'],
      [-2.5e-300, '-2.5E-300'],
      [Number.NaN, 'NaN'],
      [Number.NEGATIVE_INFINITY, '-Infinity'],
    ];
    for (const [value, text] of cases) assert.equal(javaDoubleString(value), text, String(value));
    assert.equal(javaFloatString(Math.fround(0.1)), '0.1');
    assert.equal(javaFloatString(Math.fround(1e10)), '1.0E10');
    assert.equal(shortestFloat32(Math.fround(16777217)), 16777216);
  });

  it('finds the same shortest float digits arithmetically as through text', () => {
    const random = seededRandom(1234);
    const float = new Float32Array(1);
    const bits = new Uint32Array(float.buffer);
    for (let i = 0; i < 20_000; i++) {
      bits[0] = Math.floor(random() * 2 ** 32);
      const value = float[0]!;
      if (Number.isFinite(value)) assert.equal(shortestFloat32(value), shortestFloat32ByText(value), String(value));
      const nice = Math.fround(Math.round(random() * 1e6) / 100);
      assert.equal(shortestFloat32(nice), shortestFloat32ByText(nice));
    }
  });

  it('formats short decimals of every scale like the bigint path', () => {
    const random = seededRandom(77);
    for (let i = 0; i < 2000; i++) {
      const scale = Math.floor(random() * 16);
      const unscaled = Math.floor((random() - 0.5) * 2e15);
      assert.equal(formatDecimal(unscaled, scale), formatDecimal(BigInt(unscaled), scale), `${unscaled} ${scale}`);
    }
  });
});
