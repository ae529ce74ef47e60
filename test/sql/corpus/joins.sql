-- FROM clauses: comma joins, inner/outer/cross/natural joins, ON/USING, nested and parenthesised joins,
-- subqueries with aliases, UNNEST, LATERAL and VALUES as relations.

SELECT * FROM a, b;

SELECT * FROM a, b, c WHERE a.x = b.x AND b.y = c.y;

SELECT * FROM a JOIN b ON a.x = b.x;

SELECT * FROM a INNER JOIN b ON a.x = b.x;

SELECT * FROM a LEFT JOIN b ON a.x = b.x;

SELECT * FROM a LEFT OUTER JOIN b ON a.x = b.x;

SELECT * FROM a RIGHT JOIN b ON a.x = b.x;

SELECT * FROM a RIGHT OUTER JOIN b ON a.x = b.x;

SELECT * FROM a FULL JOIN b ON a.x = b.x;

SELECT * FROM a FULL OUTER JOIN b ON a.x = b.x AND a.y = b.y;

SELECT * FROM a CROSS JOIN b;

SELECT * FROM a CROSS JOIN b CROSS JOIN c;

SELECT * FROM a JOIN b USING (x);

SELECT * FROM a LEFT JOIN b USING (x, y);

SELECT * FROM a FULL JOIN b USING (id) FULL JOIN c USING (id);

SELECT * FROM a NATURAL JOIN b;

SELECT * FROM a NATURAL LEFT JOIN b;

SELECT * FROM a NATURAL FULL OUTER JOIN b;

SELECT * FROM a JOIN b ON a.x = b.x JOIN c ON b.y = c.y;

SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c ON b.y = c.y RIGHT JOIN d ON c.z = d.z;

SELECT * FROM a JOIN (b JOIN c ON b.y = c.y) ON a.x = b.x;

SELECT * FROM (a JOIN b ON a.x = b.x);

SELECT * FROM (a CROSS JOIN b) JOIN c ON a.x = c.x;

SELECT * FROM a JOIN b JOIN c ON b.y = c.y ON a.x = b.x;

SELECT * FROM a, b JOIN c ON b.y = c.y;

SELECT * FROM a JOIN b ON a.x = b.x, c;

SELECT * FROM a AS x JOIN b AS y ON x.id = y.id;

SELECT * FROM a x LEFT JOIN b y ON x.id = y.id WHERE y.id IS NULL;

SELECT *
FROM orders o
JOIN customer c ON o.custkey = c.custkey AND c.mktsegment = 'BUILDING' AND o.orderdate < DATE '1995-03-15'
JOIN lineitem l ON l.orderkey = o.orderkey;

SELECT * FROM a JOIN b ON (a.x = b.x OR a.y = b.y) AND a.z > 0;

SELECT * FROM a JOIN b ON true;

SELECT * FROM (SELECT 1 AS x) t;

SELECT * FROM (SELECT 1 AS x) AS t (y);

SELECT * FROM (SELECT a, b FROM t) AS s (c, d) WHERE c > d;

SELECT * FROM (SELECT * FROM a) x JOIN (SELECT * FROM b) y ON x.id = y.id;

SELECT * FROM ((SELECT 1));

SELECT * FROM (TABLE t) AS u;

SELECT * FROM (VALUES 1, 2, 3) AS t (x);

SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t (id, name);

SELECT * FROM (VALUES (1, 'a'), (2, 'b')) t;

SELECT * FROM UNNEST(ARRAY[1, 2, 3]);

SELECT * FROM UNNEST(ARRAY[1, 2, 3]) AS t (x);

SELECT * FROM UNNEST(ARRAY[1, 2], ARRAY['a', 'b']) AS t (n, s);

SELECT * FROM UNNEST(ARRAY[1, 2, 3]) WITH ORDINALITY AS t (x, i);

SELECT * FROM UNNEST(map(ARRAY[1], ARRAY['a'])) AS m (k, v);

SELECT s.id, x FROM s CROSS JOIN UNNEST(s.items) AS u (x);

SELECT s.id, x, n FROM s CROSS JOIN UNNEST(s.items) WITH ORDINALITY AS u (x, n);

SELECT * FROM s LEFT JOIN UNNEST(s.items) AS u (x) ON true;

SELECT * FROM t, UNNEST(t.arr) u (v);

SELECT * FROM t CROSS JOIN LATERAL (SELECT t.a + 1 AS b);

SELECT * FROM t, LATERAL (SELECT * FROM u WHERE u.id = t.id) AS l;

SELECT * FROM t JOIN LATERAL (SELECT u.v FROM u WHERE u.id = t.id LIMIT 1) l ON true;

SELECT * FROM catalog1.schema1.a JOIN catalog2.schema2.b ON a.x = b.x;

SELECT * FROM a LEFT JOIN b ON a.id = b.id AND b.flag LEFT JOIN c ON c.id = b.id AND c.x IN (1, 2, 3);

SELECT * FROM a JOIN b ON EXISTS (SELECT 1 FROM c WHERE c.id = a.id);
