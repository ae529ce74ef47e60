# Managed tables: CTAS and INSERT write Parquet (or CSV, JSON) under the data directory.

statement ok
CREATE TABLE lake.default.nation AS SELECT * FROM tpch.tiny.nation

query
SELECT count(*), sum(nationkey), max(name) FROM lake.default.nation
----
25	300	VIETNAM

statement ok
INSERT INTO lake.default.nation SELECT * FROM tpch.tiny.nation WHERE regionkey = 1

query
SELECT count(*) FROM lake.default.nation
----
30

query
SELECT count(DISTINCT "$path") FROM lake.default.nation
----
2

statement ok
INSERT INTO lake.default.nation (nationkey, name) VALUES (100, 'ATLANTIS')

query
SELECT nationkey, name, regionkey, comment FROM lake.default.nation WHERE nationkey = 100
----
100	ATLANTIS	NULL	NULL

query
SHOW STATS FOR lake.default.nation
----
nationkey	NULL	NULL	NULL	NULL	NULL	NULL
name	NULL	NULL	NULL	NULL	NULL	NULL
regionkey	NULL	NULL	NULL	NULL	NULL	NULL
comment	NULL	NULL	NULL	NULL	NULL	NULL
NULL	NULL	NULL	NULL	31.0	NULL	NULL

query
ANALYZE lake.default.nation
----
31

query
SHOW STATS FOR lake.default.nation
----
nationkey	NULL	26.0	0.0	NULL	0	100
name	223.0	26.0	0.0	NULL	NULL	NULL
regionkey	NULL	5.0	0.03225806451612903	NULL	0	4
comment	2357.0	25.0	0.03225806451612903	NULL	NULL	NULL
NULL	NULL	NULL	NULL	31.0	NULL	NULL

# Partitioned writes: key=value directories, partition columns last.
statement ok
CREATE TABLE lake.default.parts WITH (partitioned_by = ARRAY['regionkey']) AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

query
SELECT regionkey, count(*), min("$partition") FROM lake.default.parts GROUP BY 1 ORDER BY 1
----
0	5	regionkey=0
1	5	regionkey=1
2	5	regionkey=2
3	5	regionkey=3
4	5	regionkey=4

statement ok
INSERT INTO lake.default.parts VALUES (99, 'NOWHERE', NULL), (98, 'SOMEWHERE', 7)

query
SELECT regionkey, count(*) FROM lake.default.parts WHERE regionkey IS NULL OR regionkey > 4 GROUP BY 1 ORDER BY 1
----
7	1
NULL	1

# DELETE of whole partitions (Trino's Hive connector on non-transactional tables); not of rows.
query
DELETE FROM lake.default.parts WHERE regionkey = 7 OR regionkey IS NULL
----
2

statement error NOT_SUPPORTED: Deletes must match whole partitions for non-transactional tables
DELETE FROM lake.default.parts WHERE nationkey = 1

query
DELETE FROM lake.default.parts WHERE regionkey > 100
----
0

query
SELECT count(*), count(DISTINCT regionkey) FROM lake.default.parts
----
25	5

# "t$partitions", Trino's hidden table of a partitioned table: a row per partition, read-only.
query
SELECT * FROM lake.default."parts$partitions" WHERE regionkey <> 2 ORDER BY regionkey
----
0
1
3
4

query
DESCRIBE lake.default."parts$partitions"
----
regionkey	bigint	(empty)	(empty)

statement error NOT_SUPPORTED: Cannot modify the system table 'lake.default.parts$partitions'
INSERT INTO lake.default."parts$partitions" VALUES (9)

statement error NOT_SUPPORTED: line 1:12: Cannot modify the system table 'lake.default.parts$partitions'
DROP TABLE lake.default."parts$partitions"

statement error NOT_SUPPORTED: line 1:1: Cannot modify the system table 'lake.default.parts$partitions'
DELETE FROM lake.default."parts$partitions" WHERE regionkey = 1

statement error NOT_SUPPORTED: Cannot modify the system table 'lake.default.parts$partitions'
DELETE FROM lake.default."parts$partitions"

statement error NOT_SUPPORTED: Cannot modify the system table 'lake.default.parts$partitions'
UPDATE lake.default."parts$partitions" SET regionkey = 2

statement error TABLE_NOT_FOUND: line 1:15: Table 'lake.default.nosuch$partitions' does not exist
SELECT * FROM lake.default."nosuch$partitions"

