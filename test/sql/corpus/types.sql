-- Data types in CAST and column definitions: parameters, nested types, multi-word names.

SELECT CAST(x AS boolean);

SELECT CAST(x AS tinyint), CAST(x AS smallint), CAST(x AS integer), CAST(x AS int), CAST(x AS bigint);

SELECT CAST(x AS real), CAST(x AS double), CAST(x AS double precision);

SELECT CAST(x AS decimal), CAST(x AS decimal(10)), CAST(x AS decimal(38, 10)), CAST(x AS DECIMAL(5,2));

SELECT CAST(x AS varchar), CAST(x AS varchar(255)), CAST(x AS char), CAST(x AS char(3));

SELECT CAST(x AS varbinary), CAST(x AS json), CAST(x AS uuid), CAST(x AS ipaddress);

SELECT CAST(x AS date), CAST(x AS time), CAST(x AS time(3)), CAST(x AS timestamp), CAST(x AS timestamp(6));

SELECT CAST(x AS time with time zone), CAST(x AS time(3) with time zone);

SELECT CAST(x AS timestamp with time zone), CAST(x AS timestamp(3) with time zone);

SELECT CAST(x AS TIMESTAMP(9) WITH TIME ZONE);

SELECT CAST(x AS timestamp without time zone), CAST(x AS time without time zone);

SELECT CAST(x AS interval day to second), CAST(x AS interval year to month);

SELECT CAST(x AS array(bigint)), CAST(x AS array(array(varchar)));

SELECT CAST(x AS array<bigint>), CAST(x AS map<varchar, array<double>>);

SELECT CAST(x AS map(varchar, bigint)), CAST(x AS map(bigint, map(varchar, double)));

SELECT CAST(x AS row(a bigint, b varchar)), CAST(x AS row(bigint, varchar));

SELECT CAST(x AS row(a row(b array(integer), c map(varchar, real)), d decimal(4, 1)));

SELECT CAST(x AS row("quoted field" bigint, "from" varchar, "Mixed" integer));

SELECT CAST(x AS row(date date, year integer, comment varchar, value double));

SELECT CAST(x AS hyperloglog), CAST(x AS qdigest(bigint)), CAST(x AS p4hyperloglog);

SELECT TRY_CAST(x AS array(row(k varchar, v array(timestamp(3) with time zone))));

CREATE TABLE types_table (
  c_boolean boolean,
  c_tinyint tinyint,
  c_smallint smallint,
  c_integer integer,
  c_bigint bigint,
  c_real real,
  c_double double,
  c_decimal decimal(12, 2),
  c_varchar varchar,
  c_varchar_n varchar(25),
  c_char char(10),
  c_varbinary varbinary,
  c_json json,
  c_date date,
  c_time time,
  c_time_tz time(3) with time zone,
  c_timestamp timestamp(3),
  c_timestamp_tz timestamp with time zone,
  c_interval_ds interval day to second,
  c_interval_ym interval year to month,
  c_array array(bigint),
  c_map map(varchar, array(integer)),
  c_row row(x double, y double)
);
