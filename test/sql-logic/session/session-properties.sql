# SET SESSION / RESET SESSION / SHOW SESSION. Session state lives in the client; these statements
# validate and report. (The runner sends no session properties, so SHOW SESSION shows defaults.)

statement ok
SET SESSION query_max_memory = '1GB'

statement ok
SET SESSION join_distribution_type = 'broadcast'

statement error INVALID_SESSION_PROPERTY: line 1:13: Session property 'no_such_property' does not exist
SET SESSION no_such_property = 'x'

statement error INVALID_SESSION_PROPERTY: line 1:13: join_distribution_type must be one of AUTOMATIC, PARTITIONED, BROADCAST: sideways
SET SESSION join_distribution_type = 'sideways'

statement error INVALID_SESSION_PROPERTY: line 1:13: query_max_memory must be a data size such as 1GB or 512MB: lots
SET SESSION query_max_memory = 'lots'

# Units are case-sensitive, as in Trino (common/units.ts): 1gb and 10S are not sizes or durations.
statement error INVALID_SESSION_PROPERTY: line 1:13: query_max_memory must be a data size such as 1GB or 512MB: 1gb
SET SESSION query_max_memory = '1gb'

statement error INVALID_SESSION_PROPERTY: line 1:13: query_max_run_time must be a duration such as 30s or 10m: 10S
SET SESSION query_max_run_time = '10S'

# Values out of the ranges the engine honours are refused (issue 13 found these accepted).
statement error INVALID_SESSION_PROPERTY: line 1:13: hash_partition_count must be in the range [1, 1000]: 99999999
SET SESSION hash_partition_count = 99999999

statement error INVALID_SESSION_PROPERTY: hash_partition_count must be a positive integer: 0
SET SESSION hash_partition_count = 0

statement error INVALID_SESSION_PROPERTY: hash_partition_count must be a positive integer: 99999999999999999999
SET SESSION hash_partition_count = '99999999999999999999'

statement ok
SET SESSION hash_partition_count = 1000

statement error INVALID_SESSION_PROPERTY: min_input_rows_per_task must be a positive integer: 0
SET SESSION min_input_rows_per_task = 0

statement ok
SET SESSION min_input_rows_per_task = 1

statement error INVALID_SESSION_PROPERTY: query_max_run_time must be in the range [1ms, 100d]: 99999999999d
SET SESSION query_max_run_time = '99999999999d'

statement error INVALID_SESSION_PROPERTY: query_max_execution_time must be in the range [1ms, 100d]: 0s
SET SESSION query_max_execution_time = '0s'

statement ok
SET SESSION query_max_run_time = '100d'

statement error INVALID_SESSION_PROPERTY: query_max_memory must be at most 1PB: 99999999PB
SET SESSION query_max_memory = '99999999PB'

statement error INVALID_SESSION_PROPERTY: task_concurrency must be a power of 2: 3
SET SESSION task_concurrency = 3

statement error INVALID_SESSION_PROPERTY: task_concurrency must be in the range [1, 256]: 1024
SET SESSION task_concurrency = 1024

statement error INVALID_SESSION_PROPERTY: page_rows must be in the range [1, 2147483647]: 2147483648
SET SESSION page_rows = 2147483648

statement error INVALID_SESSION_PROPERTY: single_node_execution_threshold_rows must be a non-negative integer: 1.5
SET SESSION single_node_execution_threshold_rows = '1.5'

statement error INVALID_SESSION_PROPERTY: single_node_execution_threshold_rows must be in the range [0, 2147483647]: 2147483648
SET SESSION single_node_execution_threshold_rows = 2147483648

# 0 switches single-node execution of small plans off.
statement ok
SET SESSION single_node_execution_threshold_rows = 0

statement error INVALID_SESSION_PROPERTY: line 1:13: Catalog 'nosuch' does not exist
SET SESSION nosuch.prop = 'x'

statement error INVALID_SESSION_PROPERTY: line 1:13: Session property 'tpch.prop' does not exist
SET SESSION tpch.prop = 'x'

statement ok
RESET SESSION query_max_memory

statement error INVALID_SESSION_PROPERTY: line 1:15: Session property 'nope' does not exist
RESET SESSION nope

query types=varchar|varchar|varchar|varchar|varchar
SHOW SESSION LIKE 'join%'
----
join_distribution_type	AUTOMATIC	AUTOMATIC	varchar	Join distribution type: partitioned, broadcast, or chosen by cost
join_reordering_strategy	AUTOMATIC	AUTOMATIC	varchar	Join reordering strategy: none, only to avoid cross joins, or by cost

query
SHOW SESSION LIKE 'query%'
----
query_max_execution_time	100d	100d	varchar	Maximum execution time of a query, queueing excluded
query_max_memory	20GB	20GB	varchar	Maximum amount of memory a query can use
query_max_run_time	100d	100d	varchar	Maximum run time of a query, queueing included

# Adaptive partial aggregation (Trino's names): a ratio in [0, 1], and a switch.
statement ok
SET SESSION adaptive_partial_aggregation_unique_rows_ratio_threshold = 0.5

statement error INVALID_SESSION_PROPERTY: adaptive_partial_aggregation_unique_rows_ratio_threshold must be a number in the range [0, 1]: 1.5
SET SESSION adaptive_partial_aggregation_unique_rows_ratio_threshold = 1.5

statement error INVALID_SESSION_PROPERTY: adaptive_partial_aggregation_enabled must be true or false: maybe
SET SESSION adaptive_partial_aggregation_enabled = 'maybe'

query
SHOW SESSION LIKE 'adaptive%'
----
adaptive_partial_aggregation_enabled	true	true	boolean	Let a partial aggregation pass its rows through once its keys prove nearly unique
adaptive_partial_aggregation_unique_rows_ratio_threshold	0.8	0.8	double	Groups per input row above which a partial aggregation passes its rows through
