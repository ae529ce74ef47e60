# INSERT INTO ... VALUES / SELECT into memory tables: column lists, coercions, errors, atomicity.

statement ok
CREATE TABLE memory.default.t (a bigint, b varchar, c double)

query types=bigint
INSERT INTO memory.default.t VALUES (1, 'x', 1.5), (2, 'y', NULL)
----
2

query
INSERT INTO memory.default.t (b, a) VALUES ('z', 3)
----
1

query rowsort
SELECT a, b, c FROM memory.default.t
----
1	x	1.5
2	y	NULL
3	z	NULL

# Integer and decimal values are coerced to the column types.
query
INSERT INTO memory.default.t SELECT nationkey + 100, name, 2 FROM tpch.tiny.nation WHERE nationkey < 3
----
3

query
SELECT count(*), sum(a), sum(c) FROM memory.default.t
----
6	309	7.5

query
INSERT INTO memory.default.t SELECT * FROM memory.default.t WHERE a < 0
----
0

statement error TYPE_MISMATCH: line 1:1: Insert query has mismatched column types: Table: [bigint, varchar, double], Query: [integer]
INSERT INTO memory.default.t VALUES (1)

statement error TYPE_MISMATCH: line 1:1: Insert query has mismatched column types: Table: [bigint, varchar, double], Query: [varchar(1), varchar(1), integer]
INSERT INTO memory.default.t VALUES ('a', 'b', 1)

statement error COLUMN_NOT_FOUND: line 1:34: Insert column name does not exist: nosuch
INSERT INTO memory.default.t (a, nosuch) VALUES (1, 2)

statement error DUPLICATE_COLUMN_NAME: line 1:34: Insert column name is specified more than once: a
INSERT INTO memory.default.t (a, a) VALUES (1, 2)

statement error TABLE_NOT_FOUND: line 1:13: Table 'memory.default.nosuch' does not exist
INSERT INTO memory.default.nosuch VALUES (1)

# A write that fails half-way leaves the table as it was.
statement error DIVISION_BY_ZERO: Division by zero
INSERT INTO memory.default.t SELECT 10 / (a - 3), b, c FROM memory.default.t

query
SELECT count(*) FROM memory.default.t
----
6

statement error NOT_SUPPORTED: This connector does not support inserts
INSERT INTO tpch.tiny.region SELECT * FROM tpch.tiny.region

# The table's statistics follow the writes.
query
SELECT count(*) FROM memory.default.t t1 JOIN memory.default.t t2 ON t1.a = t2.a
----
6
