# uuid type, as Trino's: the uuid() function, casts from and to varchar and varbinary (Trino's
# messages), typed literals, comparison, ordering by the 16 bytes, grouping, joins and tables.

query types=uuid|varchar
SELECT UUID '12151FD2-7586-11E9-8F9E-2A86E4085A59', typeof(uuid())
----
12151fd2-7586-11e9-8f9e-2a86e4085a59	uuid

query
SELECT CAST('12151fd2-7586-11e9-8f9e-2a86e4085a59' AS uuid) = UUID '12151FD2-7586-11E9-8F9E-2A86E4085A59', CAST(UUID '12151fd2-7586-11e9-8f9e-2a86e4085a59' AS varchar)
----
true	12151fd2-7586-11e9-8f9e-2a86e4085a59

query
SELECT CAST(X'0102030405060708090a0b0c0d0e0f10' AS uuid), to_hex(CAST(UUID '01020304-0506-0708-090a-0b0c0d0e0f10' AS varbinary))
----
01020304-0506-0708-090a-0b0c0d0e0f10	0102030405060708090A0B0C0D0E0F10

statement error INVALID_CAST_ARGUMENT: Cannot cast value to UUID: not a uuid
SELECT CAST('not a uuid' AS uuid)

statement error INVALID_CAST_ARGUMENT: Invalid UUID string length: 9
SELECT CAST('1-2-3-4-5' AS uuid)

statement error INVALID_CAST_ARGUMENT: Cannot cast value to UUID: 12151fd2-7586-11e9-8f9e-2a86e4085a590
SELECT CAST('12151fd2-7586-11e9-8f9e-2a86e4085a590' AS uuid)

statement error INVALID_CAST_ARGUMENT: Invalid UUID binary length: 2
SELECT CAST(X'0102' AS uuid)

statement error INVALID_CAST_ARGUMENT: Cannot cast '12151fd2-7586-11e9-8f9e-2a86e4085a59' to varchar(10)
SELECT CAST(UUID '12151fd2-7586-11e9-8f9e-2a86e4085a59' AS varchar(10))

statement error INVALID_LITERAL: 'xyz' is not a valid UUID literal
SELECT UUID 'xyz'

query
SELECT TRY_CAST('xyz' AS uuid), TRY_CAST(X'01' AS uuid)
----
NULL	NULL

statement error TYPE_MISMATCH: Cannot cast uuid to json
SELECT CAST(uuid() AS json)

statement error TYPE_MISMATCH: Cannot cast integer to uuid
SELECT CAST(1 AS uuid)

# Ordered as the 16 bytes are (unsigned), which is the order of the lowercase text.
query
SELECT u FROM (VALUES UUID 'ffffffff-0000-0000-0000-000000000000', UUID '00000000-0000-0000-0000-000000000001', UUID '7fffffff-ffff-ffff-ffff-ffffffffffff') t(u) ORDER BY u
----
00000000-0000-0000-0000-000000000001
7fffffff-ffff-ffff-ffff-ffffffffffff
ffffffff-0000-0000-0000-000000000000

query
SELECT count(DISTINCT u), count(*), min(u) < max(u), bool_and(length(CAST(u AS varchar)) = 36) FROM (SELECT uuid() AS u FROM nation)
----
25	25	true	true

# A version 4 UUID: its 13th hex digit is 4, its 17th one of 8, 9, a, b.
query
SELECT substr(CAST(u AS varchar), 15, 1), substr(CAST(u AS varchar), 20, 1) IN ('8', '9', 'a', 'b') FROM (SELECT uuid() AS u)
----
4	true

statement ok
CREATE TABLE memory.default.items (id uuid, name varchar)

statement ok
INSERT INTO memory.default.items VALUES (UUID '12151fd2-7586-11e9-8f9e-2a86e4085a59', 'a'), (UUID '0e2ae1b0-0000-4000-8000-000000000001', 'b'), (NULL, 'c'), (UUID '12151FD2-7586-11E9-8F9E-2A86E4085A59', 'd')

query rowsort
SELECT id, count(*) FROM memory.default.items GROUP BY id
----
0e2ae1b0-0000-4000-8000-000000000001	1
12151fd2-7586-11e9-8f9e-2a86e4085a59	2
NULL	1

query
SELECT a.name, b.name FROM memory.default.items a JOIN memory.default.items b ON a.id = b.id AND a.name < b.name
----
a	d

query
SELECT name FROM memory.default.items WHERE id IN (UUID '0E2AE1B0-0000-4000-8000-000000000001') OR id IS NULL ORDER BY name
----
b
c

query
SELECT column_name, data_type FROM memory.information_schema.columns WHERE table_schema = 'default' AND table_name = 'items' ORDER BY ordinal_position
----
id	uuid
name	varchar
