/** EXPLAIN text: exact snapshots of a few plans, and the rendering of every node kind. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { printPlan } from '../../src/planner/plan-printer.js';
import { StatsCalculator } from '../../src/planner/stats/stats-calculator.js';
import { logicalPlan, plan, statsMetadata, tpchQuery } from './plan-helpers.js';

function explain(sql: string): string {
  const stats = new StatsCalculator(statsMetadata);
  return printPlan(plan(sql), { estimate: (node) => stats.rowCount(node) });
}

describe('plan printer', () => {
  it('prints TPC-H q6', () => {
    assert.equal(
      explain(tpchQuery(6)),
      `- Output[columnNames = [revenue]] => [sum:double]
        Estimates: {rows: 1}
        revenue := sum
    - Aggregation[type = SINGLE] => [sum:double]
            Estimates: {rows: 1}
            sum := sum(expr)
        - Project => [expr:double]
                Estimates: {rows: 81439}
                expr := (extendedprice * discount)
            - Filter[predicate = ((shipdate >= DATE '1994-01-01') AND (shipdate < DATE '1995-01-01') AND (discount BETWEEN 0.05 AND 0.07) AND (quantity < 24))] => [quantity:double, extendedprice:double, discount:double, shipdate:date]
                    Estimates: {rows: 81439}
                - TableScan[table = tpch.tiny.lineitem, constraint = {shipdate: [DATE '1994-01-01', DATE '1995-01-01'), discount: [0.05, 0.07], quantity: (-inf, 24)}] => [quantity:double, extendedprice:double, discount:double, shipdate:date]
                        Estimates: {rows: 6001215}
`,
    );
  });

  it('prints an outer join (turned to build on its small preserved side) under a TopN', () => {
    assert.equal(
      explain(
        'SELECT n.name, count(*) FROM nation n LEFT JOIN supplier s ON s.nationkey = n.nationkey WHERE n.regionkey IN (1, 2) GROUP BY n.name ORDER BY 2 DESC LIMIT 3',
      ),
      `- Output[columnNames = [name, _col1]] => [name:varchar(25), count:bigint]
        Estimates: {rows: 3}
        _col1 := count
    - TopN[count = 3, orderBy = [count DESC NULLS LAST]] => [name:varchar(25), count:bigint]
            Estimates: {rows: 3}
        - Aggregation[type = SINGLE, keys = [name]] => [name:varchar(25), count:bigint]
                Estimates: {rows: 10}
                count := count()
            - RightJoin[criteria = (nationkey_2 = nationkey), distribution = PARTITIONED] => [name:varchar(25)]
                    Estimates: {rows: 4000}
                - TableScan[table = tpch.tiny.supplier] => [nationkey_2:bigint]
                        Estimates: {rows: 10000}
                        nationkey_2 := nationkey
                - Project => [nationkey:bigint, name:varchar(25)]
                        Estimates: {rows: 10}
                    - Filter[predicate = (regionkey IN (1, 2))] => [nationkey:bigint, name:varchar(25), regionkey:bigint]
                            Estimates: {rows: 10}
                        - TableScan[table = tpch.tiny.nation, constraint = {regionkey: [1, 2]}] => [nationkey:bigint, name:varchar(25), regionkey:bigint]
                                Estimates: {rows: 25}
`,
    );
  });

  it('prints a logical plan with a correlated subquery, without estimates', () => {
    assert.equal(
      printPlan(
        logicalPlan('SELECT name FROM region r WHERE EXISTS (SELECT 1 FROM nation n WHERE n.regionkey = r.regionkey)'),
      ),
      `- Output[columnNames = [name]] => [name:varchar(25)]
    - Project => [name:varchar(25)]
        - Filter[predicate = exists] => [regionkey:bigint, name:varchar(25), comment:varchar(152), exists:boolean]
            - Apply[exists := EXISTS, correlation = [regionkey]] => [regionkey:bigint, name:varchar(25), comment:varchar(152), exists:boolean]
                - TableScan[table = tpch.tiny.region] => [regionkey:bigint, name:varchar(25), comment:varchar(152)]
                - Project => [expr:integer]
                        expr := 1
                    - Filter[predicate = (regionkey_2 = regionkey)] => [nationkey:bigint, name_1:varchar(25), regionkey_2:bigint, comment_3:varchar(152)]
                        - TableScan[table = tpch.tiny.nation] => [nationkey:bigint, name_1:varchar(25), regionkey_2:bigint, comment_3:varchar(152)]
                                name_1 := name
                                regionkey_2 := regionkey
                                comment_3 := comment
`,
    );
  });

  it('renders the properties of every node kind the builder makes', () => {
    const text = [
      'SELECT rank() OVER (PARTITION BY regionkey ORDER BY name) FROM nation',
      'SELECT x FROM nation n CROSS JOIN UNNEST(ARRAY[n.nationkey]) WITH ORDINALITY t(x, o)',
      'SELECT regionkey, count(*) FROM nation GROUP BY CUBE (regionkey)',
      'SELECT name FROM nation UNION ALL SELECT name FROM region',
      "SELECT * FROM (VALUES (1, 'a')) v(x, y)",
      'SELECT name FROM nation ORDER BY regionkey OFFSET 1 FETCH FIRST 2 ROWS WITH TIES',
      'SELECT (SELECT max(regionkey) FROM region r WHERE r.regionkey < n.regionkey) FROM nation n',
      'SELECT regionkey FROM nation INTERSECT ALL SELECT regionkey FROM region',
      'SELECT * FROM nation WHERE regionkey > ALL (SELECT regionkey FROM region)',
    ]
      .map((sql) => printPlan(logicalPlan(sql)))
      .join('');
    for (const expected of [
      /- Window\[partitionBy = \[regionkey\], orderBy = \[name ASC NULLS LAST\]\]/,
      /rank := rank\(\) RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW/,
      /- Unnest\[replicate = \[nationkey, name, regionkey, comment, expr\], unnest = \[expr -> \[x\]\], ordinality = o\]/,
      /- GroupId\[sets = \[\[regionkey\], \[\]\], groupId = groupid\]/,
      /- Aggregation\[type = SINGLE, keys = \[regionkey, groupid\], groupId = groupid\]/,
      /name_\d+ := \[name, name_\d+\]/,
      /- Values\[rows = 1\]/,
      /\(1, 'a'\)/,
      /- Limit\[count = 2, withTies = \[regionkey ASC NULLS LAST\]\]/,
      /- Offset\[count = 1\]/,
      /- CorrelatedJoin\[type = LEFT, correlation = \[regionkey\]\]/,
      /- EnforceSingleRow =>/,
      /- RowNumber\[partitionBy = \[regionkey_\d+\], rowNumber = row_number\]/,
      /- Apply\[all := regionkey > ALL regionkey_\d+, correlation = \[\]\]/,
    ]) {
      assert.match(text, expected);
    }
  });

  it('renders join flavours, semi joins and distinct marks of optimized plans', () => {
    const text = [
      'SELECT * FROM nation n, region r',
      'SELECT * FROM nation n FULL JOIN region r ON n.regionkey = r.regionkey',
      'SELECT * FROM nation WHERE regionkey IN (SELECT regionkey FROM region)',
      'SELECT count(DISTINCT name), count(DISTINCT comment) FROM nation',
    ]
      .map((sql) => printPlan(plan(sql)))
      .join('');
    assert.match(text, /- CrossJoin\[distribution = REPLICATED\]/);
    assert.match(text, /- FullJoin\[criteria = \(regionkey = regionkey_\d+\), distribution = PARTITIONED\]/);
    assert.match(
      text,
      /- SemiJoin\[criteria = \(regionkey = regionkey_\d+\), output = in, distribution = REPLICATED\]/,
    );
    assert.match(text, /- MarkDistinct\[distinct = \[name\], marker = is_distinct\]/);
    assert.match(text, /count := count\(name\) \(mask = is_distinct\)/);
  });
});
