# CREATE [OR REPLACE] VIEW and DROP VIEW on the memory connector.

statement ok
CREATE VIEW memory.default.v AS SELECT regionkey, count(*) AS nations FROM tpch.tiny.nation GROUP BY regionkey

query rowsort
SELECT * FROM memory.default.v
----
0	5
1	5
2	5
3	5
4	5

statement error TABLE_ALREADY_EXISTS: line 1:13: View 'memory.default.v' already exists
CREATE VIEW memory.default.v AS SELECT 1 AS x

statement ok
CREATE OR REPLACE VIEW memory.default.v AS SELECT 1 AS x

query
SELECT x FROM memory.default.v
----
1

statement error MISSING_COLUMN_NAME: line 1:33: Column name not specified at position 1
CREATE VIEW memory.default.w AS SELECT 1

statement error NOT_SUPPORTED: line 1:13: Inserting into views is not supported
INSERT INTO memory.default.v VALUES (2)

statement ok
DROP VIEW memory.default.v

statement error TABLE_NOT_FOUND: line 1:11: View 'memory.default.v' does not exist
DROP VIEW memory.default.v

statement ok
DROP VIEW IF EXISTS memory.default.v
