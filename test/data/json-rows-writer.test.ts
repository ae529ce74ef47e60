import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockOf } from '../../src/data/block-builder.js';
import { JsonRowsWriter } from '../../src/data/json-rows-writer.js';
import { pageToJsonRows, stringifyJson } from '../../src/data/json-values.js';
import { createPage, type Page } from '../../src/data/page.js';
import type { Type } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';
import { randomInt, randomPage, randomType, SCALAR_TYPES, seededRandom } from './random-blocks.js';

/** The reference: values through the JSON encoders, then stringified row by row. */
function referenceText(pages: readonly Page[], types: readonly Type[]): string {
  const rows = pages.flatMap((page) => pageToJsonRows(page, types));
  return stringifyJson(rows);
}

function written(pages: readonly Page[], types: readonly Type[], capacity?: number): string | undefined {
  const writer = new JsonRowsWriter(types, capacity);
  for (const page of pages) writer.append(page);
  return writer.finish()?.toString('utf8');
}

function column(typeText: string, values: readonly unknown[]): { type: Type; page: Page } {
  const type = parseType(typeText);
  return { type, page: createPage([blockOf(type, values)], values.length) };
}

describe('JSON rows writer', () => {
  it('writes doubles exactly as JavaScript prints them, including the two-decimal fast path', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.05,
      -0.05,
      0.1,
      0.285,
      17,
      21168.23,
      999999999.99,
      1e9 - 0.01,
      1e9,
      1e9 + 0.5,
      123456.7,
      0.07,
      1.005,
      2.675,
      1e-7,
      5e-324,
      1.7976931348623157e308,
      1e21,
      0.1 + 0.2,
      33.333333,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      null,
    ];
    const random = seededRandom(11);
    for (let i = 0; i < 2000; i++) values.push(randomInt(random, -1e11, 1e11) / 100);
    for (let i = 0; i < 500; i++) values.push((random() - 0.5) * 10 ** randomInt(random, -8, 12));
    const { type, page } = column('double', values);
    assert.equal(written([page], [type]), referenceText([page], [type]));
  });

  it('keeps the sign of a negative zero (Trino sends -0.0)', () => {
    const { type, page } = column('double', [-0, 0, -0.5]);
    assert.equal(written([page], [type]), '[[-0],[0],[-0.5]]');
    assert.equal(referenceText([page], [type]), '[[-0],[0],[-0.5]]');
  });

  it('writes integers and bigints at their limits, beyond 2^53 too', () => {
    const ints = column('integer', [0, -1, 2147483647, -2147483648, 10, 99, 100, null]);
    assert.equal(written([ints.page], [ints.type]), referenceText([ints.page], [ints.type]));
    const longs = column('bigint', [
      0,
      -9007199254740991,
      9007199254740991,
      9223372036854775807n,
      -9223372036854775808n,
    ]);
    assert.equal(
      written([longs.page], [longs.type]),
      '[[0],[-9007199254740991],[9007199254740991],[9223372036854775807],[-9223372036854775808]]',
    );
  });

  it('escapes strings as JSON.stringify does: quotes, backslashes, controls, non-ASCII, lone surrogates', () => {
    const strings = [
      '',
      'plain',
      'a"b',
      'back\\slash',
      'tab\there',
      '\u0000\u001f',
      'é ü 中文',
      '😀',
      '\ud800',
      'x\u007fy',
    ];
    const { type, page } = column('varchar', [...strings, null]);
    const text = written([page], [type])!;
    assert.equal(text, referenceText([page], [type]));
    assert.deepEqual(
      JSON.parse(text).map((row: unknown[]) => row[0]),
      [...strings, null],
    );
  });

  it('agrees byte for byte with the encoders on random pages of every type, nested and wrapped blocks', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 60; round++) {
      const types = Array.from({ length: randomInt(random, 1, 5) }, () =>
        round % 2 === 0 ? SCALAR_TYPES[randomInt(random, 0, SCALAR_TYPES.length - 1)]! : randomType(random),
      );
      const pages = Array.from({ length: randomInt(random, 1, 3) }, () =>
        randomPage(random, types, randomInt(random, 1, 40)),
      );
      // A tiny starting capacity makes the buffer grow many times.
      assert.equal(written(pages, types, 8), referenceText(pages, types), `types ${JSON.stringify(types)}`);
    }
  });

  it('starts a new array after finish and has nothing to give for no rows', () => {
    const { type, page } = column('integer', [1, 2]);
    const writer = new JsonRowsWriter([type]);
    assert.equal(writer.finish(), undefined);
    writer.append(page);
    assert.equal(writer.rowCount, 2);
    assert.equal(writer.finish()?.toString(), '[[1],[2]]');
    assert.equal(writer.rowCount, 0);
    writer.append(column('integer', []).page);
    assert.equal(writer.finish(), undefined);
    writer.append(page);
    assert.equal(writer.finish()?.toString(), '[[1],[2]]');
  });

  it('holds a small answer in a small buffer (no buffer sized for the largest answer)', () => {
    const { type, page } = column('integer', [1, 2, 3]);
    const writer = new JsonRowsWriter([type]);
    writer.append(page);
    const bytes = writer.finish();
    assert.equal(bytes?.toString(), '[[1],[2],[3]]');
    // Node reports each fresh buffer to V8 as external memory; a megabyte per statement made the
    // coordinator collect its young generation every dozen statements.
    assert.ok((bytes?.buffer.byteLength ?? 0) <= 64 * 1024, `backing store of ${bytes?.buffer.byteLength} bytes`);
  });
});
