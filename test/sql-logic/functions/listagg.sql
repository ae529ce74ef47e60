# LISTAGG(value [, separator] [ON OVERFLOW ...]) WITHIN GROUP (ORDER BY ...), Trino's string
# aggregation: non-null values joined in the given order; NULL for a group without any.

query
SELECT listagg(name, ', ') WITHIN GROUP (ORDER BY name) FROM tpch.tiny.region
----
AFRICA, AMERICA, ASIA, EUROPE, MIDDLE EAST

query
SELECT regionkey, listagg(name, ';') WITHIN GROUP (ORDER BY nationkey DESC) FROM tpch.tiny.nation WHERE regionkey < 2 GROUP BY regionkey ORDER BY regionkey
----
0	MOZAMBIQUE;MOROCCO;KENYA;ETHIOPIA;ALGERIA
1	UNITED STATES;PERU;CANADA;BRAZIL;ARGENTINA

# Without a separator the values are joined by nothing; NULLs are skipped; DISTINCT and FILTER apply.
query
SELECT listagg(x) WITHIN GROUP (ORDER BY x), listagg(DISTINCT x, '-') WITHIN GROUP (ORDER BY x), listagg(x, '+') WITHIN GROUP (ORDER BY x) FILTER (WHERE x <> 'a') FROM (VALUES 'b', NULL, 'a', 'b') t(x)
----
abb	a-b	b+b

query
SELECT listagg(x, ',') WITHIN GROUP (ORDER BY x) IS NULL FROM (VALUES CAST(NULL AS varchar)) t(x)
----
true

# The result is at most 1,048,576 bytes: an error by default, or cut with the filler and a count.
statement error EXCEEDED_FUNCTION_MEMORY_LIMIT: Concatenated string has the length in bytes larger than the maximum output length 1048576
SELECT listagg(comment, ',') WITHIN GROUP (ORDER BY orderkey) FROM tpch.sf1.orders WHERE orderkey < 100000

query
SELECT length(v) <= 1048576, regexp_extract(v, ',~\(\d+\)$') FROM (SELECT listagg(comment, ',' ON OVERFLOW TRUNCATE '~' WITH COUNT) WITHIN GROUP (ORDER BY orderkey) AS v FROM tpch.sf1.orders WHERE orderkey < 100000)
----
true	,~(3832)

query
SELECT substr(v, length(v) - 1) FROM (SELECT listagg(comment, ',' ON OVERFLOW TRUNCATE WITHOUT COUNT) WITHIN GROUP (ORDER BY orderkey) AS v FROM tpch.sf1.orders WHERE orderkey < 100000)
----
..

# The values must be varchar (as Trino's, whose LISTAGG is the same five-argument call).
statement error FUNCTION_NOT_FOUND: line 1:8: Unexpected parameters (bigint, varchar(1), boolean, varchar(3), boolean) for function listagg. Expected: listagg(varchar(x), varchar(y), boolean, varchar(z), boolean)
SELECT listagg(nationkey, ',') WITHIN GROUP (ORDER BY name) FROM tpch.tiny.nation
