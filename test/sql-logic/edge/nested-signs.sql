# Deeply nested unary signs, CASE, NULLIF and COALESCE around aggregates, as the public
# sqllogictest files write them (select*.test); compiled expressions must match SQLite's answers.

# Issue 18: this generated `(--60)` (invalid JavaScript) before negative constants were
# parenthesised in compiled code. SQLite answers 107.
query
SELECT + + 53 - - - CASE - NULLIF ( - NULLIF ( + COALESCE ( + - 60, + + CAST ( NULL AS INTEGER ) + - + 21 + 50 / + 84 + - + ( - COALESCE ( - - ( - - 76 ), + + 39 + NULLIF ( COALESCE ( + 55, AVG ( ALL - 88 ) ), 42 + ( 78 ) ) ) ) - - 2 ), 42 / 43 ), COUNT ( * ) ) WHEN - COUNT ( * ) THEN NULL ELSE 48 + - 69 END + + 33 AS col0
----
107

query
SELECT - - - COALESCE(- 60e0, AVG(x)), - NULLIF(- 3e0, COUNT(*)) FROM (VALUES 1, 2) t(x)
----
60.0	3.0
