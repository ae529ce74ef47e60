# array, map and row: constructors, subscripts, comparison, ordering, casts, NULL elements.

query types=array(integer)|array(varchar(1))|array(unknown)
SELECT ARRAY[1, 2, 3], ARRAY['a', NULL], ARRAY[]
----
[1, 2, 3]	[a, NULL]	[]

query
SELECT ARRAY[1, 2, 3][2], element_at(ARRAY[1, 2], 5), element_at(ARRAY[1, 2], -1), cardinality(ARRAY[1, NULL])
----
2	NULL	2	2

statement error INVALID_FUNCTION_ARGUMENT: Array subscript must be less than or equal to array length: 4 > 3
SELECT ARRAY[1, 2, 3][4]

statement error INVALID_FUNCTION_ARGUMENT: SQL array indices start at 1
SELECT ARRAY[1, 2, 3][0]

query types=map(varchar(1), integer)
SELECT MAP(ARRAY['a', 'b'], ARRAY[1, 2])
----
{a=1, b=2}

query
SELECT MAP(ARRAY['a', 'b'], ARRAY[1, 2])['b'], element_at(MAP(ARRAY['a'], ARRAY[1]), 'z'), cardinality(MAP(ARRAY[1, 2], ARRAY['x', 'y']))
----
2	NULL	2

statement error INVALID_FUNCTION_ARGUMENT: Key not present in map: z
SELECT MAP(ARRAY['a'], ARRAY[1])['z']

statement error INVALID_FUNCTION_ARGUMENT: Duplicate map keys (1) are not allowed
SELECT MAP(ARRAY[1, 1], ARRAY['x', 'y'])

query types=row(integer, varchar(1))|row(x integer, y double)
SELECT ROW(1, 'a'), CAST(ROW(1, 2.0E0) AS row(x integer, y double))
----
{1, a}	{x=1, y=2.0}

query
SELECT CAST(ROW(1, 2.0E0) AS row(x integer, y double)).x, CAST(ROW(1, 'q') AS row(a integer, b varchar)).b
----
1	q

query
SELECT ARRAY[1, 2] = ARRAY[1, 2], ARRAY[1, 2] < ARRAY[1, 3], ARRAY[1, 2] < ARRAY[1, 2, 0], ARRAY[1, NULL] = ARRAY[1, 2]
----
true	true	true	NULL

query
SELECT ROW(1, 'a') = ROW(1, 'a'), ROW(1, 'a') < ROW(1, 'b'), ROW(2, 'a') > ROW(1, 'z')
----
true	true	true

query
SELECT MAP(ARRAY[1], ARRAY[2]) = MAP(ARRAY[1], ARRAY[2]), MAP(ARRAY[1, 2], ARRAY[3, 4]) = MAP(ARRAY[2, 1], ARRAY[4, 3])
----
true	true

query
SELECT ARRAY[ARRAY[1, 2], ARRAY[3]], ARRAY[ROW(1, 'x')], MAP(ARRAY['k'], ARRAY[ARRAY[1]])
----
[[1, 2], [3]]	[{1, x}]	{k=[1]}

query
SELECT CAST(ARRAY[1, 2] AS array(varchar)), CAST(ARRAY['1', '2'] AS array(bigint)), CAST(MAP(ARRAY['a'], ARRAY[1]) AS map(varchar, double))
----
[1, 2]	[1, 2]	{a=1.0}

query rowsort
SELECT a, count(*) FROM (VALUES ARRAY[1, 2], ARRAY[1, 2], ARRAY[2]) t(a) GROUP BY a
----
[1, 2]	2
[2]	1

statement error MISMATCHED_COLUMN_ALIASES: Column alias list has 1 entries but 't' has 2 columns available
SELECT r, count(*) FROM (VALUES ROW(1, 'a'), ROW(1, 'a'), ROW(2, 'b')) t(r) GROUP BY r

query rowsort
SELECT r, count(*) FROM (VALUES ROW(ROW(1, 'a')), ROW(ROW(1, 'a')), ROW(ROW(2, 'b'))) t(r) GROUP BY r
----
{1, a}	2
{2, b}	1

query
SELECT a FROM (VALUES ARRAY[3], ARRAY[1, 5], ARRAY[1], ARRAY[]) t(a) ORDER BY a
----
[]
[1]
[1, 5]
[3]

query
SELECT ARRAY[1, NULL, 3], ARRAY[NULL], ROW(NULL, 1), MAP(ARRAY['a'], ARRAY[NULL])
----
[1, NULL, 3]	[NULL]	{NULL, 1}	{a=NULL}

query rowsort
SELECT l.a, r.b FROM (VALUES ARRAY[1, 2], ARRAY[3]) l(a) JOIN (VALUES (ARRAY[1, 2], 'x'), (ARRAY[4], 'y')) r(a, b) ON l.a = r.a
----
[1, 2]	x

query
SELECT typeof(ARRAY[1, 2.5]), typeof(MAP(ARRAY[1], ARRAY[NULL])), typeof(ROW(1, 'a'))
----
array(decimal(11,1))	map(integer, unknown)	row(integer, varchar(1))

query
SELECT ARRAY[1.5, 2], ARRAY[1, 2.5E0], ARRAY[TINYINT '1', 1000]
----
[1.5, 2.0]	[1.0, 2.5]	[1, 1000]

query
SELECT CAST(ROW(1, 'a') AS row(a bigint, b varchar)), ROW(1, ROW(2, 3))
----
{a=1, b=a}	{1, {2, 3}}

query
SELECT ARRAY[1, 2] IS DISTINCT FROM ARRAY[1, NULL], ARRAY[NULL] IS DISTINCT FROM ARRAY[NULL]
----
true	false
