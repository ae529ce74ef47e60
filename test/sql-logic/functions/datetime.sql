# Date and time functions: date_trunc, date_add, date_diff, extract, format_datetime, date_format, from_unixtime, AT TIME ZONE.

query
SELECT date_trunc('month', DATE '2020-05-17'), date_trunc('year', DATE '2020-05-17'), date_trunc('quarter', DATE '2020-05-17'), date_trunc('week', DATE '2020-05-17')
----
2020-05-01	2020-01-01	2020-04-01	2020-05-11

query
SELECT date_trunc('hour', TIMESTAMP '2020-05-17 13:45:12.345'), date_trunc('minute', TIMESTAMP '2020-05-17 13:45:12.345'), date_trunc('second', TIMESTAMP '2020-05-17 13:45:12.345'), date_trunc('day', TIMESTAMP '2020-05-17 13:45:12.345')
----
2020-05-17 13:00:00.000	2020-05-17 13:45:00.000	2020-05-17 13:45:12.000	2020-05-17 00:00:00.000

query
SELECT date_add('day', 10, DATE '2020-02-25'), date_add('month', 1, DATE '2020-01-31'), date_add('year', -1, DATE '2020-02-29'), date_add('week', 2, DATE '2020-01-01')
----
2020-03-06	2020-02-29	2019-02-28	2020-01-15

query
SELECT date_add('hour', 25, TIMESTAMP '2020-01-01 00:00:00'), date_add('millisecond', 1500, TIMESTAMP '2020-01-01 00:00:00.000'), date_add('quarter', 1, TIMESTAMP '2020-11-30 10:00:00')
----
2020-01-02 01:00:00	2020-01-01 00:00:01.500	2021-02-28 10:00:00

query
SELECT date_diff('day', DATE '2020-01-01', DATE '2020-03-01'), date_diff('month', DATE '2020-01-31', DATE '2020-02-29'), date_diff('year', DATE '2020-06-01', DATE '2019-01-01'), date_diff('week', DATE '2020-01-01', DATE '2020-01-15')
----
60	1	-1	2

query
SELECT date_diff('hour', TIMESTAMP '2020-01-01 00:00:00', TIMESTAMP '2020-01-02 06:30:00'), date_diff('second', TIMESTAMP '2020-01-01 00:00:00', TIMESTAMP '2020-01-01 00:01:01.999'), date_diff('millisecond', TIMESTAMP '2020-01-01 00:00:00.000', TIMESTAMP '2020-01-01 00:00:01.250')
----
30	61	1250

query
SELECT extract(YEAR FROM DATE '2020-05-17'), extract(MONTH FROM DATE '2020-05-17'), extract(DAY FROM DATE '2020-05-17'), extract(QUARTER FROM DATE '2020-05-17'), extract(DOW FROM DATE '2020-05-17'), extract(DOY FROM DATE '2020-05-17'), extract(WEEK FROM DATE '2020-05-17')
----
2020	5	17	2	7	138	20

query
SELECT extract(HOUR FROM TIMESTAMP '2020-05-17 13:45:12.345'), extract(MINUTE FROM TIMESTAMP '2020-05-17 13:45:12.345'), extract(SECOND FROM TIMESTAMP '2020-05-17 13:45:12.345'), millisecond(TIMESTAMP '2020-05-17 13:45:12.345')
----
13	45	12	345

query
SELECT year(DATE '2021-01-01'), month(DATE '2021-12-01'), day(DATE '2021-12-31'), day_of_week(DATE '2021-01-03'), day_of_year(DATE '2021-12-31'), week(DATE '2021-01-03'), year_of_week(DATE '2021-01-03'), quarter(DATE '2021-08-01')
----
2021	12	31	7	365	53	2020	3

query
SELECT day_of_month(DATE '2021-03-09'), dow(DATE '2024-02-29'), doy(DATE '2024-12-31'), last_day_of_month(DATE '2024-02-10'), yow(DATE '2020-12-31')
----
9	4	366	2024-02-29	2020

query
SELECT format_datetime(TIMESTAMP '2020-05-17 13:45:12.345', 'yyyy-MM-dd HH:mm:ss.SSS'), format_datetime(TIMESTAMP '2020-05-17 13:45:12', 'EEE, dd MMM yyyy'), format_datetime(DATE '2020-05-17', 'yyyyMMdd')
----
2020-05-17 13:45:12.345	Sun, 17 May 2020	20200517

query
SELECT date_format(TIMESTAMP '2020-05-17 13:45:12', '%Y-%m-%d %H:%i:%s'), date_format(TIMESTAMP '2020-05-17 03:04:05', '%a %b %e %l %p'), date_format(DATE '2020-01-09', '%j %y')
----
2020-05-17 13:45:12	Sun May 17 3 AM	009 20

query
SELECT date_parse('2020-05-17 13:45', '%Y-%m-%d %H:%i'), parse_datetime('2020-05-17 13:45:00', 'yyyy-MM-dd HH:mm:ss')
----
2020-05-17 13:45:00.000	2020-05-17 13:45:00.000 UTC

