# Precisions, scales and lengths out of range are the user's error with Trino's message, raised
# before any value is built (issue 13: localtimestamp(20) reached a block builder and failed with
# GENERIC_INTERNAL_ERROR).

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIMESTAMP precision must be in range [0, 12]: 20
SELECT localtimestamp(20)

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIMESTAMP WITH TIME ZONE precision must be in range [0, 12]: 13
SELECT current_timestamp(13)

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIME precision must be in range [0, 12]: 13
SELECT localtime(13)

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIME WITH TIME ZONE precision must be in range [0, 12]: 99
SELECT current_time(99)

statement error NUMERIC_VALUE_OUT_OF_RANGE: line 1:16: TIMESTAMP precision must be in range [0, 12]: 13
SELECT 1 WHERE localtimestamp(13) IS NULL

query
SELECT typeof(localtimestamp(12)), typeof(current_timestamp(0)), typeof(localtime(12)), typeof(current_time(0))
----
timestamp(12)	timestamp(0) with time zone	time(12)	time(0) with time zone

query
SELECT localtimestamp(12) IS NOT NULL, current_time(12) IS NOT NULL, localtime(0) IS NOT NULL
----
true	true	true

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIMESTAMP precision must be in range [0, 12]: 13
SELECT CAST(NULL AS timestamp(13))

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIME WITH TIME ZONE precision must be in range [0, 12]: 13
SELECT CAST('10:00' AS time(13) with time zone)

statement error NUMERIC_VALUE_OUT_OF_RANGE: TIMESTAMP precision must be in range [0, 12]: 13
SELECT TIMESTAMP '2020-05-01 12:34:56.1234567890123'

statement error INVALID_FUNCTION_ARGUMENT: DECIMAL precision must be in range [1, 38]: 39
SELECT CAST(1 AS decimal(39, 0))

statement error INVALID_FUNCTION_ARGUMENT: DECIMAL scale must be in range [0, precision (5)]: 6
SELECT CAST(1 AS decimal(5, 6))

statement error INVALID_FUNCTION_ARGUMENT: CHAR length must be in range [0, 65536], got 65537
SELECT CAST('x' AS char(65537))

# Typed NULLs and zero lengths are fine.
query types=char(1)|varchar(0)|varbinary|char(0)|timestamp(12)
SELECT CAST(NULL AS char(1)), CAST(NULL AS varchar(0)), CAST(NULL AS varbinary), CAST('a' AS char(0)), CAST(NULL AS timestamp(12))
----
NULL	NULL	NULL	(empty)	NULL
