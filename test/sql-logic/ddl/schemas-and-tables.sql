# CREATE/DROP SCHEMA and CREATE/DROP TABLE on the memory connector.

statement ok
CREATE SCHEMA memory.s1

statement error SCHEMA_ALREADY_EXISTS: line 1:15: Schema 'memory.s1' already exists
CREATE SCHEMA memory.s1

statement ok
CREATE SCHEMA IF NOT EXISTS memory.s1

statement error CATALOG_NOT_FOUND: line 1:15: Catalog 'nosuch' does not exist
CREATE SCHEMA nosuch.s1

statement ok
CREATE TABLE memory.s1.t (a bigint, b varchar(10), c double, d date, e decimal(20,2), f array(integer))

query types=bigint|varchar(10)|double|date|decimal(20,2)|array(integer)
SELECT * FROM memory.s1.t
----

statement error TABLE_ALREADY_EXISTS: line 1:14: Table 'memory.s1.t' already exists
CREATE TABLE memory.s1.t (a bigint)

statement ok
CREATE TABLE IF NOT EXISTS memory.s1.t (x integer)

query types=bigint|varchar(10)|double|date|decimal(20,2)|array(integer)
SELECT * FROM memory.s1.t
----

statement error DUPLICATE_COLUMN_NAME: line 1:34: Column name 'a' specified more than once
CREATE TABLE memory.s1.u (a int, A int)

statement error SCHEMA_NOT_FOUND: line 1:14: Schema 'memory.nosuch' does not exist
CREATE TABLE memory.nosuch.t (a bigint)

statement error NOT_SUPPORTED: line 1:14: This connector does not support creating tables
CREATE TABLE tpch.tiny.t (a bigint)

statement error SCHEMA_NOT_EMPTY: line 1:13: Cannot drop non-empty schema 's1'
DROP SCHEMA memory.s1

statement ok
DROP TABLE memory.s1.t

statement error TABLE_NOT_FOUND: line 1:12: Table 'memory.s1.t' does not exist
DROP TABLE memory.s1.t

statement ok
DROP TABLE IF EXISTS memory.s1.t

statement ok
DROP SCHEMA memory.s1

statement error SCHEMA_NOT_FOUND: line 1:13: Schema 'memory.s1' does not exist
DROP SCHEMA memory.s1

statement ok
DROP SCHEMA IF EXISTS memory.s1

statement ok
CREATE SCHEMA memory.s2

statement ok
CREATE TABLE memory.s2.t (a bigint)

statement ok
DROP SCHEMA memory.s2 CASCADE

statement error SCHEMA_NOT_FOUND: line 1:15: Schema 's2' does not exist
SELECT * FROM memory.s2.t
