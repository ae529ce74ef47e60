/**
 * Which keys an aggregation's rows are hashed on between its PARTIAL and FINAL steps: one integer
 * key with enough distinct values (by the statistics) alone, every grouping key otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addExchanges } from '../../src/planner/add-exchanges.js';
import type { PlanNode } from '../../src/planner/plan-nodes.js';
import { findNodes } from '../../src/planner/plan-utils.js';
import { contextFor, plainMetadata, plan } from './plan-helpers.js';
import { StatisticsTestMetadata } from './tpch-statistics.js';

const withStatistics = new StatisticsTestMetadata();

/** The partition keys of each REPARTITION exchange of the distributed plan, as symbol names. */
function repartitionKeys(sql: string, metadata: typeof plainMetadata = withStatistics): string[][] {
  const optimized = plan(sql, { metadata });
  const distributed: PlanNode = addExchanges(optimized, contextFor(optimized, { metadata }), {
    joinDistribution: 'AUTOMATIC',
  });
  return findNodes(distributed, 'Exchange')
    .filter((exchange) => exchange.type === 'REPARTITION')
    .map((exchange) => [...(exchange.partitionKeys ?? [])]);
}

describe('partition keys of an aggregation', () => {
  it('hashes on a key with many distinct values alone (customer columns grouped with custkey)', () => {
    // custkey: 150,000 distinct values at SF 1; the strings and the double ride along.
    assert.deepEqual(
      repartitionKeys('SELECT custkey, name, address, acctbal, count(*) FROM customer GROUP BY 1, 2, 3, 4'),
      [['custkey']],
    );
  });

  it('prefers the key with the most distinct values among the integer ones', () => {
    // suppkey has 10,000 distinct values, orderkey 1,500,000: orderkey.
    assert.deepEqual(repartitionKeys('SELECT suppkey, orderkey, shipmode, count(*) FROM lineitem GROUP BY 1, 2, 3'), [
      ['orderkey'],
    ]);
  });

  it('hashes on every key when no integer key has enough distinct values', () => {
    // quantity: 50 values, linenumber: 7; a string of many values does not count (its hash is dear).
    assert.deepEqual(repartitionKeys('SELECT quantity, linenumber, comment, count(*) FROM lineitem GROUP BY 1, 2, 3'), [
      ['quantity', 'linenumber', 'comment'],
    ]);
  });

  it('hashes on every key over grouping sets (a set without the key would hash all its rows alike)', () => {
    const [keys] = repartitionKeys('SELECT custkey, name, count(*) FROM customer GROUP BY ROLLUP (custkey, name)');
    assert.ok(keys?.includes('custkey') && keys.includes('name'), String(keys));
  });

  it('hashes on every key without statistics', () => {
    assert.deepEqual(repartitionKeys('SELECT custkey, name, count(*) FROM customer GROUP BY 1, 2', plainMetadata), [
      ['custkey', 'name'],
    ]);
  });

  it('hashes DISTINCT aggregates’ rows the same way', () => {
    assert.deepEqual(
      repartitionKeys('SELECT custkey, name, count(DISTINCT nationkey) FROM customer GROUP BY 1, 2').slice(0, 1),
      [['custkey']],
    );
  });
});

describe('an aggregation under one by fewer of its keys', () => {
  it('hashes on the keys of the one above, which then aggregates in place (one exchange, not two)', () => {
    // TPC-H q16's shape: DISTINCT by (brand, type, size, suppkey), then count by (brand, type, size).
    assert.deepEqual(
      repartitionKeys(
        'SELECT brand, type, size, count(DISTINCT suppkey) FROM part JOIN partsupp USING (partkey) GROUP BY 1, 2, 3',
      ),
      [['brand', 'type', 'size']],
    );
  });

  it('hashes on the key of the one above that it would pick alone', () => {
    assert.deepEqual(repartitionKeys('SELECT custkey, name, count(DISTINCT nationkey) FROM customer GROUP BY 1, 2'), [
      ['custkey'],
    ]);
  });

  it('repartitions twice when the one above has few groups (the DISTINCT step stays spread out)', () => {
    // returnflag: 3 values; hashing on it alone would leave all but three tasks idle. (Exchanges
    // are listed from the top.)
    assert.deepEqual(repartitionKeys('SELECT returnflag, count(DISTINCT orderkey) FROM lineitem GROUP BY 1'), [
      ['returnflag'],
      ['orderkey'],
    ]);
  });

  it('repartitions twice without statistics', () => {
    assert.equal(
      repartitionKeys('SELECT custkey, name, count(DISTINCT nationkey) FROM customer GROUP BY 1, 2', plainMetadata)
        .length,
      2,
    );
  });
});
