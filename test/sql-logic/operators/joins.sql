# Every join kind: inner, left, right, full, cross, non-equi conditions, USING, self joins, duplicate keys.

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3) l(a) JOIN (VALUES (2, 'x'), (3, 'y'), (4, 'z')) r(a, b) ON l.a = r.a
----
2	x
3	y

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3) l(a) LEFT JOIN (VALUES (2, 'x'), (3, 'y'), (4, 'z')) r(a, b) ON l.a = r.a
----
1	NULL
2	x
3	y

query rowsort
SELECT l.a, r.a, r.b FROM (VALUES 1, 2, 3) l(a) RIGHT JOIN (VALUES (2, 'x'), (3, 'y'), (4, 'z')) r(a, b) ON l.a = r.a
----
2	2	x
3	3	y
NULL	4	z

query rowsort
SELECT l.a, r.a FROM (VALUES 1, 2, 3) l(a) FULL JOIN (VALUES 2, 3, 4) r(a) ON l.a = r.a
----
1	NULL
2	2
3	3
NULL	4

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2) l(a) CROSS JOIN (VALUES 'x', 'y') r(b)
----
1	x
1	y
2	x
2	y

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3) l(a) JOIN (VALUES 1, 2, 3) r(b) ON l.a < r.b
----
1	2
1	3
2	3

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3) l(a) LEFT JOIN (VALUES 1, 2, 3) r(b) ON l.a < r.b
----
1	2
1	3
2	3
3	NULL

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3) l(a) FULL JOIN (VALUES 2, 3, 4) r(b) ON l.a = r.b AND l.a > 2
----
3	3
1	NULL
2	NULL
NULL	2
NULL	4

query rowsort
SELECT l.k, l.v, r.w FROM (VALUES (1, 'a'), (1, 'b'), (2, 'c')) l(k, v) JOIN (VALUES (1, 'x'), (1, 'y'), (3, 'z')) r(k, w) ON l.k = r.k
----
1	a	x
1	a	y
1	b	x
1	b	y

query rowsort
SELECT a, b, c FROM (VALUES (1, 'x')) l(a, b) JOIN (VALUES (1, 'y')) r(a, c) USING (a)
----
1	x	y

query rowsort
SELECT a, l.b, r.b FROM (VALUES (1, 'x'), (2, 'p')) l(a, b) FULL JOIN (VALUES (1, 'y'), (3, 'q')) r(a, b) USING (a)
----
1	x	y
2	p	NULL
3	NULL	q

query rowsort
SELECT n.name, r.name FROM nation n JOIN region r ON n.regionkey = r.regionkey WHERE r.name = 'ASIA'
----
INDIA	ASIA
INDONESIA	ASIA
JAPAN	ASIA
CHINA	ASIA
VIETNAM	ASIA

query
SELECT count(*) FROM orders o JOIN customer c ON o.custkey = c.custkey
----
15000

query
SELECT count(*) FROM customer c LEFT JOIN orders o ON o.custkey = c.custkey WHERE o.orderkey IS NULL
----
500

query
SELECT count(*) FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey AND l.shipdate > o.orderdate + INTERVAL '100' DAY
----
10515

query rowsort
SELECT a.nationkey, b.nationkey FROM nation a JOIN nation b ON a.nationkey + 1 = b.nationkey WHERE a.nationkey < 3
----
0	1
1	2
2	3

query
SELECT count(*) FROM nation a, nation b
----
625

query
SELECT count(*) FROM nation a, nation b WHERE a.regionkey = b.regionkey
----
125

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2) l(a) JOIN (VALUES 5, 6) r(b) ON true
----
1	5
1	6
2	5
2	6

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2) l(a) LEFT JOIN (VALUES 5, 6) r(b) ON false
----
1	NULL
2	NULL

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2) l(a) FULL JOIN (VALUES 5, 6) r(b) ON l.a + 4 = r.b
----
1	5
2	6

query rowsort
SELECT x.a, y.a, z.a FROM (VALUES 1, 2) x(a) JOIN (VALUES 2, 3) y(a) ON x.a = y.a LEFT JOIN (VALUES 3) z(a) ON y.a = z.a
----
2	2	NULL

query rowsort
SELECT x.a, y.a, z.a FROM (VALUES 1, 2, 3) x(a) LEFT JOIN (VALUES 2, 3) y(a) ON x.a = y.a LEFT JOIN (VALUES 3) z(a) ON y.a = z.a
----
1	NULL	NULL
2	2	NULL
3	3	3

query rowsort
SELECT l.a, l.b, r.c FROM (VALUES (1, 'p'), (2, 'q')) l(a, b) JOIN (VALUES (1, 'p', 10), (1, 'q', 20), (2, 'q', 30)) r(a, b, c) ON l.a = r.a AND l.b = r.b
----
1	p	10
2	q	30

query rowsort
SELECT l.a, r.a FROM (VALUES 1.5, 2.5) l(a) JOIN (VALUES 1.5, 3.5) r(a) ON l.a = r.a
----
1.5	1.5

query rowsort
SELECT l.a, r.b FROM (VALUES 1, 2, 3, 4) l(a) JOIN (VALUES 10, 20) r(b) ON l.a * 10 = r.b OR l.a = 4
----
1	10
2	20
4	10
4	20

query
SELECT count(*), sum(l.a * r.a) FROM (SELECT nationkey a FROM nation) l JOIN (SELECT nationkey a FROM nation) r ON l.a BETWEEN r.a - 1 AND r.a + 1
----
73	14100

query
SELECT s.name, n.name FROM supplier s JOIN nation n ON s.nationkey = n.nationkey ORDER BY s.suppkey LIMIT 3
----
Supplier#000000001	PERU
Supplier#000000002	ETHIOPIA
Supplier#000000003	ARGENTINA

query rowsort
SELECT l.k, count(r.k) FROM (VALUES 1, 2, 3) l(k) LEFT JOIN (VALUES 1, 1, 1, 3) r(k) ON l.k = r.k GROUP BY l.k
----
1	3
2	0
3	1

query rowsort
SELECT * FROM (VALUES 1, 2) l(a) RIGHT JOIN (VALUES 2, 3) r(b) ON l.a = r.b AND r.b > 2
----
NULL	2
NULL	3

query
SELECT count(*) FROM part p JOIN partsupp ps ON p.partkey = ps.partkey JOIN supplier s ON s.suppkey = ps.suppkey WHERE p.size = 15
----
108

query rowsort
SELECT a, b FROM (VALUES 'a', 'b') l(a) JOIN (VALUES 'a ', 'b') r(b) ON l.a = r.b
----
b	b

# A WHERE condition that rejects one side's NULLs narrows a FULL join to the other side's outer join.
query rowsort
SELECT p.k, l.k FROM (VALUES 1, 2, 3) p(k) FULL JOIN (VALUES 1, 5) l(k) ON p.k = l.k WHERE l.k > 0
----
1	1
NULL	5

query rowsort
SELECT p.k, l.k FROM (VALUES 1, 2, 3) p(k) FULL JOIN (VALUES 1, 5) l(k) ON p.k = l.k WHERE p.k > 0
----
1	1
2	NULL
3	NULL

query
SELECT count(*) FROM (VALUES 1, 2, 3) p(k) FULL JOIN (VALUES 1) l(k) ON p.k = l.k WHERE l.k IS NULL AND p.k > 1
----
2

query rowsort
SELECT p.k, l.k FROM (VALUES 1, 2, 3) p(k) FULL JOIN (VALUES 1, 5) l(k) ON p.k = l.k WHERE p.k > 0 AND l.k > 0
----
1	1
