# varchar and char(n): literals, lengths, padding semantics of char, comparisons by code point, casts.

query types=varchar(5)|varchar(0)|varchar(4)
SELECT 'hello', '', 'it''s'
----
hello	(empty)	it's

query types=char(3)|char(5)
SELECT CAST('ab' AS char(3)), CHAR 'hello'
----
ab 	hello

query
SELECT CAST('ab' AS char(3)) = CAST('ab' AS char(5)), length(CAST('ab' AS char(5)))
----
true	5

query
SELECT 'ab' = 'ab ', 'a' < 'b', 'B' < 'a', 'abc' < 'abd', 'ab' < 'abc', '' < 'a'
----
false	true	true	true	true	true

query
SELECT 'é' > 'z', 'Z' < 'a', '😀' > 'é'
----
true	true	true

query
SELECT length('hello'), length(''), length('😀é'), length(NULL)
----
5	0	2	NULL

query
SELECT CAST('hello world' AS varchar(5))
----
hello

query
SELECT CAST(42 AS varchar), CAST(1.5E0 AS varchar), CAST(DATE '2020-02-29' AS varchar), CAST(1.50 AS varchar)
----
42	1.5	2020-02-29	1.50

query
SELECT 'a' || 'b' || 'c', concat('x', 'y', 'z'), 'n' || CAST(NULL AS varchar)
----
abc	xyz	NULL

query
SELECT 'abc' LIKE 'a%', 'abc' LIKE '_b_', 'abc' LIKE 'b%', 'ABC' LIKE 'a%', 'a%c' LIKE 'a\%c' ESCAPE '\'
----
true	true	false	false	true

query rowsort
SELECT s FROM (VALUES 'a', 'A', 'b', 'aa', '') t(s) WHERE s >= 'a'
----
a
b
aa

query
SELECT s FROM (VALUES 'b', 'a', 'B', 'aa', '', 'ä') t(s) ORDER BY s
----
(empty)
B
a
aa
b
ä

query
SELECT max(s), min(s) FROM (VALUES 'apple', 'Apple', 'banana') t(s)
----
banana	Apple

query rowsort
SELECT s, count(*) FROM (VALUES 'x', 'x', 'y', '') t(s) GROUP BY s
----
x	2
y	1
(empty)	1

query
SELECT typeof('abc'), typeof(CAST('a' AS char(2))), typeof(CAST('a' AS varchar))
----
varchar(3)	char(2)	varchar

query
SELECT 'line1
line2'
----
line1\nline2

# Code point order, not UTF-16 order: U+1F600 sorts after U+FF71.
query
SELECT '😀' > 'ｱ', '😀' < 'ｱ'
----
true	false

query
SELECT s FROM (VALUES '😀', 'ｱ', 'a') t(s) ORDER BY s
----
a
ｱ
😀

query
SELECT max(s), min(s) FROM (VALUES '😀', 'ｱ') t(s)
----
😀	ｱ
