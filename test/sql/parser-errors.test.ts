import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { parseDataType, parseExpression, parseStatement } from '../../src/sql/parser.js';

/** Runs `parse` and returns the VivaceError it must throw. */
function failure(parse: () => unknown): VivaceError {
  try {
    parse();
  } catch (e) {
    if (e instanceof VivaceError) return e;
    throw e;
  }
  assert.fail('expected a syntax error');
}

/** Asserts the full message, the error name and the location the message's prefix states. */
function assertSyntaxError(error: VivaceError, message: string): void {
  assert.equal(error.message, message);
  assert.equal(error.errorName, 'SYNTAX_ERROR');
  const [, line, column] = /^line (\d+):(\d+): /.exec(message)!;
  assert.equal(error.location?.line, Number(line));
  assert.equal(error.location?.column, Number(column));
  assert.equal(error.rawMessage, message.replace(/^line \d+:\d+: /, ''));
}

const STATEMENT_ERRORS: readonly { sql: string; message: string }[] = [
  {
    sql: 'SELECT * FORM t',
    message:
      "line 1:10: mismatched input 'FORM'. Expecting: ',', 'EXCEPT', 'FETCH', 'FROM', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'ORDER', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  {
    sql: 'SELEC * FROM t',
    message:
      "line 1:1: mismatched input 'SELEC'. Expecting: 'ALTER', 'ANALYZE', 'CALL', 'COMMENT', 'COMMIT', 'CREATE', 'DEALLOCATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN', 'INSERT', 'MERGE', 'PREPARE', 'RESET', 'ROLLBACK', 'SET', 'SHOW', 'START', 'TRUNCATE', 'UPDATE', 'USE', <query>",
  },
  {
    sql: 'SELECT a FROM t WHER a = 1',
    message:
      "line 1:22: mismatched input 'a'. Expecting: '(', ',', 'CROSS', 'EXCEPT', 'FETCH', 'FULL', 'GROUP', 'HAVING', 'INNER', 'INTERSECT', 'JOIN', 'LEFT', 'LIMIT', 'NATURAL', 'OFFSET', 'ORDER', 'RIGHT', 'TABLESAMPLE', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  { sql: 'SELECT a FROM t GROUP a', message: "line 1:23: mismatched input 'a'. Expecting: 'BY'" },
  { sql: 'SELECT a FROM t ORDER a', message: "line 1:23: mismatched input 'a'. Expecting: 'BY'" },
  { sql: 'SELECT a, FROM t', message: "line 1:11: mismatched input 'FROM'. Expecting: '*', <expression>" },
  {
    sql: 'SELECT a FROM t,',
    message: "line 1:17: mismatched input '<EOF>'. Expecting: '(', 'LATERAL', 'UNNEST', <identifier>",
  },
  { sql: 'SELECT a FROM t WHERE', message: "line 1:22: mismatched input '<EOF>'. Expecting: <expression>" },
  {
    sql: 'SELECT (a FROM t',
    message:
      "line 1:11: mismatched input 'FROM'. Expecting: '%', ')', '*', '+', ',', '-', '.', '/', 'AND', 'AT', 'OR', '[', '||', <predicate>",
  },
  {
    sql: 'SELECT a) FROM t',
    message:
      "line 1:9: mismatched input ')'. Expecting: '%', '*', '+', ',', '-', '.', '/', 'AND', 'AS', 'AT', 'EXCEPT', 'FETCH', 'FROM', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'OR', 'ORDER', 'UNION', 'WHERE', 'WINDOW', '[', '||', <EOF>, <identifier>, <predicate>",
  },
  {
    sql: 'SELECT f(a FROM t',
    message:
      "line 1:12: mismatched input 'FROM'. Expecting: '%', ')', '*', '+', ',', '-', '.', '/', 'AND', 'AT', 'OR', 'ORDER', '[', '||', <predicate>",
  },
  { sql: 'SELECT 1 +', message: "line 1:11: mismatched input '<EOF>'. Expecting: <expression>" },
  {
    sql: 'SELECT * FROM t JOIN u',
    message:
      "line 1:23: mismatched input '<EOF>'. Expecting: '.', 'AS', 'CROSS', 'FULL', 'INNER', 'JOIN', 'LEFT', 'NATURAL', 'ON', 'RIGHT', 'TABLESAMPLE', 'USING', <identifier>",
  },
  { sql: 'SELECT * FROM t JOIN u ON', message: "line 1:26: mismatched input '<EOF>'. Expecting: <expression>" },
  { sql: 'SELECT * FROM t LEFT u ON true', message: "line 1:22: mismatched input 'u'. Expecting: 'JOIN', 'OUTER'" },
  { sql: 'SELECT * FROM t CROSS u', message: "line 1:23: mismatched input 'u'. Expecting: 'JOIN'" },
  { sql: "SELECT 'abc", message: 'line 1:8: Unterminated string literal' },
  { sql: 'SELECT "abc', message: 'line 1:8: Unterminated quoted identifier' },
  { sql: 'SELECT 1 /* unclosed', message: 'line 1:10: Unterminated block comment' },
  { sql: 'SELECT ""', message: 'line 1:8: Zero-length delimited identifier not allowed' },
  { sql: 'SELECT a FROM ""."t"', message: 'line 1:15: Zero-length delimited identifier not allowed' },
  {
    sql: 'SELECT `a` FROM t',
    message: 'line 1:8: backquoted identifiers are not supported; use double quotes to quote identifiers',
  },
  {
    sql: 'SELECT 1x',
    message: 'line 1:8: identifiers must not start with a digit; surround the identifier with double quotes',
  },
  { sql: 'SELECT 1.2.3', message: 'line 1:8: Invalid numeric literal: 1.2.3' },
  {
    sql: 'SELECT 1e',
    message: 'line 1:8: identifiers must not start with a digit; surround the identifier with double quotes',
  },
  { sql: "SELECT X'abc'", message: 'line 1:8: Binary literal must contain an even number of digits' },
  { sql: "SELECT X'zz'", message: 'line 1:8: Binary literal can only contain hexadecimal digits' },
  {
    sql: 'SELECT * FROM select',
    message: "line 1:15: mismatched input 'select'. Expecting: '(', 'LATERAL', 'UNNEST', <identifier>",
  },
  {
    sql: 'SELECT from FROM t',
    message: "line 1:8: mismatched input 'from'. Expecting: '*', 'ALL', 'DISTINCT', <expression>",
  },
  { sql: 'SELECT a AS select FROM t', message: "line 1:13: mismatched input 'select'. Expecting: <identifier>" },
  { sql: 'SELECT * FROM t AS from', message: "line 1:20: mismatched input 'from'. Expecting: <identifier>" },
  {
    sql: 'CREATE TABLE order (a bigint)',
    message: "line 1:14: mismatched input 'order'. Expecting: 'IF', <identifier>",
  },
  {
    sql: '',
    message:
      "line 1:1: mismatched input '<EOF>'. Expecting: 'ALTER', 'ANALYZE', 'CALL', 'COMMENT', 'COMMIT', 'CREATE', 'DEALLOCATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN', 'INSERT', 'MERGE', 'PREPARE', 'RESET', 'ROLLBACK', 'SET', 'SHOW', 'START', 'TRUNCATE', 'UPDATE', 'USE', <query>",
  },
  {
    sql: '   ',
    message:
      "line 1:4: mismatched input '<EOF>'. Expecting: 'ALTER', 'ANALYZE', 'CALL', 'COMMENT', 'COMMIT', 'CREATE', 'DEALLOCATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN', 'INSERT', 'MERGE', 'PREPARE', 'RESET', 'ROLLBACK', 'SET', 'SHOW', 'START', 'TRUNCATE', 'UPDATE', 'USE', <query>",
  },
  {
    sql: ';',
    message:
      "line 1:1: mismatched input ';'. Expecting: 'ALTER', 'ANALYZE', 'CALL', 'COMMENT', 'COMMIT', 'CREATE', 'DEALLOCATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN', 'INSERT', 'MERGE', 'PREPARE', 'RESET', 'ROLLBACK', 'SET', 'SHOW', 'START', 'TRUNCATE', 'UPDATE', 'USE', <query>",
  },
  {
    sql: ' -- only a comment',
    message:
      "line 1:19: mismatched input '<EOF>'. Expecting: 'ALTER', 'ANALYZE', 'CALL', 'COMMENT', 'COMMIT', 'CREATE', 'DEALLOCATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN', 'INSERT', 'MERGE', 'PREPARE', 'RESET', 'ROLLBACK', 'SET', 'SHOW', 'START', 'TRUNCATE', 'UPDATE', 'USE', <query>",
  },
  { sql: 'SELECT 1;;', message: "line 1:10: mismatched input ';'. Expecting: <EOF>" },
  { sql: 'SELECT 1; SELECT 2', message: "line 1:11: mismatched input 'SELECT'. Expecting: <EOF>" },
  { sql: 'SELECT *\nFROM t\nWHERE a = = 1', message: "line 3:11: mismatched input '='. Expecting: <expression>" },
  {
    sql: 'SELECT\n  a,\n  b\n  c d\nFROM t',
    message:
      "line 4:5: mismatched input 'd'. Expecting: ',', 'EXCEPT', 'FETCH', 'FROM', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'ORDER', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  { sql: 'SELECT 9223372036854775808', message: 'line 1:8: Invalid numeric literal: 9223372036854775808' },
  { sql: 'SELECT -9223372036854775809', message: 'line 1:8: Invalid numeric literal: -9223372036854775809' },
  { sql: 'SELECT CAST(a AS)', message: "line 1:17: mismatched input ')'. Expecting: <type>" },
  { sql: 'SELECT CAST(a AS decimal())', message: "line 1:26: mismatched input ')'. Expecting: <integer>, <type>" },
  {
    sql: 'SELECT CAST(a varchar)',
    message:
      "line 1:15: mismatched input 'varchar'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AS', 'AT', 'OR', '[', '||', <predicate>",
  },
  {
    sql: 'SELECT CASE WHEN a THEN 1',
    message:
      "line 1:26: mismatched input '<EOF>'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AT', 'ELSE', 'END', 'OR', 'WHEN', '[', '||', <predicate>",
  },
  { sql: 'SELECT CASE END', message: "line 1:13: mismatched input 'END'. Expecting: 'WHEN', <expression>" },
  {
    sql: "SELECT INTERVAL '1' WEEK",
    message: "line 1:21: mismatched input 'WEEK'. Expecting: 'DAY', 'HOUR', 'MINUTE', 'MONTH', 'SECOND', 'YEAR'",
  },
  {
    sql: "SELECT INTERVAL '1' DAY TO",
    message: "line 1:27: mismatched input '<EOF>'. Expecting: 'DAY', 'HOUR', 'MINUTE', 'MONTH', 'SECOND', 'YEAR'",
  },
  { sql: 'SELECT EXTRACT(foo FROM x)', message: 'line 1:16: Invalid EXTRACT field: foo' },
  { sql: "SELECT U&'\\00G1'", message: 'line 1:8: Invalid Unicode escape sequence: \\00G1' },
  { sql: "SELECT U&'x' UESCAPE 'ab'", message: "line 1:22: Invalid Unicode escape character: 'ab'" },
  { sql: "SELECT U&'\\+110000'", message: 'line 1:8: Invalid Unicode code point: 110000' },
  { sql: "SELECT U&'x' UESCAPE '+'", message: "line 1:22: Invalid Unicode escape character: '+'" },
  {
    sql: 'SELECT a = b = c',
    message:
      "line 1:14: mismatched input '='. Expecting: '%', '*', '+', ',', '-', '.', '/', 'AND', 'AS', 'AT', 'EXCEPT', 'FETCH', 'FROM', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'OR', 'ORDER', 'UNION', 'WHERE', 'WINDOW', '[', '||', <EOF>, <identifier>",
  },
  { sql: 'SELECT a IS b', message: "line 1:13: mismatched input 'b'. Expecting: 'DISTINCT', 'NOT', 'NULL'" },
  {
    sql: 'SELECT a BETWEEN 1',
    message: "line 1:19: mismatched input '<EOF>'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AT', '[', '||'",
  },
  { sql: 'SELECT a IN ()', message: "line 1:14: mismatched input ')'. Expecting: <expression>, <query>" },
  { sql: 'SELECT count(DISTINCT)', message: "line 1:22: mismatched input ')'. Expecting: <expression>" },
  {
    sql: 'select foo(,1)',
    message: "line 1:12: mismatched input ','. Expecting: ')', '*', 'ALL', 'DISTINCT', 'ORDER', <expression>",
  },
  {
    sql: 'SELECT f(x) OVER (ROWS UNBOUNDED)',
    message: "line 1:33: mismatched input ')'. Expecting: 'FOLLOWING', 'PRECEDING'",
  },
  {
    sql: 'SELECT x() over (ROWS select) FROM t',
    message: "line 1:23: mismatched input 'select'. Expecting: 'BETWEEN', 'CURRENT', 'UNBOUNDED', <expression>",
  },
  { sql: 'SELECT f(x) IGNORE NULLS', message: "line 1:25: mismatched input '<EOF>'. Expecting: 'OVER'" },
  { sql: 'SELECT f(x) FILTER (a)', message: "line 1:21: mismatched input 'a'. Expecting: 'WHERE'" },
  {
    sql: 'SELECT * FROM t LIMIT -1',
    message:
      "line 1:23: mismatched input '-'. Expecting: '(', ',', 'CROSS', 'EXCEPT', 'FETCH', 'FULL', 'GROUP', 'HAVING', 'INNER', 'INTERSECT', 'JOIN', 'LEFT', 'LIMIT', 'NATURAL', 'OFFSET', 'ORDER', 'RIGHT', 'TABLESAMPLE', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  { sql: 'SELECT * FROM t LIMIT 10 OFFSET 5', message: "line 1:26: mismatched input 'OFFSET'. Expecting: <EOF>" },
  {
    sql: 'SELECT * FROM t FETCH FIRST 1 ROWS',
    message: "line 1:35: mismatched input '<EOF>'. Expecting: 'ONLY', 'WITH'",
  },
  {
    sql: 'SELECT * FROM t ORDER BY a NULLS',
    message: "line 1:33: mismatched input '<EOF>'. Expecting: 'FIRST', 'LAST'",
  },
  {
    sql: 'SELECT a FROM t UNION',
    message: "line 1:22: mismatched input '<EOF>'. Expecting: 'ALL', 'DISTINCT', <query>",
  },
  {
    sql: 'SELECT a FROM t GROUP BY',
    message:
      "line 1:25: mismatched input '<EOF>'. Expecting: '(', 'ALL', 'CUBE', 'DISTINCT', 'GROUPING', 'ROLLUP', <expression>",
  },
  { sql: 'WITH a AS SELECT 1 SELECT * FROM a', message: "line 1:11: mismatched input 'SELECT'. Expecting: '('" },
  { sql: 'WITH a AS (SELECT 1)', message: "line 1:21: mismatched input '<EOF>'. Expecting: ',', <query>" },
  { sql: 'SELECT t.* AS x FROM t', message: "line 1:15: mismatched input 'x'. Expecting: '('" },
  {
    sql: 'SELECT a.* + 1 FROM t',
    message:
      "line 1:12: mismatched input '+'. Expecting: ',', 'AS', 'EXCEPT', 'FETCH', 'FROM', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'ORDER', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  {
    sql: 'SHOW',
    message:
      "line 1:5: mismatched input '<EOF>'. Expecting: 'CATALOGS', 'COLUMNS', 'CREATE', 'FUNCTIONS', 'SCHEMAS', 'SESSION', 'STATS', 'TABLES'",
  },
  { sql: 'SHOW TABLES FROM', message: "line 1:17: mismatched input '<EOF>'. Expecting: <identifier>" },
  { sql: "SHOW SCHEMAS LIKE 'a' ESCAPE", message: "line 1:29: mismatched input '<EOF>'. Expecting: <string>" },
  {
    sql: 'SHOW CREATE FUNCTION f',
    message: "line 1:13: mismatched input 'FUNCTION'. Expecting: 'SCHEMA', 'TABLE', 'VIEW'",
  },
  { sql: 'DESCRIBE', message: "line 1:9: mismatched input '<EOF>'. Expecting: <identifier>" },
  { sql: 'USE a.b.c', message: "line 1:8: mismatched input '.'. Expecting: <EOF>" },
  { sql: 'SET SESSION a', message: "line 1:14: mismatched input '<EOF>'. Expecting: '.', '='" },
  { sql: 'RESET a', message: "line 1:7: mismatched input 'a'. Expecting: 'SESSION'" },
  {
    sql: 'CREATE',
    message: "line 1:7: mismatched input '<EOF>'. Expecting: 'CATALOG', 'OR', 'SCHEMA', 'TABLE', 'VIEW'",
  },
  { sql: 'CREATE OR REPLACE SCHEMA s', message: "line 1:19: mismatched input 'SCHEMA'. Expecting: 'TABLE', 'VIEW'" },
  {
    sql: 'CREATE OR REPLACE TABLE IF NOT EXISTS t (a int)',
    message: "line 1:1: 'OR REPLACE' and 'IF NOT EXISTS' clauses can not be used together",
  },
  {
    sql: 'CREATE TABLE t',
    message: "line 1:15: mismatched input '<EOF>'. Expecting: '(', '.', 'AS', 'COMMENT', 'WITH'",
  },
  { sql: 'CREATE TABLE t ()', message: "line 1:17: mismatched input ')'. Expecting: <identifier>" },
  { sql: 'CREATE TABLE t (a)', message: "line 1:19: mismatched input '<EOF>'. Expecting: 'AS', 'COMMENT', 'WITH'" },
  {
    sql: 'CREATE TABLE t (a bigint) AS SELECT 1',
    message: "line 1:27: mismatched input 'AS'. Expecting: 'COMMENT', 'WITH', <EOF>",
  },
  { sql: 'CREATE TABLE t (a bigint NOT)', message: "line 1:29: mismatched input ')'. Expecting: 'NULL'" },
  { sql: 'CREATE TABLE t (a bigint) COMMENT', message: "line 1:34: mismatched input '<EOF>'. Expecting: <string>" },
  { sql: 'DROP', message: "line 1:5: mismatched input '<EOF>'. Expecting: 'SCHEMA', 'TABLE', 'VIEW'" },
  { sql: 'DROP TABLE', message: "line 1:11: mismatched input '<EOF>'. Expecting: 'IF', <identifier>" },
  { sql: 'DROP SCHEMA s CASCADE RESTRICT', message: "line 1:23: mismatched input 'RESTRICT'. Expecting: <EOF>" },
  { sql: 'INSERT t VALUES 1', message: "line 1:8: mismatched input 't'. Expecting: 'INTO'" },
  { sql: 'INSERT INTO t', message: "line 1:14: mismatched input '<EOF>'. Expecting: '.', <query>" },
  { sql: 'DELETE t', message: "line 1:8: mismatched input 't'. Expecting: 'FROM'" },
  { sql: 'UPDATE t a = 1', message: "line 1:10: mismatched input 'a'. Expecting: '.', 'SET'" },
  { sql: 'TRUNCATE t', message: "line 1:10: mismatched input 't'. Expecting: 'TABLE'" },
  {
    sql: 'ALTER TABLE t',
    message: "line 1:14: mismatched input '<EOF>'. Expecting: '.', 'ADD', 'ALTER', 'DROP', 'RENAME'",
  },
  { sql: 'ALTER TABLE t RENAME u', message: "line 1:22: mismatched input 'u'. Expecting: 'COLUMN', 'TO'" },
  { sql: 'ALTER TABLE t ADD a bigint', message: "line 1:19: mismatched input 'a'. Expecting: 'COLUMN'" },
  { sql: 'PREPARE p SELECT 1', message: "line 1:11: mismatched input 'SELECT'. Expecting: 'FROM'" },
  { sql: 'EXECUTE p USING', message: "line 1:16: mismatched input '<EOF>'. Expecting: <expression>" },
  { sql: 'DEALLOCATE p', message: "line 1:12: mismatched input 'p'. Expecting: 'PREPARE'" },
  { sql: 'START TRANSACTION READ', message: "line 1:23: mismatched input '<EOF>'. Expecting: 'ONLY', 'WRITE'" },
  {
    sql: 'START TRANSACTION ISOLATION LEVEL READ',
    message: "line 1:39: mismatched input '<EOF>'. Expecting: 'COMMITTED', 'UNCOMMITTED'",
  },
  { sql: 'COMMIT TRANSACTION', message: "line 1:8: mismatched input 'TRANSACTION'. Expecting: 'WORK', <EOF>" },
  { sql: 'CALL p', message: "line 1:7: mismatched input '<EOF>'. Expecting: '(', '.'" },
  {
    sql: 'EXPLAIN (TYPE FOO) SELECT 1',
    message: "line 1:15: mismatched input 'FOO'. Expecting: 'DISTRIBUTED', 'IO', 'LOGICAL', 'VALIDATE'",
  },
  { sql: 'EXPLAIN (FORMAT JSON, FORMAT TEXT) SELECT 1', message: 'line 1:23: Duplicate EXPLAIN option: FORMAT' },
  {
    sql: 'SELECT a FROM t WHERE a @ b',
    message:
      "line 1:25: mismatched input '@'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AT', 'EXCEPT', 'FETCH', 'GROUP', 'HAVING', 'INTERSECT', 'LIMIT', 'OFFSET', 'OR', 'ORDER', 'UNION', 'WINDOW', '[', '||', <EOF>, <predicate>",
  },
  { sql: "SELECT a FROM t WHERE a = 'x", message: 'line 1:27: Unterminated string literal' },
  { sql: 'SELECT a FROM t WHERE\n  a = 1 AND\n  b = "open', message: 'line 3:7: Unterminated quoted identifier' },
  {
    sql: 'SELECT ARRAY[1, 2',
    message:
      "line 1:18: mismatched input '<EOF>'. Expecting: '%', '*', '+', ',', '-', '.', '/', 'AND', 'AT', 'OR', '[', ']', '||', <predicate>",
  },
  { sql: 'SELECT ROW()', message: "line 1:12: mismatched input ')'. Expecting: <expression>" },
  { sql: 'SELECT a.', message: "line 1:10: mismatched input '<EOF>'. Expecting: <identifier>" },
  { sql: 'SELECT a AT TIME ZONE b', message: "line 1:23: mismatched input 'b'. Expecting: 'INTERVAL', <string>" },
  {
    sql: 'SELECT TRIM(BOTH x)',
    message: "line 1:19: mismatched input ')'. Expecting: '%', '*', '+', '-', '.', '/', 'AT', 'FROM', '[', '||'",
  },
  {
    sql: 'SELECT POSITION(a, b)',
    message: "line 1:18: mismatched input ','. Expecting: '%', '*', '+', '-', '.', '/', 'AT', 'IN', '[', '||'",
  },
  { sql: 'SELECT GROUPING(a+1)', message: "line 1:18: mismatched input '+'. Expecting: ')', ',', '.'" },
  { sql: 'SELECT CURRENT_TIME(a)', message: "line 1:21: mismatched input 'a'. Expecting: <integer>" },
  {
    sql: 'SELECT * FROM t t x',
    message:
      "line 1:19: mismatched input 'x'. Expecting: '(', ',', 'CROSS', 'EXCEPT', 'FETCH', 'FULL', 'GROUP', 'HAVING', 'INNER', 'INTERSECT', 'JOIN', 'LEFT', 'LIMIT', 'NATURAL', 'OFFSET', 'ORDER', 'RIGHT', 'TABLESAMPLE', 'UNION', 'WHERE', 'WINDOW', <EOF>",
  },
  {
    sql: 'SELECT 1 FROM t # comment?',
    message:
      "line 1:17: mismatched input '#'. Expecting: ',', '.', 'AS', 'CROSS', 'EXCEPT', 'FETCH', 'FULL', 'GROUP', 'HAVING', 'INNER', 'INTERSECT', 'JOIN', 'LEFT', 'LIMIT', 'NATURAL', 'OFFSET', 'ORDER', 'RIGHT', 'TABLESAMPLE', 'UNION', 'WHERE', 'WINDOW', <EOF>, <identifier>",
  },
  {
    sql: 'SELECT\t1\n\n  FROM\n t WHERE x IN (1, 2,)',
    message: "line 4:21: mismatched input ')'. Expecting: <expression>",
  },
];

describe('parser errors: statements', () => {
  for (const { sql, message } of STATEMENT_ERRORS) {
    it(JSON.stringify(sql), () =>
      assertSyntaxError(
        failure(() => parseStatement(sql)),
        message,
      ),
    );
  }
});

describe('parser errors: expressions and types', () => {
  const cases: readonly { sql: string; message: string; parse: (sql: string) => unknown }[] = [
    { parse: parseExpression, sql: '', message: "line 1:1: mismatched input '<EOF>'. Expecting: <expression>" },
    {
      parse: parseExpression,
      sql: '1 + 1 x',
      message:
        "line 1:7: mismatched input 'x'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AT', 'OR', '[', '||', <EOF>, <predicate>",
    },
    {
      parse: parseExpression,
      sql: 'a;',
      message:
        "line 1:2: mismatched input ';'. Expecting: '%', '*', '+', '-', '.', '/', 'AND', 'AT', 'OR', '[', '||', <EOF>, <predicate>",
    },
    { parse: parseDataType, sql: '', message: "line 1:1: mismatched input '<EOF>'. Expecting: <type>" },
    {
      parse: parseDataType,
      sql: 'varchar(',
      message: "line 1:9: mismatched input '<EOF>'. Expecting: <integer>, <type>",
    },
    { parse: parseDataType, sql: 'row()', message: "line 1:5: mismatched input ')'. Expecting: <type>" },
    {
      parse: parseDataType,
      sql: 'array<int',
      message: "line 1:10: mismatched input '<EOF>'. Expecting: '(', '>', 'ARRAY'",
    },
    {
      parse: parseDataType,
      sql: 'interval day to',
      message: "line 1:16: mismatched input '<EOF>'. Expecting: 'DAY', 'HOUR', 'MINUTE', 'MONTH', 'SECOND', 'YEAR'",
    },
    {
      parse: parseDataType,
      sql: 'timestamp(3) with time',
      message: "line 1:23: mismatched input '<EOF>'. Expecting: 'ZONE'",
    },
    {
      parse: parseDataType,
      sql: 'int int',
      message: "line 1:5: mismatched input 'int'. Expecting: '(', 'ARRAY', <EOF>",
    },
  ];
  for (const { sql, message, parse } of cases) {
    it(JSON.stringify(sql), () =>
      assertSyntaxError(
        failure(() => parse(sql)),
        message,
      ),
    );
  }
});

describe('parser errors: pathological input', () => {
  const TOO_DEEP = 'Statement is too deeply nested';

  function assertTooDeep(sql: string): void {
    const error = failure(() => parseStatement(sql));
    assert.equal(error.errorName, 'SYNTAX_ERROR');
    assert.equal(error.rawMessage, TOO_DEEP);
  }

  it('reports 10,000 nested parentheses as too deeply nested, at the token past the limit', () => {
    const sql = `SELECT ${'('.repeat(10_000)}1${')'.repeat(10_000)}`;
    assertTooDeep(sql);
    // The query is level 1 and its select item level 2, each parenthesis one more: the token after
    // the 499th parenthesis would be level 501.
    assert.equal(failure(() => parseStatement(sql)).location?.column, 8 + 499);
  });

  it('accepts nesting up to the limit', () => {
    const sql = `SELECT ${'('.repeat(498)}1${')'.repeat(498)}`;
    assert.equal(parseStatement(sql).kind, 'Query');
  });

  it('reports 10,000 nested NOT, unary minus, subqueries, calls, CASEs and types as too deeply nested', () => {
    assertTooDeep(`SELECT ${'NOT '.repeat(10_000)}true`);
    assertTooDeep(`SELECT ${'- '.repeat(10_000)}x`);
    assertTooDeep(`SELECT * FROM ${'(SELECT * FROM '.repeat(10_000)}t${')'.repeat(10_000)}`);
    assertTooDeep(`SELECT ${'(SELECT '.repeat(10_000)}1${')'.repeat(10_000)}`);
    assertTooDeep(`SELECT ${'f('.repeat(10_000)}1${')'.repeat(10_000)}`);
    assertTooDeep(`SELECT ${'f() OVER (ORDER BY '.repeat(10_000)}1${')'.repeat(10_000)}`);
    assertTooDeep(`SELECT ${'CASE WHEN '.repeat(10_000)}x${' THEN 1 END'.repeat(10_000)}`);
    assertTooDeep(`SELECT CAST(x AS ${'array('.repeat(10_000)}int${')'.repeat(10_000)})`);
    assertTooDeep(`${'EXPLAIN '.repeat(10_000)}SELECT 1`);
  });

  it('turns a stack overflow in a caller that is already deep into the same error', () => {
    const sql = `SELECT ${'('.repeat(400)}1${')'.repeat(400)}`;
    let outcome: unknown;
    // Recurse until the stack is nearly exhausted, then parse from every depth on the way back.
    const probe = (depth: number): void => {
      try {
        probe(depth + 1);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
      }
      if (outcome === undefined) {
        try {
          parseStatement(sql);
        } catch (e) {
          if (e instanceof RangeError) throw e;
          outcome = e;
        }
      }
    };
    probe(0);
    assert.ok(outcome instanceof VivaceError, String(outcome));
    assert.equal(outcome.errorName, 'SYNTAX_ERROR');
    assert.equal(outcome.rawMessage, TOO_DEEP);
  });

  it('reports a megabyte of random garbage quickly as a syntax error', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabets = ['abc ()\'",.*+-/;=<>xyz SELECT FROM 0123456789[]#@!?|&\n\t', 'SELECT ( ) , a'];
    for (const alphabet of alphabets) {
      for (const prefix of ['', 'SELECT ', 'SELECT a FROM t WHERE ']) {
        const parts: string[] = [];
        for (let i = 0; i < 1 << 20; i++) parts.push(alphabet[Math.floor(random() * alphabet.length)]!);
        const start = performance.now();
        const error = failure(() => parseStatement(prefix + parts.join('')));
        assert.equal(error.errorName, 'SYNTAX_ERROR');
        assert.ok(performance.now() - start < 1000, `took ${performance.now() - start} ms`);
      }
    }
    const units: string[] = [];
    for (let i = 0; i < 1 << 20; i++) units.push(String.fromCharCode(Math.floor(random() * 0xffff)));
    const start = performance.now();
    assert.equal(failure(() => parseStatement(units.join(''))).errorName, 'SYNTAX_ERROR');
    assert.ok(performance.now() - start < 1000);
  });

  it('parses a long flat chain of ORs without recursion', () => {
    const sql = `SELECT ${Array.from({ length: 50_000 }, () => 'x = y').join(' OR ')}`;
    assert.equal(parseStatement(sql).kind, 'Query');
  });
});
