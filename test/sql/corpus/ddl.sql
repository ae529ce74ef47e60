-- DDL: schemas, tables (columns, NOT NULL, comments, properties), CTAS, ALTER TABLE, views.

CREATE SCHEMA s;

CREATE SCHEMA IF NOT EXISTS c.s;

CREATE SCHEMA s WITH (location = 's3://bucket/path');

CREATE SCHEMA IF NOT EXISTS hive.web WITH (location = '/tmp/web', owner = 'me');

DROP SCHEMA s;

DROP SCHEMA IF EXISTS c.s;

DROP SCHEMA s CASCADE;

DROP SCHEMA IF EXISTS s RESTRICT;

CREATE TABLE t (a bigint);

CREATE TABLE c.s.t (a bigint, b varchar(20), c double);

CREATE TABLE IF NOT EXISTS t (a bigint NOT NULL, b varchar);

CREATE TABLE t (a bigint COMMENT 'the a column', b varchar NOT NULL COMMENT 'the b column');

CREATE TABLE t (a bigint WITH (partitioning = 'hash'), b varchar NOT NULL COMMENT 'c' WITH (x = 1, y = 'z'));

CREATE TABLE t (a bigint) COMMENT 'table comment';

CREATE TABLE t (a bigint, ds varchar) WITH (format = 'ORC', partitioned_by = ARRAY['ds']);

CREATE TABLE t (a bigint) COMMENT 'it''s a table' WITH (bucket_count = 4 * 8, bucketed_by = ARRAY['a'], enabled = true);

CREATE TABLE orders (
  orderkey bigint NOT NULL,
  custkey bigint NOT NULL,
  orderstatus varchar(1),
  totalprice decimal(12, 2),
  orderdate date,
  orderpriority varchar(15),
  clerk varchar(15),
  shippriority integer,
  comment varchar(79)
)
WITH (format = 'PARQUET');

CREATE TABLE t AS SELECT 1 AS a;

CREATE TABLE IF NOT EXISTS c.s.t AS SELECT * FROM u;

CREATE TABLE t (x, y) AS SELECT a, b FROM u;

CREATE TABLE t AS SELECT a FROM u WITH NO DATA;

CREATE TABLE t AS SELECT a FROM u WITH DATA;

CREATE TABLE t COMMENT 'copy' WITH (format = 'ORC') AS SELECT * FROM u WHERE a > 0;

CREATE TABLE t WITH (format = 'ORC') AS (SELECT * FROM u);

CREATE TABLE t AS WITH w AS (SELECT 1 AS a) SELECT a FROM w;

CREATE TABLE t AS VALUES (1, 'a'), (2, 'b');

CREATE TABLE t AS SELECT a FROM u UNION ALL SELECT a FROM v ORDER BY a LIMIT 10 WITH NO DATA;

DROP TABLE t;

DROP TABLE IF EXISTS c.s.t;

ALTER TABLE t RENAME TO u;

ALTER TABLE IF EXISTS c.s.t RENAME TO c.s.u;

ALTER TABLE t ADD COLUMN c bigint;

ALTER TABLE t ADD COLUMN IF NOT EXISTS c varchar(10) NOT NULL COMMENT 'new column';

ALTER TABLE IF EXISTS t ADD COLUMN c map(varchar, bigint) WITH (x = 1);

ALTER TABLE t DROP COLUMN c;

ALTER TABLE IF EXISTS t DROP COLUMN IF EXISTS c;

ALTER TABLE t RENAME COLUMN a TO b;

ALTER TABLE IF EXISTS t RENAME COLUMN IF EXISTS a TO b;

CREATE VIEW v AS SELECT * FROM t;

CREATE OR REPLACE VIEW c.s.v AS SELECT a, count(*) AS n FROM t GROUP BY a;

CREATE VIEW v COMMENT 'a view' AS SELECT 1;

CREATE VIEW v AS WITH x AS (SELECT 1 AS a) SELECT * FROM x;

CREATE VIEW v AS SELECT 1 UNION SELECT 2;

DROP VIEW v;

DROP VIEW IF EXISTS c.s.v;

TRUNCATE TABLE t;

TRUNCATE TABLE c.s.t;

COMMENT ON TABLE s.t IS 'a table';

COMMENT ON VIEW v IS 'it''s a view';

COMMENT ON COLUMN c.s.t.a IS NULL;

CREATE TABLE t (LIKE u, a bigint, LIKE c.s.v INCLUDING PROPERTIES);

CREATE TABLE IF NOT EXISTS t (LIKE u EXCLUDING PROPERTIES) WITH (format = 'CSV');

ALTER TABLE t ALTER COLUMN a SET DATA TYPE varchar(10);

ALTER TABLE IF EXISTS s.t ALTER COLUMN "b c" SET DATA TYPE decimal(10, 2);

ALTER VIEW v RENAME TO s.w;
