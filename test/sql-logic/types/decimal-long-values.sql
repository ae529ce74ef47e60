# Long decimals (precision > 15) whose values are small: the operators and sum/avg compute them on
# numbers while every intermediate is a safe integer (|v| <= 2^53 - 1) and on BigInts past that,
# with one result either way. Mixed forms must still compare, look up and group as one value.

# TPC-H Q1's expressions: 1 - discount is decimal(16,2), price * (1 - discount) decimal(31,4), and
# the charge decimal(38,6); group a crosses 2^53 in its scaled sums, b has a negative price.
query rowsort types=varchar(1)|decimal(38,4)|decimal(38,6)|decimal(15,2)|bigint
SELECT g, sum(price * (1 - discount)), sum(price * (1 - discount) * (1 + tax)), avg(price), count(*)
FROM (
  SELECT g, CAST(p AS decimal(15, 2)) AS price, CAST(d AS decimal(15, 2)) AS discount, CAST(x AS decimal(15, 2)) AS tax
  FROM (VALUES ('a', '9999999999999.99', '0.05', '0.08'), ('a', '12345.67', '0.10', '0.00'), ('a', '0.01', '0.00', '0.07'),
    ('b', '94815.41', '0.04', '0.02'), ('b', '94815.41', '0.04', '0.02'), ('b', '-50000.00', '0.01', '0.01'),
    ('c', '0.00', '0.09', '0.01')) t(g, p, d, x)
) lineitem
GROUP BY g
----
a	9500000011111.1035	10260000011111.103440	3333333337448.56	3
b	132545.5872	135691.498944	46543.61	3
c	0.0000	0.000000	0.00	1

# At 2^53 - 1 and one past it: +, -, * and unary minus of decimal(16,0) columns.
query types=decimal(17,0)|decimal(17,0)|decimal(32,0)|decimal(16,0)
SELECT x + 1, x - y, x * y, -x
FROM (SELECT CAST(a AS decimal(16, 0)) AS x, CAST(b AS decimal(16, 0)) AS y
  FROM (VALUES (1, 9007199254740991, 2), (2, 9007199254740990, -9007199254740991)) t(k, a, b) ORDER BY k) s
----
9007199254740992	9007199254740989	18014398509481982	-9007199254740991
9007199254740991	18014398509481981	-81129638414606654674191240921090	-9007199254740990

# A computed long decimal against the same value read from a column: =, <>, IS DISTINCT FROM, IN,
# contains, a map key and array_distinct all see one value.
query types=boolean|boolean|boolean|boolean|boolean|varchar(3)|bigint
SELECT a * b = c, a * b <> c, a * b IS DISTINCT FROM c, a * b IN (c, DECIMAL '1.0000'), contains(ARRAY[c], a * b),
  map(ARRAY[c], ARRAY['hit'])[a * b], cardinality(array_distinct(ARRAY[a * b, c]))
FROM (SELECT CAST(1.50 AS decimal(10, 2)) AS a, CAST(x AS decimal(10, 2)) AS b, CAST(y AS decimal(20, 4)) AS c
  FROM (VALUES ('2.00', '3.0000')) t(x, y)) s
----
true	false	false	true	true	hit	1

query rowsort
SELECT a * b, count(*) FROM (SELECT CAST(x AS decimal(10, 2)) AS a, CAST(y AS decimal(10, 2)) AS b
  FROM (VALUES ('1.50', '2.00'), ('3.00', '1.00'), ('0.50', '6.00'), ('2.00', '2.00')) t(x, y)) s
GROUP BY a * b
----
3.0000	3
4.0000	1

# A sum that leaves the safe-integer range and comes back, and its avg.
query types=decimal(38,0)|decimal(20,0)
SELECT sum(x), avg(x) FROM (SELECT CAST(v AS decimal(20, 0)) AS x
  FROM (VALUES 9007199254740991, 9007199254740991, -9007199254740991, 5) t(v)) s
----
9007199254740996	2251799813685249

# Number operands whose exact result is past 38 digits: still Decimal overflow.
statement error NUMERIC_VALUE_OUT_OF_RANGE: Decimal overflow
SELECT x + y FROM (SELECT CAST(a AS decimal(38, 0)) AS x, CAST(b AS decimal(38, 37)) AS y
  FROM (VALUES (9000000000000000, 0.1)) t(a, b)) s
