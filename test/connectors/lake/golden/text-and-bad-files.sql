# CSV with a header, quotes, embedded line breaks and nulls; JSON lines; bad files.

statement ok
CREATE TABLE lake.default.people WITH (external_location = '${FIXTURES}/people')

query types=bigint|varchar|varchar|double
SELECT id, name, note, score FROM lake.default.people ORDER BY id
----
1	Ann	plain	1.5
2	Smith, Bob	said "hi"	2.25
3	Cy	two\nlines	NULL
4	NULL	(empty)	4.0

query
SHOW CREATE TABLE lake.default.people
----
CREATE TABLE lake.default.people (\n   id bigint,\n   name varchar,\n   note varchar,\n   score double\n)\nWITH (\n   external_location = '${FIXTURES}/people',\n   format = 'CSV',\n   skip_header_line_count = 1\n)

statement ok
CREATE TABLE lake.default.people_text (id varchar, name varchar, note varchar, score varchar) WITH (external_location = '${FIXTURES}/people', format = 'CSV', skip_header_line_count = 1, null_format = 'Ann')

query
SELECT id, name FROM lake.default.people_text ORDER BY id
----
1	NULL
2	Smith, Bob
3	Cy
4	NULL

statement ok
CREATE TABLE lake.default.logs WITH (external_location = '${FIXTURES}/logs', format = 'JSON')

query
SELECT level, sum(n) FROM lake.default.logs GROUP BY 1 ORDER BY 1
----
info	4
warn	2

# Vivace's CSV writer writes no header: a table that skips one is not written to.
statement error NOT_SUPPORTED: Inserting into Hive table with skip.header.line.count property not supported
CREATE TABLE lake.default.with_header WITH (format = 'CSV', skip_header_line_count = 1) AS SELECT 1 AS a

statement error INVALID_TABLE_PROPERTY: Cannot specify csv_separator table property for storage format: PARQUET
CREATE TABLE lake.default.x (a bigint) WITH (format = 'PARQUET', csv_separator = ';')

statement ok
CREATE TABLE lake.default.noise (id bigint) WITH (external_location = '${FIXTURES}/broken', format = 'PARQUET')

statement error HIVE_BAD_DATA
SELECT count(*) FROM lake.default.noise

statement ok
CREATE TABLE lake.default.cut (id bigint) WITH (external_location = '${FIXTURES}/truncated', format = 'PARQUET')

statement error HIVE_BAD_DATA
SELECT count(*) FROM lake.default.cut

# A constraint on "$path" or "$file_size" skips files before their footers are read (as Trino's):
# one file of a table can be queried, a broken one steered around.
statement ok
CREATE TABLE lake.default.mixed (id bigint) WITH (external_location = '${FIXTURES}/mixed', format = 'PARQUET')

statement error HIVE_BAD_DATA
SELECT count(*) FROM lake.default.mixed

query
SELECT count(*), sum(id) FROM lake.default.mixed WHERE "$path" = '${FIXTURES}/mixed/good.parquet'
----
100	4950

query
SELECT count(*) FROM lake.default.mixed WHERE "$path" <> '${FIXTURES}/mixed/cut.parquet'
----
100

query
SELECT count(*) FROM lake.default.mixed WHERE "$file_size" > 1000000000
----
0

# The engine survives: the next query runs.
query
SELECT count(*) FROM lake.default.people
----
4
