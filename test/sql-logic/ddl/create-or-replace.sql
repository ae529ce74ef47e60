# CREATE OR REPLACE TABLE: a new table, or the existing one replaced (columns, comment and rows).

statement ok
CREATE OR REPLACE TABLE memory.default.replaced AS SELECT nationkey, name FROM tpch.tiny.nation WHERE regionkey = 1

query
SELECT count(*) FROM memory.default.replaced
----
5

statement ok
COMMENT ON TABLE memory.default.replaced IS 'the first'

query
CREATE OR REPLACE TABLE memory.default.replaced COMMENT 'the second' AS SELECT regionkey, name AS region FROM tpch.tiny.region
----
5

query
SELECT * FROM memory.default.replaced ORDER BY 1
----
0	AFRICA
1	AMERICA
2	ASIA
3	EUROPE
4	MIDDLE EAST

query
SHOW CREATE TABLE memory.default.replaced
----
CREATE TABLE memory.default.replaced (\n   regionkey bigint,\n   region varchar(25)\n)\nCOMMENT 'the second'

statement ok
CREATE OR REPLACE TABLE memory.default.replaced (id bigint, note varchar)

query
SELECT count(*) FROM memory.default.replaced
----
0

query
SHOW COLUMNS FROM memory.default.replaced
----
id	bigint	(empty)	(empty)
note	varchar	(empty)	(empty)

query
SHOW CREATE TABLE memory.default.replaced
----
CREATE TABLE memory.default.replaced (\n   id bigint,\n   note varchar\n)

query
CREATE OR REPLACE TABLE memory.default.replaced AS SELECT 1 AS one WITH NO DATA
----
0

query
SHOW COLUMNS FROM memory.default.replaced
----
one	integer	(empty)	(empty)

# A query that fails leaves the table as it was.
statement error DIVISION_BY_ZERO: Division by zero
CREATE OR REPLACE TABLE memory.default.replaced AS SELECT 1 / 0 AS broken

query
SHOW COLUMNS FROM memory.default.replaced
----
one	integer	(empty)	(empty)

statement ok
CREATE OR REPLACE TABLE memory.default.fresh (a integer)

query
SHOW TABLES FROM memory.default LIKE 'fresh'
----
fresh

statement error SYNTAX_ERROR: line 1:1: 'OR REPLACE' and 'IF NOT EXISTS' clauses can not be used together
CREATE OR REPLACE TABLE IF NOT EXISTS memory.default.fresh (a integer)

statement error INVALID_TABLE_PROPERTY: Catalog 'memory' table property 'format' does not exist
CREATE OR REPLACE TABLE memory.default.fresh (a integer) WITH (format = 'ORC')

statement ok
CREATE VIEW memory.default.a_view AS SELECT 1 AS x

statement error TABLE_ALREADY_EXISTS
CREATE OR REPLACE TABLE memory.default.a_view AS SELECT 1 AS x

statement ok
DROP VIEW memory.default.a_view

statement ok
DROP TABLE memory.default.fresh

statement ok
DROP TABLE memory.default.replaced
