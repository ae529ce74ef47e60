# MERGE on memory tables (Trino's semantics): the first applicable WHEN case per row, row counts,
# a target row matched by several source rows, and the errors Trino gives.

statement ok
CREATE SCHEMA memory.merging

statement ok
CREATE TABLE memory.merging.accounts (id bigint, owner varchar, balance integer)

statement ok
INSERT INTO memory.merging.accounts VALUES (1, 'ann', 10), (2, 'bob', 20), (3, 'cid', 30), (5, 'eve', 50)

statement ok
CREATE TABLE memory.merging.changes (id bigint, owner varchar, op varchar)

statement ok
INSERT INTO memory.merging.changes VALUES (1, 'ANN', 'u'), (3, 'CID', 'd'), (4, 'dan', 'i'), (2, 'BOB', 'x'), (6, 'fay', 'skip')

# Matched rows take the first case whose condition holds (3 is deleted, 1 updated, 2 matches no
# case and stays); unmatched source rows are inserted unless their case's condition fails (6).
query types=bigint
MERGE INTO memory.merging.accounts t USING memory.merging.changes s ON t.id = s.id
WHEN MATCHED AND s.op = 'd' THEN DELETE
WHEN MATCHED AND s.op = 'u' THEN UPDATE SET owner = s.owner, balance = t.balance + 1
WHEN NOT MATCHED AND s.op <> 'skip' THEN INSERT (id, owner) VALUES (s.id, s.owner || '!')
----
3

query
SELECT id, owner, balance FROM memory.merging.accounts ORDER BY id
----
1	ANN	11
2	bob	20
4	dan!	NULL
5	eve	50

# A source given as a query with its alias; an INSERT without a column list fills every column;
# values are cast to the column types as by INSERT.
query types=bigint
MERGE INTO memory.merging.accounts AS a
USING (VALUES (5, 'EVE', 1.6e1), (7, 'gus', 7)) AS src(id, who, amount) ON a.id = src.id
WHEN MATCHED THEN UPDATE SET balance = src.amount
WHEN NOT MATCHED THEN INSERT VALUES (src.id, src.who, src.amount)
----
2

query
SELECT id, owner, balance FROM memory.merging.accounts WHERE id >= 5 ORDER BY id
----
5	eve	16
7	gus	7

# Without an alias, the target is named by its table name.
query types=bigint
MERGE INTO memory.merging.accounts USING (VALUES 4) AS s(id) ON accounts.id = s.id WHEN MATCHED THEN DELETE
----
1

# Matching nothing changes nothing.
query types=bigint
MERGE INTO memory.merging.accounts t USING (VALUES 100) AS s(id) ON t.id = s.id WHEN MATCHED THEN DELETE
----
0

statement error MERGE_TARGET_ROW_MULTIPLE_MATCHES: line 1:1: One MERGE target table row matched more than one source row
MERGE INTO memory.merging.accounts t USING (VALUES (1, 'x'), (1, 'y')) AS s(id, o) ON t.id = s.id WHEN MATCHED THEN UPDATE SET owner = s.o

# Rows matched by several source rows but taking no case are left alone, as are all the others.
query types=bigint
MERGE INTO memory.merging.accounts t USING (VALUES (1, 'x'), (1, 'y')) AS s(id, o) ON t.id = s.id WHEN MATCHED AND s.o = 'z' THEN DELETE
----
0

query
SELECT count(*), sum(balance) FROM memory.merging.accounts
----
4	54

statement error COLUMN_NOT_FOUND: Merge column name does not exist in target table: nosuch
MERGE INTO memory.merging.accounts t USING (VALUES 1) AS s(id) ON t.id = s.id WHEN MATCHED THEN UPDATE SET nosuch = 1

statement error DUPLICATE_COLUMN_NAME: Merge column name is specified more than once: id
MERGE INTO memory.merging.accounts t USING (VALUES 9) AS s(id) ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, id) VALUES (1, 2)

statement error TYPE_MISMATCH: line 1:79: MERGE INSERT has 2 values for 1 columns
MERGE INTO memory.merging.accounts t USING (VALUES 9) AS s(id) ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id) VALUES (1, 2)

statement error COLUMN_NOT_FOUND: line 1:83: Column 's.nosuch' cannot be resolved
MERGE INTO memory.merging.accounts t USING (VALUES 9) AS s(id) ON t.id = s.id AND s.nosuch = 1 WHEN MATCHED THEN DELETE

statement error TABLE_NOT_FOUND: line 1:12: Table 'memory.merging.nosuch' does not exist
MERGE INTO memory.merging.nosuch t USING (VALUES 9) AS s(id) ON t.id = s.id WHEN MATCHED THEN DELETE

statement error NOT_SUPPORTED: This connector does not support merges
MERGE INTO tpch.tiny.nation t USING (VALUES 9) AS s(id) ON t.nationkey = s.id WHEN MATCHED THEN DELETE

statement ok
CREATE VIEW memory.merging.v AS SELECT * FROM memory.merging.accounts

statement error NOT_SUPPORTED: line 1:1: Merging into views is not supported
MERGE INTO memory.merging.v t USING (VALUES 9) AS s(id) ON t.id = s.id WHEN MATCHED THEN DELETE
