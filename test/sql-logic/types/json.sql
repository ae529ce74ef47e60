# json type: parsing, casts to and from SQL types, extraction functions.

query types=json
SELECT JSON '{"a": 1, "b": [1, 2]}'
----
{"a": 1, "b": [1, 2]}

query
SELECT json_parse('[1, "x", null, true]'), json_format(JSON '{"a":1}')
----
[1,"x",null,true]	{"a":1}

query
SELECT json_extract(JSON '{"a": {"b": 5}}', '$.a.b'), json_extract_scalar('{"a": {"b": "x"}}', '$.a.b'), json_extract_scalar('{"a": [10, 20]}', '$.a[1]')
----
5	x	20

query
SELECT json_array_length('[1, 2, 3]'), json_array_contains('[1, 2, 3]', 2), json_array_get('["a", "b"]', 1), json_size('{"x": {"a": 1, "b": 2}}', '$.x')
----
3	true	"b"	2

query
SELECT CAST(JSON '[1, 2, 3]' AS array(integer)), CAST(JSON '{"k": 1.5}' AS map(varchar, double)), CAST(JSON '"abc"' AS varchar)
----
[1, 2, 3]	{k=1.5}	abc

query
SELECT CAST(ARRAY[1, 2] AS json), CAST(MAP(ARRAY['a'], ARRAY[true]) AS json), CAST('x' AS json), CAST(1.5E0 AS json), CAST(NULL AS json)
----
[1,2]	{"a":true}	"x"	1.5	NULL

query
SELECT is_json_scalar('1'), is_json_scalar('[1]'), json_extract_scalar('{"a": [1]}', '$.a')
----
true	false	NULL

statement error INVALID_FUNCTION_ARGUMENT: Cannot convert value to JSON: '{bad'
SELECT json_parse('{bad')

query
SELECT CAST(JSON '123' AS bigint), CAST(JSON 'true' AS boolean), CAST(JSON '"2.5"' AS double), CAST(JSON 'null' AS varchar)
----
123	true	2.5	NULL

query
SELECT CAST(ROW(1, 'a') AS json), CAST(CAST(ROW(1, 'a') AS row(x integer, y varchar)) AS json)
----
[1,"a"]	{"x":1,"y":"a"}

query
SELECT json_extract('{"a": [1, {"b": 2}]}', '$.a[1]'), json_extract('[1]', '$.missing')
----
{"b":2}	NULL
