# External tables over files DuckDB wrote: columns inferred from the files, or declared.

statement ok
CREATE TABLE lake.default.orders WITH (external_location = '${FIXTURES}/orders')

query types=varchar
SELECT column_name || ' ' || data_type FROM lake.information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position
----
id bigint
customer varchar
amount decimal(12,2)
day date

query types=bigint|bigint|decimal(38,2)
SELECT count(*), count(DISTINCT customer), sum(amount) FROM lake.default.orders
----
1000	7	624375.00

query
SELECT id, customer, amount, day FROM lake.default.orders WHERE id IN (5, 777) ORDER BY id
----
5	c5	6.25	2024-01-06
777	c0	971.25	2024-02-22

query
SELECT count(*) FROM lake.default.orders WHERE day >= DATE '2024-02-01'
----
400

query
SELECT count(*) FROM lake.default.orders WHERE id < 0
----
0

query
SHOW CREATE TABLE lake.default.orders
----
CREATE TABLE lake.default.orders (\n   id bigint,\n   customer varchar,\n   amount decimal(12,2),\n   day date\n)\nWITH (\n   external_location = '${FIXTURES}/orders',\n   format = 'PARQUET'\n)

query rowsort
SELECT substr("$path", length("$path") - 13), count(*) FROM lake.default.orders GROUP BY 1
----
part-0.parquet	600
part-1.parquet	400

query
SELECT "$file_size" > 0, year("$file_modified_time") > 2000 FROM lake.default.orders WHERE id = 1
----
true	true

statement error COLUMN_NOT_FOUND: Column '$partition' cannot be resolved
SELECT "$partition" FROM lake.default.orders

# A declared column list: columns match by name, case-insensitively; a missing one reads NULL.
statement ok
CREATE TABLE lake.default.orders2 (ID bigint, amount decimal(14,3), missing varchar) WITH (external_location = '${FIXTURES}/orders', format = 'PARQUET')

query
SELECT id, amount, missing FROM lake.default.orders2 WHERE id = 3
----
3	3.750	NULL

# A file type the declared column cannot hold fails naming the column, both types and the file.
statement ok
CREATE TABLE lake.default.orders3 (id bigint, amount double) WITH (external_location = '${FIXTURES}/orders', format = 'PARQUET')

statement error HIVE_PARTITION_SCHEMA_MISMATCH: The column amount is declared as type double, but the Parquet file (${FIXTURES}/orders/part-0.parquet) declares the column as type INT64 (DECIMAL(12,2))
SELECT sum(amount) FROM lake.default.orders3 WHERE "$path" LIKE '%part-0%'

# Files of external tables are not written to (Trino's hive.non-managed-table-writes-enabled=false).
statement error NOT_SUPPORTED: Cannot write to non-managed Hive table (set hive.non-managed-table-writes-enabled=true)
INSERT INTO lake.default.orders VALUES (1, 'x', 1.00, DATE '2024-01-01')

statement error NOT_SUPPORTED: line 1:1: Deletes must match whole partitions for non-transactional tables
DELETE FROM lake.default.orders WHERE id = 1

statement error NOT_SUPPORTED: Cannot delete from non-managed Hive table
DELETE FROM lake.default.orders

statement error NOT_SUPPORTED: Cannot truncate non-managed Hive table
TRUNCATE TABLE lake.default.orders

statement error NOT_SUPPORTED: This connector does not support updates
UPDATE lake.default.orders SET customer = 'x'

# Dropping an external table keeps its files.
statement ok
DROP TABLE lake.default.orders

statement ok
CREATE TABLE lake.default.orders WITH (external_location = '${FIXTURES}/orders')

query
SELECT count(*) FROM lake.default.orders
----
1000

statement error INVALID_TABLE_PROPERTY: line 1:14: External location does not exist: ${FIXTURES}/nowhere
CREATE TABLE lake.default.nowhere (a bigint) WITH (external_location = '${FIXTURES}/nowhere')

statement error INVALID_TABLE_PROPERTY: Catalog 'lake' table property 'colour' does not exist
CREATE TABLE lake.default.x (a bigint) WITH (colour = 'red')

statement error INVALID_TABLE_PROPERTY: A table without a column list needs external_location: its columns are inferred from the files there
CREATE TABLE lake.default.x WITH (format = 'PARQUET')
