# CREATE TABLE AS with and without data.

query types=bigint
CREATE TABLE memory.default.n AS SELECT nationkey, name, regionkey FROM tpch.tiny.nation WHERE regionkey = 1
----
5

query types=bigint|varchar(25)|bigint
SELECT * FROM memory.default.n ORDER BY nationkey
----
1	ARGENTINA	1
2	BRAZIL	1
3	CANADA	1
17	PERU	1
24	UNITED STATES	1

query
CREATE TABLE memory.default.renamed (k, label) AS SELECT nationkey, upper(name) FROM memory.default.n WHERE nationkey < 3
----
2

query types=bigint|varchar(25)
SELECT k, label FROM memory.default.renamed ORDER BY k
----
1	ARGENTINA
2	BRAZIL

query
CREATE TABLE memory.default.empty AS SELECT * FROM tpch.tiny.region WITH NO DATA
----
0

query types=bigint|varchar(25)|varchar(152)
SELECT * FROM memory.default.empty
----

query
CREATE TABLE IF NOT EXISTS memory.default.n AS SELECT 1 AS x
----
0

statement error TABLE_ALREADY_EXISTS: line 1:1: Destination table 'memory.default.n' already exists
CREATE TABLE memory.default.n AS SELECT 1 AS x

statement error MISSING_COLUMN_NAME: line 1:36: Column name not specified at position 1
CREATE TABLE memory.default.bad AS SELECT 1

statement error DUPLICATE_COLUMN_NAME: line 1:1: Column name 'x' specified more than once
CREATE TABLE memory.default.bad AS SELECT 1 AS x, 2 AS x

statement error COLUMN_TYPE_UNKNOWN: line 1:1: Column type is unknown at position 1
CREATE TABLE memory.default.bad AS SELECT NULL AS x

statement error MISMATCHED_COLUMN_ALIASES: line 1:1: Column alias list has 1 entries but relation has 2 columns
CREATE TABLE memory.default.bad (a) AS SELECT 1 AS x, 2 AS y

# A CREATE TABLE AS that fails leaves no table behind.
statement error DIVISION_BY_ZERO: Division by zero
CREATE TABLE memory.default.bad AS SELECT 1 / (nationkey - 5) AS x FROM tpch.tiny.nation

statement error TABLE_NOT_FOUND: line 1:15: Table 'memory.default.bad' does not exist
SELECT * FROM memory.default.bad
