# ALTER TABLE ... ALTER COLUMN ... SET DATA TYPE (every value cast; one that does not cast fails the
# statement and changes nothing) and ALTER VIEW ... RENAME TO, on memory tables and views.

statement ok
CREATE SCHEMA memory.altering

statement ok
CREATE TABLE memory.altering.t (a integer, b varchar) COMMENT 'kept'

statement ok
INSERT INTO memory.altering.t VALUES (1, '10'), (2, '20')

statement ok
ALTER TABLE memory.altering.t ALTER COLUMN b SET DATA TYPE bigint

query types=integer|bigint
SELECT a, b + 1 FROM memory.altering.t ORDER BY 1
----
1	11
2	21

query
SHOW CREATE TABLE memory.altering.t
----
CREATE TABLE memory.altering.t (\n   a integer,\n   b bigint\n)\nCOMMENT 'kept'

statement ok
ALTER TABLE memory.altering.t ALTER COLUMN a SET DATA TYPE varchar

statement ok
INSERT INTO memory.altering.t VALUES ('x', 3)

statement error INVALID_CAST_ARGUMENT: Cannot cast 'x' to INT
ALTER TABLE memory.altering.t ALTER COLUMN a SET DATA TYPE integer

query types=varchar|bigint
SELECT a, b FROM memory.altering.t ORDER BY 1
----
1	10
2	20
x	3

statement error COLUMN_NOT_FOUND: line 1:44: Column 'nosuch' does not exist
ALTER TABLE memory.altering.t ALTER COLUMN nosuch SET DATA TYPE integer

statement ok
ALTER TABLE IF EXISTS memory.altering.nosuch ALTER COLUMN a SET DATA TYPE integer

statement error NOT_SUPPORTED: This connector does not support setting column types
ALTER TABLE tpch.tiny.nation ALTER COLUMN name SET DATA TYPE varchar

statement ok
CREATE VIEW memory.altering.v AS SELECT a FROM memory.altering.t

statement ok
ALTER VIEW memory.altering.v RENAME TO w

query
SELECT count(*) FROM memory.altering.w
----
3

statement error TABLE_NOT_FOUND: line 1:22: Table 'memory.altering.v' does not exist
SELECT count(*) FROM memory.altering.v

statement error TABLE_ALREADY_EXISTS: Target view 'memory.altering.t' already exists
ALTER VIEW memory.altering.w RENAME TO t

statement error TABLE_NOT_FOUND: View 'memory.altering.nosuch' does not exist
ALTER VIEW memory.altering.nosuch RENAME TO z
