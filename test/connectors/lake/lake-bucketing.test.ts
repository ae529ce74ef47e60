/**
 * Bucketed lake tables beyond the golden file: bucket pruning counted at the file system (a filter
 * on the bucket column opens only its bucket's footer), every row of a version-2 table in the file
 * of its bucket, and co-location only between tables bucketed alike.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { parseLakeConfig } from '../../../src/connectors/lake/connector/lake-config.js';
import { LakeConnector } from '../../../src/connectors/lake/connector/lake-connector.js';
import { asSplit } from '../../../src/connectors/lake/connector/lake-handles.js';
import { bucketOf } from '../../../src/connectors/lake/partition/hive-bucketing.js';
import { collectSplits } from '../../../src/spi/split-source.js';
import { BIGINT, VARCHAR } from '../../../src/types/type.js';
import { countingFs, lakeRows, lakeRunner, writeLakeFixtures } from './lake-fixtures.js';
import { duckdbRows } from './parquet/parquet-fixtures.js';

const single = (value: unknown) => ({
  nullAllowed: false,
  ranges: [{ low: { value, inclusive: true }, high: { value, inclusive: true } }],
});

describe('lake bucketed tables', () => {
  let fixtures: string;
  let data: string;

  before(async () => {
    ({ fixtures, data } = await writeLakeFixtures());
  });

  it('reads only the footers of the buckets a filter allows', async () => {
    let made = 0;
    /** A fresh connector (its footer cache empty) over the Hive-bucketed fixture, and the splits of one scan. */
    const listing = async (constraint?: Parameters<LakeConnector['getSplits']>[0]['constraint']) => {
      const tails: string[] = [];
      const connector = new LakeConnector(
        'lake',
        parseLakeConfig({ 'hive.metastore.catalog.dir': `${data}/bk1-${made++}` }),
        { fs: countingFs(tails) },
      );
      const name = { schema: 'default', table: 'hive_bucketed' };
      await connector.metadata.createTable(
        name,
        [
          { name: 'id', type: BIGINT },
          { name: 'name', type: VARCHAR },
        ],
        { external_location: `file://${fixtures}/bucketed`, format: 'PARQUET', bucketed_by: ['id'], bucket_count: 4 },
      );
      const table = await connector.metadata.getTable(name);
      tails.length = 0;
      const splits = await collectSplits(
        connector.getSplits({
          table: name,
          handle: table?.handle,
          desiredSplits: 4,
          ...(constraint && { constraint }),
        }),
      );
      return { splits, tails: tails.map((p) => p.split('/').pop()) };
    };
    const all = await listing();
    assert.deepEqual(all.splits.map((s) => s.bucket).sort(), [0, 1, 2, 3]);
    assert.equal(all.tails.length, 4);
    const byId = await listing({ columns: { id: single(42) } });
    assert.deepEqual(
      byId.splits.map((s) => s.bucket),
      [2],
    );
    assert.deepEqual(
      byId.splits.flatMap((s) => asSplit(s).parts.map((p) => p.path.split('/').pop())),
      ['000002_0'],
    );
    assert.deepEqual(byId.tails, ['000002_0']);
    // A constraint on $bucket prunes the same way.
    const byBucket = await listing({ columns: { $bucket: single(1) } });
    assert.deepEqual(
      byBucket.splits.map((s) => s.bucket),
      [1],
    );
    assert.deepEqual(byBucket.tails, ['000001_0']);
  });

  it('writes every row of a version-2 table into the file of its bucket', async () => {
    const runner = lakeRunner(`${data}/bk2`);
    try {
      await lakeRows(
        runner,
        "CREATE TABLE lake.default.v2 WITH (bucketed_by = ARRAY['custkey', 'orderstatus'], bucket_count = 5, bucketing_version = 2) AS SELECT orderkey, custkey, orderstatus FROM tpch.tiny.orders",
      );
      const rows = await lakeRows(runner, 'SELECT custkey, orderstatus, "$bucket", "$path" FROM lake.default.v2');
      assert.equal(rows.length, 15000);
      const buckets = new Set<number>();
      for (const [custkey, status, bucket, path] of rows as [number, string, number, string][]) {
        assert.equal(bucket, bucketOf([custkey, status], ['long', 'varchar'], 2, 5));
        assert.ok(path.split('/').pop()?.startsWith(`00000${bucket}_0_`), path);
        buckets.add(bucket);
      }
      assert.equal(buckets.size, 5);
      // The filter on every bucket column reads one bucket's files and finds its rows.
      const [[count]] = (await lakeRows(
        runner,
        "SELECT count(*) FROM lake.default.v2 WHERE custkey = 370 AND orderstatus = 'O'",
      )) as [[number]];
      assert.equal(count, rows.filter(([c, s]) => c === 370 && s === 'O').length);
    } finally {
      runner.close();
    }
  });

  it('writes each bucket file sorted by sorted_by (as DuckDB reads the files back)', async () => {
    const runner = lakeRunner(`${data}/bk4`);
    try {
      await lakeRows(
        runner,
        "CREATE TABLE lake.default.sorted WITH (bucketed_by = ARRAY['orderkey'], bucket_count = 3, sorted_by = ARRAY['orderpriority', 'totalprice DESC']) AS SELECT orderkey, orderpriority, totalprice FROM tpch.tiny.orders",
      );
      const paths = (await lakeRows(runner, 'SELECT DISTINCT "$path" FROM lake.default.sorted')) as [string][];
      assert.ok(paths.length >= 3, `files: ${paths.length}`);
      let total = 0;
      for (const [path] of paths) {
        const rows = (await duckdbRows(
          `SELECT orderpriority, CAST(totalprice AS DOUBLE) FROM read_parquet('${path.replace('file://', '')}')`,
        )) as [string, number][];
        total += rows.length;
        for (let i = 1; i < rows.length; i++) {
          const [p0, t0] = rows[i - 1] as [string, number];
          const [p1, t1] = rows[i] as [string, number];
          assert.ok(p0 < p1 || (p0 === p1 && t0 >= t1), `${path} row ${i}: ${p0} ${t0} then ${p1} ${t1}`);
        }
      }
      assert.equal(total, 15000);
    } finally {
      runner.close();
    }
  });

  it('co-locates joins of tables bucketed alike only', async () => {
    const runner = lakeRunner(`${data}/bk3`);
    const plan = async (sql: string) =>
      ((await lakeRows(runner, `EXPLAIN (TYPE DISTRIBUTED) ${sql}`)) as [string][]).map((r) => r[0]).join('\n');
    try {
      for (const [table, count] of [
        ['o8', 8],
        ['l8', 8],
        ['l4', 4],
      ] as const) {
        const source = table.startsWith('o') ? 'orders' : 'lineitem';
        await lakeRows(
          runner,
          `CREATE TABLE lake.default.${table} WITH (bucketed_by = ARRAY['orderkey'], bucket_count = ${count}) AS SELECT orderkey FROM tpch.tiny.${source}`,
        );
      }
      const alike = await plan(
        'SELECT count(*) FROM lake.default.o8 o JOIN lake.default.l8 l ON o.orderkey = l.orderkey',
      );
      assert.equal(alike.match(/splits by bucket/g)?.length, 2, alike);
      assert.doesNotMatch(alike, /REPARTITION.*\n.*TableScan/);
      const unlike = await plan(
        'SELECT count(*) FROM lake.default.o8 o JOIN lake.default.l4 l ON o.orderkey = l.orderkey',
      );
      assert.doesNotMatch(unlike, /splits by bucket/, unlike);
      const [[joined]] = (await lakeRows(
        runner,
        'SELECT count(*) FROM lake.default.o8 o JOIN lake.default.l8 l ON o.orderkey = l.orderkey',
      )) as [[number]];
      assert.equal(joined, 60175);
    } finally {
      runner.close();
    }
  });
});
