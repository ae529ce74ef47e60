/**
 * Every TPC-H query resolves against the tpch catalog and reports the output columns and types
 * Presto reports for them (money columns are double in Presto's tpch connector).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { columnsOf } from './analyze-helpers.js';

const EXPECTED: Record<string, string[]> = {
  q01: [
    'returnflag varchar(1)',
    'linestatus varchar(1)',
    'sum_qty double',
    'sum_base_price double',
    'sum_disc_price double',
    'sum_charge double',
    'avg_qty double',
    'avg_price double',
    'avg_disc double',
    'count_order bigint',
  ],
  q02: [
    'acctbal double',
    'name varchar(25)',
    'name varchar(25)',
    'partkey bigint',
    'mfgr varchar(25)',
    'address varchar(40)',
    'phone varchar(15)',
    'comment varchar(101)',
  ],
  q03: ['orderkey bigint', 'revenue double', 'orderdate date', 'shippriority integer'],
  q04: ['orderpriority varchar(15)', 'order_count bigint'],
  q05: ['name varchar(25)', 'revenue double'],
  q06: ['revenue double'],
  q07: ['supp_nation varchar(25)', 'cust_nation varchar(25)', 'l_year bigint', 'revenue double'],
  q08: ['o_year bigint', 'mkt_share double'],
  q09: ['nation varchar(25)', 'o_year bigint', 'sum_profit double'],
  q10: [
    'custkey bigint',
    'name varchar(25)',
    'revenue double',
    'acctbal double',
    'name varchar(25)',
    'address varchar(40)',
    'phone varchar(15)',
    'comment varchar(117)',
  ],
  q11: ['partkey bigint', 'value double'],
  q12: ['shipmode varchar(10)', 'high_line_count bigint', 'low_line_count bigint'],
  q13: ['c_count bigint', 'custdist bigint'],
  q14: ['promo_revenue double'],
  q15: ['suppkey bigint', 'name varchar(25)', 'address varchar(40)', 'phone varchar(15)', 'total_revenue double'],
  q16: ['brand varchar(10)', 'type varchar(25)', 'size integer', 'supplier_cnt bigint'],
  q17: ['avg_yearly double'],
  q18: ['name varchar(25)', 'custkey bigint', 'orderkey bigint', 'orderdate date', 'totalprice double', '_col5 double'],
  q19: ['revenue double'],
  q20: ['name varchar(25)', 'address varchar(40)'],
  q21: ['name varchar(25)', 'numwait bigint'],
  q22: ['cntrycode varchar(15)', 'numcust bigint', 'totacctbal double'],
};

describe('analyzer: TPC-H', () => {
  for (const [query, expected] of Object.entries(EXPECTED)) {
    it(`${query} resolves with Presto's output columns`, () => {
      const sql = readFileSync(`test/sql/tpch/${query}.sql`, 'utf8');
      assert.deepEqual(columnsOf(sql), expected);
    });
  }

  it('resolves the same queries in another schema named explicitly', () => {
    const sql = readFileSync('test/sql/tpch/q06.sql', 'utf8').replace('lineitem', 'tpch.sf1.lineitem');
    assert.deepEqual(columnsOf(sql, { catalog: 'memory', schema: 'default' }), ['revenue double']);
  });
});
