# SHOW CATALOGS / SCHEMAS / TABLES / COLUMNS / DESCRIBE / CREATE / STATS / FUNCTIONS, and USE.

query types=varchar
SHOW CATALOGS
----
memory
tpch

query
SHOW CATALOGS LIKE 't%'
----
tpch

query
SHOW SCHEMAS FROM memory
----
default
information_schema

query
SHOW SCHEMAS FROM tpch LIKE 'sf1%'
----
sf1
sf100
sf1000
sf10000
sf100000

statement error CATALOG_NOT_FOUND: line 1:19: Catalog 'nosuch' does not exist
SHOW SCHEMAS FROM nosuch

query types=varchar
SHOW TABLES
----
customer
lineitem
nation
orders
part
partsupp
region
supplier

query
SHOW TABLES FROM tpch.sf1 LIKE '%item'
----
lineitem

query
SHOW TABLES FROM tpch.information_schema LIKE '%#_r%' ESCAPE '#'
----
applicable_roles
enabled_roles

statement error SCHEMA_NOT_FOUND: line 1:18: Schema 'nosuch' does not exist
SHOW TABLES FROM nosuch

query types=varchar|varchar|varchar|varchar
DESCRIBE nation
----
nationkey	bigint	(empty)	(empty)
name	varchar(25)	(empty)	(empty)
regionkey	bigint	(empty)	(empty)
comment	varchar(152)	(empty)	(empty)

query
SHOW COLUMNS FROM tpch.tiny.orders LIKE '%date'
----
orderdate	date	(empty)	(empty)

statement error TABLE_NOT_FOUND: line 1:10: Table 'tpch.tiny.nosuch' does not exist
DESCRIBE nosuch

statement ok
CREATE TABLE memory.default.t (a bigint NOT NULL COMMENT 'the key', "b c" varchar)

query
SHOW CREATE TABLE memory.default.t
----
CREATE TABLE memory.default.t (\n   a bigint NOT NULL COMMENT 'the key',\n   "b c" varchar\n)

# Reserved words are quoted, so that the text runs as it is (a column named "when", a table "order").
statement ok
CREATE TABLE memory.default."order" ("when" date, "select" varchar, plain integer)

query
SHOW CREATE TABLE memory.default."order"
----
CREATE TABLE memory.default."order" (\n   "when" date,\n   "select" varchar,\n   plain integer\n)

statement ok
DROP TABLE memory.default."order"

statement ok
CREATE TABLE memory.default."order" (
   "when" date,
   "select" varchar,
   plain integer
)

query
SHOW COLUMNS FROM memory.default."order"
----
when	date	(empty)	(empty)
select	varchar	(empty)	(empty)
plain	integer	(empty)	(empty)

statement ok
DROP TABLE memory.default."order"

query
DESCRIBE memory.default.t
----
a	bigint	(empty)	the key
b c	varchar	(empty)	(empty)

statement ok
CREATE VIEW memory.default.v AS SELECT a FROM memory.default.t WHERE a > 1

query
SHOW CREATE VIEW memory.default.v
----
CREATE VIEW memory.default.v AS\nSELECT\n  a\nFROM\n  memory.default.t\nWHERE\n  a > 1

query
SHOW TABLES FROM memory.default
----
t
v

statement error NOT_SUPPORTED: line 1:18: Relation 'memory.default.t' is a table, not a view
SHOW CREATE VIEW memory.default.t

query
SHOW CREATE SCHEMA memory.default
----
CREATE SCHEMA memory.default

query types=varchar|double|double|double|double|varchar|varchar
SHOW STATS FOR region
----
regionkey	NULL	5.0	0.0	NULL	0	4
name	NULL	5.0	0.0	NULL	NULL	NULL
comment	NULL	5.0	0.0	NULL	NULL	NULL
NULL	NULL	NULL	NULL	5.0	NULL	NULL

# For a query: the optimizer's estimates of its output (one region's five nations).
query types=varchar|double|double|double|double|varchar|varchar
SHOW STATS FOR (SELECT nationkey, regionkey * 2 AS r FROM nation WHERE regionkey = 1)
----
nationkey	NULL	5.0	0.0	NULL	0	24
r	NULL	NULL	NULL	NULL	NULL	NULL
NULL	NULL	NULL	NULL	5.0	NULL	NULL

query types=varchar|varchar|varchar|varchar|boolean|varchar
SHOW FUNCTIONS LIKE 'length'
----
length	bigint	char(x)	scalar	true	Number of characters, trailing spaces included
length	bigint	varbinary	scalar	true	Number of bytes
length	bigint	varchar(x)	scalar	true	Number of characters

statement ok
USE memory.default

statement error CATALOG_NOT_FOUND: line 1:5: Catalog 'nosuch' does not exist
USE nosuch.x

statement error SCHEMA_NOT_FOUND: line 1:10: Schema does not exist: tpch.nosuch
USE tpch.nosuch
