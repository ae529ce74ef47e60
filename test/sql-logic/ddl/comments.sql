# Table, column and view comments: CREATE ... COMMENT, COMMENT ON (text or NULL), and where
# clients read them back (SHOW CREATE, information_schema.columns; system.jdbc's REMARKS are tested
# with a server, test/server/metadata/jdbc-remarks.test.ts).

statement ok
CREATE SCHEMA memory.commented

statement ok
CREATE TABLE memory.commented.t (a bigint COMMENT 'the key', b varchar) COMMENT 'first words'

query
SHOW CREATE TABLE memory.commented.t
----
CREATE TABLE memory.commented.t (\n   a bigint COMMENT 'the key',\n   b varchar\n)\nCOMMENT 'first words'

statement ok
COMMENT ON TABLE memory.commented.t IS 'it''s changed'

statement ok
COMMENT ON COLUMN memory.commented.t.b IS 'a name'

statement ok
COMMENT ON COLUMN memory.commented.t.a IS NULL

# Rewrites (DELETE, UPDATE) keep the comments.
statement ok
INSERT INTO memory.commented.t VALUES (1, 'x'), (2, 'y')

statement ok
DELETE FROM memory.commented.t WHERE a = 1

query
SELECT column_name, comment FROM memory.information_schema.columns WHERE table_schema = 'commented' ORDER BY 1
----
a	NULL
b	a name

statement ok
COMMENT ON TABLE memory.commented.t IS NULL

query
SHOW CREATE TABLE memory.commented.t
----
CREATE TABLE memory.commented.t (\n   a bigint,\n   b varchar COMMENT 'a name'\n)

statement ok
CREATE VIEW memory.commented.v AS SELECT a FROM memory.commented.t

statement ok
COMMENT ON VIEW memory.commented.v IS 'a view'

query
SHOW CREATE VIEW memory.commented.v
----
CREATE VIEW memory.commented.v COMMENT 'a view' AS\nSELECT\n  a\nFROM\n  memory.commented.t

statement error COLUMN_NOT_FOUND: line 1:19: Column 'nosuch' does not exist
COMMENT ON COLUMN memory.commented.t.nosuch IS 'x'

statement error TABLE_NOT_FOUND: line 1:18: Table 'memory.commented.nosuch' does not exist
COMMENT ON TABLE memory.commented.nosuch IS 'x'

statement error NOT_SUPPORTED: line 1:18: Relation 'memory.commented.v' is a view, not a table
COMMENT ON TABLE memory.commented.v IS 'x'

statement error NOT_SUPPORTED: line 1:18: This connector does not support setting table comments
COMMENT ON TABLE tpch.tiny.nation IS 'x'
