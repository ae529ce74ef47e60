# Window functions: ranking, distribution, navigation and value functions.

query
SELECT v, row_number() OVER (ORDER BY v), rank() OVER (ORDER BY v), dense_rank() OVER (ORDER BY v) FROM (VALUES 10, 20, 20, 30) t(v) ORDER BY v, 2
----
10	1	1	1
20	2	2	2
20	3	2	2
30	4	4	3

query
SELECT v, percent_rank() OVER (ORDER BY v), cume_dist() OVER (ORDER BY v) FROM (VALUES 10, 20, 20, 30) t(v) ORDER BY v
----
10	0.0	0.25
20	0.3333333333333333	0.75
20	0.3333333333333333	0.75
30	1.0	1.0

query
SELECT v, ntile(3) OVER (ORDER BY v) FROM (VALUES 1, 2, 3, 4, 5, 6, 7) t(v) ORDER BY v
----
1	1
2	1
3	1
4	2
5	2
6	3
7	3

query
SELECT v, ntile(5) OVER (ORDER BY v) FROM (VALUES 1, 2, 3) t(v) ORDER BY v
----
1	1
2	2
3	3

query
SELECT v, lag(v) OVER (ORDER BY v), lead(v) OVER (ORDER BY v), lag(v, 2, -1) OVER (ORDER BY v), lead(v, 1, 0) OVER (ORDER BY v) FROM (VALUES 1, 2, 3) t(v) ORDER BY v
----
1	NULL	2	-1	2
2	1	3	-1	3
3	2	NULL	1	0

query
SELECT v, first_value(v) OVER (ORDER BY v), last_value(v) OVER (ORDER BY v), nth_value(v, 2) OVER (ORDER BY v) FROM (VALUES 1, 2, 3) t(v) ORDER BY v
----
1	1	1	NULL
2	1	2	2
3	1	3	2

query
SELECT v, last_value(v) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), nth_value(v, 3) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM (VALUES 1, 2, 3) t(v) ORDER BY v
----
1	3	3
2	3	3
3	3	3

query
SELECT v, lag(v) IGNORE NULLS OVER (ORDER BY o), first_value(v) IGNORE NULLS OVER (ORDER BY o) FROM (VALUES (1, NULL), (2, 5), (3, NULL), (4, 7)) t(o, v) ORDER BY o
----
NULL	NULL	NULL
5	NULL	5
NULL	5	5
7	5	5

query
SELECT k, v, rank() OVER (PARTITION BY k ORDER BY v DESC) FROM (VALUES ('a', 1), ('a', 3), ('b', 2), ('a', 3)) t(k, v) ORDER BY k, v DESC
----
a	3	1
a	3	1
a	1	3
b	2	1

query
SELECT regionkey, name, rank() OVER (PARTITION BY regionkey ORDER BY nationkey) r FROM nation ORDER BY regionkey, r LIMIT 6
----
0	ALGERIA	1
0	ETHIOPIA	2
0	KENYA	3
0	MOROCCO	4
0	MOZAMBIQUE	5
1	ARGENTINA	1

query
SELECT custkey, orderkey, row_number() OVER (PARTITION BY custkey ORDER BY orderdate, orderkey) FROM orders WHERE custkey IN (1, 2) ORDER BY custkey, 3
----
1	31653	1
1	43879	2
1	52263	3
1	53283	4
1	24322	5
1	36422	6
1	9154	7
1	14656	8
1	34019	9
2	6980	1
2	29408	2
2	10563	3
2	29956	4
2	44962	5
2	20257	6
2	38276	7
2	40070	8
2	28167	9
2	16129	10

query
SELECT count(*) FROM (SELECT row_number() OVER (PARTITION BY orderkey ORDER BY linenumber) rn FROM lineitem) WHERE rn = 1
----
15000

query
SELECT v, lag(v, 0) OVER (ORDER BY v), lead(v, 5) OVER (ORDER BY v) FROM (VALUES 1, 2) t(v) ORDER BY v
----
1	1	NULL
2	2	NULL

statement error INVALID_FUNCTION_ARGUMENT: Buckets must be greater than 0
SELECT ntile(0) OVER (ORDER BY v) FROM (VALUES 1) t(v)

statement error INVALID_FUNCTION_ARGUMENT: Offset must be at least 0
SELECT lag(v, -1) OVER (ORDER BY v) FROM (VALUES 1) t(v)

query
SELECT v, row_number() OVER (), count(*) OVER () FROM (VALUES 5) t(v)
----
5	1	1

query
SELECT k, sum(v) OVER (PARTITION BY k), rank() OVER (ORDER BY k) FROM (VALUES (NULL, 1), (NULL, 2), (1, 3)) t(k, v) ORDER BY k NULLS FIRST, v
----
NULL	3	2
NULL	3	2
1	3	1

query
SELECT v, rank() OVER (ORDER BY v NULLS FIRST), dense_rank() OVER (ORDER BY v DESC) FROM (VALUES 2, NULL, 1, NULL) t(v) ORDER BY v NULLS FIRST
----
NULL	1	3
NULL	1	3
1	3	2
2	4	1

query
SELECT name, acctbal, percent_rank() OVER (ORDER BY acctbal) FROM customer ORDER BY acctbal LIMIT 3
----
Customer#000000294	-994.79	0.0
Customer#000000128	-986.96	6.6711140760507E-4
Customer#000001234	-982.32	0.00133422281521014

query
SELECT v, s - lag(s, 1, 0) OVER (ORDER BY v) FROM (SELECT v, sum(v) OVER (ORDER BY v) s FROM (VALUES 1, 2, 3) t(v)) ORDER BY v
----
1	1
2	2
3	3
