# GROUPING SETS, ROLLUP, CUBE and grouping().

query rowsort
SELECT a, b, sum(c) FROM (VALUES (1, 'x', 10), (1, 'y', 20), (2, 'x', 30)) t(a, b, c) GROUP BY GROUPING SETS ((a), (b))
----
1	NULL	30
2	NULL	30
NULL	x	40
NULL	y	20

query rowsort
SELECT a, b, sum(c) FROM (VALUES (1, 'x', 10), (1, 'y', 20), (2, 'x', 30)) t(a, b, c) GROUP BY ROLLUP (a, b)
----
1	x	10
1	y	20
2	x	30
1	NULL	30
2	NULL	30
NULL	NULL	60

query rowsort
SELECT a, b, sum(c) FROM (VALUES (1, 'x', 10), (1, 'y', 20), (2, 'x', 30)) t(a, b, c) GROUP BY CUBE (a, b)
----
1	x	10
1	y	20
2	x	30
1	NULL	30
2	NULL	30
NULL	x	40
NULL	y	20
NULL	NULL	60

query rowsort
SELECT a, b, grouping(a, b), sum(c) FROM (VALUES (1, 'x', 10), (1, 'y', 20), (2, 'x', 30)) t(a, b, c) GROUP BY CUBE (a, b)
----
1	x	0	10
1	y	0	20
2	x	0	30
1	NULL	1	30
2	NULL	1	30
NULL	x	2	40
NULL	y	2	20
NULL	NULL	3	60

query rowsort
SELECT a, grouping(a), count(*) FROM (VALUES 1, 1, NULL) t(a) GROUP BY ROLLUP (a)
----
1	0	2
NULL	0	1
NULL	1	3

query rowsort
SELECT a, b, count(*) FROM (VALUES (1, 2), (1, 3)) t(a, b) GROUP BY a, ROLLUP (b)
----
1	2	1
1	3	1
1	NULL	2

query rowsort
SELECT regionkey, count(*) FROM nation GROUP BY GROUPING SETS ((regionkey), ())
----
0	5
1	5
4	5
3	5
2	5
NULL	25

query rowsort
SELECT returnflag, linestatus, count(*) FROM lineitem GROUP BY ROLLUP (returnflag, linestatus)
----
N	O	30049
R	F	14902
A	F	14876
N	F	348
N	NULL	30397
R	NULL	14902
A	NULL	14876
NULL	NULL	60175

query rowsort
SELECT a, b, grouping(b), count(*) FROM (VALUES (1, 2), (1, 3)) t(a, b) GROUP BY GROUPING SETS ((a, b), (a), ())
----
1	2	0	1
1	3	0	1
1	NULL	1	2
NULL	NULL	1	2

query rowsort
SELECT count(*) FROM (VALUES 1, 2) t(a) GROUP BY GROUPING SETS ((), ())
----
2
2

query rowsort
SELECT a, sum(b) FROM (VALUES (1, 2), (1, 3)) t(a, b) GROUP BY ROLLUP (a) HAVING grouping(a) = 1
----
NULL	5

query rowsort
SELECT a, count(DISTINCT b) FROM (VALUES (1, 2), (1, 2), (2, 3)) t(a, b) GROUP BY CUBE (a)
----
1	1
2	1
NULL	2

query rowsort
SELECT a, b, c, count(*) FROM (VALUES (1, 1, 1)) t(a, b, c) GROUP BY CUBE (a, b, c)
----
1	1	1	1
1	1	NULL	1
1	NULL	1	1
1	NULL	NULL	1
NULL	1	1	1
NULL	1	NULL	1
NULL	NULL	1	1
NULL	NULL	NULL	1
