# Aggregate functions: count, sum, avg, min, max, count_if, bool_and/or, arbitrary, array_agg, min_by/max_by, statistics.

query
SELECT count(*), count(x), count(DISTINCT x), sum(x), avg(x), min(x), max(x) FROM (VALUES 1, 2, 2, NULL) t(x)
----
4	3	2	5	1.6666666666666667	1	2

query types=bigint|bigint|bigint|double|double|real|decimal(38,1)
SELECT sum(TINYINT '1'), sum(2), sum(BIGINT '3'), sum(1E0), avg(4), sum(REAL '1.5'), sum(1.5)
----
1	2	3	1.0	4.0	1.5	1.5

query types=double|double|real|decimal(2,1)
SELECT avg(TINYINT '1'), avg(BIGINT '5'), avg(REAL '2.5'), avg(1.5)
----
1.0	5.0	2.5	1.5

query
SELECT count_if(x > 1), count_if(x IS NULL), bool_and(x > 0), bool_or(x > 2), every(x > 0) FROM (VALUES 1, 2, 3, NULL) t(x)
----
2	1	true	true	true

query
SELECT bool_and(b), bool_or(b) FROM (VALUES true, NULL, false) t(b)
----
false	true

query
SELECT arbitrary(x) IS NOT NULL, any_value(x) IN (5) FROM (VALUES 5, 5) t(x)
----
true	true

query
SELECT array_agg(x), array_agg(x ORDER BY x DESC), array_agg(DISTINCT x) FROM (VALUES 3, 1, NULL, 3) t(x)
----
[3, 1, NULL, 3]	[3, 3, 1, NULL]	[3, 1, NULL]

query
SELECT min_by(name, acctbal), max_by(name, acctbal) FROM customer
----
Customer#000000294	Customer#000000213

query
SELECT min_by(k, v), max_by(k, v), min_by(k, v, 2), max_by(k, v, 2) FROM (VALUES ('a', 3), ('b', 1), ('c', 2), ('d', NULL)) t(k, v)
----
b	a	[b, c]	[a, c]

query
SELECT max_by(k, v) FROM (VALUES ('a', 1), (NULL, 5)) t(k, v)
----
NULL

query
SELECT min(x, 2), max(x, 2) FROM (VALUES 5, 1, 3, 4) t(x)
----
[1, 3]	[5, 4]

query
SELECT stddev(x), stddev_samp(x), stddev_pop(x), variance(x), var_samp(x), var_pop(x) FROM (VALUES 2, 4, 4, 4, 5, 5, 7, 9) t(x)
----
2.138089935299395	2.138089935299395	2.0	4.571428571428571	4.571428571428571	4.0

query
SELECT stddev(x), variance(x), stddev_pop(x), var_pop(x) FROM (VALUES 7) t(x)
----
NULL	NULL	0.0	0.0

query
SELECT corr(x, y), covar_samp(x, y), covar_pop(x, y), regr_slope(y, x), regr_intercept(y, x) FROM (VALUES (1E0, 2E0), (2E0, 4E0), (3E0, 6E0)) t(x, y)
----
1.0	2.0	1.3333333333333333	2.0	0.0

query
SELECT round(skewness(x), 6), round(kurtosis(x), 6) FROM (VALUES 1, 2, 3, 10) t(x)
----
1.018234	3.228

query
SELECT geometric_mean(x), round(avg(ln(x)), 10) FROM (VALUES 1E0, 100E0) t(x)
----
10.000000000000002	2.302585093

query
SELECT bitwise_and_agg(x), bitwise_or_agg(x), bitwise_xor_agg(x) FROM (VALUES 12, 10, 6) t(x)
----
0	14	0

query
SELECT checksum(x) IS NOT NULL, checksum(x) = checksum(y) FROM (VALUES (1, 1), (2, 2)) t(x, y)
----
true	true

query
SELECT max(name), min(name), max(orderdate), min(totalprice) FROM (SELECT c.name, o.orderdate, o.totalprice FROM customer c JOIN orders o ON c.custkey = o.custkey)
----
Customer#000001499	Customer#000000001	1998-08-02	874.89

# The money sum is rounded: its last bits depend on the order of additions (partial sums per task).
query
SELECT sum(quantity), avg(quantity), count(*), round(sum(extendedprice * (1 - discount)), 2) FROM lineitem WHERE returnflag = 'A'
----
380456.0	25.575154611454693	14876	5.0582244149E8

query rowsort
SELECT regionkey, array_agg(name ORDER BY name) FROM nation GROUP BY regionkey
----
0	[ALGERIA, ETHIOPIA, KENYA, MOROCCO, MOZAMBIQUE]
1	[ARGENTINA, BRAZIL, CANADA, PERU, UNITED STATES]
4	[EGYPT, IRAN, IRAQ, JORDAN, SAUDI ARABIA]
3	[FRANCE, GERMANY, ROMANIA, RUSSIA, UNITED KINGDOM]
2	[CHINA, INDIA, INDONESIA, JAPAN, VIETNAM]

query rowsort
SELECT k, count(*), count(DISTINCT v), sum(DISTINCT v), avg(DISTINCT v) FROM (VALUES (1, 1), (1, 1), (1, 3), (2, NULL)) t(k, v) GROUP BY k
----
1	3	2	4	2.0
2	1	0	NULL	NULL

query
SELECT count(DISTINCT x), count(DISTINCT y), count(*) FROM (VALUES (1, 'a'), (1, 'b'), (2, 'a'), (NULL, NULL)) t(x, y)
----
2	2	4

query
SELECT count(DISTINCT (x, y)) FROM (VALUES (1, 'a'), (1, 'a'), (1, 'b')) t(x, y)
----
2

query
SELECT sum(x) FILTER (WHERE x > 1), count(*) FILTER (WHERE x IS NULL), avg(x) FILTER (WHERE x > 10) FROM (VALUES 1, 2, 3, NULL) t(x)
----
5	1	NULL

query
SELECT max(a), min(a) FROM (VALUES ARRAY[1, 2], ARRAY[1, 3], ARRAY[0, 9]) t(a)
----
[1, 3]	[0, 9]

query
SELECT max(r), min(r) FROM (VALUES ROW(ROW(1, 'b')), ROW(ROW(1, 'a')), ROW(ROW(0, 'z'))) t(r)
----
{1, b}	{0, z}

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint addition overflow: 9223372036854775807 + 1
SELECT sum(x) FROM (VALUES 9223372036854775807, 1) t(x)

query
SELECT avg(x) FROM (VALUES BIGINT '9223372036854775807', BIGINT '9223372036854775807') t(x)
----
9.223372036854776E18

query
SELECT count(*) FROM lineitem GROUP BY returnflag, linestatus ORDER BY 1 DESC LIMIT 1
----
30049

query
SELECT approx_most_frequent(2, x, 10) FROM (VALUES 'a', 'b', 'a', 'c', 'a', 'b') t(x)
----
{a=3, b=2}
