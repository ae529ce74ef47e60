# Trino's SQL/JSON functions: json_exists, json_value, json_query (JSON path language, lax and
# strict modes, PASSING, ON EMPTY / ON ERROR), json_object and json_array. The `customers` rows and
# most expected results are the worked examples of Trino's documentation (functions/json.md).

# json_exists: which customers have a child above 10 (lax), and the third child above 10 (strict,
# where a missing third child is a structural error handled by UNKNOWN ON ERROR).
query
WITH customers(id, description) AS (VALUES (101, '{"comment" : "nice", "children" : [10, 13, 16]}'), (102, '{"comment" : "problematic", "children" : [8, 11]}'), (103, '{"comment" : "knows best", "children" : [2]}'))
SELECT id, json_exists(description, 'lax $.children[*]?(@ > 10)'), json_exists(description, 'strict $.children[2]?(@ > 10)' UNKNOWN ON ERROR) FROM customers ORDER BY id
----
101	true	true
102	true	NULL
103	false	NULL

# json_exists ON ERROR: FALSE by default; TRUE, FALSE, UNKNOWN, or the error. (Trino's message
# for malformed input is `conversion to JSON failed: `, with a trailing space.)
query
SELECT json_exists('[1, 2', 'lax $[1]'), json_exists('[1, 2', 'strict $[1]' TRUE ON ERROR), json_exists('[1, 2', 'strict $[1]' FALSE ON ERROR), json_exists('[1, 2', 'strict $[1]' UNKNOWN ON ERROR)
----
false	true	false	NULL

statement error JSON_INPUT_CONVERSION_ERROR: conversion to JSON failed: 
SELECT json_exists('[1, 2', 'strict $[1]' ERROR ON ERROR)

statement error PATH_EVALUATION_ERROR: path evaluation failed: structural error: invalid array subscript: [5] for array of size 2
SELECT json_exists('[1, 2]', 'strict $[5]' ERROR ON ERROR)

# NULL input is NULL; a NULL SQL parameter is JSON null, a NULL FORMAT JSON parameter no item.
query
SELECT json_exists(NULL, 'lax $'), json_exists('[1]', 'lax $var' PASSING NULL AS "var"), json_exists('[1]', 'lax $var' PASSING NULL FORMAT JSON AS "var")
----
NULL	true	false

# PASSING: JSON path names are case-sensitive, unquoted SQL names uppercase.
statement error INVALID_PATH: no value passed for parameter number. Try quoting "number" in the PASSING clause to match case
SELECT json_exists('[1, 2]', 'lax $number + 1' PASSING 2 AS number)

statement error INVALID_PATH: line 1:30: no value passed for parameter x
SELECT json_exists('[1, 2]', 'lax $x')

query
SELECT json_exists('[1, 2]', 'lax $number + 1' PASSING 5 AS "number"), json_exists('[1, 2]', 'lax $[$number]' PASSING 5 AS "number"), json_exists('[1, 2]', 'lax $?(@ > $N)' PASSING 1 AS n)
----
true	false	true

query
SELECT json_exists('[1, 2]', 'lax $array[0]' PASSING '[1, 2, 3]' FORMAT JSON AS "array"), json_exists('[1, 2]', 'lax $array[0]' PASSING '[...' FORMAT JSON AS "array")
----
true	false

statement error JSON_INPUT_CONVERSION_ERROR: conversion to JSON failed: 
SELECT json_exists('[1, 2]', 'lax $array[0]' PASSING '[...' FORMAT JSON AS "array" ERROR ON ERROR)

# A path that does not parse is a syntax error at its place in the query.
statement error SYNTAX_ERROR: line 1:31: mismatched input 'certainly' expecting {'lax', 'strict'}
SELECT json_exists('[1, 2]', 'certainly not a valid path')

statement error SYNTAX_ERROR: line 1:37: extraneous input ']' expecting <EOF>
SELECT json_exists('[1, 2]', 'lax $ ]')

