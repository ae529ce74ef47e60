# Integer overflow (an error, not a wrap) and division by zero, with Presto's messages.

statement error NUMERIC_VALUE_OUT_OF_RANGE: integer addition overflow: 2147483647 + 1
SELECT 2147483647 + 1

statement error NUMERIC_VALUE_OUT_OF_RANGE: integer subtraction overflow: -2147483648 - 1
SELECT -2147483648 - 1

statement error NUMERIC_VALUE_OUT_OF_RANGE: integer multiplication overflow: 65536 * 65536
SELECT 65536 * 65536

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint addition overflow: 9223372036854775807 + 1
SELECT 9223372036854775807 + 1

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint subtraction overflow: -9223372036854775808 - 1
SELECT -9223372036854775808 - 1

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint multiplication overflow: 9223372036854775807 * 2
SELECT 9223372036854775807 * 2

statement error NUMERIC_VALUE_OUT_OF_RANGE: tinyint addition overflow: 127 + 1
SELECT TINYINT '127' + TINYINT '1'

statement error NUMERIC_VALUE_OUT_OF_RANGE: smallint multiplication overflow: 200 * 200
SELECT SMALLINT '200' * SMALLINT '200'

statement error NUMERIC_VALUE_OUT_OF_RANGE: integer negation overflow: -2147483648
SELECT -x FROM (VALUES -2147483648) t(x)

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint division overflow: -9223372036854775808 / -1
SELECT x / -1 FROM (VALUES -9223372036854775808) t(x)

statement error NUMERIC_VALUE_OUT_OF_RANGE: Out of range for integer: 2147483648
SELECT CAST(2147483648 AS integer)

statement error NUMERIC_VALUE_OUT_OF_RANGE: Out of range for tinyint: 128
SELECT CAST(128 AS tinyint)

statement error INVALID_CAST_ARGUMENT: Cannot cast '99999999999' to INT
SELECT CAST('99999999999' AS integer)

statement error INVALID_CAST_ARGUMENT: Unable to cast 1.0E20 to bigint
SELECT CAST(1E20 AS bigint)

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint addition overflow: 9223372036854775807 + 1
SELECT x + 1 FROM (VALUES 9223372036854775807) t(x)

statement error NUMERIC_VALUE_OUT_OF_RANGE: integer addition overflow: 2147483647 + 1
SELECT x + 1 FROM (VALUES 1, 2147483647) t(x)

statement error DIVISION_BY_ZERO: Division by zero
SELECT 1 / 0

statement error DIVISION_BY_ZERO: Division by zero
SELECT 5 % 0

statement error DIVISION_BY_ZERO: Division by zero
SELECT x / y FROM (VALUES (1, 1), (2, 0)) t(x, y)

statement error DIVISION_BY_ZERO: Division by zero
SELECT BIGINT '10' / BIGINT '0'

statement error DIVISION_BY_ZERO: Division by zero
SELECT mod(7, 0)

statement error DIVISION_BY_ZERO: Division by zero
SELECT 1.00 / 0.00

statement error DIVISION_BY_ZERO: Division by zero
SELECT sum(x / 0) FROM (VALUES 1) t(x)

statement error DIVISION_BY_ZERO: Division by zero
SELECT count(*) FROM nation WHERE nationkey / (regionkey - regionkey) > 0

query
SELECT 1E0 / 0E0, -1E0 / 0E0, REAL '1' / REAL '0', 5E0 % 0E0
----
Infinity	-Infinity	Infinity	NaN

query
SELECT x / y FROM (VALUES (1, 1), (2, 0)) t(x, y) WHERE y <> 0
----
1

query
SELECT 2147483647 + BIGINT '1', -2147483648 - BIGINT '1', 65536 * BIGINT '65536'
----
2147483648	-2147483649	4294967296

query
SELECT CAST(2147483647 AS bigint) * 2, TINYINT '127' + 1
----
4294967294	128

query
SELECT try(2147483647 + 1), try(CAST(128 AS tinyint)), try(1 / 0), try(CAST(1E20 AS bigint))
----
NULL	NULL	NULL	NULL

query
SELECT x, try(x * 1000000000000) FROM (VALUES BIGINT '1', BIGINT '10000000000') t(x) ORDER BY x
----
1	1000000000000
10000000000	NULL

statement error NUMERIC_VALUE_OUT_OF_RANGE: bigint addition overflow: 9223372036854775800 + 8
SELECT sum(x) FROM (VALUES 9223372036854775800, 8) t(x)

query
SELECT sum(x) FROM (VALUES 9223372036854775800, 7) t(x)
----
9223372036854775807

query
SELECT sum(x) FROM (VALUES 9223372036854775800, 8, -10) t(x) WHERE x < 0 OR x > 8
----
9223372036854775790

query
SELECT sum(x) FROM (VALUES DECIMAL '99999999999999999999999999999999999998', DECIMAL '1') t(x)
----
99999999999999999999999999999999999999

statement error NUMERIC_VALUE_OUT_OF_RANGE: Decimal overflow
SELECT DECIMAL '99999999999999999999999999999999999999' * 10

statement error NUMERIC_VALUE_OUT_OF_RANGE: Out of range for tinyint: 200
SELECT CAST(CAST(200 AS integer) AS tinyint) FROM (VALUES 1) t(x)

query
SELECT 4611686018427387904 + 4611686018427387903
----
9223372036854775807
