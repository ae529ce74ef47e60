# ALTER TABLE changes a lake table's metadata only, as Trino's Hive connector does: files are read
# by column name (Parquet, JSON) or position (CSV), so no data is rewritten.

statement ok
CREATE TABLE lake.default.evolving AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation WHERE nationkey < 3

statement ok
ALTER TABLE lake.default.evolving ADD COLUMN added integer COMMENT 'new'

statement ok
INSERT INTO lake.default.evolving VALUES (99, 'ATLANTIS', 9, 7)

# Files written before the column existed read it as NULL.
query
SELECT nationkey, name, regionkey, added FROM lake.default.evolving ORDER BY 1
----
0	ALGERIA	0	NULL
1	ARGENTINA	1	NULL
2	BRAZIL	1	NULL
99	ATLANTIS	9	7

statement error COLUMN_ALREADY_EXISTS: line 1:46: Column 'added' already exists
ALTER TABLE lake.default.evolving ADD COLUMN added varchar

statement ok
ALTER TABLE lake.default.evolving ADD COLUMN IF NOT EXISTS added varchar

# A renamed Parquet column reads NULL from files written before the rename (as in Trino).
statement ok
ALTER TABLE lake.default.evolving RENAME COLUMN name TO title

query
SELECT nationkey, title FROM lake.default.evolving ORDER BY 1
----
0	NULL
1	NULL
2	NULL
99	NULL

statement ok
ALTER TABLE lake.default.evolving DROP COLUMN regionkey

query
SHOW COLUMNS FROM lake.default.evolving
----
nationkey	bigint	(empty)	(empty)
title	varchar(25)	(empty)	(empty)
added	integer	(empty)	new

query
SELECT * FROM lake.default.evolving ORDER BY 1
----
0	NULL	NULL
1	NULL	NULL
2	NULL	NULL
99	NULL	7

statement error COLUMN_NOT_FOUND: line 1:47: Column 'nothing' does not exist
ALTER TABLE lake.default.evolving DROP COLUMN nothing

statement ok
ALTER TABLE lake.default.evolving DROP COLUMN IF EXISTS nothing

# Partition and bucketing columns stay.
statement ok
CREATE TABLE lake.default.evolving_parts WITH (partitioned_by = ARRAY['regionkey'], bucketed_by = ARRAY['nationkey'], bucket_count = 2) AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

statement error NOT_SUPPORTED: Cannot drop partition columns
ALTER TABLE lake.default.evolving_parts DROP COLUMN regionkey

statement error NOT_SUPPORTED: Renaming partition columns is not supported
ALTER TABLE lake.default.evolving_parts RENAME COLUMN regionkey TO region

statement error NOT_SUPPORTED: Cannot drop bucketing column 'nationkey' of table lake.default.evolving_parts
ALTER TABLE lake.default.evolving_parts DROP COLUMN nationkey

statement ok
ALTER TABLE lake.default.evolving_parts ADD COLUMN note varchar

# A new column comes before the partition columns, as in Trino.
query
SELECT nationkey, name, note, regionkey FROM lake.default.evolving_parts WHERE nationkey = 7
----
7	GERMANY	NULL	3

query
SHOW COLUMNS FROM lake.default.evolving_parts
----
nationkey	bigint	(empty)	(empty)
name	varchar(25)	(empty)	(empty)
note	varchar	(empty)	(empty)
regionkey	bigint	partition key	(empty)

query
SELECT column_name, extra_info FROM lake.information_schema.columns WHERE table_name = 'evolving_parts' ORDER BY ordinal_position
----
nationkey	NULL
name	NULL
note	NULL
regionkey	partition key

statement ok
CREATE TABLE lake.default.one_data_column (a bigint, p bigint) WITH (partitioned_by = ARRAY['p'])

statement error NOT_SUPPORTED: Cannot drop the only non-partition column in a table
ALTER TABLE lake.default.one_data_column DROP COLUMN a

# CSV files hold columns by position: a column is added at the end, renamed in place, never dropped.
statement ok
CREATE TABLE lake.default.evolving_csv WITH (format = 'CSV') AS SELECT nationkey, name FROM tpch.tiny.nation WHERE nationkey < 2

statement ok
ALTER TABLE lake.default.evolving_csv RENAME COLUMN name TO title

statement ok
ALTER TABLE lake.default.evolving_csv ADD COLUMN extra varchar

query
SELECT * FROM lake.default.evolving_csv ORDER BY 1
----
0	ALGERIA	NULL
1	ARGENTINA	NULL

statement error NOT_SUPPORTED: Cannot drop a column of CSV table lake.default.evolving_csv: its files hold columns by position
ALTER TABLE lake.default.evolving_csv DROP COLUMN title

statement error NOT_SUPPORTED: Cannot modify the system table 'lake.default.evolving_parts$partitions'
ALTER TABLE lake.default."evolving_parts$partitions" ADD COLUMN x integer

# RENAME TO moves the table's documents; its data stays where it is.
statement ok
CREATE TABLE lake.default.old_name WITH (partitioned_by = ARRAY['regionkey']) AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

statement ok
ALTER TABLE lake.default.old_name RENAME TO new_name

query
SELECT count(*), count(DISTINCT "$partition"), min(regionkey), max(regionkey) FROM lake.default.new_name
----
25	5	0	4

statement error TABLE_NOT_FOUND: line 1:15: Table 'lake.default.old_name' does not exist
SELECT * FROM lake.default.old_name

query
SHOW TABLES FROM lake.default LIKE '%_name'
----
new_name

statement ok
INSERT INTO lake.default.new_name VALUES (100, 'ATLANTIS', 5)

query
SELECT regionkey, count(*) FROM lake.default.new_name WHERE regionkey >= 4 GROUP BY 1 ORDER BY 1
----
4	5
5	1

# The old name's directory still holds the renamed table's files: no new managed table there.
statement error HIVE_PATH_ALREADY_EXISTS
CREATE TABLE lake.default.old_name (a bigint)

statement error TABLE_ALREADY_EXISTS: Table 'lake.default.evolving' already exists
ALTER TABLE lake.default.new_name RENAME TO evolving

statement error SCHEMA_NOT_FOUND: Schema 'lake.nowhere' does not exist
ALTER TABLE lake.default.new_name RENAME TO nowhere.t

statement error NOT_SUPPORTED: Table rename across catalogs is not supported
ALTER TABLE lake.default.new_name RENAME TO memory.default.t

statement ok
CREATE SCHEMA lake.other

statement ok
ALTER TABLE lake.default.new_name RENAME TO other.moved

query
SELECT count(*) FROM lake.other.moved
----
26

statement ok
DROP TABLE lake.other.moved

statement ok
CREATE TABLE lake.default.old_name (a bigint)

query
SELECT count(*) FROM lake.default.old_name
----
0
