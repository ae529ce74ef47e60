# IN / EXISTS / NOT IN / NOT EXISTS subqueries (semi and anti joins), with NULLs.

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a IN (SELECT b FROM (VALUES 2, 3, 4) u(b))
----
2
3

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a NOT IN (SELECT b FROM (VALUES 2, 4) u(b))
----
1
3

query
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a NOT IN (SELECT b FROM (VALUES 2, NULL) u(b))
----

query rowsort
SELECT a, a IN (SELECT b FROM (VALUES 2, NULL) u(b)) FROM (VALUES 1, 2, NULL) t(a)
----
1	NULL
2	true
NULL	NULL

query rowsort
SELECT a, a NOT IN (SELECT b FROM (VALUES 2, 3) u(b)) FROM (VALUES 1, 2, NULL) t(a)
----
1	true
2	false
NULL	NULL

query rowsort
SELECT a, a IN (SELECT b FROM (VALUES 1) u(b) WHERE b > 5) FROM (VALUES 1, NULL) t(a)
----
1	false
NULL	false

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE EXISTS (SELECT 1 FROM (VALUES 2, 3) u(b) WHERE u.b = t.a)
----
2
3

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE NOT EXISTS (SELECT 1 FROM (VALUES 2, 3) u(b) WHERE u.b = t.a)
----
1

query rowsort
SELECT a FROM (VALUES 1, 2, NULL) t(a) WHERE NOT EXISTS (SELECT 1 FROM (VALUES 2, NULL) u(b) WHERE u.b = t.a)
----
1
NULL

query
SELECT count(*) FROM orders WHERE custkey IN (SELECT custkey FROM customer WHERE mktsegment = 'AUTOMOBILE')
----
2979

query
SELECT count(*) FROM customer WHERE custkey NOT IN (SELECT custkey FROM orders)
----
500

query
SELECT count(*) FROM customer c WHERE EXISTS (SELECT * FROM orders o WHERE o.custkey = c.custkey AND o.totalprice > 300000)
----
403

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE EXISTS (SELECT 1 FROM (VALUES 2) u(b) WHERE u.b < t.a)
----
3

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE EXISTS (SELECT 1 FROM (VALUES 10) u(b))
----
1
2
3

query
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE EXISTS (SELECT 1 FROM (VALUES 10) u(b) WHERE b < 0)
----

query rowsort
SELECT a FROM (VALUES 1, 2, 3, 4) t(a) WHERE a IN (SELECT b FROM (VALUES 1, 1, 1, 4, 4) u(b))
----
1
4

statement error NOT_SUPPORTED: Multiple columns returned by subquery are not yet supported. Found 2
SELECT a, b FROM (VALUES (1, 'x'), (2, 'y')) t(a, b) WHERE (a, b) IN (VALUES (1, 'x'), (2, 'z'))

query rowsort
SELECT name FROM region WHERE regionkey IN (SELECT regionkey FROM nation WHERE name LIKE 'C%')
----
AMERICA
ASIA

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a IN (SELECT b FROM (VALUES 2, 3) u(b)) AND a NOT IN (SELECT c FROM (VALUES 3) v(c))
----
2

query rowsort
SELECT a FROM (VALUES 1, 2, 3) t(a) WHERE a IN (SELECT b FROM (VALUES 1, 2, 3) u(b) WHERE b <> t.a + 0 OR b = 2)
----
2

query rowsort
SELECT a FROM (VALUES 1, 5, 9) t(a) WHERE a > ALL (SELECT b FROM (VALUES 2, 4) u(b))
----
5
9

query rowsort
SELECT a FROM (VALUES 1, 5, 9) t(a) WHERE a < ANY (SELECT b FROM (VALUES 2, 6) u(b))
----
1
5

query rowsort
SELECT a, a > ALL (SELECT b FROM (VALUES 2, NULL) u(b)) FROM (VALUES 1, 5) t(a)
----
1	false
5	NULL

query rowsort
SELECT a, a = SOME (SELECT b FROM (VALUES 1, 2) u(b)) FROM (VALUES 1, 3) t(a)
----
1	true
3	false
