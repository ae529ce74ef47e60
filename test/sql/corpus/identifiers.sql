-- Identifiers: non-reserved keywords used as names, quoted identifiers (spaces, "" escapes, reserved
-- words, mixed case), qualified names, and keywords in every name position.

SELECT date, year, month, day, hour, minute, second FROM t;

SELECT comment, position, data, value, first, last FROM t;

SELECT "date", "year", "comment" FROM t;

SELECT key, type, name, role, zone, time, timestamp, interval FROM t;

SELECT row_count, format, analyze, explain, show, tables, schemas, catalogs FROM t;

SELECT a AS date, b AS year, c AS "select", d AS "from" FROM t;

SELECT ordinality, lateral, filter, over, window, partition, range, rows FROM t;

SELECT t.date, t.year, t.comment FROM t;

SELECT date.date FROM date;

SELECT year FROM year WHERE year > 2000 GROUP BY year ORDER BY year;

SELECT "select" FROM "from" WHERE "where" = 1;

SELECT "SELECT", "Select", "select" FROM t;

SELECT "a b", "with space" AS "alias with space" FROM "table name";

SELECT "a""b", """", """quoted""" FROM t;

SELECT "123abc", "a-b", "a.b", "a;b", "日本" FROM t;

SELECT MixedCase, mixedcase, MIXEDCASE, "MixedCase" FROM t;

SELECT "Table"."Column" FROM "Catalog"."Schema"."Table";

SELECT _underscore, a_1, a1_b2 FROM t;

SELECT x FROM catalog1.schema1.table1 AS "my alias";

SELECT * FROM t AS "t 1" ("col 1", "col""2");

SELECT * FROM date AS year (month, day);

SELECT first_value(value) OVER (PARTITION BY key ORDER BY position) FROM data;

SELECT count(*) AS count, sum(x) AS sum, max(y) AS max FROM t;

SELECT if, nullif, coalesce, grouping_id, substring, trim_x FROM t;

SELECT "left", "right", "cross", "join", "natural", "using", "on" FROM t;

SELECT "CURRENT_DATE", "current_time", "localtime" FROM t;

SELECT "trim", "extract", "cast", "case", "exists", "table", "values" FROM t;

SELECT "true", "false", "null" FROM t;

SELECT "order", "group", "by", "having", "limit", "offset" FROM t;

SELECT "skip", "listagg", "json_value", "normalize", "uescape", "recursive" FROM t;

SELECT limit, offset, fetch, rows, only, ties, first, next FROM t;

SELECT text, all_x, any, some, all_y FROM t;

SELECT function, functions, session, input, output, prepare_x FROM t;

SELECT "a" AS "A", "A" AS "a" FROM t;

WITH "my cte" ("col a") AS (SELECT 1) SELECT "col a" FROM "my cte";

WITH date AS (SELECT 1 AS year) SELECT year FROM date;

SELECT sum(x) OVER window1 FROM t WINDOW window1 AS (ORDER BY date);

SELECT sum(x) OVER "w w" FROM t WINDOW "w w" AS (PARTITION BY "p p");

SELECT transform(arr, "x y" -> "x y" + 1) FROM t;

SELECT transform(arr, value -> value * 2), transform(arr, (key, value) -> key) FROM t;

SELECT CAST(ROW(1, 2) AS ROW(first integer, second integer)).first;

SELECT "catalog"."schema"."function"(1);

SELECT * FROM UNNEST(ARRAY[1]) AS "unnest" ("value");

SELECT a."b c"."d""e" FROM a;

INSERT INTO "My Table" ("Col 1", date) VALUES (1, DATE '2020-01-01');

UPDATE "t t" SET "a b" = 1, year = 2 WHERE "c d" IS NULL;

CREATE TABLE "weird table" ("col one" bigint, "from" varchar, date date, comment varchar COMMENT 'comment column');

ALTER TABLE "a b" RENAME COLUMN "c d" TO "e f";

SHOW COLUMNS FROM "Weird"."Schema"."Table Name";

SET SESSION "catalog"."prop name" = 'x';

EXECUTE "my statement" USING 1;

SELECT a FROM t WHERE date = DATE '2020-01-01' AND year = 2020 AND comment LIKE '%x%';

SELECT zone AT TIME ZONE 'UTC', time FROM t;

SELECT interval + 1, interval FROM t;

SELECT at, current, following, preceding, unbounded FROM t;