# The partition queries embed the user's WHERE as its syntax tree, not as text formatted back and
# parsed again: quoted names with spaces and quotes, string literals with quotes, and errors that
# point at the DELETE's own text.
statement ok
CREATE TABLE lake.default.quoted_parts WITH (partitioned_by = ARRAY['region']) AS SELECT nationkey AS "nation key", name AS "the ""name""", CASE regionkey WHEN 1 THEN 'it''s' WHEN 2 THEN 'a "b"' ELSE 'plain' END AS region FROM tpch.tiny.nation

query
DELETE FROM lake.default.quoted_parts WHERE region = 'it''s' AND "nation key" >= 0 AND "the ""name""" <> 'x''y'
----
5

statement error NOT_SUPPORTED: Deletes must match whole partitions for non-transactional tables
DELETE FROM lake.default.quoted_parts WHERE region = 'a "b"' AND "the ""name""" = 'JAPAN'

statement error TYPE_MISMATCH: line 2:22: Cannot apply operator: varchar(25) = integer
DELETE FROM lake.default.quoted_parts
WHERE "the ""name""" = 1

query
DELETE FROM lake.default.quoted_parts WHERE region = 'a "b"' AND "nation key" IS NOT NULL
----
5

query
SELECT region, count(*) FROM lake.default.quoted_parts GROUP BY 1
----
plain	15

statement ok
DROP TABLE lake.default.quoted_parts

statement error NOT_SUPPORTED: This connector does not support updates
UPDATE lake.default.parts SET name = 'x'

# TRUNCATE drops every partition; rows written afterwards are all the table has.
statement ok
CREATE TABLE lake.default.parts_copy WITH (partitioned_by = ARRAY['regionkey']) AS SELECT * FROM lake.default.parts

statement ok
TRUNCATE TABLE lake.default.parts_copy

query
SELECT (SELECT count(*) FROM lake.default.parts_copy), (SELECT count(*) FROM lake.default."parts_copy$partitions")
----
0	0

statement ok
INSERT INTO lake.default.parts_copy VALUES (1, 'ONE', 9)

query
SELECT nationkey, name, regionkey, "$partition" FROM lake.default.parts_copy
----
1	ONE	9	regionkey=9

statement ok
DROP TABLE lake.default.parts_copy

# Without partitions, the table is one: DELETE of everything (no WHERE) and TRUNCATE delete its
# files and reset its row count; a DELETE with a WHERE is refused, as Trino's.
statement ok
CREATE TABLE lake.default.regions AS SELECT * FROM tpch.tiny.region

statement error NOT_SUPPORTED: line 1:1: Deletes must match whole partitions for non-transactional tables
DELETE FROM lake.default.regions WHERE regionkey = 1

query
DELETE FROM lake.default.regions
----
5

query
SELECT count(*), count(DISTINCT "$path") FROM lake.default.regions
----
0	0

statement ok
INSERT INTO lake.default.regions SELECT * FROM tpch.tiny.region WHERE regionkey < 2

query
SELECT count(*) FROM lake.default.regions
----
2

statement ok
TRUNCATE TABLE lake.default.regions

query
SELECT count(*) FROM lake.default.regions
----
0

query
SHOW STATS FOR lake.default.regions
----
regionkey	NULL	NULL	NULL	NULL	NULL	NULL
name	NULL	NULL	NULL	NULL	NULL	NULL
comment	NULL	NULL	NULL	NULL	NULL	NULL
NULL	NULL	NULL	NULL	0.0	NULL	NULL

statement ok
DROP TABLE lake.default.regions

query
SHOW CREATE TABLE lake.default.parts
----
CREATE TABLE lake.default.parts (\n   nationkey bigint,\n   name varchar(25),\n   regionkey bigint\n)\nWITH (\n   format = 'PARQUET',\n   partitioned_by = ARRAY['regionkey']\n)

statement error INVALID_TABLE_PROPERTY: Partition keys must be the last columns in the table and in the same order as the table properties: [a]
CREATE TABLE lake.default.bad (a bigint, b bigint) WITH (partitioned_by = ARRAY['a'])

# LIKE ... INCLUDING PROPERTIES copies the format and the partitioning; the statement's own
# properties win.
statement ok
CREATE TABLE lake.default.parts_like (LIKE lake.default.parts INCLUDING PROPERTIES) WITH (format = 'JSON')

query
SHOW CREATE TABLE lake.default.parts_like
----
CREATE TABLE lake.default.parts_like (\n   nationkey bigint,\n   name varchar(25),\n   regionkey bigint\n)\nWITH (\n   format = 'JSON',\n   partitioned_by = ARRAY['regionkey']\n)

statement ok
DROP TABLE lake.default.parts_like

# Comments live in the metastore: the table's as its `comment` parameter, as Hive's and Trino's.
statement ok
CREATE TABLE lake.default.commented COMMENT 'first' AS SELECT 1 AS x, 'a' AS y

