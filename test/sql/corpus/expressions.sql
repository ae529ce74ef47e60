-- Expressions: arithmetic and precedence, comparisons, logic, predicates, CASE, CAST, special forms,
-- function calls, lambdas, arrays, rows, subscripts, field access, concatenation, time zones.

SELECT 1 + 2 * 3;

SELECT (1 + 2) * 3;

SELECT 1 - 2 - 3;

SELECT 1 - (2 - 3);

SELECT 10 / 2 / 5;

SELECT 10 / (2 / 5);

SELECT 7 % 3 * 2;

SELECT 7 % (3 * 2);

SELECT -a FROM t;

SELECT +a FROM t;

SELECT - -a FROM t;

SELECT -(-a) FROM t;

SELECT -(a + b) FROM t;

SELECT a - -b FROM t;

SELECT a + -1 FROM t;

SELECT -1;

SELECT -2.5, -1e3;

SELECT -(5), -(2.5), -(1e3), +5, -(-5), - 5, -.5, -(5)[1], -5 * 2, 2 * -5;

SELECT -x * y, -(x * y) FROM t;

SELECT a * -b / +c FROM t;

SELECT a = b, a <> b, a != b, a < b, a <= b, a > b, a >= b FROM t;

SELECT (a = b) = (c = d) FROM t;

SELECT a + b = c * d FROM t;

SELECT a AND b OR c FROM t;

SELECT a AND (b OR c) FROM t;

SELECT (a OR b) AND c FROM t;

SELECT a OR b AND c FROM t;

SELECT a OR (b OR c) FROM t;

SELECT a AND (b AND c) FROM t;

SELECT NOT a AND b FROM t;

SELECT NOT (a AND b) FROM t;

SELECT NOT NOT a FROM t;

SELECT NOT a = b FROM t;

SELECT NOT (a OR b) OR NOT c FROM t;

SELECT a IS NULL, a IS NOT NULL FROM t;

SELECT (a IS NULL) IS NULL FROM t;

SELECT a + 1 IS NULL FROM t;

SELECT NOT a IS NULL FROM t;

SELECT a IS DISTINCT FROM b, a IS NOT DISTINCT FROM b FROM t;

SELECT a IS DISTINCT FROM NULL AND b IS NOT DISTINCT FROM c + 1 FROM t;

SELECT a BETWEEN 1 AND 10 FROM t;

SELECT a NOT BETWEEN 1 AND 10 FROM t;

SELECT a BETWEEN b + 1 AND c * 2 AND d FROM t;

SELECT a BETWEEN (SELECT 1) AND (SELECT 2) FROM t;

SELECT (a BETWEEN 1 AND 2) BETWEEN false AND true FROM t;

SELECT a IN (1, 2, 3), a NOT IN (1, 2) FROM t;

SELECT a IN (b, c + 1, (SELECT 1)) FROM t;

SELECT (a, b) IN ((1, 2), (3, 4)) FROM t;

SELECT a IN (1) FROM t;

SELECT a LIKE 'abc%', a NOT LIKE '%x_' FROM t;

SELECT a LIKE 'a!%%' ESCAPE '!' FROM t;

SELECT a NOT LIKE b ESCAPE c FROM t;

SELECT a || b FROM t;

SELECT a || b || c FROM t;

SELECT a || 'x' LIKE 'abc%' FROM t;

SELECT 'a' || 1 + 2 FROM t;

SELECT CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' END FROM t;

SELECT CASE a WHEN 1 THEN 'one' ELSE 'many' END FROM t;

SELECT CASE WHEN a > 0 THEN 'pos' WHEN a < 0 THEN 'neg' ELSE 'zero' END FROM t;

SELECT CASE WHEN a IS NULL THEN NULL END FROM t;

SELECT CASE a + 1 WHEN b * 2 THEN c OR d ELSE NOT e END FROM t;

SELECT CASE WHEN CASE WHEN a THEN b END THEN CASE c WHEN d THEN e END END FROM t;

SELECT
  CASE
    WHEN status = 'active' AND last_login > current_date - INTERVAL '30' DAY THEN 'recently active customer'
    WHEN status = 'active' THEN 'dormant customer'
    WHEN status IN ('closed', 'suspended', 'banned') THEN 'former customer'
    ELSE 'unknown'
  END AS segment
FROM customers;

SELECT CAST(a AS bigint) FROM t;

SELECT CAST(a AS varchar(10)), CAST(b AS decimal(10, 2)) FROM t;

SELECT TRY_CAST(a AS integer) FROM t;

SELECT CAST(a + 1 AS double) * 2 FROM t;

SELECT CAST(NULL AS array(map(varchar, row(x bigint, y double)))) FROM t;

SELECT CAST(ROW(1, 'a') AS ROW(n integer, s varchar)) FROM t;

SELECT CAST(a AS timestamp(3) with time zone), CAST(b AS time(6)) FROM t;

SELECT EXTRACT(YEAR FROM d), EXTRACT(MONTH FROM d), EXTRACT(DAY FROM d) FROM t;

SELECT extract(hour FROM ts), extract(minute FROM ts), extract(second FROM ts) FROM t;

