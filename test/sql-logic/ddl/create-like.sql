# CREATE TABLE (LIKE other [INCLUDING | EXCLUDING PROPERTIES], ...): the other table's visible
# columns (types, comments) where the clause stands; duplicates and missing tables fail as Trino's.

statement ok
CREATE SCHEMA memory.liked

statement ok
CREATE TABLE memory.liked.base (a bigint COMMENT 'key', b varchar)

statement ok
CREATE TABLE memory.liked.copy (z integer, LIKE memory.liked.base, c double)

query
SHOW CREATE TABLE memory.liked.copy
----
CREATE TABLE memory.liked.copy (\n   z integer,\n   a bigint COMMENT 'key',\n   b varchar,\n   c double\n)

statement ok
CREATE TABLE memory.liked.regions (LIKE tpch.tiny.region EXCLUDING PROPERTIES)

query
SELECT column_name, data_type FROM memory.information_schema.columns WHERE table_name = 'regions' ORDER BY ordinal_position
----
regionkey	bigint
name	varchar(25)
comment	varchar(152)

statement error DUPLICATE_COLUMN_NAME: line 1:58: Column name 'a' specified more than once
CREATE TABLE memory.liked.twice (LIKE memory.liked.base, a integer)

statement error TABLE_NOT_FOUND: line 1:32: LIKE table 'memory.liked.nosuch' does not exist
CREATE TABLE memory.liked.bad (LIKE memory.liked.nosuch)

statement error NOT_SUPPORTED: Only one LIKE clause can specify INCLUDING PROPERTIES
CREATE TABLE memory.liked.bad (LIKE memory.liked.base INCLUDING PROPERTIES, LIKE tpch.tiny.region INCLUDING PROPERTIES)
