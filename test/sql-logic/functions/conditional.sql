# Conditional expressions and functions: CASE, IF, COALESCE, NULLIF, GREATEST/LEAST, TRY, IS DISTINCT FROM.

query
SELECT CASE 2 WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END, CASE 5 WHEN 1 THEN 'one' END, CASE WHEN NULL THEN 1 ELSE 2 END
----
two	NULL	2

query
SELECT CASE NULL WHEN NULL THEN 'matched' ELSE 'no' END, CASE WHEN 1 > 0 THEN 'a' WHEN 1 / 0 > 0 THEN 'b' END
----
no	a

query
SELECT if(true, 1, 2), if(false, 1, 2), if(NULL, 1, 2), if(false, 1)
----
1	2	2	NULL

query
SELECT coalesce(NULL, 2, 3), coalesce(NULL, NULL), coalesce(1, 1 / 0), coalesce(NULL, 'x')
----
2	NULL	1	x

query
SELECT nullif(1, 1), nullif(1, 2), nullif(NULL, 1), nullif('a', 'b')
----
NULL	1	NULL	a

query
SELECT greatest(1, NULL, 3), least(2, 1.5E0), greatest('a', 'B'), least(DATE '2020-01-01', DATE '2019-01-01')
----
NULL	1.5	a	2019-01-01

statement error INVALID_FUNCTION_ARGUMENT: Invalid argument to greatest(): NaN
SELECT greatest(1E0, nan())

query
SELECT try(1 / 0), try(CAST('x' AS integer)), try(10 / 2), coalesce(try(1 / 0), -1)
----
NULL	NULL	5	-1

query
SELECT try(ARRAY[1][5]), try(9223372036854775807 + 1)
----
NULL	NULL

query
SELECT 1 IS DISTINCT FROM NULL, NULL IS DISTINCT FROM NULL, 1 IS NOT DISTINCT FROM 1, NULL IS NOT DISTINCT FROM NULL
----
true	false	true	true

query rowsort
SELECT a, CASE WHEN a IS NULL THEN 'null' WHEN a > 1 THEN 'big' ELSE 'small' END FROM (VALUES 1, 2, NULL) t(a)
----
1	small
2	big
NULL	null

query rowsort
SELECT a, coalesce(a, 0) + 1, if(a IS NULL, 'missing', 'present') FROM (VALUES 1, NULL) t(a)
----
1	2	present
NULL	1	missing

query
SELECT typeof(coalesce(1, 2.5)), typeof(if(true, 1, BIGINT '2')), typeof(CASE WHEN true THEN 1 ELSE 2.5E0 END), typeof(nullif(1, 2.5))
----
decimal(11,1)	bigint	double	integer

query
SELECT count(*) FROM orders WHERE CASE orderstatus WHEN 'F' THEN true ELSE false END
----
7304

query
SELECT sum(CASE WHEN discount > 0.05 THEN 1 ELSE 0 END), sum(if(returnflag = 'R', quantity, 0)) FROM lineitem
----
27187	381449.0

statement error DIVISION_BY_ZERO: Division by zero
SELECT CASE WHEN 1 / 0 > 0 THEN 1 END

query
SELECT x, if(x <> 0, 10 / x, NULL) FROM (VALUES 0, 5) t(x) ORDER BY x
----
0	NULL
5	2

query
SELECT x, try(10 / x) FROM (VALUES 0, 2) t(x) ORDER BY x
----
0	NULL
2	5

query
SELECT CASE WHEN x = 0 THEN NULL ELSE 10 / x END FROM (VALUES 0, 5) t(x) ORDER BY x
----
NULL
2

statement error TYPE_MISMATCH: All COALESCE operands must be the same type or coercible to a common type. Cannot find common type between integer and varchar(1), all types (without duplicates): [integer, varchar(1)]
SELECT coalesce(1, 'a')

# NULLIF evaluates its second argument only when the first is not NULL, and BETWEEN is exactly
# `value >= min AND value <= max`: max is not evaluated once value < min (the compiled code once
# evaluated both eagerly and raised their errors; found by the random-expression fuzzer).
query
SELECT NULLIF(IF(nationkey >= 0, NULL, nationkey), 1 / (nationkey - nationkey)), nationkey BETWEEN 5 AND 1 / (nationkey - nationkey) FROM nation WHERE nationkey = 0
----
NULL	false

# A NaN is between nothing, as `>=` and `<=` are false for it; folded constants and columns alike.
query
SELECT x BETWEEN 0 AND infinity(), x BETWEEN -infinity() AND infinity(), 1e0 BETWEEN x AND 2e0, x NOT BETWEEN 0 AND 1, nan() BETWEEN 0 AND nan(), 1e0 BETWEEN nan() AND 2e0 FROM (SELECT nationkey / 0e0 AS x FROM nation WHERE nationkey = 0)
----
false	false	false	true	false	false

# The same inside a lambda, which the interpreter evaluates.
query
SELECT transform(ARRAY[nan(), 1e0, 0e0], x -> x BETWEEN 0 AND nan()), transform(ARRAY[nan(), 5e0], x -> x BETWEEN 0 AND infinity())
----
[false, false, false]	[false, true]