SELECT EXTRACT(DAY_OF_WEEK FROM d), EXTRACT(DOW FROM d), EXTRACT(DOY FROM d), EXTRACT(QUARTER FROM d), EXTRACT(WEEK FROM d) FROM t;

SELECT EXTRACT(TIMEZONE_HOUR FROM ts), EXTRACT(TIMEZONE_MINUTE FROM ts), EXTRACT(YEAR_OF_WEEK FROM d) FROM t;

SELECT SUBSTRING(s FROM 2), SUBSTRING(s FROM 2 FOR 3) FROM t;

SELECT substring(s, 2, 3) FROM t;

SELECT POSITION('b' IN s) FROM t;

SELECT TRIM(s), TRIM(BOTH FROM s), TRIM(LEADING FROM s), TRIM(TRAILING FROM s) FROM t;

SELECT TRIM('x' FROM s), TRIM(BOTH 'x' FROM s), TRIM(LEADING 'xy' FROM s), TRIM(TRAILING ' ' FROM s) FROM t;

SELECT current_date, current_time, current_timestamp, localtime, localtimestamp;

SELECT CURRENT_TIME(3), CURRENT_TIMESTAMP(6), LOCALTIME(0), LOCALTIMESTAMP(9);

SELECT ts AT TIME ZONE 'America/Los_Angeles' FROM t;

SELECT ts AT TIME ZONE INTERVAL '-08:00' HOUR TO MINUTE FROM t;

SELECT ts AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Tokyo' FROM t;

SELECT (ts + INTERVAL '1' HOUR) AT TIME ZONE 'UTC' FROM t;

SELECT -ts AT TIME ZONE 'UTC' FROM t;

SELECT TIMESTAMP '2020-01-01 00:00:00' AT TIME ZONE 'Europe/Berlin';

SELECT abs(-1), round(2.5), round(2.345, 2), pow(2, 10);

SELECT now(), rand();

SELECT count(*), count(1), count(DISTINCT a), count(ALL a) FROM t;

SELECT max_by(a, b), min_by(a, b, 3) FROM t;

SELECT array_agg(a ORDER BY b), string_agg_like(a, ',' ORDER BY a DESC NULLS FIRST) FROM t;

SELECT listagg_like(DISTINCT a, ',' ORDER BY a) FROM t;

SELECT sum(a) FILTER (WHERE b > 0 AND c < 1) FROM t;

SELECT count(*) FILTER (WHERE a) FROM t;

SELECT catalog1.schema1.my_function(1, 2);

SELECT "count"(*) FROM t;

SELECT if(a > 0, 'pos', 'neg'), coalesce(a, b, 0), nullif(a, 0), try(a / b) FROM t;

SELECT transform(ARRAY[1, 2, 3], x -> x * 2);

SELECT filter(ARRAY[1, 2, 3], x -> x > 1 AND x < 3);

SELECT reduce(ARRAY[1, 2, 3], 0, (s, x) -> s + x, s -> s);

SELECT zip_with(a, b, (x, y) -> x || y) FROM t;

SELECT transform(ARRAY[ARRAY[1]], x -> transform(x, y -> y + 1));

SELECT map_filter(m, (k, v) -> v IS NOT NULL) FROM t;

SELECT apply(1, () -> 42);

SELECT transform(arr, x -> CASE WHEN x > 0 THEN x ELSE -x END) FROM t;

SELECT transform(arr, x -> x.field) FROM t;

SELECT ARRAY[1, 2, 3], ARRAY[], ARRAY['a'], ARRAY[ARRAY[1, 2], ARRAY[3]];

SELECT ARRAY[a + 1, b * 2][1] FROM t;

SELECT a[1], a[1][2], m['key'], a[i + 1] FROM t;

SELECT (a || b)[1] FROM t;

SELECT f(x)[1], ARRAY[1, 2][2] FROM t;

SELECT ROW(1, 'a'), ROW(1), ROW(a, b + 1, ROW(c)) FROM t;

SELECT (1, 'a'), (a, b) FROM t;

SELECT r.field, r.nested.deeper, t.r.field FROM t;

SELECT (CAST(ROW(1) AS ROW(x integer))).x;

SELECT f(a).x, a[1].y, (a + b).z FROM t;

SELECT "r"."Field" FROM t;

SELECT ?, ? + 1, f(?);

SELECT a FROM t WHERE a = 1 AND b = 2 AND c = 3 OR d = 4 AND e = 5;

SELECT a FROM t WHERE (a = 1 OR b = 2) AND (c = 3 OR d = 4) AND NOT (e = 5 AND f = 6);

SELECT a * (b + c) - d / (e - f) % g FROM t;

SELECT ((((a)))) FROM t;

SELECT greatest(1, 2, 3), least(a, b) FROM t;

SELECT json_extract_scalar(j, '$.a.b') FROM t;

SELECT date_trunc('month', ts), date_add('day', 1, d), date_diff('day', d1, d2) FROM t;

SELECT format_datetime(ts, 'yyyy-MM-dd'), from_unixtime(1500000000), to_unixtime(ts) FROM t;

SELECT normal_name, "weird name"(1) FROM t;

SELECT a.b.c.d FROM a.b;

SELECT t.* FROM t WHERE t.x.y = 1;

SELECT current_catalog, current_schema(), current_user, version();
