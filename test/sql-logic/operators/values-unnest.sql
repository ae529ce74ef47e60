# VALUES and UNNEST (WITH ORDINALITY, several arrays, maps, arrays of rows, CROSS JOIN / LEFT JOIN lateral).

query rowsort
SELECT * FROM (VALUES (1, 'a'), (2, 'b'))
----
1	a
2	b

query types=integer|varchar(5)
VALUES (1, 'a'), (2, 'bbbbb')
----
1	a
2	bbbbb

query rowsort
SELECT x FROM UNNEST(ARRAY[1, 2, 3]) t(x)
----
1
2
3

query rowsort
SELECT x, o FROM UNNEST(ARRAY['a', 'b']) WITH ORDINALITY t(x, o)
----
a	1
b	2

query rowsort
SELECT x, y FROM UNNEST(ARRAY[1, 2, 3], ARRAY['a']) t(x, y)
----
1	a
2	NULL
3	NULL

query rowsort
SELECT k, v FROM UNNEST(MAP(ARRAY['a', 'b'], ARRAY[1, 2])) t(k, v)
----
a	1
b	2

query rowsort
SELECT id, x FROM (VALUES (1, ARRAY[10, 20]), (2, ARRAY[]), (3, ARRAY[30])) t(id, a) CROSS JOIN UNNEST(a) u(x)
----
1	10
1	20
3	30

query rowsort
SELECT id, x FROM (VALUES (1, ARRAY[10, 20]), (2, ARRAY[]), (3, NULL)) t(id, a) LEFT JOIN UNNEST(a) u(x) ON true
----
1	10
1	20
2	NULL
3	NULL

query rowsort
SELECT id, x, n FROM (VALUES (1, ARRAY[10, 20]), (2, ARRAY[30])) t(id, a) CROSS JOIN UNNEST(a) WITH ORDINALITY u(x, n)
----
1	10	1
1	20	2
2	30	1

query rowsort
SELECT a, b FROM UNNEST(ARRAY[ROW(1, 'x'), ROW(2, 'y')]) t(a, b)
----
1	x
2	y

query
SELECT count(*) FROM UNNEST(sequence(1, 1000)) t(x)
----
1000

query
SELECT sum(x) FROM UNNEST(sequence(1, 100)) t(x) WHERE x % 2 = 0
----
2550

query rowsort
SELECT x FROM UNNEST(ARRAY[1, NULL, 3]) t(x)
----
1
NULL
3

query
SELECT x FROM UNNEST(ARRAY[]) t(x)
----

query rowsort
SELECT id, x FROM (VALUES (1, ARRAY[1, 2]), (2, ARRAY[3])) t(id, a), UNNEST(a) AS u(x)
----
1	1
1	2
2	3

query rowsort
SELECT n.name, x FROM region n CROSS JOIN UNNEST(split(n.name, ' ')) u(x) WHERE n.regionkey = 4
----
MIDDLE EAST	MIDDLE
MIDDLE EAST	EAST

query rowsort
SELECT x, y, o FROM UNNEST(ARRAY[1, 2], ARRAY[3, 4, 5]) WITH ORDINALITY t(x, y, o)
----
1	3	1
2	4	2
NULL	5	3

query rowsort
SELECT t.a, l.c FROM (VALUES 1, 2, 3) t(a) CROSS JOIN LATERAL (SELECT b AS c FROM (VALUES 1, 2, 3) u(b) WHERE b < t.a) l
----
2	1
3	1
3	2

query
SELECT * FROM (VALUES 1) t(a) WHERE a > 1
----

# LATERAL subqueries whose select list reads the outer row.
query rowsort
SELECT t.a, l.c FROM (VALUES 1, 2) t(a) CROSS JOIN LATERAL (SELECT t.a * 10 AS c) l
----
1	10
2	20

query rowsort
SELECT t.a, l.c, l.d FROM (VALUES 1, 2, 3) t(a) LEFT JOIN LATERAL (SELECT b + t.a AS c, 7 AS d FROM (VALUES 1, 2) u(b) WHERE b < t.a) l ON true
----
1	NULL	NULL
2	3	7
3	4	7
3	5	7

query rowsort
SELECT n.name, l.x FROM nation n CROSS JOIN LATERAL (SELECT n.nationkey * 10 + r.regionkey AS x FROM region r WHERE r.regionkey = n.regionkey) l WHERE n.nationkey < 3
----
ALGERIA	0
ARGENTINA	11
BRAZIL	21
