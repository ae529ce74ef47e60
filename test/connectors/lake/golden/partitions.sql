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

# Trino's partition procedures.
statement ok
CREATE TABLE lake.default.procs WITH (partitioned_by = ARRAY['ds']) AS SELECT 1 AS id, DATE '2024-01-01' AS ds

statement ok
CALL lake.system.create_empty_partition('default', 'procs', ARRAY['ds'], ARRAY['2024-01-02'])

query
SELECT ds FROM lake.default."procs$partitions" ORDER BY 1
----
2024-01-01
2024-01-02

query
SELECT count(*) FROM lake.default.procs
----
1

statement error ALREADY_EXISTS: Partition already exists
CALL lake.system.create_empty_partition('default', 'procs', ARRAY['ds'], ARRAY['2024-01-02'])

statement error INVALID_PROCEDURE_ARGUMENT: Provided partition column names do not match actual partition column names: [ds]
CALL lake.system.create_empty_partition('default', 'procs', ARRAY['day'], ARRAY['2024-01-03'])

statement error INVALID_PROCEDURE_ARGUMENT: Table 'default.nothing' does not exist
CALL lake.system.create_empty_partition('default', 'nothing', ARRAY['ds'], ARRAY['2024-01-03'])

statement error HIVE_INVALID_PARTITION_VALUE
CALL lake.system.create_empty_partition('default', 'procs', ARRAY['ds'], ARRAY['not a date'])

# unregister_partition forgets a partition; its files stay, and sync_partition_metadata finds them again.
statement ok
CALL lake.system.unregister_partition('default', 'procs', ARRAY['ds'], ARRAY['2024-01-01'])

query
SELECT count(*) FROM lake.default.procs
----
0

statement error NOT_FOUND: Partition 'ds=2024-01-01' does not exist
CALL lake.system.unregister_partition('default', 'procs', ARRAY['ds'], ARRAY['2024-01-01'])

statement ok
CALL lake.system.sync_partition_metadata('default', 'procs', 'ADD')

query
SELECT count(*) FROM lake.default.procs
----
1

statement ok
CREATE TABLE lake.default.flat_stats AS SELECT nationkey, name FROM tpch.tiny.nation

statement error INVALID_PROCEDURE_ARGUMENT: Table is not partitioned: default.flat_stats
CALL lake.system.unregister_partition('default', 'flat_stats', ARRAY['ds'], ARRAY['x'])

statement error PERMISSION_DENIED: register_partition procedure is disabled
CALL lake.system.register_partition('default', 'procs', ARRAY['ds'], ARRAY['2024-01-05'])

# drop_stats forgets the row counts and column statistics ANALYZE stored.
statement ok
ANALYZE lake.default.flat_stats

query
SHOW STATS FOR lake.default.flat_stats
----
nationkey	NULL	25.0	0.0	NULL	0	24
name	177.0	25.0	0.0	NULL	NULL	NULL
NULL	NULL	NULL	NULL	25.0	NULL	NULL

statement ok
CALL lake.system.drop_stats('default', 'flat_stats')

query
SHOW STATS FOR lake.default.flat_stats
----
nationkey	NULL	NULL	NULL	NULL	NULL	NULL
name	NULL	NULL	NULL	NULL	NULL	NULL
NULL	NULL	NULL	NULL	25.0	NULL	NULL

statement error INVALID_PROCEDURE_ARGUMENT: Cannot specify partition values for an unpartitioned table
CALL lake.system.drop_stats('default', 'flat_stats', ARRAY[ARRAY['x']])

statement ok
CALL lake.system.drop_stats('default', 'procs', ARRAY[ARRAY['2024-01-01']])

statement ok
CALL lake.system.drop_stats('default', 'procs')

statement error NOT_FOUND: Partition 'ds=2030-01-01' does not exist
CALL lake.system.drop_stats('default', 'procs', ARRAY[ARRAY['2030-01-01']])
