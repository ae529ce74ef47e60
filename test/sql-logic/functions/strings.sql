# String functions: substr, replace, lpad/rpad, trim, split, position, case mapping, LIKE with ESCAPE, and more.

query
SELECT substr('hello', 2), substr('hello', 2, 3), substr('hello', -3), substr('hello', 10), substr('hello', 0), substring('hello' FROM 2 FOR 2)
----
ello	ell	llo	(empty)	(empty)	el

query
SELECT replace('banana', 'a', 'o'), replace('banana', 'an'), replace('abc', '', '-'), replace('aaa', 'aa', 'b')
----
bonono	ba	-a-b-c-	ba

query
SELECT lpad('7', 3, '0'), rpad('ab', 5, 'xy'), lpad('hello', 3, 'x'), rpad('hello', 2, 'x'), lpad('', 2, 'ab')
----
007	abxyx	hel	he	ab

statement error INVALID_FUNCTION_ARGUMENT: The delimiter may not be the empty string
SELECT split('abc', '')

statement error INVALID_FUNCTION_ARGUMENT: Padding string must not be empty
SELECT lpad('a', 3, '')

query
SELECT trim('  a b  '), ltrim('  a '), rtrim(' a  '), trim(BOTH 'x' FROM 'xxaxx'), trim(LEADING 'x' FROM 'xxaxx'), trim(TRAILING 'x' FROM 'xxaxx')
----
a b	a 	 a	a	axx	xxa

query
SELECT split('a,b,,c', ','), split('a,b,c', ',', 2), split_part('a,b,c', ',', 2), split_part('a,b,c', ',', 5)
----
[a, b, (empty), c]	[a, b,c]	b	NULL

query
SELECT strpos('hello', 'l'), strpos('hello', 'z'), strpos('hello', 'l', 2), position('lo' IN 'hello')
----
3	0	4	4

query
SELECT upper('straße'), lower('ÀBC'), upper(NULL), lower('MiXeD')
----
STRAßE	àbc	NULL	mixed

query
SELECT reverse('abc'), reverse(''), reverse('😀a'), length(reverse('héllo'))
----
cba	(empty)	a😀	5

query
SELECT concat('a', NULL, 'b'), concat_ws(',', 'a', NULL, 'b'), concat_ws('-', ARRAY['x', 'y'])
----
NULL	a,b	x-y

query
SELECT chr(65), codepoint('A'), chr(128512), codepoint('é')
----
A	65	😀	233

query
SELECT starts_with('hello', 'he'), starts_with('hello', 'lo'), ends_with('hello', 'lo')
----
true	false	true

query
SELECT 'abc' LIKE 'a_c', 'abc' LIKE 'a%', 'abc' NOT LIKE '%d', 'a_c' LIKE 'a\_c' ESCAPE '\', 'abc' LIKE 'a\_c' ESCAPE '\'
----
true	true	true	true	false

query
SELECT '100%' LIKE '100#%' ESCAPE '#', 'x' LIKE '', '' LIKE '%', 'a.c' LIKE 'a.c', 'abc' LIKE 'a.c', 'A' LIKE 'a'
----
true	false	true	true	false	false

statement error INVALID_FUNCTION_ARGUMENT: Escape string must be a single character
SELECT 'abc' LIKE 'a%' ESCAPE 'xx'

statement error INVALID_FUNCTION_ARGUMENT: Escape character must be followed by '%', '_' or the escape character itself
SELECT 'abc' LIKE 'a#c' ESCAPE '#'

query
SELECT 'ab
c' LIKE 'ab%', 'a*b' LIKE 'a*b', '(x)' LIKE '(%)', '[a]' LIKE '[_]'
----
true	true	true	true

query
SELECT repeat_chars FROM (SELECT length(lpad('', 10, 'ab')) AS repeat_chars)
----
10

query
SELECT levenshtein_distance('kitten', 'sitting'), hamming_distance('abc', 'abd'), soundex('Robert')
----
3	1	R163

query
SELECT translate('abcd', 'bc', 'x'), normalize('é'), to_utf8('a') = X'61'
----
axd	é	true

query
SELECT luhn_check('79927398713'), luhn_check('79927398710')
----
true	false

query
SELECT word_stem('running', 'en')
----
run

query
SELECT name, upper(substr(name, 1, 3)) FROM region ORDER BY regionkey
----
AFRICA	AFR
AMERICA	AME
ASIA	ASI
EUROPE	EUR
MIDDLE EAST	MID

query
SELECT count(*) FROM customer WHERE name LIKE 'Customer#00000001%'
----
10

query
SELECT count(*) FROM part WHERE name LIKE '%green%' AND type LIKE 'PROMO%'
----
23

query
SELECT length(comment), comment FROM nation WHERE nationkey = 0
----
51	 haggle. carefully final deposits detect slyly agai

query
SELECT split_to_map('a=1,b=2', ',', '='), split_to_multimap('a=1,a=2', ',', '=')
----
{a=1, b=2}	{a=[1, 2]}

query
SELECT 'abc' || CAST(1 AS varchar), CAST(2.5 AS varchar) || 'x', 'd' || CAST(DATE '2020-01-01' AS varchar)
----
abc1	2.5x	d2020-01-01
