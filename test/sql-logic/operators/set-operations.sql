# UNION, INTERSECT, EXCEPT with ALL and DISTINCT; type coercion across branches.

query rowsort
SELECT * FROM (VALUES 1, 2, 2) t(a) UNION SELECT * FROM (VALUES 2, 3) u(a)
----
1
2
3

query rowsort
SELECT * FROM (VALUES 1, 2, 2) t(a) UNION ALL SELECT * FROM (VALUES 2, 3) u(a)
----
1
2
2
2
3

query rowsort
SELECT * FROM (VALUES 1, 2, 2, 3) t(a) INTERSECT SELECT * FROM (VALUES 2, 2, 3, 4) u(a)
----
2
3

query rowsort
SELECT * FROM (VALUES 1, 2, 2, 2, 3) t(a) INTERSECT ALL SELECT * FROM (VALUES 2, 2, 3, 4) u(a)
----
2
2
3

query rowsort
SELECT * FROM (VALUES 1, 2, 2, 3) t(a) EXCEPT SELECT * FROM (VALUES 2, 4) u(a)
----
1
3

query rowsort
SELECT * FROM (VALUES 1, 2, 2, 2, 3) t(a) EXCEPT ALL SELECT * FROM (VALUES 2, 4) u(a)
----
1
2
2
3

query rowsort
SELECT * FROM (VALUES 1, NULL, NULL) t(a) UNION SELECT * FROM (VALUES NULL, 2) u(a)
----
1
NULL
2

query rowsort
SELECT * FROM (VALUES 1, NULL) t(a) INTERSECT SELECT * FROM (VALUES NULL, 2) u(a)
----
NULL

query rowsort
SELECT * FROM (VALUES 1, NULL) t(a) EXCEPT SELECT * FROM (VALUES NULL) u(a)
----
1

query rowsort types=decimal(11,1)
SELECT * FROM (VALUES 1) t(a) UNION ALL SELECT * FROM (VALUES 2.5) u(a)
----
1.0
2.5

query rowsort types=double
SELECT 1 UNION ALL SELECT 2.5E0
----
1.0
2.5

query rowsort types=varchar(3)
SELECT 'a' UNION SELECT 'abc'
----
a
abc

query
SELECT a FROM (SELECT 1 a UNION ALL SELECT 3 UNION ALL SELECT 2) ORDER BY a DESC
----
3
2
1

query rowsort
SELECT regionkey FROM nation UNION SELECT regionkey FROM region
----
0
1
4
3
2

query
SELECT count(*) FROM (SELECT custkey FROM orders UNION ALL SELECT custkey FROM customer)
----
16500

query
SELECT count(*) FROM (SELECT custkey FROM orders INTERSECT SELECT custkey FROM customer)
----
1000

query
SELECT count(*) FROM (SELECT custkey FROM customer EXCEPT SELECT custkey FROM orders)
----
500

query rowsort
SELECT a, b FROM (VALUES (1, 'x'), (2, 'y')) t(a, b) UNION SELECT a, b FROM (VALUES (1, 'x'), (1, 'y')) u(a, b)
----
1	x
2	y
1	y

query rowsort
SELECT 1 UNION SELECT 2 INTERSECT SELECT 2
----
1
2

query rowsort
(SELECT 1 UNION SELECT 2) INTERSECT SELECT 2
----
2

query rowsort
SELECT 1 EXCEPT SELECT 1 UNION SELECT 3
----
3

query
SELECT * FROM (VALUES 1) t(a) WHERE false UNION ALL SELECT * FROM (VALUES 2) u(a) WHERE false
----

statement error TYPE_MISMATCH: column 1 in UNION query has incompatible types: integer, varchar(1)
SELECT 1 UNION SELECT 'a'

statement error TYPE_MISMATCH: UNION query has different number of fields: 1, 2
SELECT 1 UNION SELECT 1, 2
