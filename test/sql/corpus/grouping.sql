-- GROUP BY: expressions, ordinals, grouping sets, ROLLUP, CUBE, GROUP BY DISTINCT/ALL, HAVING, grouping().

SELECT a, count(*) FROM t GROUP BY a;

SELECT a, b, sum(c) FROM t GROUP BY a, b;

SELECT a, sum(c) FROM t GROUP BY 1;

SELECT a, b, sum(c) FROM t GROUP BY 1, 2 ORDER BY 3 DESC;

SELECT a + b, count(*) FROM t GROUP BY a + b;

SELECT substr(name, 1, 1), count(*) FROM t GROUP BY substr(name, 1, 1);

SELECT a, count(*) FROM t GROUP BY a HAVING count(*) > 1;

SELECT a, sum(b) FROM t GROUP BY a HAVING sum(b) > 10 AND min(c) < 5;

SELECT count(*) FROM t HAVING count(*) > 0;

SELECT a, b, sum(c) FROM t GROUP BY GROUPING SETS ((a, b), (a), ());

SELECT a, b, sum(c) FROM t GROUP BY GROUPING SETS ((a), (b));

SELECT a, b, sum(c) FROM t GROUP BY GROUPING SETS (a, b);

SELECT a, b, c, sum(d) FROM t GROUP BY GROUPING SETS ((a, b, c), (a, c), (b));

SELECT a, b, sum(c) FROM t GROUP BY ROLLUP (a, b);

SELECT a, b, sum(c) FROM t GROUP BY CUBE (a, b);

SELECT a, b, c, sum(d) FROM t GROUP BY a, ROLLUP (b, c);

SELECT a, b, c, sum(d) FROM t GROUP BY CUBE (a), ROLLUP (b, c);

SELECT a, b, c, sum(d) FROM t GROUP BY a, GROUPING SETS ((b), (c)), CUBE (a, c);

SELECT a, b, sum(c) FROM t GROUP BY DISTINCT ROLLUP (a, b), CUBE (a);

SELECT a, b, sum(c) FROM t GROUP BY ALL ROLLUP (a, b);

SELECT a, b, grouping(a, b), sum(c) FROM t GROUP BY GROUPING SETS ((a), (b));

SELECT a, grouping(a) AS g FROM t GROUP BY ROLLUP (a) HAVING grouping(a) = 0;

SELECT a, b FROM t GROUP BY (a, b);

SELECT count(*) FROM t GROUP BY ();

SELECT a, max(b) FROM t GROUP BY a ORDER BY max(b) DESC LIMIT 3;

SELECT a, count(DISTINCT b), approx_distinct(c) FROM t GROUP BY a;

SELECT t.a, t.b, avg(t.c) FROM t GROUP BY t.a, t.b HAVING avg(t.c) BETWEEN 1 AND 2;

SELECT year(d) AS y, month(d) AS m, sum(x) FROM t GROUP BY year(d), month(d) ORDER BY y, m;

SELECT CASE WHEN a > 0 THEN 'pos' ELSE 'neg' END AS sign, count(*) FROM t GROUP BY 1;

SELECT a, array_agg(b ORDER BY c DESC, d) FROM t GROUP BY a;

SELECT a, count(*) FILTER (WHERE b > 0) AS positives FROM t GROUP BY a;

SELECT a, sum(b) FILTER (WHERE c IS NOT NULL), avg(DISTINCT b) FROM t GROUP BY a;

SELECT a FROM t GROUP BY a HAVING a IN (SELECT b FROM u);

-- LISTAGG, Trino's special form: a call of listagg with its five arguments and the WITHIN GROUP order.
SELECT listagg(name) WITHIN GROUP (ORDER BY name) FROM t;

SELECT listagg(DISTINCT name, ', ') WITHIN GROUP (ORDER BY name DESC NULLS FIRST, id) FROM t GROUP BY k;

SELECT listagg(name, ',' ON OVERFLOW ERROR) WITHIN GROUP (ORDER BY name) FROM t;

SELECT listagg(name, ',' ON OVERFLOW TRUNCATE '~' WITH COUNT) WITHIN GROUP (ORDER BY name) FILTER (WHERE id > 0) FROM t;

SELECT listagg(name, ',' ON OVERFLOW TRUNCATE WITHOUT COUNT) WITHIN GROUP (ORDER BY name) FROM t;
