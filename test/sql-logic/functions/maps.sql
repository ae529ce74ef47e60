# Map functions: construction, access, keys/values, entries, concatenation, lambdas over maps.

query
SELECT map_keys(MAP(ARRAY['a', 'b'], ARRAY[1, 2])), map_values(MAP(ARRAY['a', 'b'], ARRAY[1, 2])), cardinality(MAP())
----
[a, b]	[1, 2]	0

query
SELECT map_from_entries(ARRAY[ROW('x', 1), ROW('y', 2)]), map_entries(MAP(ARRAY[1], ARRAY['v'])), map_concat(MAP(ARRAY[1, 2], ARRAY['a', 'b']), MAP(ARRAY[2, 3], ARRAY['B', 'c']))
----
{x=1, y=2}	[{1, v}]	{1=a, 2=B, 3=c}

query
SELECT map_filter(MAP(ARRAY['a', 'b', 'c'], ARRAY[1, 5, 10]), (k, v) -> v > 2), transform_values(MAP(ARRAY['a'], ARRAY[1]), (k, v) -> v * 100), transform_keys(MAP(ARRAY['a'], ARRAY[1]), (k, v) -> upper(k))
----
{b=5, c=10}	{a=100}	{A=1}

query
SELECT map_zip_with(MAP(ARRAY[1, 2], ARRAY['a', 'b']), MAP(ARRAY[2, 3], ARRAY['x', 'y']), (k, v1, v2) -> concat(coalesce(v1, '-'), coalesce(v2, '-')))
----
{1=a-, 2=bx, 3=-y}

query
SELECT element_at(MAP(ARRAY[1, 2], ARRAY['a', 'b']), 2), MAP(ARRAY[1.5E0], ARRAY['d'])[1.5E0], contains(map_keys(MAP(ARRAY['k'], ARRAY[0])), 'k')
----
b	d	true

query
SELECT multimap_from_entries(ARRAY[ROW(1, 'a'), ROW(1, 'b'), ROW(2, 'c')]), map_from_entries(ARRAY[ROW('z', NULL)])
----
{1=[a, b], 2=[c]}	{z=NULL}

statement error INVALID_FUNCTION_ARGUMENT: Duplicate map keys (1) are not allowed
SELECT map_from_entries(ARRAY[ROW(1, 'a'), ROW(1, 'b')])

statement error INVALID_FUNCTION_ARGUMENT: map key cannot be null
SELECT MAP(ARRAY[NULL], ARRAY[1])

statement error INVALID_FUNCTION_ARGUMENT: Key and value arrays must be the same length
SELECT MAP(ARRAY[1, 2], ARRAY[1])

query
SELECT map_agg(k, v) FROM (VALUES ('a', 1), ('b', 2)) t(k, v)
----
{a=1, b=2}

query
SELECT multimap_agg(k, v) FROM (VALUES ('a', 1), ('a', 2), ('b', 3)) t(k, v)
----
{a=[1, 2], b=[3]}

query
SELECT histogram(x) FROM (VALUES 'x', 'y', 'x') t(x)
----
{x=2, y=1}

query
SELECT m['a'], cardinality(m) FROM (SELECT map_agg(name, regionkey) m FROM (SELECT 'a' name, 1 regionkey))
----
1	1

query rowsort
SELECT k, v FROM (SELECT MAP(ARRAY['p', 'q'], ARRAY[1, 2]) m) CROSS JOIN UNNEST(m) u(k, v)
----
p	1
q	2

query
SELECT map_agg(regionkey, name)[2] FROM region
----
ASIA

query
SELECT MAP(ARRAY['a', 'b'], ARRAY[ARRAY[1], ARRAY[2, 3]])['b'][2], MAP(ARRAY[ROW(1, 2)], ARRAY['r'])[ROW(1, 2)]
----
3	r

query
SELECT cardinality(map_agg(orderkey, totalprice)) FROM orders
----
15000
