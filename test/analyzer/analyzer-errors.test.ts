/**
 * Semantic errors: exact message (with Presto's `line L:C: ` prefix), error name and position.
 * Positions follow Trino: a binary operator is located at its operator token, a predicate
 * (BETWEEN, IN, LIKE, IS NULL) at its keyword, everything else at its first token.
 */
import { describe, it } from 'node:test';
import { assertAnalysisError, type ErrorCase } from './analyze-helpers.js';

const CASES: ErrorCase[] = [
  // Names
  { sql: 'SELECT nme FROM nation', message: "line 1:8: Column 'nme' cannot be resolved", name: 'COLUMN_NOT_FOUND' },
  {
    sql: 'SELECT n.nme FROM nation n',
    message: "line 1:8: Column 'n.nme' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT nation.name FROM nation n',
    message: "line 1:8: Column 'nation.name' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT name\nFROM nation, region',
    message: "line 1:8: Column 'name' is ambiguous",
    name: 'AMBIGUOUS_NAME',
  },
  {
    sql: 'SELECT * FROM nation WHERE\n  regionkey = 1 AND\n  comments IS NULL',
    message: "line 3:3: Column 'comments' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  { sql: 'SELECT * FROM ordrs', message: "line 1:15: Table 'tpch.tiny.ordrs' does not exist", name: 'TABLE_NOT_FOUND' },
  {
    sql: 'SELECT * FROM tpch.huge.orders',
    message: "line 1:15: Schema 'huge' does not exist",
    name: 'SCHEMA_NOT_FOUND',
  },
  {
    sql: 'SELECT * FROM hive.tiny.orders',
    message: "line 1:15: Catalog 'hive' not found",
    name: 'CATALOG_NOT_FOUND',
  },
  {
    sql: 'SELECT * FROM orders',
    session: { schema: undefined },
    message: 'line 1:15: Schema must be specified when session schema is not set',
    name: 'MISSING_SCHEMA_NAME',
  },
  {
    sql: 'SELECT * FROM orders',
    session: { catalog: undefined, schema: undefined },
    message: 'line 1:15: Catalog must be specified when session catalog is not set',
    name: 'MISSING_CATALOG_NAME',
  },
  {
    sql: 'SELECT x.* FROM nation n',
    message: "line 1:8: Column 'x' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT *',
    message: 'line 1:8: SELECT * not allowed in queries without FROM clause',
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT a FROM (SELECT 1 AS a, 2 AS a) t',
    message: "line 1:8: Column 'a' is ambiguous",
    name: 'AMBIGUOUS_NAME',
  },
  {
    sql: 'SELECT * FROM nation n (a, b)',
    message: "line 1:15: Column alias list has 2 entries but 'n' has 4 columns available",
    name: 'MISMATCHED_COLUMN_ALIASES',
  },
  {
    sql: 'SELECT * FROM (VALUES (1, 2)) t (a, a)',
    message: "line 1:37: Column name 'a' specified more than once",
    name: 'DUPLICATE_COLUMN_NAME',
  },
  {
    sql: 'WITH a AS (SELECT 1), a AS (SELECT 2) SELECT * FROM a',
    message: "line 1:23: WITH query name 'a' specified more than once",
    name: 'DUPLICATE_NAMED_QUERY',
  },
  {
    sql: 'WITH a (x, y) AS (SELECT 1) SELECT * FROM a',
    message: 'line 1:6: WITH column alias list has 2 entries but WITH query(a) has 1 columns',
    name: 'MISMATCHED_COLUMN_ALIASES',
  },
  {
    sql: 'SELECT * FROM nation JOIN region USING (nationkey)',
    message: "line 1:41: Column 'nationkey' is missing from right side of join",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT * FROM region JOIN nation USING (nationkey)',
    message: "line 1:41: Column 'nationkey' is missing from left side of join",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT * FROM nation a JOIN nation b USING (name, name)',
    message: "line 1:51: Column 'name' appears multiple times in USING clause",
    name: 'DUPLICATE_COLUMN_NAME',
  },
  {
    sql: 'SELECT n.name FROM nation n JOIN region r ON n.regionkey = r.regionkey AND x.y = 1',
    message: "line 1:76: Column 'x.y' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT (SELECT name FROM region, nation) FROM nation',
    message: "line 1:16: Column 'name' is ambiguous",
    name: 'AMBIGUOUS_NAME',
  },
  // Types and operators
  {
    sql: 'SELECT name + 1 FROM nation',
    message: 'line 1:13: Cannot apply operator: varchar(25) + integer',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT 'a' + 1",
    message: 'line 1:12: Cannot apply operator: varchar(1) + integer',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM nation WHERE name = 1',
    message: 'line 1:33: Cannot apply operator: varchar(25) = integer',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT DATE '2020-01-01' < 5",
    message: 'line 1:26: Cannot apply operator: date < integer',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT -name FROM nation',
    message: 'line 1:8: Cannot apply operator: -varchar(25)',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM nation WHERE nationkey',
    message: 'line 1:28: WHERE clause must evaluate to a boolean: actual type bigint',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT count(*) FROM nation GROUP BY regionkey HAVING sum(nationkey)',
    message: 'line 1:55: HAVING clause must evaluate to a boolean: actual type bigint',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM nation n JOIN region r ON n.regionkey',
    message: 'line 1:41: JOIN ON clause must evaluate to a boolean: actual type bigint',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT 1 WHERE 1 AND true',
    message: 'line 1:16: Left side of logical expression must evaluate to a boolean (actual: integer)',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT NOT 'x'",
    message: 'line 1:12: Value of logical NOT expression must evaluate to a boolean (actual: varchar(1))',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT CASE WHEN true THEN 1 ELSE 'a' END",
    message:
      'line 1:8: All CASE results must be the same type or coercible to a common type. Cannot find common type between integer and varchar(1), all types (without duplicates): [integer, varchar(1)]',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT 1 IN (2, 'x')",
    message:
      'line 1:10: IN value and list items must be the same type or coercible to a common type. Cannot find common type between integer and varchar(1), all types (without duplicates): [integer, varchar(1)]',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT coalesce(1, 'a')",
    message:
      'line 1:8: All COALESCE operands must be the same type or coercible to a common type. Cannot find common type between integer and varchar(1), all types (without duplicates): [integer, varchar(1)]',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT ARRAY[1, 'a']",
    message:
      'line 1:8: All ARRAY elements must be the same type or coercible to a common type. Cannot find common type between integer and varchar(1), all types (without duplicates): [integer, varchar(1)]',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT nationkey LIKE 1 FROM nation',
    message: 'line 1:8: Left side of LIKE expression must evaluate to a varchar (actual: bigint)',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT CAST(ARRAY[1] AS date)',
    message: 'line 1:8: Cannot cast array(integer) to date',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT CAST(1 AS foo)',
    message: 'line 1:18: Unknown type: foo',
    name: 'TYPE_NOT_FOUND',
  },
  {
    sql: "SELECT DATE '2020-13-45'",
    message: "line 1:8: '2020-13-45' is not a valid DATE literal",
    name: 'INVALID_LITERAL',
  },
  {
    sql: 'SELECT name.x FROM nation',
    message: "line 1:8: Expression 'name' is not of type ROW",
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT point.z FROM memory.default.nested',
    message: "line 1:8: Column 'z' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT 1 UNION SELECT 1, 2',
    message: 'line 1:10: UNION query has different number of fields: 1, 2',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: "SELECT 1 UNION SELECT 'a'",
    message: 'line 1:10: column 1 in UNION query has incompatible types: integer, varchar(1)',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM (VALUES (1, 2), (3)) t',
    message: 'line 1:32: Values rows have mismatched sizes: 2 vs 1',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM UNNEST(1)',
    message: 'line 1:22: Cannot unnest type: integer',
    name: 'TYPE_MISMATCH',
  },
  // Functions
  { sql: 'SELECT foo(1)', message: "line 1:8: Function 'foo' not registered", name: 'FUNCTION_NOT_FOUND' },
  {
    sql: "SELECT abs('x')",
    message:
      'line 1:8: Unexpected parameters (varchar(1)) for function abs. Expected: abs(bigint), abs(decimal(p,s)), abs(double), abs(integer), abs(real), abs(smallint), abs(tinyint)',
    name: 'FUNCTION_NOT_FOUND',
  },
  {
    sql: 'SELECT rank() FROM nation',
    message: 'line 1:8: Window function rank requires an OVER clause',
    name: 'MISSING_OVER',
  },
  {
    sql: 'SELECT abs(nationkey) OVER () FROM nation',
    message: 'line 1:8: Not a window function: abs',
    name: 'FUNCTION_NOT_WINDOW',
  },
  {
    sql: 'SELECT abs(DISTINCT nationkey) FROM nation',
    message: 'line 1:8: DISTINCT is not supported for non-aggregation functions',
    name: 'FUNCTION_NOT_AGGREGATE',
  },
  {
    sql: 'SELECT transform(ARRAY[1], (x, y) -> x)',
    message:
      'line 1:8: Unexpected parameters (array(integer), function) for function transform. Expected: transform(array(T), function(T,U)) T, U',
    name: 'FUNCTION_NOT_FOUND',
  },
  {
    sql: 'SELECT x -> x',
    message: 'line 1:8: Lambda expression should always be used inside a function',
    name: 'NOT_SUPPORTED',
  },
  // Aggregation and windows
  {
    sql: 'SELECT name, count(*) FROM nation GROUP BY regionkey',
    message: "line 1:8: 'name' must be an aggregate expression or appear in GROUP BY clause",
    name: 'EXPRESSION_NOT_AGGREGATE',
  },
  {
    sql: 'SELECT n.name, count(*) FROM nation n',
    message: "line 1:8: 'n.name' must be an aggregate expression or appear in GROUP BY clause",
    name: 'EXPRESSION_NOT_AGGREGATE',
  },
  {
    sql: 'SELECT regionkey FROM nation GROUP BY regionkey ORDER BY name',
    message: "line 1:58: 'name' must be an aggregate expression or appear in GROUP BY clause",
    name: 'EXPRESSION_NOT_AGGREGATE',
  },
  {
    sql: 'SELECT regionkey FROM nation GROUP BY regionkey HAVING nationkey > 1',
    message: "line 1:56: 'nationkey' must be an aggregate expression or appear in GROUP BY clause",
    name: 'EXPRESSION_NOT_AGGREGATE',
  },
  {
    sql: 'SELECT * FROM nation WHERE count(*) > 1',
    message: 'line 1:28: WHERE clause cannot contain aggregations, window functions or grouping operations: [count(*)]',
    name: 'EXPRESSION_NOT_SCALAR',
  },
  {
    sql: 'SELECT count(*) FROM nation GROUP BY sum(regionkey)',
    message:
      'line 1:38: GROUP BY clause cannot contain aggregations, window functions or grouping operations: [sum(regionkey)]',
    name: 'EXPRESSION_NOT_SCALAR',
  },
  {
    sql: 'SELECT sum(count(*)) FROM nation',
    message: "line 1:12: Cannot nest aggregations inside aggregation 'sum': [count(*)]",
    name: 'NESTED_AGGREGATION',
  },
  {
    sql: 'SELECT rank() OVER (ORDER BY rank() OVER ()) FROM nation',
    message: "line 1:30: Cannot nest window functions inside window function 'rank': [rank() OVER ()]",
    name: 'NESTED_WINDOW',
  },
  {
    sql: 'SELECT name FROM nation GROUP BY 3',
    message: 'line 1:34: GROUP BY position 3 is not in select list',
    name: 'INVALID_COLUMN_REFERENCE',
  },
  {
    sql: 'SELECT name FROM nation ORDER BY 0',
    message: 'line 1:34: ORDER BY position 0 is not in select list',
    name: 'INVALID_COLUMN_REFERENCE',
  },
  {
    sql: 'SELECT DISTINCT name FROM nation ORDER BY regionkey',
    message: 'line 1:43: For SELECT DISTINCT, ORDER BY expressions must appear in select list',
    name: 'EXPRESSION_NOT_IN_DISTINCT',
  },
  {
    sql: 'SELECT name AS x, regionkey AS x FROM nation ORDER BY x',
    message: "line 1:55: 'x' in ORDER BY is ambiguous",
    name: 'AMBIGUOUS_NAME',
  },
  {
    sql: 'SELECT grouping(name) FROM nation GROUP BY regionkey',
    message: 'line 1:17: The arguments to GROUPING() must be expressions referenced by the GROUP BY at the same level',
    name: 'INVALID_ARGUMENTS',
  },
  {
    sql: 'SELECT sum(nationkey) OVER (ROWS BETWEEN UNBOUNDED FOLLOWING AND CURRENT ROW) FROM nation',
    message: 'line 1:42: Window frame start cannot be UNBOUNDED FOLLOWING',
    name: 'INVALID_WINDOW_FRAME',
  },
  {
    sql: 'SELECT sum(nationkey) OVER w FROM nation',
    message: 'line 1:28: Cannot resolve WINDOW name w',
    name: 'NOT_FOUND',
  },
  {
    sql: 'SELECT sum(nationkey) OVER (ORDER BY name, regionkey RANGE 1 PRECEDING) FROM nation',
    message:
      'line 1:60: Window frame of type RANGE PRECEDING or FOLLOWING requires single sort item in ORDER BY (actual: 2)',
    name: 'INVALID_WINDOW_FRAME',
  },
  {
    sql: 'SELECT * FROM nation FETCH FIRST 2 ROWS WITH TIES',
    message: 'line 1:22: FETCH FIRST WITH TIES clause requires ORDER BY',
    name: 'MISSING_ORDER_BY',
  },
  // Subqueries
  {
    sql: 'SELECT (SELECT nationkey, name FROM nation)',
    message: 'line 1:8: Multiple columns returned by subquery are not yet supported. Found 2',
    name: 'NOT_SUPPORTED',
  },
  {
    sql: "SELECT 1 IN (SELECT 'a')",
    message: 'line 1:10: Value expression and result of subquery must be of the same type: integer vs varchar(1)',
    name: 'TYPE_MISMATCH',
  },
  {
    sql: 'SELECT * FROM nation WHERE EXISTS (SELECT * FROM region WHERE regionkey = nationkey AND bogus = 1)',
    message: "line 1:89: Column 'bogus' cannot be resolved",
    name: 'COLUMN_NOT_FOUND',
  },
  {
    sql: 'SELECT ?',
    message: 'line 1:8: Incorrect number of parameters: expected 1 but found 0',
    name: 'INVALID_PARAMETER_USAGE',
  },
  {
    sql: 'WITH RECURSIVE t AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t',
    message: 'line 1:16: missing column aliases in recursive WITH query',
    name: 'MISSING_COLUMN_ALIASES',
  },
];

describe('analyzer: semantic errors', () => {
  for (const c of CASES) {
    it(c.sql.replaceAll('\n', ' '), () => assertAnalysisError(c));
  }
});
