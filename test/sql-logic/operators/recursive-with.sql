# WITH RECURSIVE, planned as Trino plans it: the recursion unrolled to max_recursion_depth levels
# (default 10), failing when it has not converged by then. The anchor's types are the query's.

query
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t ORDER BY n
----
1
2
3
4
5

# A hierarchy: each nation under its region, one level below (the step joins the reference).
query
WITH RECURSIVE tree(id, name, depth) AS (
  SELECT regionkey, CAST(name AS varchar), 0 FROM tpch.tiny.region WHERE regionkey < 2
  UNION ALL
  SELECT n.nationkey + 100, t.name || '/' || n.name, t.depth + 1
  FROM tpch.tiny.nation n JOIN tree t ON n.regionkey = t.id
  WHERE t.depth = 0
)
SELECT depth, count(*), min(name) FROM tree GROUP BY depth ORDER BY depth
----
0	2	AFRICA
1	10	AFRICA/ALGERIA

# Ten levels exactly is within the default limit; an eleventh is not.
query
WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 11) SELECT max(n), count(*) FROM t
----
11	11

statement error NOT_SUPPORTED: Recursion depth limit exceeded (10). Use 'max_recursion_depth' session property to modify the limit.
WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 12) SELECT max(n) FROM t

# The anchor decides the types: a step of a wider type is refused, a narrower one is cast.
query
WITH RECURSIVE t(x) AS (SELECT 1.5e0 UNION ALL SELECT CAST(x * 2 AS real) FROM t WHERE x < 10) SELECT typeof(x), sum(x) FROM t GROUP BY 1
----
double	22.5

statement error TYPE_MISMATCH: line 1:44: recursion step relation output type (bigint) is not coercible to recursion base relation output type (integer) at column 1
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + CAST(1 AS bigint) FROM t WHERE n < 5) SELECT sum(n) FROM t

statement error NOT_SUPPORTED: Recursive WITH queries with UNION DISTINCT are not supported; use UNION ALL
WITH RECURSIVE t(n) AS (VALUES (1) UNION SELECT n + 1 FROM t WHERE n < 3) SELECT max(n) FROM t

statement error MISSING_COLUMN_ALIASES: line 1:16: missing column aliases in recursive WITH query
WITH RECURSIVE t AS (VALUES (1) UNION ALL SELECT 1 FROM t) SELECT * FROM t

# A WITH RECURSIVE query that does not refer to itself is an ordinary WITH query.
query
WITH RECURSIVE t(n) AS (SELECT 7) SELECT n FROM t
----
7
