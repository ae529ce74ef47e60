# regexp_* functions (Java pattern syntax as Presto).

query
SELECT regexp_like('abc123', '\d+'), regexp_like('abc', '^b'), regexp_like('abc', 'B')
----
true	false	false

query
SELECT regexp_extract('abc123def456', '\d+'), regexp_extract('abc123def', '([a-z]+)(\d+)', 2), regexp_extract('abc', '\d+')
----
123	123	NULL

query
SELECT regexp_extract_all('a1b22c333', '\d+'), regexp_extract_all('a1b22', '([a-z])(\d+)', 2), regexp_extract_all('abc', 'x')
----
[1, 22, 333]	[1, 22]	[]

query
SELECT regexp_replace('a1b2c3', '\d'), regexp_replace('a1b2c3', '\d', '#'), regexp_replace('John Smith', '(\w+) (\w+)', '$2, $1')
----
abc	a#b#c#	Smith, John

query
SELECT regexp_replace('abc', '(b)', '[$1]'), regexp_replace('aaa', 'a*', 'X')
----
a[b]c	XX

query
SELECT regexp_split('a1b22c', '\d+'), regexp_count('aXbXc', 'X')
----
[a, b, c]	2

query
SELECT regexp_position('abcabc', 'c'), regexp_position('abcabc', 'c', 4), regexp_position('abc', 'z')
----
3	6	-1

query
SELECT regexp_like('ÀB', '^\p{Lu}+$'), regexp_extract('x=1;y=2', 'y=(\d)', 1), regexp_like('a.b', 'a\.b'), regexp_like('axb', 'a\.b')
----
true	2	true	false

query
SELECT regexp_replace('hello', '(l)', x -> upper(x[1])), regexp_replace('a1b22', '(\d+)', x -> CAST(length(x[1]) AS varchar))
----
heLLo	a1b2

statement error INVALID_FUNCTION_ARGUMENT: Pattern has 1 groups. Cannot access group 2
SELECT regexp_extract('abc', '(a)', 2)

query
SELECT count(*) FROM nation WHERE regexp_like(name, '^[AEIOU]')
----
10

query
SELECT regexp_extract_all('2020-01-05 and 2021-12-31', '(\d{4})-(\d{2})', 1), regexp_like('', '^$')
----
[2020, 2021]	true
