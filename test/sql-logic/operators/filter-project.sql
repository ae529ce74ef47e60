# Scan, filter and projection over VALUES and tpch tables.

query rowsort types=integer|varchar(1)
SELECT a, b FROM (VALUES (1, 'x'), (2, 'y'), (3, 'z')) t(a, b) WHERE a >= 2
----
2	y
3	z

query rowsort
SELECT a * 10 + 1, upper(b) FROM (VALUES (1, 'x'), (2, 'y')) t(a, b)
----
11	X
21	Y

query
SELECT count(*) FROM nation WHERE regionkey = 1
----
5

query rowsort
SELECT name FROM nation WHERE name LIKE 'A%'
----
ALGERIA
ARGENTINA

query
SELECT name FROM region ORDER BY regionkey
----
AFRICA
AMERICA
ASIA
EUROPE
MIDDLE EAST

query rowsort
SELECT nationkey, name FROM nation WHERE nationkey BETWEEN 3 AND 5
----
3	CANADA
4	EGYPT
5	ETHIOPIA

query rowsort
SELECT nationkey FROM nation WHERE nationkey IN (1, 7, 24, 99)
----
1
7
24

query rowsort
SELECT nationkey FROM nation WHERE NOT (nationkey > 2)
----
0
1
2

query
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a > 5
----

query rowsort
SELECT a, a + 1 AS b, a * a AS c FROM (VALUES 1, 2, 3) t(a) WHERE a <> 2
----
1	2	1
3	4	9

query
SELECT count(*) FROM lineitem WHERE quantity > 45 AND discount < 0.03
----
1615

query
SELECT count(*) FROM orders WHERE orderstatus = 'F' OR orderpriority = '1-URGENT'
----
8856

# Rounded: a sum of doubles differs in its last bits with the order of additions (on a cluster,
# partial sums per task).
query
SELECT round(sum(extendedprice), 2) FROM lineitem WHERE shipdate >= DATE '1995-01-01' AND shipdate < DATE '1995-02-01'
----
2.678826216E7

query rowsort
SELECT x FROM (VALUES 1, 2, 3, 4, 5, 6) t(x) WHERE x % 2 = 0
----
2
4
6

query
SELECT 1 + 2, 'a' || 'b', true AND false
----
3	ab	false

query rowsort
SELECT CASE WHEN a > 1 THEN 'big' ELSE 'small' END FROM (VALUES 1, 2) t(a)
----
small
big

query
SELECT * FROM region WHERE regionkey = 0
----
0	AFRICA	lar deposits. blithely final packages cajole. regular waters are final requests. regular accounts are according to 

query rowsort
SELECT t.* FROM (VALUES (1, 2), (3, 4)) t(a, b)
----
1	2
3	4

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a = 2 OR a = 3 AND a = 1
----
2

query
SELECT count(*) FROM customer WHERE mktsegment = 'BUILDING' AND acctbal > 0
----
296

query rowsort
SELECT DISTINCT regionkey FROM nation
----
0
1
4
3
2

query
SELECT count(DISTINCT suppkey) FROM lineitem
----
100

query rowsort
SELECT a FROM (VALUES 'apple', 'Banana', 'cherry') t(a) WHERE a > 'b'
----
cherry

query rowsort
SELECT name, length(name) FROM region WHERE length(name) > 5
----
AFRICA	6
AMERICA	7
EUROPE	6
MIDDLE EAST	11
