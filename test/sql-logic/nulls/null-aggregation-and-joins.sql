# NULLs in GROUP BY, DISTINCT, joins, ordering and aggregates: all-NULL groups, empty inputs.

query rowsort
SELECT k, count(*), count(v), sum(v), avg(v), min(v), max(v) FROM (VALUES (1, NULL), (1, NULL), (2, 5)) t(k, v) GROUP BY k
----
1	2	0	NULL	NULL	NULL	NULL
2	1	1	5	5.0	5	5

query rowsort
SELECT k, count(*) FROM (VALUES NULL, NULL, 1) t(k) GROUP BY k
----
NULL	2
1	1

query
SELECT count(*), count(x), sum(x), avg(x), min(x), max(x), array_agg(x), bool_and(x > 0) FROM (VALUES CAST(NULL AS integer), NULL) t(x)
----
2	0	NULL	NULL	NULL	NULL	[NULL, NULL]	NULL

query
SELECT count(*), count(x), sum(x), avg(x), min(x), max(x), array_agg(x), count_if(x > 0), approx_distinct(x) FROM (VALUES 1) t(x) WHERE x > 5
----
0	0	NULL	NULL	NULL	NULL	NULL	0	0

query
SELECT sum(x), count(x) FROM (VALUES 1) t(x) WHERE false GROUP BY x
----

query rowsort
SELECT DISTINCT x FROM (VALUES NULL, 1, NULL) t(x)
----
NULL
1

query rowsort
SELECT l.a, r.b FROM (VALUES 1, NULL) l(a) JOIN (VALUES 1, NULL) r(b) ON l.a = r.b
----
1	1

query rowsort
SELECT l.a, r.b FROM (VALUES 1, NULL) l(a) LEFT JOIN (VALUES 1, NULL) r(b) ON l.a = r.b
----
1	1
NULL	NULL

query rowsort
SELECT l.a, r.b FROM (VALUES 1, NULL) l(a) FULL JOIN (VALUES 1, NULL) r(b) ON l.a = r.b
----
1	1
NULL	NULL
NULL	NULL

query rowsort
SELECT l.a, r.b FROM (VALUES 1, NULL) l(a) JOIN (VALUES 1, NULL) r(b) ON l.a IS NOT DISTINCT FROM r.b
----
1	1
NULL	NULL

query rowsort
SELECT l.a, l.c, r.d FROM (VALUES (1, 'x'), (NULL, 'y')) l(a, c) JOIN (VALUES (1, 'p'), (NULL, 'q')) r(b, d) ON l.a = r.b AND l.c <> r.d
----
1	x	p

query
SELECT x FROM (VALUES 2, NULL, 1) t(x) ORDER BY x
----
1
2
NULL

query
SELECT x FROM (VALUES 2, NULL, 1) t(x) ORDER BY x DESC
----
2
1
NULL

query rowsort
SELECT x FROM (VALUES 1, NULL) t(x) UNION SELECT x FROM (VALUES NULL, 2) u(x)
----
1
NULL
2

query rowsort
SELECT a, b, count(*) FROM (VALUES (NULL, NULL), (NULL, 1), (NULL, NULL)) t(a, b) GROUP BY a, b
----
NULL	NULL	2
NULL	1	1

query
SELECT max(x), min(x) FROM (VALUES CAST(NULL AS varchar), 'a') t(x)
----
a	a

query rowsort
SELECT k, array_agg(v) FROM (VALUES (1, NULL), (1, 2), (2, NULL)) t(k, v) GROUP BY k
----
1	[NULL, 2]
2	[NULL]

query rowsort
SELECT k, count(DISTINCT v) FROM (VALUES (1, NULL), (1, NULL), (2, 1), (2, NULL)) t(k, v) GROUP BY k
----
1	0
2	1

query
SELECT sum(v) OVER (ORDER BY k), count(v) OVER (ORDER BY k) FROM (VALUES (1, NULL), (2, NULL), (3, 4)) t(k, v) ORDER BY k
----
NULL	0
NULL	0
4	1

query rowsort
SELECT a FROM (VALUES 1, NULL, 3) t(a) WHERE a IN (SELECT b FROM (VALUES 1, NULL) u(b))
----
1

query
SELECT count(*) FROM (VALUES (1, NULL), (NULL, 2)) t(a, b) WHERE (a, b) = (1, NULL)
----
0

query
SELECT min_by(x, y), max_by(x, y) FROM (VALUES (1, NULL), (2, NULL)) t(x, y)
----
NULL	NULL

query rowsort
SELECT regionkey, count(*) FROM (SELECT CASE WHEN regionkey < 2 THEN regionkey END regionkey FROM nation) GROUP BY regionkey
----
0	5
1	5
NULL	15
