-- USE, SET SESSION, RESET SESSION.

USE tiny;

USE tpch.tiny;

USE "My Catalog"."My Schema";

SET SESSION query_max_run_time = '10m';

SET SESSION optimize_hash_generation = true;

SET SESSION join_distribution_type = 'BROADCAST';

SET SESSION hive.compression_codec = 'SNAPPY';

SET SESSION query_max_memory = concat('1', 'GB');

SET SESSION task_concurrency = 8;

SET SESSION offset_x = -1 + 2;

SET SESSION "catalog".prop = ARRAY['a', 'b'];

RESET SESSION query_max_run_time;

RESET SESSION hive.compression_codec;
