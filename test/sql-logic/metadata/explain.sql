# EXPLAIN: the optimized plan as text, JSON, Graphviz and IO, and VALIDATE.

query types=varchar
EXPLAIN SELECT regionkey, count(*) FROM nation GROUP BY regionkey
----
- Output[columnNames = [regionkey, _col1]] => [regionkey:bigint, count:bigint]\n        _col1 := count\n    - Aggregation[type = SINGLE, keys = [regionkey]] => [regionkey:bigint, count:bigint]\n            count := count()\n        - TableScan[table = tpch.tiny.nation] => [regionkey:bigint]\n

# customer (1,500 rows) is above single_node_execution_threshold_rows: the cluster runs it distributed too.
query types=varchar
EXPLAIN (TYPE DISTRIBUTED) SELECT nationkey, count(*) FROM customer GROUP BY nationkey
----
Fragment 0 [SINGLE]\n    Output layout: [nationkey, count]\n    Output partitioning: SINGLE []\n    - Output[columnNames = [nationkey, _col1]] => [nationkey:bigint, count:bigint]\n            _col1 := count\n        - RemoteSource[sources = [1], type = GATHER] => [nationkey:bigint, count:bigint]\n\nFragment 1 [HASH]\n    Output layout: [nationkey, count]\n    Output partitioning: SINGLE []\n    - Aggregation[type = FINAL, keys = [nationkey]] => [nationkey:bigint, count:bigint]\n            count := count(count_partial)\n        - RemoteSource[sources = [2], type = REPARTITION] => [nationkey:bigint, count_partial:bigint]\n\nFragment 2 [SOURCE]\n    Output layout: [nationkey, count_partial]\n    Output partitioning: HASH [nationkey]\n    - Aggregation[type = PARTIAL, keys = [nationkey]] => [nationkey:bigint, count_partial:bigint]\n            count_partial := count()\n        - TableScan[table = tpch.tiny.customer] => [nationkey:bigint]\n

query types=boolean
EXPLAIN (TYPE VALIDATE) SELECT * FROM nation
----
true

statement error COLUMN_NOT_FOUND: line 1:32: Column 'nosuch' cannot be resolved
EXPLAIN (TYPE VALIDATE) SELECT nosuch FROM nation

query
EXPLAIN (FORMAT GRAPHVIZ) SELECT 1
----
digraph plan {\n  node [shape=record];\n  n0 [label="Output[columnNames = [_col0]]"];\n  n1 [label="Project"];\n  n2 [label="Values[rows = 1]"];\n  n1 -> n2;\n  n0 -> n1;\n}\n

query
EXPLAIN (TYPE IO, FORMAT JSON) SELECT name FROM region WHERE regionkey = 1
----
{\n  "inputTableColumnInfos": [\n    {\n      "catalogName": "tpch",\n      "schemaTable": {\n        "schema": "tiny",\n        "table": "region"\n      },\n      "columnConstraints": [\n        {\n          "columnName": "regionkey",\n          "type": "bigint",\n          "domain": {\n            "nullAllowed": false,\n            "ranges": [\n              {\n                "low": {\n                  "value": "1",\n                  "inclusive": true\n                },\n                "high": {\n                  "value": "1",\n                  "inclusive": true\n                }\n              }\n            ]\n          }\n        }\n      ]\n    }\n  ]\n}

# EXPLAIN ANALYZE runs the query; its timings vary, so only success is checked here (the
# statistics are checked in test/server/engine/explain-analyze.test.ts).
statement ok
EXPLAIN ANALYZE SELECT regionkey, count(*) FROM nation GROUP BY regionkey

statement error NOT_SUPPORTED: EXPLAIN ANALYZE does not support CreateSchema statements
EXPLAIN ANALYZE CREATE SCHEMA memory.y

query
EXPLAIN CREATE SCHEMA memory.x
----
CREATE SCHEMA memory.x
