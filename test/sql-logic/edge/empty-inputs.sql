# Empty inputs through every operator: global aggregates over nothing, joins and set operations with an empty side.

query
SELECT count(*), sum(nationkey), max(name) FROM nation WHERE nationkey < 0
----
0	NULL	NULL

query
SELECT regionkey, count(*) FROM nation WHERE nationkey < 0 GROUP BY regionkey
----

query
SELECT n.name FROM nation n JOIN (SELECT * FROM region WHERE regionkey > 100) r ON n.regionkey = r.regionkey
----

query
SELECT count(*) FROM nation n LEFT JOIN (SELECT * FROM region WHERE regionkey > 100) r ON n.regionkey = r.regionkey
----
25

query
SELECT count(*) FROM (SELECT * FROM region WHERE false) r RIGHT JOIN nation n ON n.regionkey = r.regionkey
----
25

query
SELECT count(*) FROM (SELECT * FROM nation WHERE false) n FULL JOIN (SELECT * FROM region WHERE false) r ON n.regionkey = r.regionkey
----
0

query
SELECT count(*) FROM nation CROSS JOIN (SELECT * FROM region WHERE false)
----
0

query
SELECT name FROM nation WHERE regionkey IN (SELECT regionkey FROM region WHERE false)
----

query
SELECT count(*) FROM nation WHERE regionkey NOT IN (SELECT regionkey FROM region WHERE false)
----
25

query
SELECT count(*) FROM nation WHERE NOT EXISTS (SELECT 1 FROM region WHERE false)
----
25

query
SELECT name FROM nation WHERE false ORDER BY name LIMIT 5
----

query
SELECT name, row_number() OVER (ORDER BY name) FROM nation WHERE false
----

query
SELECT x FROM (SELECT 1 x WHERE false) UNION ALL SELECT 2
----
2

query
SELECT 1 INTERSECT SELECT 1 WHERE false
----

query
SELECT 1 EXCEPT SELECT 1 WHERE false
----
1

query
SELECT DISTINCT name FROM nation WHERE false
----

query
SELECT count(DISTINCT name), approx_distinct(name), array_agg(name), map_agg(name, nationkey) FROM nation WHERE false
----
0	0	NULL	NULL

query
SELECT (SELECT name FROM nation WHERE false)
----
NULL

query
SELECT a, b FROM (VALUES 1) t(a) CROSS JOIN UNNEST(ARRAY[]) u(b)
----

query
SELECT regionkey, count(*) FROM nation WHERE false GROUP BY ROLLUP (regionkey)
----
NULL	0

query
SELECT count(*) FROM lineitem WHERE shipdate > DATE '2100-01-01'
----
0

query
SELECT sum(x) OVER () FROM (SELECT 1 x WHERE false)
----

query
SELECT max(x) FROM (SELECT 1 x WHERE false) HAVING count(*) = 0
----
NULL
