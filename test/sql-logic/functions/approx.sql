# Approximate aggregates, checked with tolerances: approx_distinct (HyperLogLog, standard error 2.3%),
# approx_percentile, approx_set/cardinality.

query
SELECT approx_distinct(x) FROM (VALUES 1, 2, 2, 3, NULL) t(x)
----
3

query
SELECT approx_distinct(orderkey) BETWEEN 14000 AND 16000 FROM orders
----
true

query
SELECT approx_distinct(custkey) BETWEEN 950 AND 1050 FROM orders
----
true

query
SELECT approx_distinct(comment) BETWEEN 58000 AND 62000 FROM lineitem
----
true

query
SELECT approx_distinct(x) FROM (VALUES 1) t(x) WHERE x > 5
----
0

query
SELECT approx_percentile(x, 0.5) BETWEEN 49 AND 52 FROM UNNEST(sequence(1, 100)) t(x)
----
true

query
SELECT approx_percentile(x, 0.9) BETWEEN 88 AND 92, approx_percentile(x, 0.1) BETWEEN 8 AND 12 FROM UNNEST(sequence(1, 100)) t(x)
----
true	true

query
SELECT approx_percentile(x, 0.5) FROM (VALUES 7, 7, 7) t(x)
----
7

query
SELECT approx_percentile(x, ARRAY[0.0, 1.0]) FROM (VALUES 3, 1, 2) t(x)
----
[1, 3]

query
SELECT approx_percentile(quantity, 0.5) BETWEEN 24 AND 27 FROM lineitem
----
true

query
SELECT approx_percentile(totalprice, 0.99) BETWEEN 338000 AND 345000, approx_percentile(totalprice, 0.01) BETWEEN 5800 AND 6000 FROM orders
----
true	true

query
SELECT approx_percentile(x, 0.5) FROM (VALUES 1) t(x) WHERE false
----
NULL

query rowsort
SELECT regionkey, approx_distinct(name) FROM nation GROUP BY regionkey
----
0	5
1	5
4	5
3	5
2	5

statement error INVALID_FUNCTION_ARGUMENT: Percentile must be between 0 and 1
SELECT approx_percentile(x, 1.5) FROM (VALUES 1) t(x)

query
SELECT abs(approx_distinct(partkey) - 2000) <= 100 FROM lineitem
----
true
