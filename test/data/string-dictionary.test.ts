import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Block, stringBlock } from '../../src/data/block.js';
import { getValue } from '../../src/data/block-values.js';
import type { Page } from '../../src/data/page.js';
import { deserializePages, serializePagePositions, serializePages } from '../../src/data/page-serde.js';
import { dictionaryEncodedStrings } from '../../src/data/string-dictionary.js';
import { VARCHAR } from '../../src/types/type.js';

const MODES = ['AIR', 'MAIL', 'RAIL', 'SHIP', 'TRUCK', 'REG AIR', 'FOB', 'ünïcode 😀'];

/** `count` rows cycling through `MODES`, every seventh NULL. */
function repeated(count: number): { values: string[]; nulls: Uint8Array } {
  const values: string[] = [];
  const nulls = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (i % 7 === 3) {
      nulls[i] = 1;
      values.push('');
    } else values.push(MODES[i % MODES.length]!);
  }
  return { values, nulls };
}

function distinct(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `comment number ${from + i}`);
}

const blockValues = (block: Block, type: typeof VARCHAR) =>
  Array.from({ length: block.positionCount }, (_, i) => getValue(block, type, i));

const expectedOf = (values: readonly string[], nulls?: Uint8Array) =>
  values.map((value, i) => (nulls?.[i] === 1 ? null : value));

describe('dictionary encoding of string columns on the wire', () => {
  it('encodes a column of a few repeated values, NULL as a null dictionary entry', () => {
    const { values, nulls } = repeated(1000);
    const encoded = dictionaryEncodedStrings(stringBlock(values, nulls));
    assert.ok(encoded !== undefined);
    assert.equal(encoded.dictionary.positionCount, MODES.length + 1);
    assert.deepEqual(blockValues(encoded, VARCHAR), expectedOf(values, nulls));
  });

  it('leaves short, mostly distinct and late-diverging columns flat', () => {
    assert.equal(dictionaryEncodedStrings(stringBlock(repeated(100).values)), undefined, 'under 128 rows');
    assert.equal(dictionaryEncodedStrings(stringBlock(distinct(1000))), undefined, 'distinct from the start');
    // Repeats through the probe, then distinct: past a quarter of the rows it gives up.
    const late = [...repeated(300).values, ...distinct(700)];
    assert.equal(dictionaryEncodedStrings(stringBlock(late)), undefined, 'distinct after the probe');
    const quarter = [...Array.from({ length: 750 }, () => 'x'), ...distinct(247)];
    assert.ok(dictionaryEncodedStrings(stringBlock(quarter)) !== undefined, 'a quarter distinct still encodes');
  });

  it('sends repeated columns as dictionaries and distinct ones flat, with the same values', () => {
    const { values, nulls } = repeated(2000);
    const page: Page = { positionCount: 2000, blocks: [stringBlock(values, nulls), stringBlock(distinct(2000))] };
    const types = [VARCHAR, VARCHAR];
    const bytes = serializePages([page], types);
    const [back] = deserializePages(bytes, types);
    assert.equal(back!.blocks[0]!.kind, 'dictionary');
    assert.equal(back!.blocks[1]!.kind, 'string');
    assert.deepEqual(blockValues(back!.blocks[0]!, VARCHAR), expectedOf(values, nulls));
    assert.deepEqual(blockValues(back!.blocks[1]!, VARCHAR), distinct(2000));
    // The repeated column costs its ids, not its text: well under the flat column's bytes.
    const flatOnly = serializePages([{ positionCount: 2000, blocks: [page.blocks[1]!] }], [VARCHAR]);
    assert.ok(bytes.length - flatOnly.length < 2000 * 4 + 256, `${bytes.length - flatOnly.length} bytes`);
  });

  it('encodes the rows of one partition of a page (selected positions)', () => {
    const { values, nulls } = repeated(3000);
    const page: Page = { positionCount: 3000, blocks: [stringBlock(values, nulls)] };
    const positions = Int32Array.from({ length: 1500 }, (_, i) => 2 * i + 1);
    const [back] = deserializePages(serializePagePositions(page, positions, 1500, [VARCHAR]), [VARCHAR]);
    assert.equal(back!.blocks[0]!.kind, 'dictionary');
    const want = [...positions].map((p) => (nulls[p] === 1 ? null : values[p]));
    assert.deepEqual(blockValues(back!.blocks[0]!, VARCHAR), want);
  });
});
