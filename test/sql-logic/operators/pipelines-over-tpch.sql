# Multi-operator pipelines over tpch.tiny whose state crosses many pages (with 1-row pages, every row
# is its own page): TopN with ties, window partitions, distinct aggregates per group, semi joins,
# limits above joins. Checked against DuckDB on the same rows.

query
SELECT orderkey, linenumber, quantity FROM lineitem ORDER BY quantity DESC, orderkey, linenumber LIMIT 5
----
5	3	50.0
131	2	50.0
199	1	50.0
231	3	50.0
260	1	50.0

query
SELECT custkey, count(*) c FROM orders GROUP BY custkey ORDER BY c DESC, custkey LIMIT 5
----
79	32
643	32
712	32
898	32
1282	32

query
SELECT o.orderkey, o.totalprice FROM orders o JOIN customer c ON o.custkey = c.custkey WHERE c.nationkey = 7 ORDER BY o.totalprice DESC LIMIT 3
----
24832	386334.55
19968	359373.75
2945	351345.57

query
SELECT count(*) FROM (SELECT * FROM orders o JOIN customer c ON o.custkey = c.custkey LIMIT 10)
----
10

query
SELECT suppkey, sum(quantity), count(DISTINCT partkey), count(DISTINCT orderkey) FROM lineitem WHERE suppkey <= 3 GROUP BY suppkey ORDER BY suppkey
----
1	15938.0	80	599
2	14552.0	80	550
3	14939.0	80	570

query
SELECT nationkey, min(acctbal), max(acctbal), count(*) FROM customer GROUP BY nationkey ORDER BY nationkey LIMIT 4
----
0	-932.38	9497.89	61
1	-982.32	9860.22	59
2	-849.44	9776.39	68
3	-949.28	9459.5	69

query
SELECT custkey, orderkey, totalprice, sum(totalprice) OVER (PARTITION BY custkey ORDER BY orderkey ROWS UNBOUNDED PRECEDING) FROM orders WHERE custkey <= 2 ORDER BY custkey, orderkey
----
1	9154	357345.46	357345.46
1	14656	28599.83	385945.29000000004
1	24322	231040.44	616985.73
1	31653	152411.41	769397.14
1	34019	89230.03	858627.17
1	36422	270087.44	1128714.61
1	43879	83095.85	1211810.46
1	52263	51134.82	1262945.28
1	53283	165928.33	1428873.61
2	6980	170842.93	170842.93
2	10563	143707.7	314550.63
2	16129	50178.44	364729.07
2	20257	181875.6	546604.67
2	28167	37156.97	583761.64
2	29408	154867.09	738628.73
2	29956	116247.57	854876.3
2	38276	201568.55	1056444.85
2	40070	54402.2	1110847.05
2	44962	45657.87	1156504.92

query
SELECT count(*), sum(r) FROM (SELECT rank() OVER (PARTITION BY suppkey ORDER BY quantity DESC) r FROM lineitem)
----
60175	17807029

query
SELECT linenumber, avg(quantity) OVER (PARTITION BY linenumber) a FROM lineitem WHERE orderkey = 1 ORDER BY linenumber
----
1	17.0
2	36.0
3	8.0
4	28.0
5	24.0
6	32.0

query
SELECT count(*) FROM part WHERE partkey IN (SELECT partkey FROM lineitem WHERE quantity = 1)
----
894

query
SELECT count(*) FROM supplier WHERE suppkey NOT IN (SELECT suppkey FROM lineitem WHERE shipdate > DATE '1998-11-01')
----
37

query
SELECT count(*) FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.orderkey = o.orderkey AND l.returnflag = 'R') AND NOT EXISTS (SELECT 1 FROM lineitem l WHERE l.orderkey = o.orderkey AND l.linestatus = 'O')
----
6305

query
SELECT s.nationkey, count(DISTINCT ps.partkey) FROM supplier s JOIN partsupp ps ON s.suppkey = ps.suppkey GROUP BY s.nationkey ORDER BY 2 DESC, 1 LIMIT 3
----
24	574
18	504
16	499

query
SELECT orderstatus, orderpriority, count(*) FROM orders GROUP BY orderstatus, orderpriority HAVING count(*) > 1000 ORDER BY 1, 2
----
F	1-URGENT	1468
F	2-HIGH	1483
F	3-MEDIUM	1445
F	4-NOT SPECIFIED	1465
F	5-LOW	1443
O	1-URGENT	1488
O	2-HIGH	1506
O	3-MEDIUM	1421
O	4-NOT SPECIFIED	1482
O	5-LOW	1436

query
SELECT count(*) FROM (SELECT orderkey FROM lineitem UNION SELECT orderkey FROM orders)
----
15000

query
SELECT count(*) FROM (SELECT partkey FROM part INTERSECT SELECT partkey FROM lineitem WHERE discount = 0.1)
----
1867

query
SELECT name FROM customer ORDER BY acctbal DESC, name OFFSET 10 LIMIT 3
----
Customer#000000197
Customer#000000219
Customer#000000987

query
SELECT c.mktsegment, avg(o.totalprice) > 100000 FROM customer c JOIN orders o ON c.custkey = o.custkey GROUP BY c.mktsegment ORDER BY 1
----
AUTOMOBILE	true
BUILDING	true
FURNITURE	true
HOUSEHOLD	true
MACHINERY	true

query
SELECT l.orderkey, count(*) FROM lineitem l LEFT JOIN orders o ON l.orderkey = o.orderkey AND o.orderpriority = '1-URGENT' WHERE o.orderkey IS NULL AND l.orderkey < 40 GROUP BY l.orderkey ORDER BY 1
----
1	6
3	6
4	1
5	3
6	1
7	7
32	6
33	4
34	3
35	6
37	3
38	1
39	6

query
SELECT p.size, count(*) FROM part p FULL JOIN (SELECT DISTINCT partkey FROM lineitem WHERE quantity > 49) l ON p.partkey = l.partkey WHERE l.partkey IS NULL AND p.size > 48 GROUP BY p.size ORDER BY 1
----
49	19
50	20
