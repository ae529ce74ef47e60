# Bucketed tables (Hive's bucketed_by / bucket_count): a file per bucket and writer named by its
# bucket, the $bucket column, bucket pruning, and joins of tables bucketed alike where their rows are.

statement ok
CREATE TABLE lake.default.borders WITH (bucketed_by = ARRAY['orderkey'], bucket_count = 8) AS SELECT orderkey, custkey, orderstatus FROM tpch.tiny.orders

query
SHOW CREATE TABLE lake.default.borders
----
CREATE TABLE lake.default.borders (\n   orderkey bigint,\n   custkey bigint,\n   orderstatus varchar(1)\n)\nWITH (\n   bucket_count = 8,\n   bucketed_by = ARRAY['orderkey'],\n   bucketing_version = 1,\n   format = 'PARQUET'\n)

# Version 1 hashes a small bigint to itself: the bucket is orderkey mod 8.
query
SELECT count(*), count(DISTINCT "$bucket"), count_if("$bucket" <> orderkey % 8) FROM lake.default.borders
----
15000	8	0

# Each file starts with its bucket's number, as Hive's and Trino's do.
query
SELECT count_if(NOT starts_with(regexp_extract("$path", '[^/]+$'), lpad(CAST("$bucket" AS varchar), 6, '0') || '_0_')) FROM lake.default.borders
----
0

query rowsort
SELECT orderkey, custkey, orderstatus, "$bucket" FROM lake.default.borders WHERE orderkey IN (7, 32, 33)
----
7	392	O	7
32	1301	O	0
33	670	F	1

query
SELECT count(*) FROM lake.default.borders WHERE "$bucket" = 3
----
1875

statement ok
INSERT INTO lake.default.borders SELECT orderkey + 100000, custkey, orderstatus FROM tpch.tiny.orders WHERE orderkey < 40

query
SELECT "$bucket", count(*) FROM lake.default.borders WHERE orderkey > 100000 GROUP BY 1 ORDER BY 1
----
0	1
1	2
2	2
3	2
4	2
5	2
6	2
7	2

query
SELECT count(*), count_if("$bucket" <> orderkey % 8) FROM lake.default.borders
----
15015	0

# Joined bucket column to bucket column: the join runs where the rows are.
statement ok
CREATE TABLE lake.default.blines WITH (bucketed_by = ARRAY['orderkey'], bucket_count = 8) AS SELECT orderkey, linenumber, quantity FROM tpch.tiny.lineitem

query
EXPLAIN (TYPE DISTRIBUTED) SELECT o.orderstatus, sum(l.quantity) FROM lake.default.borders o JOIN lake.default.blines l ON o.orderkey = l.orderkey GROUP BY 1
----
Fragment 0 [SINGLE]\n    Output layout: [orderstatus, sum]\n    Output partitioning: SINGLE []\n    - Output[columnNames = [orderstatus, _col1]] => [orderstatus:varchar(1), sum:double]\n            _col1 := sum\n        - RemoteSource[sources = [1], type = GATHER] => [orderstatus:varchar(1), sum:double]\n\nFragment 1 [HASH]\n    Output layout: [orderstatus, sum]\n    Output partitioning: SINGLE []\n    - Aggregation[type = FINAL, keys = [orderstatus]] => [orderstatus:varchar(1), sum:double]\n            sum := sum(sum_partial)\n        - RemoteSource[sources = [2], type = REPARTITION] => [orderstatus:varchar(1), sum_partial:row(sum double, compensation double)]\n\nFragment 2 [SOURCE]\n    Output layout: [orderstatus, sum_partial]\n    Output partitioning: HASH [orderstatus]\n    - Aggregation[type = PARTIAL, keys = [orderstatus]] => [orderstatus:varchar(1), sum_partial:row(sum double, compensation double)]\n            sum_partial := sum(quantity)\n        - InnerJoin[criteria = (orderkey_1 = orderkey), distribution = PARTITIONED] => [orderstatus:varchar(1), quantity:double]\n            - TableScan[table = lake.default.blines, splits by bucket] => [orderkey_1:bigint, quantity:double]\n                    orderkey_1 := orderkey\n            - TableScan[table = lake.default.borders, splits by bucket] => [orderkey:bigint, orderstatus:varchar(1)]\n

query
SELECT o.orderstatus, sum(l.quantity) FROM lake.default.borders o JOIN lake.default.blines l ON o.orderkey = l.orderkey GROUP BY 1 ORDER BY 1
----
F	748193.0
O	742160.0
P	45774.0

# Partitioned and bucketed: each partition's directory holds its buckets' files.
statement ok
CREATE TABLE lake.default.bnations WITH (partitioned_by = ARRAY['regionkey'], bucketed_by = ARRAY['name'], bucket_count = 3, bucketing_version = 2) AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

query
SELECT count(*), count(DISTINCT "$path"), max("$bucket") < 3 FROM lake.default.bnations
----
25	12	true

query
SELECT nationkey, name, regionkey FROM lake.default.bnations WHERE name = 'PERU'
----
17	PERU	1

