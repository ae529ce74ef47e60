# Array functions, including lambdas (transform, filter, reduce, any_match, ...).

query
SELECT transform(ARRAY[1, 2, 3], x -> x * 10), filter(ARRAY[1, 2, 3, 4], x -> x % 2 = 0), reduce(ARRAY[1, 2, 3], 0, (s, x) -> s + x, s -> s)
----
[10, 20, 30]	[2, 4]	6

query
SELECT transform(ARRAY['a', NULL], x -> x IS NULL), filter(ARRAY[1, NULL, 3], x -> x > 1), reduce(ARRAY[], 0, (s, x) -> s + x, s -> s * 2)
----
[false, true]	[3]	0

query
SELECT reduce(ARRAY[5, 20, 50], CAST(ROW(0.0E0, 0) AS row(sum double, count integer)), (s, x) -> CAST(ROW(x + s.sum, s.count + 1) AS row(sum double, count integer)), s -> IF(s.count = 0, NULL, s.sum / s.count))
----
25.0

query
SELECT any_match(ARRAY[1, 2], x -> x > 1), all_match(ARRAY[1, 2], x -> x > 1), none_match(ARRAY[1, 2], x -> x > 5), any_match(ARRAY[], x -> true)
----
true	false	true	false

query
SELECT zip_with(ARRAY[1, 2], ARRAY[10, 20], (a, b) -> a + b), zip(ARRAY[1, 2], ARRAY['a', 'b']), zip_with(ARRAY[1], ARRAY[], (a, b) -> coalesce(b, -1))
----
[11, 22]	[{1, a}, {2, b}]	[-1]

query
SELECT array_sort(ARRAY[3, 1, NULL, 2]), array_sort(ARRAY['b', 'a']), array_sort(ARRAY[3, 1, 2], (a, b) -> IF(a < b, 1, IF(a = b, 0, -1)))
----
[1, 2, 3, NULL]	[a, b]	[3, 2, 1]

query
SELECT array_distinct(ARRAY[1, 2, 1, NULL, NULL]), array_union(ARRAY[1, 2], ARRAY[2, 3]), array_intersect(ARRAY[1, 2, 2, 3], ARRAY[2, 3, 4]), array_except(ARRAY[1, 2, 3], ARRAY[2])
----
[1, 2, NULL]	[1, 2, 3]	[2, 3]	[1, 3]

query
SELECT contains(ARRAY[1, 2], 2), contains(ARRAY[1, NULL], 3), contains(ARRAY[1, 2], NULL), array_position(ARRAY[5, 6, 5], 5), array_position(ARRAY[5], 7)
----
true	NULL	NULL	1	0

query
SELECT array_max(ARRAY[1, 5, 3]), array_min(ARRAY[1, 5, 3]), array_max(ARRAY[1, NULL]), array_min(ARRAY[]), array_join(ARRAY['a', NULL, 'c'], '-'), array_join(ARRAY['a', NULL], '-', '?')
----
5	1	NULL	NULL	a-c	a-?

query
SELECT array_remove(ARRAY[1, 2, 1], 1), slice(ARRAY[1, 2, 3, 4], 2, 2), slice(ARRAY[1, 2, 3], -2, 5), reverse(ARRAY[1, 2, 3]), shuffle(ARRAY[7]) = ARRAY[7]
----
[2]	[2, 3]	[2, 3]	[3, 2, 1]	true

query
SELECT sequence(1, 5), sequence(5, 1), sequence(1, 10, 3), sequence(DATE '2020-01-30', DATE '2020-02-02'), sequence(DATE '2020-01-31', DATE '2020-04-30', INTERVAL '1' MONTH)
----
[1, 2, 3, 4, 5]	[5, 4, 3, 2, 1]	[1, 4, 7, 10]	[2020-01-30, 2020-01-31, 2020-02-01, 2020-02-02]	[2020-01-31, 2020-02-29, 2020-03-31, 2020-04-30]

