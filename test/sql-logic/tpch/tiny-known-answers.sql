# Queries over tpch.tiny with known answers (row counts of TPC-H at scale factor 0.01, checked against DuckDB
# loaded with the same generated rows).

query
SELECT (SELECT count(*) FROM region), (SELECT count(*) FROM nation), (SELECT count(*) FROM supplier), (SELECT count(*) FROM customer)
----
5	25	100	1500

query
SELECT (SELECT count(*) FROM part), (SELECT count(*) FROM partsupp), (SELECT count(*) FROM orders), (SELECT count(*) FROM lineitem)
----
2000	8000	15000	60175

query
SELECT min(orderkey), max(orderkey), min(custkey), max(custkey) FROM orders
----
1	60000	1	1499

query
SELECT min(shipdate), max(shipdate), min(receiptdate), max(receiptdate) FROM lineitem
----
1992-01-04	1998-11-29	1992-01-09	1998-12-25

query
SELECT returnflag, linestatus, sum(quantity), round(sum(extendedprice), 2), round(avg(discount), 6), count(*) FROM lineitem WHERE shipdate <= DATE '1998-09-02' GROUP BY returnflag, linestatus ORDER BY returnflag, linestatus
----
A	F	380456.0	5.3234821165E8	0.050081	14876
N	F	8971.0	1.238480137E7	0.047759	348
N	O	742802.0	1.04150284145E9	0.049931	29181
R	F	381449.0	5.3459444535E8	0.049828	14902

query
SELECT round(sum(extendedprice * discount), 4) FROM lineitem WHERE shipdate >= DATE '1994-01-01' AND shipdate < DATE '1995-01-01' AND discount BETWEEN 0.05 AND 0.07 AND quantity < 24
----
1193053.2253

query
SELECT n.name, count(*) FROM customer c JOIN nation n ON c.nationkey = n.nationkey GROUP BY n.name ORDER BY count(*) DESC, n.name LIMIT 5
----
IRAN	72
MOROCCO	72
CANADA	69
BRAZIL	68
JAPAN	67

query
SELECT orderpriority, count(*) FROM orders WHERE orderdate >= DATE '1993-07-01' AND orderdate < DATE '1993-10-01' AND EXISTS (SELECT * FROM lineitem WHERE lineitem.orderkey = orders.orderkey AND commitdate < receiptdate) GROUP BY orderpriority ORDER BY orderpriority
----
1-URGENT	93
2-HIGH	103
3-MEDIUM	109
4-NOT SPECIFIED	102
5-LOW	128

query
SELECT r.name, count(*) FROM supplier s JOIN nation n ON s.nationkey = n.nationkey JOIN region r ON n.regionkey = r.regionkey GROUP BY r.name ORDER BY r.name
----
AFRICA	21
AMERICA	20
ASIA	27
EUROPE	20
MIDDLE EAST	12

query
SELECT mktsegment, count(*), round(sum(acctbal), 2) FROM customer GROUP BY mktsegment ORDER BY mktsegment
----
AUTOMOBILE	302	1395695.72
BUILDING	337	1444587.8
FURNITURE	279	1265282.8
HOUSEHOLD	294	1279340.66
MACHINERY	288	1296958.61

query
SELECT count(*) FROM (SELECT custkey FROM orders GROUP BY custkey HAVING count(*) > 20)
----
217

query
SELECT shipmode, count(*) FROM lineitem GROUP BY shipmode ORDER BY shipmode
----
AIR	8491
FOB	8641
MAIL	8669
RAIL	8566
REG AIR	8616
SHIP	8482
TRUCK	8710

query
SELECT brand, count(*) FROM part WHERE brand LIKE 'Brand#1%' GROUP BY brand ORDER BY brand
----
Brand#11	80
Brand#12	77
Brand#13	81
Brand#14	74
Brand#15	74

query
SELECT size, count(*) FROM part GROUP BY size ORDER BY count(*) DESC, size LIMIT 3
----
35	55
42	54
20	50

query
SELECT o.orderkey, count(*) FROM orders o JOIN lineitem l ON o.orderkey = l.orderkey GROUP BY o.orderkey ORDER BY count(*) DESC, o.orderkey LIMIT 3
----
7	7
68	7
129	7

query
SELECT count(*) FROM partsupp WHERE supplycost > (SELECT avg(supplycost) FROM partsupp)
----
3999

query
SELECT count(*), sum(CASE WHEN availqty > 5000 THEN 1 ELSE 0 END) FROM partsupp
----
8000	4004

query
SELECT c.custkey, c.name, round(sum(o.totalprice), 2) total FROM customer c JOIN orders o ON c.custkey = o.custkey GROUP BY c.custkey, c.name ORDER BY total DESC LIMIT 3
----
1489	Customer#000001489	5408941.28
214	Customer#000000214	4674894.73
1396	Customer#000001396	4644936.89

query
SELECT year(orderdate), round(avg(totalprice), 2) FROM orders GROUP BY year(orderdate) ORDER BY 1
----
1992	142289.2
1993	142725.34
1994	142853.58
1995	143415.5
1996	141264.36
1997	140021.31
1998	139177.2

query
SELECT count(*) FROM lineitem WHERE receiptdate > commitdate AND shipdate < commitdate
----
6941

query
SELECT nationkey, name, regionkey FROM nation ORDER BY nationkey LIMIT 5
----
0	ALGERIA	0
1	ARGENTINA	1
2	BRAZIL	1
3	CANADA	1
4	EGYPT	4

query
SELECT count(*) FROM orders WHERE comment LIKE '%special%requests%'
----
166

query
SELECT p.type, count(*) FROM part p WHERE p.type LIKE '%BRASS' GROUP BY p.type ORDER BY 2 DESC, 1 LIMIT 3
----
PROMO BRUSHED BRASS	21
MEDIUM BURNISHED BRASS	18
STANDARD ANODIZED BRASS	16

query
SELECT l.linenumber, count(*) FROM lineitem l GROUP BY l.linenumber ORDER BY 1
----
1	15000
2	12900
3	10717
4	8626
5	6438
6	4321
7	2173
