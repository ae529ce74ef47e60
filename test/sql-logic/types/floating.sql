# real and double: literals, arithmetic, NaN and infinities, casts, printing.

query types=double|double|double
SELECT 1.5E0, 1E10, 1.0E-5
----
1.5	1.0E10	1.0E-5

query
SELECT 0.1E0 + 0.2E0, 1E0 / 3, 2E0 * 1E308, -2E0 * 1E308
----
0.30000000000000004	0.3333333333333333	Infinity	-Infinity

query
SELECT 1E0 / 0, -1E0 / 0, 0E0 / 0
----
Infinity	-Infinity	NaN

query
SELECT nan() = nan(), nan() <> nan(), nan() > 1E0, infinity() > 1E308
----
false	true	false	true

query
SELECT is_nan(nan()), is_nan(1E0), is_infinite(-infinity()), is_finite(1E0), is_finite(infinity())
----
true	false	true	true	false

query types=real|real|real
SELECT REAL '1.5', CAST(0.1 AS real), REAL '1' / REAL '3'
----
1.5	0.1	0.33333334

query
SELECT CAST(REAL '0.1' AS double), CAST(0.1E0 AS real)
----
0.10000000149011612	0.1

query
SELECT CAST(1234567.0E0 AS varchar), CAST(12345678.0E0 AS varchar), CAST(0.001E0 AS varchar), CAST(0.0001E0 AS varchar)
----
1234567.0	1.2345678E7	0.001	1.0E-4

query
SELECT CAST('1.5' AS double), CAST('-Infinity' AS double), CAST('NaN' AS double), CAST('1e3' AS double)
----
1.5	-Infinity	NaN	1000.0

statement error INVALID_CAST_ARGUMENT: Cannot cast 'x1' to DOUBLE
SELECT CAST('x1' AS double)

statement error INVALID_CAST_ARGUMENT: Unable to cast NaN to bigint
SELECT CAST(nan() AS bigint)

statement error INVALID_CAST_ARGUMENT: Unable to cast Infinity to bigint
SELECT CAST(infinity() AS bigint)

query
SELECT 5E0 % 3E0, -5.5E0 % 2E0, mod(5.5E0, 2E0)
----
2.0	-1.5	1.5

query
SELECT sum(x), avg(x), min(x), max(x) FROM (VALUES 1E0, nan(), 3E0) t(x)
----
NaN	NaN	1.0	NaN

query
SELECT max(x), min(x) FROM (VALUES 1E0, infinity(), -infinity()) t(x)
----
Infinity	-Infinity

query rowsort
SELECT x, count(*) FROM (VALUES nan(), nan(), 0E0, -0E0) t(x) GROUP BY x
----
NaN	2
0.0	2

query
SELECT 1E0 = 1, 0.5E0 = 0.5, REAL '0.5' = 0.5E0, REAL '0.1' = 0.1E0
----
true	true	true	false

query
SELECT 1E300 * 1E300, -1E300 * 1E300
----
Infinity	-Infinity

query
SELECT 123456789012345678E0, 1E7, 9999999E0, 1E-3, 0.00099E0
----
1.2345678901234568E17	1.0E7	9999999.0	0.001	9.9E-4

query
SELECT round(2.5E0), round(-2.5E0), round(2.45E0, 1), floor(-1.5E0), ceil(-1.5E0), truncate(-1.7E0)
----
3.0	-3.0	2.5	-2.0	-1.0	-1.0
