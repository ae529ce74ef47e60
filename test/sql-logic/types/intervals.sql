# interval day to second and interval year to month: literals, arithmetic, comparison, printing.

query types=interval day to second|interval year to month
SELECT INTERVAL '3' DAY, INTERVAL '2' YEAR
----
3 00:00:00.000	2-0

query
SELECT INTERVAL '1 02:03:04.5' DAY TO SECOND, INTERVAL '3-4' YEAR TO MONTH, INTERVAL '90' MINUTE, INTERVAL '-1' HOUR
----
1 02:03:04.500	3-4	0 01:30:00.000	-0 01:00:00.000

query
SELECT INTERVAL '1' DAY + INTERVAL '1' HOUR, INTERVAL '1' YEAR - INTERVAL '13' MONTH, INTERVAL '2' DAY * 3, INTERVAL '3' DAY / 2
----
1 01:00:00.000	-0-1	6 00:00:00.000	1 12:00:00.000

query
SELECT INTERVAL '1' DAY > INTERVAL '23' HOUR, INTERVAL '12' MONTH = INTERVAL '1' YEAR
----
true	true

query
SELECT sum(i), max(i), min(i) FROM (VALUES INTERVAL '1' DAY, INTERVAL '2' HOUR, INTERVAL '30' MINUTE) t(i)
----
1 02:30:00.000	1 00:00:00.000	0 00:30:00.000

query
SELECT -INTERVAL '5' SECOND, INTERVAL '100' SECOND, INTERVAL '1.5' SECOND
----
-0 00:00:05.000	0 00:01:40.000	0 00:00:01.500

query
SELECT 2 * INTERVAL '3' MONTH, avg(i) FROM (VALUES INTERVAL '1' DAY, INTERVAL '2' DAY) t(i)
----
0-6	1 12:00:00.000

query
SELECT i FROM (VALUES INTERVAL '1' DAY, INTERVAL '-1' DAY, INTERVAL '5' HOUR) t(i) ORDER BY i
----
-1 00:00:00.000
0 05:00:00.000
1 00:00:00.000

query
SELECT to_milliseconds(INTERVAL '1' MINUTE), human_readable_seconds(3661)
----
60000	1 hour, 1 minute, 1 second

query
SELECT parse_duration('1.5h'), parse_duration('3ms')
----
0 01:30:00.000	0 00:00:00.003
