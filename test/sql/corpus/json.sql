-- Trino's SQL/JSON functions: JSON_EXISTS, JSON_VALUE, JSON_QUERY, JSON_OBJECT, JSON_ARRAY.

SELECT json_exists(description, 'lax $.children[*]?(@ > 10)') FROM customers;

SELECT id, json_exists(description, 'strict $.children[2]?(@ > 10)' UNKNOWN ON ERROR) AS child_3_above_ten FROM customers;

SELECT json_exists(x FORMAT JSON, 'lax $?(@.price > $O_PRICE || @.tax > $O_TAX)' PASSING o.totalprice AS O_PRICE, o.tax % 10 AS O_TAX) FROM orders o;

SELECT json_exists(x, 'lax $.$KeyName' PASSING n.name AS "KeyName", j FORMAT JSON AS o_desc ERROR ON ERROR) FROM t;

SELECT json_exists(x FORMAT JSON ENCODING UTF16, 'lax $' TRUE ON ERROR), json_exists(x, 'lax $' FALSE ON ERROR) FROM t;

SELECT json_value(description, 'lax $.comment' RETURNING char(12)) AS comment FROM customers;

SELECT json_value(description, 'strict $.children[2]' DEFAULT 'err' ON ERROR) FROM customers;

SELECT json_value(description, 'lax $.children[2]' DEFAULT 'missing' ON EMPTY) FROM customers;

SELECT json_value(x, 'strict $[last].price + $O_TAX' PASSING tax AS O_TAX RETURNING decimal(10, 2) ERROR ON EMPTY DEFAULT 0 ON ERROR) FROM t;

SELECT json_value(x, 'lax $[last].abs().floor()' RETURNING bigint NULL ON EMPTY NULL ON ERROR) FROM t;

SELECT json_query(description, 'lax $.children') AS children FROM customers;

SELECT json_query(description, 'lax $.children[*]' WITHOUT ARRAY WRAPPER NULL ON ERROR) FROM customers;

SELECT json_query(description, 'lax $.children[last]' WITH ARRAY WRAPPER) FROM customers;

SELECT json_query(description, 'strict $.children[*]?(@ > 12)' WITH ARRAY WRAPPER EMPTY ARRAY ON EMPTY) FROM customers;

SELECT json_query(description, 'strict $.comment' KEEP QUOTES), json_query(description, 'strict $.comment' OMIT QUOTES ON SCALAR STRING) FROM customers;

SELECT json_query(x, 'strict $.keyvalue()?(@.value == $CUST_ID)' PASSING custkey AS CUST_ID RETURNING varchar(100) FORMAT JSON WITH CONDITIONAL WRAPPER ERROR ON EMPTY EMPTY OBJECT ON ERROR) FROM t;

SELECT json_query(x, 'lax $..comment' WITH UNCONDITIONAL ARRAY WRAPPER EMPTY OBJECT ON EMPTY ERROR ON ERROR) FROM t;

SELECT json_object('key1' : 1, 'key2' : true), json_object(KEY 'key1' VALUE 1, KEY 'key2' VALUE true), json_object('key1' VALUE 1);

SELECT json_object('x' : '[  "text"  ] ' FORMAT JSON, 'y' : json_query('{"key" : [  "value"  ]}', 'lax $.key'));

SELECT json_object('x' : null, 'y' : 1 ABSENT ON NULL), json_object('x' : null, 'y' : 1 NULL ON NULL WITHOUT UNIQUE KEYS);

SELECT json_object('x' : 1 WITH UNIQUE KEYS RETURNING varchar(100)), json_object(), json_object(KEY key VALUE value) FROM t;

SELECT json_array(true, 12e-1, 'text'), json_array('[  "text"  ] ' FORMAT JSON), json_array();

SELECT json_array(true, null, 1 ABSENT ON NULL), json_array(true, null, 1 NULL ON NULL RETURNING varchar(100));

SELECT json_array(json_object('a' : json_array(1, 2)), json_value(j, 'lax $[0]' RETURNING integer)) FROM t WHERE json_exists(j, 'lax $[0]');

SELECT CASE WHEN json_exists(j, 'lax $.a') THEN json_query(j, 'lax $.a') ELSE json_array() END FROM t;
