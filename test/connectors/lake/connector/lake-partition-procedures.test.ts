/** register_partition, which the golden files cannot reach (it needs a catalog property). */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { parseLakeConfig } from '../../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../../src/connectors/lake/connector/lake-connector.js';
import { asSplit } from '../../../../src/connectors/lake/connector/lake-handles.js';
import { collectSplits } from '../../../../src/spi/split-source.js';
import { writeLakeFixtures } from '../lake-fixtures.js';

describe('lake register_partition', () => {
  let fixtures: string;
  let data: string;
  before(async () => {
    ({ fixtures, data } = await writeLakeFixtures());
  });

  const call = (connector: LakeConnector, name: string, args: unknown[]) => {
    const procedure = connector.procedures.find((p) => p.name === name);
    assert.ok(procedure !== undefined, name);
    const full = procedure.arguments.map((a, i) => (i < args.length ? args[i] : a.defaultValue));
    return procedure.call(full);
  };

  it('registers a partition over its directory, or another one, once enabled', async () => {
    const connector = new LakeConnector(
      'lake',
      parseLakeConfig({
        'hive.metastore.catalog.dir': `${data}/register`,
        'hive.allow-register-partition-procedure': 'true',
      }),
    );
    const name = { schema: 'default', table: 'events' };
    await connector.metadata.createTable(name, [], { external_location: `file://${fixtures}/events` });
    const files = async () => {
      const table = await connector.metadata.getTable(name);
      const splits = await collectSplits(connector.getSplits({ table: name, handle: table?.handle, desiredSplits: 4 }));
      return splits.flatMap((s) => asSplit(s).parts.map((p) => p.path)).length;
    };
    const all = await files();
    assert.equal(all, 4);
    await call(connector, 'unregister_partition', ['default', 'events', ['ds', 'region'], ['2024-03-01', 'eu']]);
    assert.equal(await files(), 3);
    await call(connector, 'register_partition', ['default', 'events', ['ds', 'region'], ['2024-03-01', 'eu']]);
    assert.equal(await files(), 4);
    await assert.rejects(
      call(connector, 'register_partition', ['default', 'events', ['ds', 'region'], ['2024-03-01', 'eu']]),
      /Partition \[ds=2024-03-01\/region=eu\] is already registered with location file:\/\/.*events\/ds=2024-03-01\/region=eu/,
    );
    // Another day's values over an existing directory: its files are this partition's.
    await call(connector, 'register_partition', [
      'default',
      'events',
      ['ds', 'region'],
      ['2024-03-09', 'eu'],
      `file://${fixtures}/events/ds=2024-03-02/region=eu`,
    ]);
    assert.equal(await files(), 5);
    await assert.rejects(
      call(connector, 'register_partition', ['default', 'events', ['ds', 'region'], ['2024-03-10', 'eu']]),
      (e: Error & { errorName?: string }) =>
        e.errorName === 'INVALID_PROCEDURE_ARGUMENT' && /Partition location does not exist/.test(e.message),
    );
  });
});
