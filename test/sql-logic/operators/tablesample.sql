# TABLESAMPLE BERNOULLI|SYSTEM (percentage): each row kept with that probability (both kinds
# sample rows). Results are random: the checks are 0 %, 100 % and bounds many deviations wide.

query
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE BERNOULLI (0)
----
0

query
SELECT count(*) FROM tpch.tiny.nation AS n TABLESAMPLE SYSTEM (100) WHERE n.regionkey = 1
----
5

# 60,175 rows at 10 %: 6,017 expected, a standard deviation of 74.
query
SELECT count(*) BETWEEN 5400 AND 6700 FROM tpch.tiny.lineitem TABLESAMPLE BERNOULLI (10)
----
true

query
SELECT count(*) BETWEEN 1000 AND 2000, count(DISTINCT o.orderstatus) FROM tpch.tiny.orders o TABLESAMPLE SYSTEM (10) JOIN tpch.tiny.customer c TABLESAMPLE BERNOULLI (100) ON o.custkey = c.custkey
----
true	3

statement error NUMERIC_VALUE_OUT_OF_RANGE: line 1:62: Sample percentage must be less than or equal to 100
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE BERNOULLI (100.5)

statement error NUMERIC_VALUE_OUT_OF_RANGE: line 1:59: Sample percentage must be greater than or equal to 0
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE SYSTEM (-1)

statement error INVALID_ARGUMENTS: line 1:62: Sample percentage cannot be NULL
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE BERNOULLI (NULL)

statement error TYPE_MISMATCH: line 1:62: Sample percentage should be a numeric expression
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE BERNOULLI ('10')

statement error COLUMN_NOT_FOUND: line 1:62: Column 'nationkey' cannot be resolved
SELECT count(*) FROM tpch.tiny.nation TABLESAMPLE BERNOULLI (nationkey)

# Without a sample type, the word is an alias.
query
SELECT tablesample.name FROM tpch.tiny.region tablesample WHERE regionkey = 0
----
AFRICA
