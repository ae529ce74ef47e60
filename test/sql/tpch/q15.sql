WITH
  revenue0 AS (
    SELECT
      l.suppkey AS supplier_no,
      sum(l.extendedprice * (1 - l.discount)) AS total_revenue
    FROM
      lineitem AS l
    WHERE
      l.shipdate >= DATE '1996-01-01'
      AND l.shipdate < DATE '1996-01-01' + INTERVAL '3' MONTH
    GROUP BY
      l.suppkey
  )
SELECT
  s.suppkey,
  s.name,
  s.address,
  s.phone,
  r.total_revenue
FROM
  supplier AS s,
  revenue0 AS r
WHERE
  s.suppkey = r.supplier_no
  AND r.total_revenue = (
    SELECT
      max(r2.total_revenue)
    FROM
      revenue0 AS r2
  )
ORDER BY
  s.suppkey
