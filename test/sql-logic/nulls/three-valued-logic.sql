# NULL semantics: three-valued logic, comparisons with NULL, NULL in IN lists, IS [NOT] NULL.

query
SELECT NULL AND true, NULL AND false, NULL OR true, NULL OR false, NOT NULL
----
NULL	false	true	NULL	NULL

query
SELECT NULL = NULL, NULL <> 1, 1 < NULL, NULL IS NULL, 1 IS NOT NULL
----
NULL	NULL	NULL	true	true

query
SELECT 1 IN (1, NULL), 2 IN (1, NULL), NULL IN (1, 2), 2 NOT IN (1, NULL), 1 NOT IN (2, 3)
----
true	NULL	NULL	NULL	true

query
SELECT 1 IN (1), NULL IN (NULL)
----
true	NULL

query rowsort
SELECT a FROM (VALUES 1, NULL, 3) t(a) WHERE a IN (1, NULL)
----
1

query
SELECT a FROM (VALUES 1, NULL, 3) t(a) WHERE a NOT IN (1, NULL)
----

query rowsort
SELECT a FROM (VALUES 1, NULL, 3) t(a) WHERE NOT (a = 1)
----
3

query rowsort
SELECT a FROM (VALUES 1, NULL, 3) t(a) WHERE a IS NULL OR a > 2
----
NULL
3

query
SELECT NULL + 1, NULL * 0, NULL || 'a', -CAST(NULL AS integer), abs(NULL), length(NULL)
----
NULL	NULL	NULL	NULL	NULL	NULL

query
SELECT NULL BETWEEN 1 AND 2, 1 BETWEEN NULL AND 2, 3 BETWEEN NULL AND 2, 1 BETWEEN 2 AND NULL
----
NULL	NULL	false	false

query
SELECT NULL LIKE 'a', 'a' LIKE NULL, CAST(NULL AS varchar) LIKE '%'
----
NULL	NULL	NULL

query types=unknown
SELECT NULL
----
NULL

query
SELECT typeof(NULL), typeof(CAST(NULL AS bigint)), typeof(ARRAY[NULL]), typeof(coalesce(NULL, NULL))
----
unknown	bigint	array(unknown)	unknown

query rowsort
SELECT a, b, a = b, a IS DISTINCT FROM b FROM (VALUES (1, 1), (1, NULL), (NULL, NULL)) t(a, b)
----
1	1	true	false
1	NULL	NULL	true
NULL	NULL	NULL	false

query
SELECT CASE WHEN NULL = NULL THEN 'eq' ELSE 'not eq' END, if(NULL > 1, 'y', 'n')
----
not eq	n

query
SELECT count(*) FROM (VALUES 1, NULL, 3) t(a) WHERE a <> 1
----
1

query
SELECT NOT (NULL AND false), NOT (NULL OR true), (NULL AND NULL) IS NULL
----
true	false	true

query rowsort
SELECT a, b, a AND b, a OR b FROM (VALUES (true, NULL), (false, NULL), (NULL, NULL)) t(a, b)
----
true	NULL	NULL	true
false	NULL	false	NULL
NULL	NULL	NULL	NULL

query
SELECT CAST(NULL AS date) < DATE '2020-01-01', greatest(NULL, 1), least(1, NULL)
----
NULL	NULL	NULL

query
SELECT ROW(1, NULL) = ROW(1, NULL), ROW(1, NULL) = ROW(2, NULL), ROW(1, NULL) IS DISTINCT FROM ROW(1, NULL)
----
NULL	false	false

query
SELECT x FROM (VALUES NULL, NULL) t(x)
----
NULL
NULL