statement error INVALID_PATH: line 1:50: invalid like_regex pattern in JSON path: Invalid regular expression: /[/u: Unterminated character class
SELECT json_exists('["a"]', 'lax $?(@ like_regex "[")')

# The input must be JSON text: a character string (FORMAT JSON, without an encoding) or json.
statement error TYPE_MISMATCH: line 1:20: Cannot read input of type integer as JSON using formatting JSON
SELECT json_exists(1, 'lax $')

statement error TYPE_MISMATCH: line 1:20: Cannot read input of type varchar(3) as JSON using formatting JSON ENCODING UTF8
SELECT json_exists('[1]' FORMAT JSON ENCODING UTF8, 'lax $')

query
SELECT json_exists('[1]' FORMAT JSON, 'lax $[0]'), json_exists(JSON '{"a": 1}', 'strict $.a'), json_exists(json_parse('[]'), 'lax $[0]')
----
true	true	false

# json_value: the comment as char(12), the first child as tinyint.
query
WITH customers(id, description) AS (VALUES (101, '{"comment" : "nice", "children" : [10, 13, 16]}'), (102, '{"comment" : "problematic", "children" : [8, 11]}'), (103, '{"comment" : "knows best", "children" : [2]}'))
SELECT id, json_value(description, 'lax $.comment' RETURNING char(12)), json_value(description, 'lax $.children[0]' RETURNING tinyint) FROM customers ORDER BY id
----
101	nice        	10
102	problematic 	8
103	knows best  	2

# The third child: strict mode's structural error goes to ON ERROR; lax mode's empty result to ON EMPTY.
query
WITH customers(id, description) AS (VALUES (101, '{"comment" : "nice", "children" : [10, 13, 16]}'), (102, '{"comment" : "problematic", "children" : [8, 11]}'), (103, '{"comment" : "knows best", "children" : [2]}'))
SELECT id, json_value(description, 'strict $.children[2]' DEFAULT 'err' ON ERROR), json_value(description, 'lax $.children[2]' DEFAULT 'missing' ON EMPTY) FROM customers ORDER BY id
----
101	16	16
102	err	missing
103	err	missing

query types=varchar|integer|bigint|boolean|double
SELECT json_value('{"a": "x"}', 'lax $.a'), json_value('{"a": 1}', 'lax $.a' RETURNING integer), json_value('{"a": "12"}', 'lax $.a' RETURNING bigint), json_value('[true]', 'lax $[0]' RETURNING boolean), json_value('{"a": 1.5}', 'lax $.a' RETURNING double)
----
x	1	12	true	1.5

# ON EMPTY and ON ERROR: NULL by default; DEFAULT values; ERROR.
query
SELECT json_value('{"a": 1}', 'lax $.b'), json_value('{"a": 1}', 'lax $.b' RETURNING integer DEFAULT -1 ON EMPTY), json_value('[1, 2]', 'lax $[*]'), json_value('[1, 2]', 'lax $[*]' DEFAULT 'many' ON ERROR), json_value('{"a": [1]}', 'lax $.a'), json_value('{"a": null}', 'lax $.a')
----
NULL	-1	NULL	many	NULL	NULL

statement error JSON_VALUE_RESULT_ERROR: cannot extract SQL scalar from JSON: JSON path found no items
SELECT json_value('{"a": 1}', 'lax $.b' ERROR ON EMPTY)

statement error JSON_VALUE_RESULT_ERROR: cannot extract SQL scalar from JSON: JSON path found multiple items
SELECT json_value('[1, 2]', 'lax $[*]' ERROR ON ERROR)

statement error JSON_VALUE_RESULT_ERROR: cannot extract SQL scalar from JSON: JSON path found an item that cannot be converted to an SQL value
SELECT json_value('{"a": [1]}', 'lax $.a' ERROR ON ERROR)

statement error JSON_VALUE_RESULT_ERROR: cannot extract SQL scalar from JSON: Cannot cast value of type varchar to declared return type of function JSON_VALUE: integer
SELECT json_value('{"a": "x"}', 'lax $.a' RETURNING integer ERROR ON ERROR)

query
SELECT json_value('{"a": "x"}', 'lax $.a' RETURNING integer), json_value('{"a": "x"}', 'lax $.a' RETURNING integer DEFAULT 0 ON EMPTY DEFAULT -1 ON ERROR), json_value('x', 'lax $' DEFAULT 'bad' ON ERROR)
----
NULL	-1	bad

statement error JSON_INPUT_CONVERSION_ERROR: conversion to JSON failed: 
SELECT json_value('{"a": ', 'lax $.a' ERROR ON ERROR)

statement error PATH_EVALUATION_ERROR: path evaluation failed: Division by zero
SELECT json_value('{"a": 1}', 'lax $.a / 0' ERROR ON ERROR)

statement error TYPE_MISMATCH: line 1:8: Invalid return type of function JSON_VALUE: array(integer)
SELECT json_value('[1]', 'lax $' RETURNING array(integer))

statement error TYPE_MISMATCH: Function JSON_VALUE default ON EMPTY result must evaluate to a integer (actual: varchar(1))
SELECT json_value('[1]', 'lax $[5]' RETURNING integer DEFAULT 'x' ON EMPTY)

# Path arithmetic, item methods, filters and variables through json_value.
query
SELECT json_value('{"price": 10, "tax": 3}', 'strict $.price + $.tax'), json_value('[1, 2, -7.5]', 'lax $[last].abs().floor()'), json_value('{"a": [1, 2, 3]}', 'lax $.a.size()'), json_value('{"a": "text"}', 'lax $.a.type()'), json_value('[{"id": 1, "v": "x"}, {"id": 2, "v": "y"}]', 'lax $[*]?(@.id == $ID).v' PASSING 2 AS id)
----
13	7.0	3	string	y

# json_query: the children array, or the children without a wrapper (an error for several items,
# NULL ON ERROR), the last child in an array wrapper, the children above 12 wrapped (EMPTY ARRAY ON
# EMPTY), the comment with and without quotes.
query
WITH customers(id, description) AS (VALUES (101, '{"comment" : "nice", "children" : [10, 13, 16]}'), (102, '{"comment" : "problematic", "children" : [8, 11]}'), (103, '{"comment" : "knows best", "children" : [2]}'))
SELECT id, json_query(description, 'lax $.children'), json_query(description, 'lax $.children[*]' WITHOUT ARRAY WRAPPER NULL ON ERROR), json_query(description, 'lax $.children[last]' WITH ARRAY WRAPPER), json_query(description, 'strict $.children[*]?(@ > 12)' WITH ARRAY WRAPPER EMPTY ARRAY ON EMPTY) FROM customers ORDER BY id
----
101	[10,13,16]	NULL	[16]	[13,16]
102	[8,11]	NULL	[11]	[]
103	[2]	2	[2]	[]

query
WITH customers(id, description) AS (VALUES (101, '{"comment" : "nice", "children" : [10, 13, 16]}'), (102, '{"comment" : "problematic", "children" : [8, 11]}'), (103, '{"comment" : "knows best", "children" : [2]}'))
SELECT id, json_query(description, 'strict $.comment' KEEP QUOTES), json_query(description, 'strict $.comment' OMIT QUOTES ON SCALAR STRING) FROM customers ORDER BY id
----
101	"nice"	nice
102	"problematic"	problematic
103	"knows best"	knows best

# Wrappers: CONDITIONAL wraps all but a single array or object; UNCONDITIONAL (the WITH default) wraps all.
query
SELECT json_query('{"a": [1, 2], "b": {"c": 1}}', 'lax $.a' WITH CONDITIONAL ARRAY WRAPPER), json_query('{"a": [1, 2]}', 'lax $.a[*]' WITH CONDITIONAL WRAPPER), json_query('{"a": [1, 2]}', 'lax $.a' WITH UNCONDITIONAL ARRAY WRAPPER), json_query('{"b": {"c": 1}}', 'lax $.b' WITH WRAPPER), json_query('"x"', 'lax $' WITH CONDITIONAL ARRAY WRAPPER)
----
[1,2]	[1,2]	[[1,2]]	[{"c":1}]	["x"]

# ON EMPTY / ON ERROR: NULL, EMPTY ARRAY, EMPTY OBJECT, ERROR.
query
SELECT json_query('{"a": 1}', 'lax $.b'), json_query('{"a": 1}', 'lax $.b' EMPTY OBJECT ON EMPTY), json_query('[1, 2]', 'lax $[*]' EMPTY ARRAY ON ERROR), json_query('[1, 2', 'lax $' EMPTY OBJECT ON ERROR), json_query(NULL, 'lax $')
----
NULL	{}	[]	{}	NULL

statement error JSON_OUTPUT_CONVERSION_ERROR: conversion from JSON failed: JSON path found no items
SELECT json_query('{"a": 1}', 'lax $.b' ERROR ON EMPTY)

statement error JSON_OUTPUT_CONVERSION_ERROR: conversion from JSON failed: JSON path found multiple items
SELECT json_query('[1, 2]', 'lax $[*]' ERROR ON ERROR)

statement error PATH_EVALUATION_ERROR: path evaluation failed: structural error: missing member 'b' in JSON object
SELECT json_query('{"a": 1}', 'strict $.b' ERROR ON ERROR)

query types=varchar(10)
SELECT json_query('{"a": [1, 2]}', 'lax $.a' RETURNING varchar(10))
----
[1,2]

statement error TYPE_MISMATCH: line 1:8: Cannot output JSON value as integer using formatting JSON
SELECT json_query('[1]', 'lax $' RETURNING integer)

# The key order and values of the input are kept; the descendant accessor finds nested members.
query
SELECT json_query('{"z": 1, "a": [true, null, 2.50]}', 'lax $'), json_query('{"id": 1, "notes": [{"comment": "foo"}, {"comment": null}], "comment": ["bar", "baz"]}', 'lax $..comment' WITH ARRAY WRAPPER), json_query('{"a": 1, "b": 2}', 'lax $.keyvalue()' WITH ARRAY WRAPPER)
----
{"z":1,"a":[true,null,2.5]}	[["bar","baz"],"foo",null]	[{"name":"a","value":1,"id":0},{"name":"b","value":2,"id":0}]

# json_array: SQL values as JSON, FORMAT JSON text embedded, nested JSON functions embedded, other
# types as strings; ABSENT ON NULL by default.
query
SELECT json_array(true, 12e-1, 'text'), json_array('[  "text"  ] ' FORMAT JSON), json_array(json_query('{"key" : [  "value"  ]}', 'lax $.key')), json_array(DATE '2001-01-31'), json_array()
----
[true,1.2,"text"]	[["text"]]	[["value"]]	["2001-01-31"]	[]

query
SELECT json_array(true, null, 1), json_array(true, null, 1 ABSENT ON NULL), json_array(true, null, 1 NULL ON NULL), json_array(true, 1 RETURNING varchar(100)), json_array(JSON '{"a": 1}', 123456789012, DECIMAL '1.20', TIMESTAMP '2001-01-31 10:00:00', INTERVAL '2' DAY)
----
[true,1]	[true,1]	[true,null,1]	[true,1]	[{"a":1},123456789012,1.20,"2001-01-31 10:00:00","2 00:00:00.000"]

# A value of a type without a cast to varchar cannot be passed, as in Trino.
statement error NOT_SUPPORTED: line 1:19: Unsupported type of value passed to JSON_ARRAY function: array(integer)
SELECT json_array(ARRAY[1, 2])

statement error NOT_SUPPORTED: line 1:26: Unsupported type of value passed to JSON_OBJECT function: map(varchar(1), integer)
SELECT json_object('k' : MAP(ARRAY['a'], ARRAY[1]))

statement error JSON_INPUT_CONVERSION_ERROR: conversion to JSON failed: 
SELECT json_array('[1, ' FORMAT JSON)

statement error TYPE_MISMATCH: line 1:19: Cannot read input of type integer as JSON using formatting JSON
SELECT json_array(1 FORMAT JSON)

statement error TYPE_MISMATCH: Cannot output JSON value as json using formatting JSON
SELECT json_array(1 RETURNING json)

# json_object: `key : value`, `KEY key VALUE value`, `key VALUE value`; NULL ON NULL by default.
query
SELECT json_object('key1' : 1, 'key2' : true), json_object(KEY 'key1' VALUE 1, KEY 'key2' VALUE true), json_object('key1' VALUE 1, 'key2' VALUE true), json_object('x' : true, 'y' : 12e-1, 'z' : 'text'), json_object()
----
{"key1":1,"key2":true}	{"key1":1,"key2":true}	{"key1":1,"key2":true}	{"x":true,"y":1.2,"z":"text"}	{}

query
SELECT json_object('x' : '[  "text"  ] ' FORMAT JSON), json_object('x' : json_query('{"key" : [  "value"  ]}', 'lax $.key')), json_object('x' : DATE '2001-01-31'), json_object('x' : 1 RETURNING varchar(100))
----
{"x":["text"]}	{"x":["value"]}	{"x":"2001-01-31"}	{"x":1}

query
SELECT json_object('x' : null, 'y' : 1), json_object('x' : null, 'y' : 1 NULL ON NULL), json_object('x' : null, 'y' : 1 ABSENT ON NULL), json_object('x' : 1, 'y' : 2 WITH UNIQUE KEYS), json_object(k : v) FROM (VALUES ('key', 'value')) t(k, v)
----
{"x":null,"y":1}	{"x":null,"y":1}	{"y":1}	{"x":1,"y":2}	{"key":"value"}

statement error INVALID_FUNCTION_ARGUMENT: duplicate key passed to JSON_OBJECT function
SELECT json_object('x' : null, 'x' : 1 WITH UNIQUE KEYS)

# WITHOUT UNIQUE KEYS (the default) would keep both members; Trino cannot build that object.
statement error NOT_SUPPORTED: cannot construct a JSON object with duplicate key
SELECT json_object('key' : 1, 'key' : 2)

# Members come in the order Trino's HashMap gives them (arbitrary, but the same as Trino's), a key
# left out by ABSENT ON NULL is no duplicate, subqueries may give keys and values.
query
SELECT json_object('key_1' : 1, 'key_2' : 2), json_object('key' : 1e0), json_object('k' : null, 'k' : 1 ABSENT ON NULL), json_object((SELECT 'key') : (SELECT 1)), json_object('key' : json_object('a' : 1)), json_object('key' : '{"a" : 1, "a" : 1}' FORMAT JSON)
----
{"key_2":2,"key_1":1}	{"key":1.0}	{"k":1}	{"key":1}	{"key":{"a":1}}	{"key":{"a":1}}

statement error INVALID_FUNCTION_ARGUMENT: null value passed for JSON object key to JSON_OBJECT function
SELECT json_object(CAST(NULL AS varchar) : 1)

statement error TYPE_MISMATCH: line 1:20: Invalid type of JSON object key: integer
SELECT json_object(1 : 1)

statement error NOT_SUPPORTED: WITH UNIQUE KEYS behavior is not supported for JSON_OBJECT function when input expression has FORMAT
SELECT json_object('x' : '1' FORMAT JSON WITH UNIQUE KEYS)

# Over a table: one path parse per query, many rows; the hidden functions are not callable by name.
query
SELECT count(*), sum(json_value(json_object('k' : nationkey), 'lax $.k' RETURNING bigint)) FROM tpch.tiny.nation WHERE json_exists(json_array(name), 'lax $[0]?(@ starts with "A")')
----
2	1

statement error FUNCTION_NOT_FOUND: line 1:8: Function '$json_exists' not registered
SELECT "$json_exists"('[1]', NULL, '{}')

# A DEFAULT must be coercible to the return type (varchar by default).
statement error TYPE_MISMATCH: Function JSON_VALUE default ON EMPTY result must evaluate to a varchar (actual: integer)
SELECT json_value('{"a": 1}', 'lax $.b' DEFAULT -1 ON EMPTY)

# Cases of Trino's own tests over the input ["a", "b", "c"]: PASSING values (other types go as their
# varchar text), literal paths, return types whose cast fails (ON ERROR), NULL defaults.
query
SELECT json_value('["a", "b", "c"]', 'lax $number + 1' PASSING 5 AS "number"), json_value('["a", "b", "c"]', 'lax $array[0]' PASSING '[1, 2, 3]' FORMAT JSON AS "array"), json_value('["a", "b", "c"]', 'lax $[$number]' PASSING 5 AS "number"), json_value('["a", "b", "c"]', 'lax $parameter' PASSING INTERVAL '2' DAY AS "parameter"), json_value('["a", "b", "c"]', 'lax $parameter' PASSING DATE '2001-01-31' AS "parameter")
----
6	1	NULL	2 00:00:00.000	2001-01-31

query
SELECT json_value('["a", "b", "c"]', 'lax 1'), json_value('["a", "b", "c"]', 'lax true'), json_value('["a", "b", "c"]', 'lax null'), json_value('["a", "b", "c"]', 'lax 1000' RETURNING tinyint), json_value('["a", "b", "c"]', 'lax 1000' RETURNING tinyint DEFAULT TINYINT '-1' ON ERROR), json_value('["a", "b", "c"]', 'lax 1000000000000 * 1000000000000' RETURNING bigint DEFAULT TINYINT '-1' ON ERROR)
----
1	true	NULL	NULL	-1	-1

query
SELECT json_value('["a", "b", "c"]', 'lax $[1]' RETURNING char(10)), json_value('["a", "b", "c"]', 'lax $var' PASSING null FORMAT JSON AS "var" DEFAULT 'was empty...' ON EMPTY), json_value('["a", "b", "c"]', 'lax 1' DEFAULT null ON EMPTY DEFAULT null ON ERROR), json_value('["a", "b", "c"]', 'lax 1 + $[0]' DEFAULT null ON ERROR), json_value('["a", "b", "c"]', 'lax $var' PASSING null AS "var")
----
b         	was empty...	1	NULL	NULL

query
SELECT json_query('["a", "b", "c"]', 'lax 1'), json_query('["a", "b", "c"]', 'lax true' RETURNING varchar FORMAT JSON), json_query('["a", "b", "c"]', 'lax null' RETURNING varchar FORMAT JSON), json_query('["a", "b", "c"]', 'lax $[1]' RETURNING char(10)), json_query('["a", "b", "c"]', 'lax $number + 1' PASSING 5 AS "number")
----
1	true	null	"b"       	6

# RETURNING char(10) cuts longer text, as a cast from varchar does.
query
SELECT json_query('["a", "b", "c"]', 'lax "text too long"' RETURNING char(10)) = CAST('"text too ' AS char(10))
----
true

query
SELECT json_query('["a", "b", "c"]', 'lax $[0 to 1]'), json_query('["a", "b", "c"]', 'lax $[0 to 1]' WITH CONDITIONAL ARRAY WRAPPER), json_query('["a", "b", "c"]', 'lax $[0]' WITH CONDITIONAL ARRAY WRAPPER), json_query('["a", "b", "c"]', 'lax $' WITH CONDITIONAL ARRAY WRAPPER), json_query('["a", "b", "c"]', 'lax $' WITH UNCONDITIONAL ARRAY WRAPPER), json_query('{"key" : 1}', 'lax $' WITH UNCONDITIONAL ARRAY WRAPPER)
----
NULL	["a","b"]	["a"]	["a","b","c"]	[["a","b","c"]]	[{"key":1}]

query
SELECT json_query('["a", "b", "c"]', 'lax "some scalar text value"'), json_query('["a", "b", "c"]', 'lax "some scalar text value"' OMIT QUOTES ON SCALAR STRING), json_query('["a", "b", "c"]', 'lax $' OMIT QUOTES ON SCALAR STRING), json_query('["a", "b", "c"]', 'lax $var' PASSING null AS "var"), json_query('["a", "b", "c"]', 'lax $var' PASSING null FORMAT JSON AS "var" EMPTY ARRAY ON EMPTY)
----
"some scalar text value"	some scalar text value	["a","b","c"]	null	[]

statement error TYPE_MISMATCH: line 1:8: Cannot output JSON value as tinyint using formatting JSON
SELECT json_query('["a", "b", "c"]', 'lax 1' RETURNING tinyint)

statement error INVALID_PATH: line 1:38: no value passed for parameter number. Try quoting "number" in the PASSING clause to match case
SELECT json_query('["a", "b", "c"]', 'lax $number + 1' PASSING 2 AS number)

statement error SYNTAX_ERROR: line 1:39: mismatched input 'certainly' expecting {'lax', 'strict'}
SELECT json_query('["a", "b", "c"]', 'certainly not a valid path')

# DEFAULT values are evaluated only when needed; one that fails ON EMPTY goes to ON ERROR. They may
# use the row's columns and enclosing lambdas' parameters.
query
SELECT json_value('{"a":1}', 'lax $.a' RETURNING integer DEFAULT 1/0 ON EMPTY DEFAULT 2/0 ON ERROR), json_value('{"a":1}', 'lax $.b' RETURNING integer DEFAULT 1/0 ON EMPTY DEFAULT -7 ON ERROR), json_value('{"a":1}', 'lax $.b' RETURNING integer DEFAULT 1/0 ON EMPTY)
----
1	-7	NULL

statement error DIVISION_BY_ZERO: Division by zero
SELECT json_value('{"a":1}', 'lax $.b' RETURNING integer DEFAULT 1/0 ON EMPTY ERROR ON ERROR)

query
SELECT n, json_value(j, 'lax $.b' RETURNING bigint DEFAULT n * 10 ON EMPTY), transform(ARRAY[1, 2], x -> json_value(j, 'lax $.c' RETURNING integer DEFAULT x + n ON EMPTY)) FROM (VALUES ('{"b":5}', 1), ('{}', 2)) t(j, n) ORDER BY n
----
1	5	[2, 3]
2	20	[3, 4]

# PASSING names are unique (unquoted names are uppercased, so `a` and `A` are the same name); a
# value must be JSON text with FORMAT JSON, and otherwise have a varchar form.
statement error DUPLICATE_PARAMETER_NAME: line 1:57: A JSON path parameter is specified more than once
SELECT json_exists('[1]', 'lax $A' PASSING 1 AS a, 2 AS A)

statement error TYPE_MISMATCH: line 1:44: Unsupported type of JSON path parameter: array(integer)
SELECT json_exists('[1]', 'lax $x' PASSING ARRAY[1] AS "x")

statement error TYPE_MISMATCH: line 1:44: Cannot read input of type integer as JSON using formatting JSON
SELECT json_exists('[1]', 'lax $x' PASSING 1 FORMAT JSON AS "x")

# A path may span lines; an error in it points at its line and column.
statement error SYNTAX_ERROR: line 2:6: extraneous input ']' expecting <EOF>
SELECT json_value('[1]', 'lax
$[0 ]]')

# Decimal literals of the path and decimal PASSING values are exact decimals (their scale kept);
# JSON numbers with a fraction are doubles, as Jackson reads them in Trino.
query
SELECT json_value('{}', 'lax 1.50'), json_value('{}', 'lax 0.1 + 0.2'), json_query('{}', 'lax 1.50'), json_value('{}', 'lax 10 / 4.0'), json_value('{}', 'lax $p * 2' PASSING DECIMAL '1.50' AS "p"), json_value('{"a": 0.1}', 'lax $.a + 0.2'), json_value('{}', 'lax 1.50' RETURNING decimal(5, 3))
----
1.50	0.3	1.50	2.5	3.00	0.30000000000000004	1.500

# Binary JSON: varbinary input in UTF8 (the default), UTF16 or UTF32, and varbinary output
# (Trino's documented examples); bytes that are not text in the encoding are malformed input.
query
SELECT json_array('[  "text"  ] ' FORMAT JSON, X'5B0035005D00' FORMAT JSON ENCODING UTF16), json_array(true, 1 RETURNING VARBINARY), json_array(true, 1 RETURNING VARBINARY FORMAT JSON ENCODING UTF16), json_array(true, 1 RETURNING VARBINARY FORMAT JSON ENCODING UTF32)
----
[["text"],[5]]	5b 74 72 75 65 2c 31 5d	5b 00 74 00 72 00 75 00 65 00 2c 00 31 00 5d 00	5b 00 00 00 74 00 00 00 72 00 00 00 75 00 00 00 65 00 00 00 2c 00 00 00 31 00 00 00 5d 00 00 00

query
SELECT json_object('x' : 1 RETURNING VARBINARY), json_object('x' : 1 RETURNING VARBINARY FORMAT JSON ENCODING UTF8), json_object('x' : 1 RETURNING VARBINARY FORMAT JSON ENCODING UTF16), json_object('x' : '[  "text"  ] ' FORMAT JSON, 'y' : X'5B0035005D00' FORMAT JSON ENCODING UTF16)
----
7b 22 78 22 3a 31 7d	7b 22 78 22 3a 31 7d	7b 00 22 00 78 00 22 00 3a 00 31 00 7d 00	{"x":["text"],"y":[5]}

query
SELECT json_value(X'5B2261222C202262222C202263225D', 'lax $[1]'), json_value(X'5B2261222C202262222C202263225D' FORMAT JSON, 'lax $[1]'), json_value(X'5B002200610022002C0020002200620022002C0020002200630022005D00' FORMAT JSON ENCODING UTF16, 'lax $[1]'), json_exists(X'5B0000002200000061000000220000002C000000200000002200000062000000220000002C000000200000002200000063000000220000005D000000' FORMAT JSON ENCODING UTF32, 'lax $[1]'), json_query(X'5B2261222C202262222C202263225D', 'lax $' RETURNING varbinary FORMAT JSON ENCODING UTF16)
----
b	b	b	true	5b 00 22 00 61 00 22 00 2c 00 22 00 62 00 22 00 2c 00 22 00 63 00 22 00 5d 00

statement error JSON_INPUT_CONVERSION_ERROR: conversion to JSON failed: 
SELECT json_exists(X'5B0000002200000061000000220000002C000000200000002200000062000000220000002C000000200000002200000063000000220000005D000000' FORMAT JSON ENCODING UTF8, 'lax $[1]' ERROR ON ERROR)
