SELECT
  s.name,
  s.address
FROM
  supplier AS s,
  nation AS n
WHERE
  s.suppkey IN (
    SELECT
      ps.suppkey
    FROM
      partsupp AS ps
    WHERE
      ps.partkey IN (
        SELECT
          p.partkey
        FROM
          part AS p
        WHERE
          p.name LIKE 'forest%'
      )
      AND ps.availqty > (
        SELECT
          0.5 * sum(l.quantity)
        FROM
          lineitem AS l
        WHERE
          l.partkey = ps.partkey
          AND l.suppkey = ps.suppkey
          AND l.shipdate >= DATE '1994-01-01'
          AND l.shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR
      )
  )
  AND s.nationkey = n.nationkey
  AND n.name = 'CANADA'
ORDER BY
  s.name
