# DELETE, UPDATE, TRUNCATE and ALTER TABLE on memory tables: row counts, results, errors.

statement ok
CREATE SCHEMA memory.dml

statement ok
CREATE TABLE memory.dml.t AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation

query types=bigint
DELETE FROM memory.dml.t WHERE regionkey = 1
----
5

query
SELECT count(*) FROM memory.dml.t
----
20

query types=bigint
DELETE FROM memory.dml.t WHERE nationkey > 1000
----
0

query types=bigint
UPDATE memory.dml.t SET name = upper(name) || '!', regionkey = regionkey + 10 WHERE nationkey < 3
----
1

query rowsort
SELECT nationkey, name, regionkey FROM memory.dml.t WHERE nationkey < 7
----
0	ALGERIA!	10
4	EGYPT	4
5	ETHIOPIA	0
6	FRANCE	3

statement error COLUMN_NOT_FOUND
UPDATE memory.dml.t SET nosuch = 1

# DELETE and UPDATE build their rewrite around the statement's own expressions, so errors in them
# point at the statement's text.
statement error COLUMN_NOT_FOUND: line 1:32: Column 'nosuch' cannot be resolved
DELETE FROM memory.dml.t WHERE nosuch = 1

statement error COLUMN_NOT_FOUND: line 1:32: Column 'nosuch' cannot be resolved
UPDATE memory.dml.t SET name = nosuch WHERE nationkey = 1

statement error COLUMN_NOT_FOUND: line 1:42: Column 'nosuch' cannot be resolved
UPDATE memory.dml.t SET name = 'x' WHERE nosuch = 1

statement ok
ALTER TABLE memory.dml.t ADD COLUMN score double

query
SELECT count(*), count(score) FROM memory.dml.t
----
20	0

statement error COLUMN_ALREADY_EXISTS: line 1:37: Column 'score' already exists
ALTER TABLE memory.dml.t ADD COLUMN score double

statement ok
ALTER TABLE memory.dml.t ADD COLUMN IF NOT EXISTS score double

statement ok
ALTER TABLE memory.dml.t RENAME COLUMN score TO points

query types=bigint
UPDATE memory.dml.t SET points = nationkey * 1.5 WHERE regionkey = 3
----
5

query
SELECT sum(points) FROM memory.dml.t
----
115.5

statement ok
ALTER TABLE memory.dml.t DROP COLUMN points

query
SELECT * FROM memory.dml.t WHERE nationkey = 6
----
6	FRANCE	3

statement ok
ALTER TABLE memory.dml.t RENAME TO memory.dml.u

statement error TABLE_NOT_FOUND
SELECT * FROM memory.dml.t

query
SELECT count(*) FROM memory.dml.u
----
20

query types=bigint
DELETE FROM memory.dml.u
----
20

statement ok
INSERT INTO memory.dml.u VALUES (100, 'ATLANTIS', 9)

statement ok
TRUNCATE TABLE memory.dml.u

query
SELECT count(*) FROM memory.dml.u
----
0

statement ok
CREATE TABLE memory.dml.single (x bigint)

statement error NOT_SUPPORTED: line 1:43: Cannot drop the only column in a table
ALTER TABLE memory.dml.single DROP COLUMN x

# Connectors without the row-level rewrite capability answer Trino's messages.
statement error NOT_SUPPORTED: This connector does not support deletes
DELETE FROM tpch.tiny.nation

statement error NOT_SUPPORTED: This connector does not support deletes
DELETE FROM tpch.tiny.nation WHERE nationkey = 1

statement error NOT_SUPPORTED: This connector does not support updates
UPDATE tpch.tiny.nation SET name = 'x'

statement error NOT_SUPPORTED: This connector does not support truncating tables
TRUNCATE TABLE tpch.tiny.nation

statement error NOT_SUPPORTED: This connector does not support renaming tables
ALTER TABLE tpch.tiny.nation RENAME TO tpch.tiny.nation2

statement error NOT_SUPPORTED: This connector does not support adding columns
ALTER TABLE tpch.tiny.nation ADD COLUMN x bigint

statement error NOT_SUPPORTED: This connector does not support dropping columns
ALTER TABLE tpch.tiny.nation DROP COLUMN comment

statement error NOT_SUPPORTED: This connector does not support renaming columns
ALTER TABLE tpch.tiny.nation RENAME COLUMN comment TO c
