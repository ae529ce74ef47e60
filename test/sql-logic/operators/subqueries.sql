# Scalar and correlated subqueries, including the "more than one row" error.

query
SELECT (SELECT max(nationkey) FROM nation)
----
24

query rowsort
SELECT a, (SELECT max(b) FROM (VALUES 1, 2, 3) u(b) WHERE b < t.a) FROM (VALUES 1, 2, 3) t(a)
----
2	1
3	2
1	NULL

query rowsort
SELECT a, (SELECT count(*) FROM (VALUES 1, 2, 3) u(b) WHERE b < t.a) FROM (VALUES 1, 2, 3) t(a)
----
2	1
3	2
1	0

query
SELECT (SELECT b FROM (VALUES 1) u(b) WHERE b > 5)
----
NULL

statement error SUBQUERY_MULTIPLE_ROWS: Scalar sub-query has returned multiple rows
SELECT (SELECT b FROM (VALUES 1, 2) u(b))

query
SELECT name FROM nation WHERE nationkey = (SELECT min(nationkey) FROM nation WHERE regionkey = 3)
----
FRANCE

query rowsort
SELECT n.name FROM nation n WHERE n.nationkey = (SELECT min(m.nationkey) FROM nation m WHERE m.regionkey = n.regionkey)
----
ALGERIA
ARGENTINA
EGYPT
FRANCE
INDIA

query
SELECT count(*) FROM orders o WHERE totalprice > (SELECT avg(totalprice) FROM orders WHERE custkey = o.custkey)
----
7148

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a > (SELECT avg(b) FROM (VALUES 1, 2, 3) u(b))
----
3

query
SELECT (SELECT 1) + (SELECT 2)
----
3

query rowsort
SELECT r.name, (SELECT count(*) FROM nation n WHERE n.regionkey = r.regionkey) FROM region r
----
AFRICA	5
AMERICA	5
ASIA	5
EUROPE	5
MIDDLE EAST	5

query
WITH t AS (SELECT 1 a UNION ALL SELECT 2) SELECT sum(a) FROM t
----
3

query
WITH t AS (SELECT nationkey, regionkey FROM nation), u AS (SELECT regionkey, count(*) c FROM t GROUP BY regionkey) SELECT max(c) FROM u
----
5

query rowsort
SELECT a, EXISTS (SELECT 1 FROM (VALUES 2, 3) u(b) WHERE b = t.a) FROM (VALUES 1, 2) t(a)
----
1	false
2	true

query
SELECT (SELECT b FROM (VALUES 1, 2) u(b) ORDER BY b DESC LIMIT 1)
----
2

query rowsort
SELECT a, (SELECT sum(b) FROM (VALUES (1, 10), (1, 20), (2, 5)) u(k, b) WHERE u.k = t.a) FROM (VALUES 1, 2, 3) t(a)
----
1	30
2	5
3	NULL

query
SELECT count(*) FROM (SELECT * FROM (SELECT * FROM (SELECT nationkey FROM nation) WHERE nationkey > 5) WHERE nationkey < 20)
----
14

# Correlated scalar subqueries without an aggregation: at most one row per outer row, NULL for none.
query rowsort
SELECT a, (SELECT b FROM (VALUES 1, 2) u(b) WHERE b = t.a) FROM (VALUES 1, 2, 3) t(a)
----
1	1
2	2
3	NULL

query rowsort
SELECT a, (SELECT b * 10 FROM (VALUES 1, 2) u(b) WHERE b = t.a) + 1 FROM (VALUES 1, 2, 3) t(a)
----
1	11
2	21
3	NULL

statement error SUBQUERY_MULTIPLE_ROWS: Scalar sub-query has returned multiple rows
SELECT a, (SELECT b FROM (VALUES 1, 2) u(b) WHERE b >= t.a) FROM (VALUES 1, 2) t(a)

query rowsort
SELECT a, (SELECT b FROM (VALUES 1, 2) u(b) WHERE b >= t.a) FROM (VALUES 2, 3) t(a)
----
2	2
3	NULL

query rowsort
SELECT n.name, (SELECT r.name FROM region r WHERE r.regionkey = n.regionkey) FROM nation n WHERE n.nationkey < 3
----
ALGERIA	AFRICA
ARGENTINA	AMERICA
BRAZIL	AMERICA

query
SELECT count(*) FROM orders o WHERE o.custkey = (SELECT c.custkey FROM customer c WHERE c.custkey = o.custkey)
----
15000

query rowsort
SELECT a, (SELECT NULL FROM (VALUES 1) u(b) WHERE b = t.a) FROM (VALUES 1, 2) t(a)
----
1	NULL
2	NULL
