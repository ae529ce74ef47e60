-- Prepared statements: PREPARE, EXECUTE [USING], DEALLOCATE PREPARE.

PREPARE my_select FROM SELECT * FROM t;

PREPARE my_select FROM SELECT * FROM t WHERE a = ? AND b > ?;

PREPARE q2 FROM SELECT name FROM nation WHERE regionkey = ? ORDER BY name LIMIT ?;

PREPARE my_insert FROM INSERT INTO t VALUES (?, ?);

PREPARE my_delete FROM DELETE FROM t WHERE a = ?;

PREPARE my_update FROM UPDATE t SET a = ? WHERE b = ?;

PREPARE my_ctas FROM CREATE TABLE t AS SELECT ? AS a;

PREPARE my_explain FROM EXPLAIN SELECT 1;

PREPARE "quoted name" FROM SELECT 1;

PREPARE with_cte FROM WITH x AS (SELECT ? AS a) SELECT a FROM x;

EXECUTE my_select;

EXECUTE my_select USING 1, 'a';

EXECUTE q2 USING 3, 10;

EXECUTE my_insert USING DATE '2020-01-01', ARRAY[1, 2];

EXECUTE my_select USING 1 + 2, concat('a', 'b'), (SELECT 1);

EXECUTE my_select USING NULL, CAST(NULL AS bigint);

DEALLOCATE PREPARE my_select;

DEALLOCATE PREPARE "quoted name";

DESCRIBE INPUT my_select;

DESCRIBE OUTPUT my_select;
