SELECT
  c_count,
  count(*) AS custdist
FROM
  (
    SELECT
      c.custkey,
      count(o.orderkey)
    FROM
      customer AS c
      LEFT OUTER JOIN orders AS o
        ON c.custkey = o.custkey
        AND o.comment NOT LIKE '%special%requests%'
    GROUP BY
      c.custkey
  ) AS c_orders (c_custkey, c_count)
GROUP BY
  c_count
ORDER BY
  custdist DESC,
  c_count DESC
