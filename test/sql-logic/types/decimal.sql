# decimal short (p <= 18) and long (up to 38): literals, arithmetic result types, rounding, overflow, casts.

query types=decimal(3,2)|decimal(1,1)|decimal(38,0)
SELECT 1.23, -0.5, DECIMAL '12345678901234567890123456789012345678'
----
1.23	-0.5	12345678901234567890123456789012345678

query types=decimal(4,2)|decimal(4,2)|decimal(6,4)|decimal(5,2)
SELECT 1.23 + 4.56, 1.23 - 4.56, 1.23 * 4.56, 1.23 / 4.56
----
5.79	-3.33	5.6088	0.27

query
SELECT 10.00 / 3, 2.50 / 2, 1 / 3.0, CAST(1 AS decimal(10, 2)) / 3
----
3.33	1.25	0.3	0.33

query
SELECT CAST(2.5 AS decimal(2, 0)), CAST(-2.5 AS decimal(2, 0)), CAST(1.005 AS decimal(3, 2)), CAST(1.004 AS decimal(3, 2))
----
3	-3	1.01	1.00

query
SELECT CAST('123.456' AS decimal(10, 2)), CAST(123 AS decimal(5, 1)), CAST(1.5E0 AS decimal(3, 1))
----
123.46	123.0	1.5

statement error INVALID_CAST_ARGUMENT: Cannot cast DECIMAL(5, 1) '1000.0' to DECIMAL(3, 1)
SELECT CAST(CAST(1000.0 AS decimal(5, 1)) AS decimal(3, 1))

statement error INVALID_CAST_ARGUMENT: Cannot cast VARCHAR 'abc' to DECIMAL(10, 2). Value is not a number.
SELECT CAST('abc' AS decimal(10, 2))

query
SELECT DECIMAL '99999999999999999999999999999999999999' - 1, -DECIMAL '99999999999999999999999999999999999999' + 1
----
99999999999999999999999999999999999998	-99999999999999999999999999999999999998

statement error NUMERIC_VALUE_OUT_OF_RANGE: Decimal overflow
SELECT DECIMAL '99999999999999999999999999999999999999' + 1

query
SELECT 12345678901234567.89 * 10, 123456789012345678.9 + 0.1
----
123456789012345678.90	123456789012345679.0

query
SELECT sum(x), avg(x), min(x), max(x) FROM (VALUES 1.10, 2.20, 3.35) t(x)
----
6.65	2.22	1.10	3.35

query types=decimal(38,2)|decimal(3,2)
SELECT sum(x), avg(x) FROM (VALUES 1.10, 2.20, 3.35) t(x)
----
6.65	2.22

query
SELECT avg(x) FROM (VALUES 1.00, 2.00, 2.00) t(x)
----
1.67

query
SELECT 1.5 = 1.50, 1.5 < 1.51, 0.1 + 0.2 = 0.3, CAST(0.1 AS double) + 0.2 = 0.3
----
true	true	true	false

query
SELECT CAST(1.25 AS double), CAST(1.25 AS real), CAST(1.25 AS integer), CAST(1.75 AS bigint), CAST(-1.75 AS bigint)
----
1.25	1.25	1	2	-2

query
SELECT CAST(12.345 AS varchar), CAST(-0.5 AS varchar), CAST(CAST(1 AS decimal(5, 3)) AS varchar)
----
12.345	-0.5	1.000

query
SELECT round(1.45, 1), round(-1.45, 1), round(1.5), round(123.456, -1), truncate(1.99), floor(-1.5), ceil(1.01)
----
1.50	-1.50	2	120.000	1	-2	2

query
SELECT abs(-1.50), sign(-1.50), -(1.50)
----
1.50	-1	-1.50

query
SELECT 5.5 % 2, -5.5 % 2, mod(7.25, 2.5)
----
1.5	-1.5	2.25

query rowsort
SELECT x, count(*) FROM (VALUES 1.50, 1.5, 2.0) t(x) GROUP BY x
----
1.50	2
2.00	1

query
SELECT x FROM (VALUES 10.5, -1.25, 3.0, 100000000000000000000.1) t(x) ORDER BY x
----
-1.25
3.00
10.50
100000000000000000000.10

query
SELECT 1234567890123456789.0123456789 * 2, 0.0000000000000000000000000000000000001 * 10
----
2469135780246913578.0246913578	0.0000000000000000000000000000000000010

statement error DIVISION_BY_ZERO: Division by zero
SELECT 1.5 / 0

query
SELECT CAST('12345678901234567890' AS decimal(20, 0)) / 7
----
1763668414462081127

query types=decimal(13,2)
SELECT CAST(10 AS decimal(10, 2)) + 1
----
11.00
