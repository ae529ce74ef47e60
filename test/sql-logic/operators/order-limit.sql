# ORDER BY (multiple keys, ASC/DESC, NULLS FIRST/LAST), TopN, LIMIT and OFFSET.

query
SELECT a FROM (VALUES 3, 1, NULL, 2) t(a) ORDER BY a
----
1
2
3
NULL

query
SELECT a FROM (VALUES 3, 1, NULL, 2) t(a) ORDER BY a DESC
----
3
2
1
NULL

query
SELECT a FROM (VALUES 3, 1, NULL, 2) t(a) ORDER BY a NULLS FIRST
----
NULL
1
2
3

query
SELECT a FROM (VALUES 3, 1, NULL, 2) t(a) ORDER BY a DESC NULLS LAST
----
3
2
1
NULL

query
SELECT a FROM (VALUES 3, 1, NULL, 2) t(a) ORDER BY a DESC NULLS FIRST
----
NULL
3
2
1

query
SELECT a, b FROM (VALUES (1, 'b'), (2, 'a'), (1, 'a'), (2, NULL)) t(a, b) ORDER BY a DESC, b
----
2	a
2	NULL
1	a
1	b

query
SELECT a, b FROM (VALUES (1, 'b'), (2, 'a'), (1, 'a'), (2, NULL)) t(a, b) ORDER BY b NULLS FIRST, a DESC
----
2	NULL
2	a
1	a
1	b

query
SELECT name FROM nation ORDER BY name DESC LIMIT 3
----
VIETNAM
UNITED STATES
UNITED KINGDOM

query
SELECT name FROM nation ORDER BY name OFFSET 22
----
UNITED KINGDOM
UNITED STATES
VIETNAM

query
SELECT name FROM nation ORDER BY name OFFSET 2 ROWS FETCH NEXT 2 ROWS ONLY
----
BRAZIL
CANADA

query
SELECT nationkey FROM nation ORDER BY nationkey LIMIT 0
----

query
SELECT count(*) FROM (SELECT * FROM lineitem LIMIT 100)
----
100

query
SELECT orderkey, totalprice FROM orders ORDER BY totalprice DESC LIMIT 5
----
52965	466001.28
29158	439687.23
44707	431771.98
59106	430619.75
6882	422359.65

query
SELECT orderkey, totalprice FROM orders ORDER BY totalprice ASC, orderkey LIMIT 3
----
35271	874.89
28647	924.33
58145	929.03

query
SELECT a FROM (VALUES 'b', 'B', 'a', 'A', 'é', 'z') t(a) ORDER BY a
----
A
B
a
b
z
é

query
SELECT a FROM (VALUES 1.5E0, -0.5E0, nan(), infinity(), -infinity()) t(a) ORDER BY a
----
-Infinity
-0.5
1.5
Infinity
NaN

query
SELECT a FROM (VALUES 1.5E0, -0.5E0, nan(), infinity(), -infinity()) t(a) ORDER BY a DESC
----
NaN
Infinity
1.5
-0.5
-Infinity

query
SELECT a, b FROM (VALUES (1, 2), (1, 1), (0, 9)) t(a, b) ORDER BY 1, 2 DESC
----
0	9
1	2
1	1

query
SELECT a * -1 AS neg FROM (VALUES 1, 3, 2) t(a) ORDER BY neg
----
-3
-2
-1

query
SELECT a FROM (VALUES 1, 3, 2) t(a) ORDER BY -a
----
3
2
1

query
SELECT custkey, name FROM customer ORDER BY acctbal DESC, custkey LIMIT 4
----
213	Customer#000000213
45	Customer#000000045
1106	Customer#000001106
200	Customer#000000200

query
SELECT a FROM (VALUES 5, 4, 3, 2, 1) t(a) ORDER BY a OFFSET 1 LIMIT 2
----
2
3

query
SELECT a FROM (VALUES 5, 4, 3, 2, 1) t(a) OFFSET 10
----

query
SELECT d FROM (VALUES DATE '2020-01-02', DATE '1999-12-31', DATE '2020-01-01') t(d) ORDER BY d
----
1999-12-31
2020-01-01
2020-01-02

query
SELECT a FROM (VALUES true, false, NULL, true) t(a) ORDER BY a
----
false
true
true
NULL

query
SELECT a, b FROM (VALUES (NULL, 1), (NULL, NULL), (1, NULL)) t(a, b) ORDER BY a NULLS FIRST, b NULLS FIRST
----
NULL	NULL
NULL	1
1	NULL

query
SELECT shipdate, count(*) FROM lineitem GROUP BY shipdate ORDER BY count(*) DESC, shipdate LIMIT 3
----
1994-03-15	42
1994-03-17	41
1994-03-29	41

statement error SYNTAX_ERROR: line 1:59: mismatched input 'OFFSET'. Expecting: <EOF>
SELECT x FROM (VALUES 10, 20, 30) t(x) ORDER BY x LIMIT 2 OFFSET 1

query
SELECT a FROM (VALUES ARRAY[2, 1], ARRAY[1, 2, 3], ARRAY[1, 2]) t(a) ORDER BY a
----
[1, 2]
[1, 2, 3]
[2, 1]

query
SELECT name FROM nation ORDER BY regionkey DESC, name LIMIT 6
----
EGYPT
IRAN
IRAQ
JORDAN
SAUDI ARABIA
FRANCE