statement error INVALID_FUNCTION_ARGUMENT: sequence stop value should be greater than or equal to start value if step is greater than zero otherwise stop should be less than or equal to start
SELECT sequence(1, 5, -1)

query
SELECT flatten(ARRAY[ARRAY[1, 2], ARRAY[], ARRAY[3]]), repeat('x', 3), repeat(1, 0), array_concat_result FROM (SELECT ARRAY[1] || ARRAY[2, 3] AS array_concat_result)
----
[1, 2, 3]	[x, x, x]	[]	[1, 2, 3]

query
SELECT ARRAY[1] || 2, 0 || ARRAY[1], concat(ARRAY[1], ARRAY[2], ARRAY[3]), cardinality(ARRAY[]), arrays_overlap(ARRAY[1, 2], ARRAY[2, 3]), arrays_overlap(ARRAY[1, NULL], ARRAY[3])
----
[1, 2]	[0, 1]	[1, 2, 3]	0	true	NULL

query
SELECT element_at(ARRAY['a', 'b'], 2), ARRAY[10, 20][1], trim_array(ARRAY[1, 2, 3], 1)
----
b	10	[1, 2]

query
SELECT ngrams(ARRAY['a', 'b', 'c'], 2), combinations(ARRAY[1, 2, 3], 2), array_histogram(ARRAY[1, 1, 2])
----
[[a, b], [b, c]]	[[1, 2], [1, 3], [2, 3]]	{1=2, 2=1}

query
SELECT transform(ARRAY[ARRAY[1, 2], ARRAY[3]], a -> cardinality(a)), transform(ARRAY[1, 2], x -> transform(ARRAY[10, 20], y -> x * y))
----
[2, 1]	[[10, 20], [20, 40]]

query rowsort
SELECT k, transform(a, x -> x + k) FROM (VALUES (1, ARRAY[1, 2]), (10, ARRAY[5])) t(k, a)
----
1	[2, 3]
10	[15]

query rowsort
SELECT k, filter(a, x -> x > k) FROM (VALUES (1, ARRAY[1, 2, 3]), (2, ARRAY[1, 2, 3]), (3, NULL)) t(k, a)
----
1	[2, 3]
2	[3]
3	NULL

query
SELECT sum(cardinality(filter(ARRAY[quantity, discount], x -> x > 0.05))) FROM lineitem WHERE orderkey < 100
----
158

query
SELECT array_sort(transform(split('c,a,b', ','), x -> upper(x))), transform(sequence(1, 3), i -> i * i)
----
[A, B, C]	[1, 4, 9]

query
SELECT try(transform(ARRAY[1, 0], x -> 10 / x)), transform(ARRAY[2, 4], x -> try(8 / (x - 2)))
----
NULL	[NULL, 4]

statement error DIVISION_BY_ZERO: Division by zero
SELECT transform(ARRAY[1, 0], x -> 10 / x)

query
SELECT array_agg(x) FILTER (WHERE x > 1) FROM (VALUES 1, 2, 3) t(x)
----
[2, 3]

query
SELECT cardinality(sequence(1, 10000)), array_max(sequence(1, 10000)), reduce(sequence(1, 10000), BIGINT '0', (s, x) -> s + x, s -> s)
----
10000	10000	50005000

# array_first, array_last (NULL for an empty array) and contains_sequence (consecutive elements,
# NULLs matching NULLs), as Trino's.
query
SELECT array_first(ARRAY[3, 1]), array_last(ARRAY[3, 1]), array_first(CAST(ARRAY[] AS array(integer))) IS NULL
----
3	1	true

query
SELECT contains_sequence(ARRAY[1, 2, 3], ARRAY[2, 3]), contains_sequence(ARRAY[1, 2, 3], ARRAY[3, 2]), contains_sequence(ARRAY[1, NULL, 3], ARRAY[NULL, 3]), contains_sequence(ARRAY[1], ARRAY[])
----
true	false	true	true