query
SHOW CREATE TABLE lake.default.bnations
----
CREATE TABLE lake.default.bnations (\n   nationkey bigint,\n   name varchar(25),\n   regionkey bigint\n)\nWITH (\n   bucket_count = 3,\n   bucketed_by = ARRAY['name'],\n   bucketing_version = 2,\n   format = 'PARQUET',\n   partitioned_by = ARRAY['regionkey']\n)

statement ok
DROP TABLE lake.default.bnations

# Files Hive bucketed: their names give their buckets, and a filter on the bucket column reads one.
statement ok
CREATE TABLE lake.default.hive_bucketed (id bigint, name varchar) WITH (external_location = '${FIXTURES}/bucketed', format = 'PARQUET', bucketed_by = ARRAY['id'], bucket_count = 4)

query
SELECT count(*), count_if("$bucket" <> id % 4) FROM lake.default.hive_bucketed
----
100	0

query
SELECT id, name, "$bucket" FROM lake.default.hive_bucketed WHERE id = 42
----
42	n42	2

# A directory of exactly bucket_count files whose names carry no bucket: buckets by name order.
statement ok
CREATE TABLE lake.default.hive_unnamed (id bigint, name varchar) WITH (external_location = '${FIXTURES}/bucketed-unnamed', format = 'PARQUET', bucketed_by = ARRAY['id'], bucket_count = 4)

query
SELECT count(*), count_if("$bucket" <> id % 4) FROM lake.default.hive_unnamed
----
100	0

statement ok
CREATE TABLE lake.default.hive_corrupt (id bigint, name varchar) WITH (external_location = '${FIXTURES}/bucketed-corrupt', format = 'PARQUET', bucketed_by = ARRAY['id'], bucket_count = 4)

statement error HIVE_INVALID_BUCKET_FILES: Hive table 'default.hive_corrupt' is corrupt. File 'part-0.parquet' does not match the standard naming pattern, and the number of files in the directory (3) does not match the declared bucket count (4) for partition: <UNPARTITIONED>
SELECT count(*) FROM lake.default.hive_corrupt

# Properties are checked as Trino checks them.
statement error INVALID_TABLE_PROPERTY: bucketed_by and bucket_count must be specified together
CREATE TABLE lake.default.bad (a bigint) WITH (bucketed_by = ARRAY['a'])

statement error INVALID_TABLE_PROPERTY: bucketed_by and bucket_count must be specified together
CREATE TABLE lake.default.bad (a bigint) WITH (bucket_count = 4)

statement error INVALID_TABLE_PROPERTY: sorted_by may be specified only when bucketed_by is specified
CREATE TABLE lake.default.bad (a bigint) WITH (sorted_by = ARRAY['a'])

statement error INVALID_TABLE_PROPERTY: bucket_count must be greater than zero
CREATE TABLE lake.default.bad (a bigint) WITH (bucketed_by = ARRAY['a'], bucket_count = -1)

statement error INVALID_TABLE_PROPERTY: bucketing_version must be between 1 and 2 (inclusive): 3
CREATE TABLE lake.default.bad (a bigint) WITH (bucketed_by = ARRAY['a'], bucket_count = 4, bucketing_version = 3)

statement error INVALID_TABLE_PROPERTY: Bucketing columns [b] not present in schema
CREATE TABLE lake.default.bad (a bigint) WITH (bucketed_by = ARRAY['b'], bucket_count = 4)

statement error INVALID_TABLE_PROPERTY: Sorting columns [b] not present in schema
CREATE TABLE lake.default.bad (a bigint) WITH (bucketed_by = ARRAY['a'], bucket_count = 4, sorted_by = ARRAY['b DESC'])

statement error NOT_SUPPORTED: Cannot create a table bucketed on an unsupported type: decimal(10,2)
CREATE TABLE lake.default.bad (a decimal(10,2)) WITH (bucketed_by = ARRAY['a'], bucket_count = 4)

statement ok
CREATE TABLE lake.default.bsorted (a bigint, b varchar) WITH (bucketed_by = ARRAY['a'], bucket_count = 2, sorted_by = ARRAY['b DESC', 'a'])

query
SHOW CREATE TABLE lake.default.bsorted
----
CREATE TABLE lake.default.bsorted (\n   a bigint,\n   b varchar\n)\nWITH (\n   bucket_count = 2,\n   bucketed_by = ARRAY['a'],\n   bucketing_version = 1,\n   format = 'PARQUET',\n   sorted_by = ARRAY['b DESC','a']\n)

# A table without bucketing has no $bucket column.
statement error COLUMN_NOT_FOUND: line 1:8: Column '$bucket' cannot be resolved
SELECT "$bucket" FROM tpch.tiny.nation

statement error NOT_SUPPORTED: Cannot sort bucket files by column m of type map(varchar, integer)
CREATE TABLE lake.default.bad (a bigint, m map(varchar, integer)) WITH (bucketed_by = ARRAY['a'], bucket_count = 2, sorted_by = ARRAY['m'])
