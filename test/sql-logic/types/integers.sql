# boolean, tinyint, smallint, integer, bigint: literals, arithmetic, casts, comparisons, bigint beyond 2^53.

query types=integer|bigint|bigint
SELECT 2147483647, 2147483648, -9223372036854775808
----
2147483647	2147483648	-9223372036854775808

query types=tinyint|smallint|integer|bigint
SELECT CAST(127 AS tinyint), CAST(-32768 AS smallint), CAST(-2147483648 AS integer), CAST(9223372036854775807 AS bigint)
----
127	-32768	-2147483648	9223372036854775807

query
SELECT 9007199254740993, 9007199254740993 + 1, 9007199254740993 - 9007199254740992
----
9007199254740993	9007199254740994	1

query
SELECT 9223372036854775807 - 1, -9223372036854775807 - 1
----
9223372036854775806	-9223372036854775808

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint multiplication overflow: 4611686018427387904 * 2
SELECT 4611686018427387904 * 2 - 1 + 4611686018427387904 * 0

query
SELECT 7 / 2, -7 / 2, 7 % 3, -7 % 3, 7 % -3
----
3	-3	1	-1	1

query types=integer|bigint|smallint|tinyint
SELECT 1 + 1, 1 + BIGINT '1', SMALLINT '1' + SMALLINT '2', TINYINT '3' * TINYINT '4'
----
2	2	3	12

query
SELECT true AND NULL, false AND NULL, true OR NULL, false OR NULL, NOT CAST(NULL AS boolean)
----
NULL	false	true	NULL	NULL

query
SELECT 1 < 2, 2 <= 2, 3 > 4, 4 >= 5, 1 = 1, 1 <> 1
----
true	true	false	false	true	false

query
SELECT CAST('123' AS integer), CAST(' 42 ' AS bigint), CAST('-7' AS tinyint)
----
123	42	-7

query
SELECT CAST(true AS integer), CAST(false AS bigint), CAST(0 AS boolean), CAST(5 AS boolean)
----
1	0	false	true

query
SELECT CAST(2.5 AS integer), CAST(3.5 AS integer), CAST(-2.5 AS integer), CAST(2.4E0 AS bigint), CAST(2.5E0 AS bigint)
----
3	4	-3	2	3

# A double that rounds to zero becomes the integer 0, never a negative zero (which a later cast
# to double would print as -0.0); folded constants and columns alike.
query
SELECT CAST(CAST(-0.4E0 AS integer) AS double), CAST(CAST(-0.05E0 AS smallint) AS double), CAST(CAST(x AS bigint) AS double) FROM (VALUES -0.3E0) t(x)
----
0.0	0.0	0.0

query
SELECT CAST('true' AS boolean), CAST('FALSE' AS boolean), CAST('1' AS boolean), CAST('0' AS boolean)
----
true	false	true	false

query
SELECT CAST(123 AS varchar), CAST(-9223372036854775808 AS varchar), CAST(true AS varchar)
----
123	-9223372036854775808	true

statement error INVALID_CAST_ARGUMENT: Cannot cast 'abc' to INT
SELECT CAST('abc' AS integer)

statement error INVALID_CAST_ARGUMENT: Cannot cast 'yes' to BOOLEAN
SELECT CAST('yes' AS boolean)

query
SELECT TRY_CAST('abc' AS integer), TRY_CAST('12' AS integer)
----
NULL	12

query
SELECT abs(-5), abs(BIGINT '-9223372036854775807'), sign(-3), sign(0)
----
5	9223372036854775807	-1	0

query
SELECT a FROM (VALUES BIGINT '9007199254740993', BIGINT '9007199254740992', BIGINT '-9007199254740993') t(a) ORDER BY a
----
-9007199254740993
9007199254740992
9007199254740993

query
SELECT max(a), min(a), count(DISTINCT a) FROM (VALUES BIGINT '9007199254740993', BIGINT '9007199254740992', BIGINT '9007199254740993') t(a)
----
9007199254740993	9007199254740992	2

query
SELECT sum(a) FROM (VALUES BIGINT '9007199254740993', BIGINT '2') t(a)
----
9007199254740995

query rowsort
SELECT a, count(*) FROM (VALUES BIGINT '9007199254740993', BIGINT '9007199254740992', BIGINT '9007199254740993') t(a) GROUP BY a
----
9007199254740993	2
9007199254740992	1

query
SELECT BIGINT '9007199254740993' = BIGINT '9007199254740992', BIGINT '9007199254740993' > BIGINT '9007199254740992'
----
false	true

query
SELECT typeof(TINYINT '1' + 1), typeof(SMALLINT '1' + TINYINT '1'), typeof(1 + 1.0E0), typeof(1 + REAL '1')
----
integer	smallint	double	real

query
SELECT -(-5), - BIGINT '5', +3
----
5	-5	3

query
SELECT 5 BETWEEN 1 AND 10, 5 NOT BETWEEN 6 AND 10, NULL BETWEEN 1 AND 2
----
true	true	NULL

query
SELECT bitwise_and(12, 10), bitwise_or(12, 10), bitwise_xor(12, 10), bitwise_not(0)
----
8	14	6	-1

query
SELECT true = true, true < false, false < true, true IS DISTINCT FROM NULL
----
true	false	true	true
