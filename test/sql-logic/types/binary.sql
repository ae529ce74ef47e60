# varbinary: literals, conversions, functions, comparison.

query types=varbinary
SELECT X'48656C6C6F'
----
48 65 6c 6c 6f

query
SELECT to_hex(X'00FF10'), from_hex('cafe'), length(X'0102030405')
----
00FF10	ca fe	5

query
SELECT to_utf8('héllo'), from_utf8(X'68C3A96C6C6F')
----
68 c3 a9 6c 6c 6f	héllo

query
SELECT to_base64(to_utf8('hello')), from_utf8(from_base64('aGVsbG8='))
----
aGVsbG8=	hello

query
SELECT X'01' < X'02', X'0100' > X'01', X'FF' > X'00', X'0102' = X'0102'
----
true	true	true	true

query
SELECT md5(to_utf8('abc')), sha1(to_utf8('abc'))
----
90 01 50 98 3c d2 4f b0 d6 96 3f 7d 28 e1 7f 72	a9 99 3e 36 47 06 81 6a ba 3e 25 71 78 50 c2 6c 9c d0 d8 9d

query
SELECT to_hex(sha256(to_utf8('abc')))
----
BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD

query
SELECT concat(X'01', X'0203'), X'01' || X'02'
----
01 02 03	01 02

query
SELECT substr(X'0102030405', 2, 3), reverse(X'010203')
----
02 03 04	03 02 01

query
SELECT crc32(to_utf8('hello')), xxhash64(to_utf8('hello'))
----
907060870	26 c7 82 7d 88 9f 6d a3

query
SELECT b FROM (VALUES X'02', X'0100', X'01') t(b) ORDER BY b
----
01
01 00
02

query
SELECT from_base64url('aGk_'), to_base64url(X'FFFE'), to_hex(to_big_endian_64(1)), from_big_endian_64(X'0000000000000102')
----
68 69 3f	__4=	0000000000000001	258
