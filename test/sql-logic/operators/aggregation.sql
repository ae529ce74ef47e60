# Hash aggregation: grouped and global, DISTINCT, FILTER, HAVING, many groups.

query rowsort
SELECT regionkey, count(*) FROM nation GROUP BY regionkey
----
0	5
1	5
4	5
3	5
2	5

query
SELECT count(*), sum(nationkey), min(name), max(name) FROM nation
----
25	300	ALGERIA	VIETNAM

query rowsort
SELECT k, sum(v), avg(v), min(v), max(v) FROM (VALUES ('a', 1), ('a', 3), ('b', 10)) t(k, v) GROUP BY k
----
a	4	2.0	1	3
b	10	10.0	10	10

query types=bigint|double
SELECT count(*), avg(x) FROM (VALUES 1, 2, 3, 4) t(x)
----
4	2.5

query rowsort
SELECT k, count(DISTINCT v) FROM (VALUES (1, 1), (1, 1), (1, 2), (2, 5)) t(k, v) GROUP BY k
----
1	2
2	1

query rowsort
SELECT k, count(*) FILTER (WHERE v > 1), sum(v) FILTER (WHERE v < 5) FROM (VALUES (1, 1), (1, 2), (1, 7), (2, 9)) t(k, v) GROUP BY k
----
1	2	3
2	1	NULL

query rowsort
SELECT regionkey, count(*) c FROM nation GROUP BY regionkey HAVING count(*) > 4 AND regionkey < 3
----
0	5
1	5
2	5

query
SELECT returnflag, linestatus, sum(quantity), count(*) FROM lineitem GROUP BY returnflag, linestatus ORDER BY 1, 2
----
A	F	380456.0	14876
N	F	8971.0	348
N	O	765251.0	30049
R	F	381449.0	14902

query
SELECT count(*) FROM (SELECT custkey FROM orders GROUP BY custkey)
----
1000

query
SELECT count(*), count(DISTINCT orderstatus), count(DISTINCT orderpriority) FROM orders
----
15000	3	5

query rowsort
SELECT k, sum(DISTINCT v), count(DISTINCT v), count(v) FROM (VALUES (1, 5), (1, 5), (1, 6), (2, 5)) t(k, v) GROUP BY k
----
1	11	2	3
2	5	1	1

query
SELECT max(totalprice), min(totalprice), min(orderdate), max(orderdate) FROM orders
----
466001.28	874.89	1992-01-01	1998-08-02

query rowsort
SELECT orderpriority, count(*) FROM orders WHERE orderdate < DATE '1993-01-01' GROUP BY 1
----
4-NOT SPECIFIED	455
3-MEDIUM	418
1-URGENT	478
5-LOW	445
2-HIGH	460

query
SELECT count(*) FROM (SELECT orderkey, count(*) FROM lineitem GROUP BY orderkey HAVING count(*) = 7)
----
2173

query rowsort
SELECT a, b, count(*) FROM (VALUES (1, 'x'), (1, 'y'), (1, 'x'), (2, 'x')) t(a, b) GROUP BY a, b
----
1	x	2
1	y	1
2	x	1

query
SELECT sum(x) FROM (VALUES 1, 2, 3) t(x) HAVING sum(x) > 100
----

query
SELECT sum(x) FROM (VALUES 1, 2, 3) t(x) HAVING sum(x) > 1
----
6

query rowsort
SELECT k % 3, count(*) FROM (SELECT nationkey k FROM nation) GROUP BY k % 3
----
0	9
1	8
2	8

query rowsort
SELECT upper(substr(name, 1, 1)) AS initial, count(*) FROM nation GROUP BY 1 HAVING count(*) > 1
----
A	2
C	2
E	2
I	4
J	2
M	2
R	2
U	2

query
SELECT count(*) FROM (SELECT partkey, suppkey FROM lineitem GROUP BY partkey, suppkey)
----
7996

query
SELECT count(DISTINCT partkey), count(DISTINCT suppkey), count(*) FROM partsupp
----
2000	100	8000

query rowsort
SELECT mktsegment, round(avg(acctbal), 2) FROM customer GROUP BY mktsegment
----
BUILDING	4286.61
AUTOMOBILE	4621.51
MACHINERY	4503.33
HOUSEHOLD	4351.5
FURNITURE	4535.06

query
SELECT array_agg(name ORDER BY name DESC) FROM region
----
[MIDDLE EAST, EUROPE, ASIA, AMERICA, AFRICA]

query
SELECT k, array_agg(v ORDER BY v) FROM (VALUES (1, 3), (1, 1), (2, 2), (1, 2)) t(k, v) GROUP BY k ORDER BY k
----
1	[1, 2, 3]
2	[2]

query rowsort
SELECT DISTINCT a, b FROM (VALUES (1, 1), (1, 1), (1, 2), (NULL, 2), (NULL, 2)) t(a, b)
----
1	1
1	2
NULL	2

query
SELECT count(*) FROM (SELECT DISTINCT custkey, orderstatus FROM orders)
----
2298

query rowsort
SELECT shipmode, sum(CASE WHEN priority IN ('1-URGENT', '2-HIGH') THEN 1 ELSE 0 END) FROM (SELECT l.shipmode, o.orderpriority priority FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey) GROUP BY shipmode
----
TRUCK	3546
MAIL	3570
REG AIR	3494
AIR	3417
FOB	3438
RAIL	3430
SHIP	3384

query
SELECT sum(quantity * 2) / count(*) FROM lineitem
----
51.055321977565434
