# Huge strings (1 MB values), duplicate join keys, many groups, deep expressions.

query
SELECT length(lpad('', 1000000, 'ab')), length(rpad('x', 1048576, 'yz'))
----
1000000	1048576

query
SELECT length(repeat_me), substr(repeat_me, 999998), strpos(repeat_me, 'b') FROM (SELECT lpad('b', 1000000, 'a') AS repeat_me)
----
1000000	aab	1000000

statement error INVALID_FUNCTION_ARGUMENT: count argument of repeat function must be less than or equal to 10000
SELECT length(array_join(repeat('abcd', 250000), ''))

query
SELECT length(array_join(repeat(lpad('', 100, 'abcd'), 10000), ''))
----
1000000

query
SELECT count(*), max(length(s)) FROM (SELECT lpad(CAST(x AS varchar), 100000, '0') s FROM UNNEST(sequence(1, 20)) t(x))
----
20	100000

query
SELECT count(DISTINCT s) FROM (SELECT lpad(CAST(x % 3 AS varchar), 200000, '-') s FROM UNNEST(sequence(1, 10)) t(x))
----
3

query
SELECT length(s || s), upper(s) = s, reverse(s) = s FROM (SELECT lpad('', 500000, 'A') s)
----
1000000	true	true

query
SELECT length(replace(lpad('', 500000, 'ab'), 'a', 'xyz'))
----
1000000

# Values a function builds are at most 1 MiB (functions/implementations/value-limits.ts); Trino
# builds this one (2,000,000 characters), Vivace refuses it before building it.
statement error INVALID_FUNCTION_ARGUMENT: result of replace function must not be longer than 1048576 characters or bytes
SELECT length(replace(lpad('', 1000000, 'ab'), 'a', 'xyz'))

statement error INVALID_FUNCTION_ARGUMENT: Target length must be in the range [0..1048576]
SELECT length(rpad('x', 2147483647, 'y'))

statement error INVALID_FUNCTION_ARGUMENT: Concatenated string is too large
SELECT length(s || s || s) FROM (SELECT lpad('', 500000, 'A') s)

# A constant predicate is computed once when planning, not for every row.
query
SELECT count(*) FROM orders WHERE length(regexp_replace(rpad('x', 100001, 'y'), '', 'ab')) = 300005
----
15000

query rowsort
SELECT l.k, count(*) FROM (VALUES 1, 1, 1, 2) l(k) JOIN (VALUES 1, 1, 2, 2, 2) r(k) ON l.k = r.k GROUP BY l.k
----
1	6
2	3

query
SELECT count(*) FROM UNNEST(sequence(1, 300)) l(x) JOIN UNNEST(sequence(1, 300)) r(y) ON l.x % 3 = r.y % 3
----
30000

query
SELECT count(*) FROM orders o1 JOIN orders o2 ON o1.custkey = o2.custkey
----
263420

query
SELECT count(*) FROM lineitem l JOIN partsupp ps ON l.partkey = ps.partkey
----
240700

query
SELECT count(*), count(DISTINCT k), sum(c), min(c), max(c) FROM (SELECT (x * 100 + y) % 5000 k, count(*) c FROM UNNEST(sequence(1, 200)) a(x) CROSS JOIN UNNEST(sequence(0, 99)) b(y) GROUP BY (x * 100 + y) % 5000)
----
5000	5000	20000	4	4

query
SELECT count(*) FROM (SELECT orderkey, partkey, suppkey FROM lineitem GROUP BY orderkey, partkey, suppkey)
----
60162

query
SELECT count(*) FROM (SELECT DISTINCT comment FROM lineitem)
----
58616

query
SELECT ((((((((((1 + 2) * 3) - 4) * 5) + 6) * 7) - 8) * 9) + 10) * 11)
----
20801

query
SELECT 1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1
----
64

query
SELECT coalesce(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 42)
----
42

query
SELECT CASE WHEN x = 1 THEN 'a' WHEN x = 2 THEN 'b' WHEN x = 3 THEN 'c' WHEN x = 4 THEN 'd' WHEN x = 5 THEN 'e' WHEN x = 6 THEN 'f' WHEN x = 7 THEN 'g' WHEN x = 8 THEN 'h' ELSE 'z' END FROM (VALUES 7) t(x)
----
g

query
SELECT upper(lower(upper(lower(upper(lower(upper(lower(upper(lower('MiXeD'))))))))))
----
MIXED

query
SELECT count(*) FROM nation WHERE (((nationkey > 1 AND nationkey < 20) OR (nationkey = 0)) AND NOT (regionkey = 2 OR regionkey = 3)) OR name = 'CHINA'
----
13

query
SELECT x FROM (SELECT x FROM (SELECT x FROM (SELECT x FROM (SELECT x FROM (SELECT x FROM (SELECT 1 x))))))
----
1

query
SELECT count(*) FROM (SELECT a.x FROM UNNEST(sequence(1, 100)) a(x) JOIN UNNEST(sequence(1, 100)) b(y) ON a.x = b.y JOIN UNNEST(sequence(1, 100)) c(z) ON b.y = c.z JOIN UNNEST(sequence(1, 100)) d(w) ON c.z = d.w)
----
100

query
SELECT k, count(*) FROM (SELECT (x + y) % 2 k FROM UNNEST(sequence(1, 1000)) a(x) CROSS JOIN UNNEST(sequence(1, 101)) b(y)) GROUP BY k ORDER BY k
----
0	50500
1	50500

query rowsort
SELECT a.k, a.v, b.v FROM (VALUES (1, 'a1'), (1, 'a2')) a(k, v) FULL JOIN (VALUES (1, 'b1'), (1, 'b2'), (2, 'b3')) b(k, v) ON a.k = b.k
----
1	a1	b1
1	a1	b2
1	a2	b1
1	a2	b2
NULL	NULL	b3

query
SELECT sum(length(name)) FROM (SELECT c.name FROM customer c JOIN orders o ON c.custkey = o.custkey JOIN lineitem l ON o.orderkey = l.orderkey WHERE l.quantity = 50)
----
21456
