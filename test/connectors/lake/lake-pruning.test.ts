/**
 * Pruning by the lake connector, counted at the file system: a query on one partition opens no
 * footer of another (the partition constraint taken by applyFilter is applied while listing), and
 * row groups whose min/max exclude the filter are not split (nor read).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { parseLakeConfig } from '../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../src/connectors/lake/connector/lake-connector.js';
import { asSplit } from '../../../src/connectors/lake/connector/lake-handles.js';
import { collectSplits } from '../../../src/spi/split-source.js';
import { countingFs, writeLakeFixtures } from './lake-fixtures.js';

const DAY_2024_03_02 = 19784;

describe('lake pruning', () => {
  let fixtures: string;
  let data: string;

  before(async () => {
    ({ fixtures, data } = await writeLakeFixtures());
  });

  it('reads no footer of a partition the filter excludes', async () => {
    const tails: string[] = [];
    const connector = new LakeConnector('lake', parseLakeConfig({ 'hive.metastore.catalog.dir': `${data}/lake` }), {
      fs: countingFs(tails),
    });
    const name = { schema: 'default', table: 'events' };
    await connector.metadata.createTable(name, [], { external_location: `file://${fixtures}/events` });
    const table = await connector.metadata.getTable(name);
    const constraint = {
      columns: {
        ds: {
          nullAllowed: false,
          ranges: [
            { low: { value: DAY_2024_03_02, inclusive: true }, high: { value: DAY_2024_03_02, inclusive: true } },
          ],
        },
      },
    };
    const answer = connector.metadata.applyFilter({ table: name, handle: table?.handle }, constraint);
    assert.deepEqual(answer?.remaining, { columns: {} });
    tails.length = 0;
    const splits = await collectSplits(
      connector.getSplits({ table: name, handle: answer?.handle, constraint, desiredSplits: 4 }),
    );
    const paths = splits.flatMap((split) => asSplit(split).parts.map((p) => p.path));
    assert.equal(paths.length, 2);
    assert.ok(
      paths.every((p) => p.includes('/ds=2024-03-02/')),
      paths.join(),
    );
    assert.ok(tails.length > 0);
    assert.ok(
      tails.every((p) => p.includes('/ds=2024-03-02/')),
      `footers read: ${tails.join()}`,
    );
  });

  it('splits only the row groups whose statistics may match', async () => {
    const connector = new LakeConnector('lake', parseLakeConfig({ 'hive.metastore.catalog.dir': `${data}/lake2` }));
    const name = { schema: 'default', table: 'groups' };
    await connector.metadata.createTable(name, [], { external_location: `file://${fixtures}/groups` });
    const table = await connector.metadata.getTable(name);
    const all = await collectSplits(connector.getSplits({ table: name, handle: table?.handle, desiredSplits: 4 }));
    const groups = (splits: typeof all) => splits.flatMap((s) => asSplit(s).parts.flatMap((p) => p.rowGroups ?? []));
    // Five row groups of 2048 ids: ids 4100..4200 lie in the third only.
    assert.equal(groups(all).length, 5);
    const constraint = {
      columns: {
        id: {
          nullAllowed: false,
          ranges: [{ low: { value: 4100, inclusive: true }, high: { value: 4200, inclusive: true } }],
        },
      },
    };
    const pruned = await collectSplits(
      connector.getSplits({ table: name, handle: table?.handle, constraint, desiredSplits: 4 }),
    );
    assert.deepEqual(groups(pruned), [2]);
  });
});
