SELECT
  c.name,
  c.custkey,
  o.orderkey,
  o.orderdate,
  o.totalprice,
  sum(l.quantity)
FROM
  customer AS c,
  orders AS o,
  lineitem AS l
WHERE
  o.orderkey IN (
    SELECT
      l2.orderkey
    FROM
      lineitem AS l2
    GROUP BY
      l2.orderkey
    HAVING
      sum(l2.quantity) > 300
  )
  AND c.custkey = o.custkey
  AND o.orderkey = l.orderkey
GROUP BY
  c.name,
  c.custkey,
  o.orderkey,
  o.orderdate,
  o.totalprice
ORDER BY
  o.totalprice DESC,
  o.orderdate
LIMIT 100