statement ok
COMMENT ON COLUMN lake.default.commented.y IS 'why'

statement ok
COMMENT ON TABLE lake.default.commented IS 'second'

query
SHOW CREATE TABLE lake.default.commented
----
CREATE TABLE lake.default.commented (\n   x integer,\n   y varchar(1) COMMENT 'why'\n)\nCOMMENT 'second'\nWITH (\n   format = 'PARQUET'\n)

statement ok
DROP TABLE lake.default.commented

# CSV and JSON managed tables read back what they wrote.
statement ok
CREATE TABLE lake.default.csv_nation WITH (format = 'CSV') AS SELECT nationkey, name, comment FROM tpch.tiny.nation

query
SELECT count(*), min(comment) = (SELECT min(comment) FROM tpch.tiny.nation) FROM lake.default.csv_nation
----
25	true

statement ok
CREATE TABLE lake.default.json_nation WITH (format = 'JSON', partitioned_by = ARRAY['regionkey']) AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

query
SELECT regionkey, count(*) FROM lake.default.json_nation GROUP BY 1 ORDER BY 1 LIMIT 2
----
0	5
1	5

query rowsort
SHOW TABLES FROM lake.default
----
csv_nation
json_nation
nation
parts

statement ok
DROP TABLE lake.default.nation

statement error TABLE_NOT_FOUND: line 1:22: Table 'lake.default.nation' does not exist
SELECT count(*) FROM lake.default.nation

statement ok
CREATE SCHEMA lake.sales

statement ok
CREATE TABLE lake.sales.t AS SELECT 1 AS x

query
SELECT x FROM lake.sales.t
----
1

statement error SCHEMA_NOT_EMPTY: Cannot drop non-empty schema 'sales'
DROP SCHEMA lake.sales

statement ok
DROP TABLE lake.sales.t

statement ok
DROP SCHEMA lake.sales

query
SHOW SCHEMAS FROM lake
----
default
information_schema

# uuid columns, which Hive lacks, are kept as text in every format (as json columns are) and read
# back as uuid.
statement ok
CREATE TABLE lake.default.ids_parquet AS SELECT UUID '12151FD2-7586-11E9-8F9E-2A86E4085A59' AS id, 1 AS n UNION ALL SELECT CAST(NULL AS uuid), 2

statement ok
CREATE TABLE lake.default.ids_csv WITH (format = 'CSV') AS SELECT * FROM lake.default.ids_parquet

statement ok
CREATE TABLE lake.default.ids_json WITH (format = 'JSON') AS SELECT * FROM lake.default.ids_parquet

query types=integer|uuid|integer|uuid|integer|uuid
SELECT p.n, p.id, c.n, c.id, j.n, j.id FROM lake.default.ids_parquet p JOIN lake.default.ids_csv c ON p.n = c.n JOIN lake.default.ids_json j ON p.n = j.n ORDER BY p.n
----
1	12151fd2-7586-11e9-8f9e-2a86e4085a59	1	12151fd2-7586-11e9-8f9e-2a86e4085a59	1	12151fd2-7586-11e9-8f9e-2a86e4085a59
2	NULL	2	NULL	2	NULL

query
SELECT count(*) FROM lake.default.ids_parquet WHERE id = UUID '12151fd2-7586-11e9-8f9e-2a86e4085a59'
----
1

statement ok
DROP TABLE lake.default.ids_parquet

statement ok
DROP TABLE lake.default.ids_csv

statement ok
DROP TABLE lake.default.ids_json

# "t$properties": the table's parameters as one row of varchar columns (Trino's hidden table).
statement ok
CREATE TABLE lake.default.props WITH (bucketed_by = ARRAY['nationkey'], bucket_count = 2) AS SELECT nationkey, name FROM tpch.tiny.nation

query
SELECT numrows, numfiles <> '0', bucketing_version FROM lake.default."props$properties"
----
25	true	1

statement error NOT_SUPPORTED: Cannot modify the system table 'lake.default.props$properties'
INSERT INTO lake.default."props$properties" (numrows) VALUES ('1')

statement error TABLE_NOT_FOUND
SELECT * FROM lake.default."nothing$properties"

# CREATE OR REPLACE TABLE makes a new table; replacing one is not something the Hive connector does.
statement ok
CREATE OR REPLACE TABLE lake.default.replaced AS SELECT 1 AS one

statement error NOT_SUPPORTED: This connector does not support replacing tables
CREATE OR REPLACE TABLE lake.default.replaced AS SELECT 2 AS two

statement error NOT_SUPPORTED: This connector does not support replacing tables
CREATE OR REPLACE TABLE lake.default.replaced (two integer)

query
SELECT * FROM lake.default.replaced
----
1