query
SELECT from_unixtime(0), from_unixtime(1589723112), from_unixtime(1589723112.5E0), from_unixtime(86400, 'Asia/Tokyo')
----
1970-01-01 00:00:00.000 UTC	2020-05-17 13:45:12.000 UTC	2020-05-17 13:45:12.500 UTC	1970-01-02 09:00:00.000 Asia/Tokyo

query
SELECT to_unixtime(TIMESTAMP '2020-05-17 13:45:12 UTC'), to_unixtime(TIMESTAMP '1970-01-01 00:00:01.5 UTC')
----
1.589723112E9	1.5

query
SELECT from_iso8601_date('2020-05-17'), from_iso8601_timestamp('2020-05-17T13:45:12.345Z'), to_iso8601(DATE '2020-05-17'), to_iso8601(TIMESTAMP '2020-05-17 13:45:12.345')
----
2020-05-17	2020-05-17 13:45:12.345 UTC	2020-05-17	2020-05-17T13:45:12.345

query
SELECT TIMESTAMP '2020-03-08 01:30:00 America/Los_Angeles' + INTERVAL '1' HOUR, date_add('day', 1, TIMESTAMP '2020-03-07 12:00:00 America/Los_Angeles')
----
2020-03-08 03:30:00 America/Los_Angeles	2020-03-08 12:00:00 America/Los_Angeles

query
SELECT TIMESTAMP '2020-05-17 12:00:00 UTC' AT TIME ZONE '+05:30', TIMESTAMP '2020-05-17 12:00:00 America/New_York' AT TIME ZONE 'UTC'
----
2020-05-17 17:30:00 +05:30	2020-05-17 16:00:00 UTC

query
SELECT with_timezone(TIMESTAMP '2020-05-17 12:00:00', 'Europe/Paris'), at_timezone(TIMESTAMP '2020-05-17 12:00:00 UTC', 'Europe/Paris')
----
2020-05-17 12:00:00 Europe/Paris	2020-05-17 14:00:00 Europe/Paris

query
SELECT hour(TIMESTAMP '2020-05-17 23:00:00 UTC' AT TIME ZONE 'Asia/Kolkata'), timezone_hour(TIMESTAMP '2020-05-17 12:00:00 +05:30'), timezone_minute(TIMESTAMP '2020-05-17 12:00:00 +05:30')
----
4	5	30

query
SELECT date_trunc('month', TIMESTAMP '2020-05-17 13:45:12 Asia/Tokyo'), extract(HOUR FROM TIMESTAMP '2020-05-17 13:45:12 Asia/Tokyo')
----
2020-05-01 00:00:00 Asia/Tokyo	13

statement error INVALID_FUNCTION_ARGUMENT: 'fortnight' is not a valid DATE field
SELECT date_trunc('fortnight', DATE '2020-05-17')

statement error INVALID_FUNCTION_ARGUMENT: 'hour' is not a valid DATE field
SELECT date_add('hour', 1, DATE '2020-05-17')

query
SELECT current_date = current_date, typeof(now()), typeof(current_timestamp), typeof(localtimestamp)
----
true	timestamp(3) with time zone	timestamp(3) with time zone	timestamp(3)

query
SELECT human_readable_seconds(93784), to_milliseconds(INTERVAL '1' DAY)
----
1 day, 2 hours, 3 minutes, 4 seconds	86400000

query
SELECT year(orderdate), count(*) FROM orders GROUP BY year(orderdate) ORDER BY 1
----
1992	2256
1993	2307
1994	2303
1995	2204
1996	2297
1997	2287
1998	1346

query
SELECT date_trunc('month', shipdate) m, count(*) FROM lineitem WHERE shipdate < DATE '1992-05-01' GROUP BY 1 ORDER BY 1
----
1992-01-01	108
1992-02-01	283
1992-03-01	480
1992-04-01	711

query
SELECT min(date_diff('day', orderdate, shipdate)), max(date_diff('day', orderdate, shipdate)) FROM lineitem l JOIN orders o ON l.orderkey = o.orderkey
----
1	121

query
SELECT date_diff('day', DATE '2020-03-01', DATE '2020-02-01'), date_diff('month', TIMESTAMP '2020-01-31 10:00:00', TIMESTAMP '2020-02-29 09:00:00')
----
-29	0

query
SELECT date '2020-01-01' + INTERVAL '1' DAY * 3, TIMESTAMP '2020-01-01 00:00:00.123456' + INTERVAL '0.001' SECOND
----
2020-01-04	2020-01-01 00:00:00.124456

# timezone(): the zone of a value with time zone, a zone id or an offset (Trino's).
query
SELECT timezone(TIMESTAMP '2024-01-01 00:00 America/New_York'), timezone(TIMESTAMP '2024-01-01 00:00 +05:30'), timezone(TIME '10:00 -08:00')
----
America/New_York	+05:30	-08:00
