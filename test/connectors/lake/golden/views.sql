# Views in the lake's metastore: stored as Trino stores them, so they survive restarts.

statement ok
CREATE VIEW lake.default.region_one COMMENT 'nations of region 1' AS SELECT nationkey, upper(name) AS name FROM tpch.tiny.nation WHERE regionkey = 1

query
SELECT * FROM lake.default.region_one ORDER BY 1
----
1	ARGENTINA
2	BRAZIL
3	CANADA
17	PERU
24	UNITED STATES

query
SELECT table_name, table_type FROM lake.information_schema.tables WHERE table_schema = 'default' AND table_name = 'region_one'
----
region_one	VIEW

query
SHOW COLUMNS FROM lake.default.region_one
----
nationkey	bigint	(empty)	(empty)
name	varchar(25)	(empty)	(empty)

query
SHOW CREATE VIEW lake.default.region_one
----
CREATE VIEW lake.default.region_one COMMENT 'nations of region 1' AS\nSELECT\n  nationkey,\n  upper(name) AS name\nFROM\n  tpch.tiny.nation\nWHERE\n  regionkey = 1

statement error TABLE_ALREADY_EXISTS: line 1:13: View 'lake.default.region_one' already exists
CREATE VIEW lake.default.region_one AS SELECT 1 AS one

statement ok
CREATE OR REPLACE VIEW lake.default.region_one AS SELECT count(*) AS n FROM tpch.tiny.nation

query
SELECT * FROM lake.default.region_one
----
25

statement ok
ALTER VIEW lake.default.region_one RENAME TO counted

query
SELECT n FROM lake.default.counted
----
25

statement error TABLE_NOT_FOUND
SELECT * FROM lake.default.region_one

statement ok
CREATE TABLE lake.default.view_base AS SELECT 1 AS x

statement error TABLE_ALREADY_EXISTS
CREATE VIEW lake.default.view_base AS SELECT 1 AS x

statement ok
DROP VIEW lake.default.counted

query
SELECT count(*) FROM lake.information_schema.tables WHERE table_schema = 'default' AND table_type = 'VIEW'
----
0
