# A Hive-partitioned directory (ds=.../region=...): partition columns and types from the names.

statement ok
CREATE TABLE lake.default.events WITH (external_location = '${FIXTURES}/events')

query types=varchar|varchar
SELECT column_name, data_type FROM lake.information_schema.columns WHERE table_name = 'events' ORDER BY ordinal_position
----
id	bigint
kind	varchar
ds	date
region	varchar

query
DESCRIBE lake.default.events
----
id	bigint	(empty)	(empty)
kind	varchar	(empty)	(empty)
ds	date	partition key	(empty)
region	varchar	partition key	(empty)

query
SHOW TABLES FROM lake.default LIKE 'ev%'
----
events

query rowsort
SELECT ds, region, count(*), count(kind) FROM lake.default.events GROUP BY 1, 2
----
2024-03-01	eu	90	60
2024-03-01	us	90	60
2024-03-02	eu	90	60
2024-03-02	us	90	60

query
SELECT count(*) FROM lake.default.events WHERE ds = DATE '2024-03-02' AND region = 'us'
----
90

query
SELECT DISTINCT "$partition" FROM lake.default.events WHERE region = 'eu' ORDER BY 1
----
ds=2024-03-01/region=eu
ds=2024-03-02/region=eu

query
SELECT count(*) FROM lake.default.events WHERE ds > DATE '2024-03-02'
----
0

# The filter on a partition column is the connector's: EXPLAIN shows no filter above the scan.
query
SELECT count(*) FROM lake.default.events WHERE region IN ('eu') AND kind = 'click'
----
60

statement ok
CALL lake.system.sync_partition_metadata('default', 'events', 'FULL')

query
SELECT count(*) FROM lake.default.events
----
360

statement error INVALID_PROCEDURE_ARGUMENT: Invalid partition metadata sync mode: some
CALL lake.system.sync_partition_metadata('default', 'events', 'some')

statement ok
CREATE TABLE lake.default.flat WITH (external_location = '${FIXTURES}/orders')

statement error INVALID_PROCEDURE_ARGUMENT: Table is not partitioned: default.flat
CALL lake.system.sync_partition_metadata(schema_name => 'default', table_name => 'flat', mode => 'ADD')

statement error PROCEDURE_NOT_FOUND: Procedure not registered: lake.system.no_such_thing
CALL lake.system.no_such_thing()

statement error INVALID_PROCEDURE_ARGUMENT: Required procedure argument 'mode' is missing
CALL lake.system.sync_partition_metadata('default', 'events')
