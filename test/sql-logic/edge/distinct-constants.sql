# Constants that a JSON text writes alike (Infinity, -Infinity and NaN as null, -0 as 0) stay
# distinct wherever the engine matches expressions by structure: select lists, aggregates, GROUP
# BY keys, conjuncts (issue 13: `SELECT 1e309, -1e400` once returned Infinity twice).

query types=double|double
SELECT 1e309, -1e400
----
Infinity	-Infinity

query types=double|double
SELECT -1e400, 1e309
----
-Infinity	Infinity

query
SELECT nan(), 1e309, -1e309, -0e0, 0e0
----
NaN	Infinity	-Infinity	-0.0	0.0

query
SELECT -0e0, 0e0, CAST(-0e0 AS varchar), CAST(0e0 AS varchar), -x, x FROM (VALUES 0e0) t(x)
----
-0.0	0.0	-0.0	0.0	-0.0	0.0

# Equal as values, so one group and one IN match; only the constants themselves are kept apart.
query
SELECT -0e0 = 0e0, -0e0 IS DISTINCT FROM 0e0, nan() = nan(), nan() IS DISTINCT FROM nan()
----
true	false	false	false

query
SELECT max(x * 1e309), max(x * -1e309), min(x + nan()), min(x - 1e309) FROM (VALUES 1e0) t(x)
----
Infinity	-Infinity	NaN	-Infinity

query
SELECT count(*) FILTER (WHERE x = 1e309), count(*) FILTER (WHERE x = -1e309) FROM (VALUES 1e309, -1e309, -1e309) t(x)
----
1	2

query rowsort
SELECT x > 1e309, x > -1e309, count(*) FROM (VALUES 1e0, 2e0, -1e309) t(x) GROUP BY x > 1e309, x > -1e309
----
false	true	2
false	false	1

query
SELECT x FROM (VALUES 1e309, -1e309, nan(), 0e0) t(x) WHERE x = 1e309 OR x = -1e309 ORDER BY x
----
-Infinity
Infinity

query
SELECT coalesce(CAST(NULL AS double), -1e309), coalesce(CAST(NULL AS double), 1e309), if(true, nan(), 1e309)
----
-Infinity	Infinity	NaN

query
SELECT CASE x WHEN 1e309 THEN 'plus' WHEN -1e309 THEN 'minus' END FROM (VALUES -1e309) t(x)
----
minus

# Constants of one JS value and different SQL types are different constants.
query types=integer|bigint|double|decimal(2,1)|real|varchar(1)
SELECT 1, BIGINT '1', 1e0, 1.0, REAL '1', '1'
----
1	1	1.0	1.0	1.0	1

query types=double|real|double|real
SELECT 1e309, REAL 'Infinity', -1e309, -REAL 'Infinity'
----
Infinity	Infinity	-Infinity	-Infinity
