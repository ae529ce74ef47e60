import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block, int32Block, stringBlock } from '../../src/data/block.js';
import { getValue } from '../../src/data/block-values.js';
import {
  appendChannels,
  copyPagePositions,
  createPage,
  getPageRegion,
  pageSizeInBytes,
  selectChannels,
} from '../../src/data/page.js';
import { DOUBLE, INTEGER, VARCHAR } from '../../src/types/type.js';

const page = createPage([int32Block(Int32Array.of(1, 2, 3)), stringBlock(['a', 'b', 'c'])]);

describe('pages', () => {
  it('checks that all blocks have the page positionCount', () => {
    assert.equal(page.positionCount, 3);
    assert.throws(() => createPage([int32Block(Int32Array.of(1)), stringBlock([])]), /Block 1 has 0 positions/);
    assert.throws(() => createPage([]), /explicit positionCount/);
    assert.equal(createPage([], 7).positionCount, 7);
  });

  it('selects, appends, cuts and gathers channels', () => {
    const selected = selectChannels(page, [1, 0, 1]);
    assert.equal(selected.blocks[0], page.blocks[1]);
    assert.equal(selected.blocks.length, 3);
    assert.throws(() => selectChannels(page, [2]), /no channel 2/);
    const wider = appendChannels(page, [float64Block(Float64Array.of(0.5, 1.5, 2.5))]);
    assert.equal(getValue(wider.blocks[2]!, DOUBLE, 2), 2.5);
    assert.throws(() => appendChannels(page, [float64Block(Float64Array.of(1))]), /1 positions/);
    const region = getPageRegion(page, 1, 2);
    assert.equal(region.positionCount, 2);
    assert.equal(getValue(region.blocks[1]!, VARCHAR, 0), 'b');
    assert.equal(getPageRegion(page, 0, 3), page);
    assert.throws(() => getPageRegion(page, 2, 2), /outside a page/);
    const gathered = copyPagePositions(page, Int32Array.of(2, 2, 0), 3);
    assert.deepEqual(
      [0, 1, 2].map((i) => getValue(gathered.blocks[0]!, INTEGER, i)),
      [3, 3, 1],
    );
  });

  it('sums the retained sizes of its blocks', () => {
    assert.ok(pageSizeInBytes(page) >= 12 + 3 * 18);
    assert.equal(pageSizeInBytes(createPage([], 5)), 0);
  });
});
