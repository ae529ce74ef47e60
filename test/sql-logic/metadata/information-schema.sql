# information_schema in every catalog.

query
SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'tiny' ORDER BY 1
----
customer	BASE TABLE
lineitem	BASE TABLE
nation	BASE TABLE
orders	BASE TABLE
part	BASE TABLE
partsupp	BASE TABLE
region	BASE TABLE
supplier	BASE TABLE

query types=varchar|varchar|varchar|varchar|bigint|varchar|varchar|varchar|varchar|varchar
SELECT * FROM tpch.information_schema.columns WHERE table_schema = 'tiny' AND table_name = 'region'
----
tpch	tiny	region	regionkey	1	NULL	NO	bigint	NULL	NULL
tpch	tiny	region	name	2	NULL	NO	varchar(25)	NULL	NULL
tpch	tiny	region	comment	3	NULL	NO	varchar(152)	NULL	NULL

query
SELECT schema_name FROM memory.information_schema.schemata ORDER BY 1
----
default
information_schema

query
SELECT count(*) FROM information_schema.tables WHERE table_schema = 'information_schema'
----
8

query
SELECT table_name FROM information_schema.tables WHERE table_schema IN ('sf1', 'sf10') AND table_name = 'nation' ORDER BY 1
----
nation
nation

statement ok
CREATE VIEW memory.default.v AS SELECT 1 AS x

query
SELECT table_schema, table_name, view_definition FROM memory.information_schema.views
----
default	v	SELECT\n  1 AS x

query
SELECT table_name, table_type FROM memory.information_schema.tables WHERE table_schema = 'default'
----
v	VIEW

query
SELECT column_name, data_type, is_nullable FROM memory.information_schema.columns WHERE table_name = 'v'
----
x	integer	YES

query
SELECT count(*) FROM information_schema.table_privileges
----
0
