# Mathematical functions.

query
SELECT abs(-3), abs(-3.5E0), ceil(1.2E0), ceiling(-1.2E0), floor(1.8E0), round(1.4E0), round(-1.5E0)
----
3	3.5	2.0	-1.0	1.0	1.0	-2.0

query
SELECT sqrt(16E0), cbrt(27E0), power(2, 10), pow(2E0, -1), exp(0), ln(1), log10(1000), log2(8), log(2, 8)
----
4.0	3.0	1024.0	0.5	1.0	0.0	3.0	3.0	3.0

query
SELECT sqrt(-1E0), ln(0), ln(-1E0), power(0, 0), 0E0 * infinity()
----
NaN	-Infinity	NaN	1.0	NaN

query
SELECT mod(10, 3), mod(-10, 3), mod(10, -3), 10 % 4
----
1	-1	1	2

query
SELECT sign(-2.5E0), sign(0E0), sign(7), sign(nan())
----
-1.0	0.0	1	NaN

query
SELECT pi(), e(), degrees(pi()), radians(180E0)
----
3.141592653589793	2.718281828459045	180.0	3.141592653589793

query
SELECT sin(0), cos(0), tan(0), asin(1), acos(1), atan(0), atan2(1, 1), sinh(0), cosh(0), tanh(0)
----
0.0	1.0	0.0	1.5707963267948966	0.0	0.0	0.7853981633974483	0.0	1.0	0.0

query
SELECT round(3.14159E0, 2), round(1234.5678E0, -2), round(-0.5E0), round(0.5E0), truncate(3.99), truncate(-3.99, 1)
----
3.14	1200.0	-1.0	1.0	3	-3.90

query
SELECT round(7, -1), round(15, -1), round(-15, -1), round(BIGINT '123456789', -3)
----
10	20	-20	123457000

query
SELECT greatest(1, 5, 3), least(1, 5, 3), greatest(1.5E0, 2), least('b', 'a', 'c')
----
5	1	2.0	a

query
SELECT width_bucket(5.3E0, 0.2E0, 10.6E0, 5), width_bucket(-1E0, 0E0, 10E0, 5), width_bucket(11E0, 0E0, 10E0, 5)
----
3	0	6

query
SELECT to_base(255, 16), from_base('ff', 16), to_base(-10, 2), from_base('-1010', 2)
----
ff	255	-1010	-10

query
SELECT infinity(), -infinity(), nan(), is_nan(0E0 / 0E0)
----
Infinity	-Infinity	NaN	true

query
SELECT cosine_similarity(MAP(ARRAY['a'], ARRAY[1E0]), MAP(ARRAY['a'], ARRAY[2E0]))
----
1.0

query
SELECT 5 / 2, 5E0 / 2, 5.0 / 2, -5 / 2, BIGINT '-9223372036854775807' / -1
----
2	2.5	2.5	-2	9223372036854775807

query
SELECT abs(-2147483647), abs(TINYINT '-127'), abs(SMALLINT '-32767')
----
2147483647	127	32767

statement error NUMERIC_VALUE_OUT_OF_RANGE: Value -9223372036854775808 is out of range for abs(bigint)
SELECT abs(-9223372036854775808)

statement error NUMERIC_VALUE_OUT_OF_RANGE: Value -128 is out of range for abs(tinyint)
SELECT abs(TINYINT '-128')

query
SELECT floor(5), ceil(5), floor(-2.5), ceil(-2.5), typeof(floor(2.5)), typeof(ceil(2.5E0))
----
5	5	-3	-2	decimal(2,0)	double

query
SELECT rand() >= 0 AND rand() < 1, random(10) < 10, random(5, 6)
----
true	true	5

query
SELECT bit_count(7, 64), bit_count(-1, 8), bitwise_left_shift(1, 4), bitwise_right_shift(16, 2), bitwise_right_shift_arithmetic(-16, 2)
----
3	8	16	4	-4

query
SELECT normal_cdf(0, 1, 0), inverse_normal_cdf(0, 1, 0.5), round(beta_cdf(2, 2, 0.5), 10)
----
0.5	0.0	0.5

query
SELECT x, round(sqrt(x), 3) FROM (VALUES 2E0, 3E0, 10E0) t(x) ORDER BY x
----
2.0	1.414
3.0	1.732
10.0	3.162

query
SELECT sum(power(x, 2)), avg(abs(x)) FROM (VALUES -2, -1, 0, 1, 2) t(x)
----
10.0	1.2

query
SELECT round(2.675E0, 2), round(1.005E0, 2), round(-1.005E0, 2)
----
2.68	1.0	-1.0

query
SELECT ln(e()), exp(1) = e(), log10(0.001E0)
----
1.0	true	-3.0

# cosine_similarity and cosine_distance of dense (array) and sparse (map) vectors.
query
SELECT round(cosine_similarity(ARRAY[1e0, 0e0], ARRAY[1e0, 1e0]), 6), round(cosine_distance(ARRAY[1e0, 0e0], ARRAY[1e0, 1e0]), 6), cosine_distance(MAP(ARRAY['a'], ARRAY[1e0]), MAP(ARRAY['a'], ARRAY[2e0]))
----
0.707107	0.292893	0.0

statement error INVALID_FUNCTION_ARGUMENT: The arguments must have the same length
SELECT cosine_similarity(ARRAY[1e0], ARRAY[1e0, 2e0])
