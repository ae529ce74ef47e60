/**
 * The SPI value representation: the planner's constants converted once (big bigints and decimals
 * from digit strings to numbers or JS bigints, by the type's size), and the order connectors
 * compare bounds with.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toSpiTupleDomain, toSpiValue } from '../../src/planner/spi-values.js';
import { compareSpiValues } from '../../src/spi/values.js';
import { BIGINT, DATE, DOUBLE, decimal, INTEGER, VARCHAR } from '../../src/types/type.js';

describe('SPI values', () => {
  it('converts the planner’s constants', () => {
    assert.equal(toSpiValue(42, BIGINT), 42);
    assert.equal(toSpiValue('9007199254740993', BIGINT), 9007199254740993n);
    assert.equal(toSpiValue('-1234', decimal(10, 2)), -1234);
    assert.equal(toSpiValue('123456789012345678', decimal(20, 2)), 123456789012345678n);
    assert.equal(toSpiValue(7, INTEGER), 7);
    assert.equal(toSpiValue('x', VARCHAR), 'x');
    assert.equal(toSpiValue(null, BIGINT), null);
    assert.deepEqual(
      toSpiTupleDomain(
        { columns: { a: { nullAllowed: false, ranges: [{ low: { value: '12345', inclusive: true } }] } } },
        () => decimal(20, 0),
      ),
      { columns: { a: { nullAllowed: false, ranges: [{ low: { value: 12345n, inclusive: true } }] } } },
    );
  });

  it('orders values as SQL does', () => {
    assert.equal(compareSpiValues(9007199254740993n, 9007199254740992, BIGINT), 1);
    assert.equal(compareSpiValues(-5, 3, decimal(10, 2)), -1);
    assert.equal(compareSpiValues(12n, 12, decimal(30, 2)), 0);
    assert.equal(compareSpiValues(1.5, 1.25, DOUBLE), 1);
    assert.equal(compareSpiValues(18000, 18001, DATE), -1);
    // By code point: U+1F600 (a surrogate pair in UTF-16) sorts after U+FF5E.
    assert.equal(compareSpiValues('\u{1F600}', '\uFF5E', VARCHAR), 1);
    assert.equal(compareSpiValues('ab', 'a', VARCHAR), 1);
    assert.equal(compareSpiValues(Number.NaN, 1, DOUBLE), undefined);
    assert.equal(compareSpiValues('1', 1, BIGINT), undefined);
  });
});
