import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { javaHashMapOrder } from '../../../src/functions/implementations/json/java-hash-map-order.js';
import { pathVariables } from '../../../src/functions/implementations/json/json-path-ast.js';
import { evaluateJsonPath, type Sequence } from '../../../src/functions/implementations/json/json-path-evaluator.js';
import { JsonPathError, parseSqlJsonPath } from '../../../src/functions/implementations/json/json-path-parser.js';
import { parseJson, writeJson } from '../../../src/functions/implementations/json/json-tree.js';

const CUSTOMERS = '{"comment" : "nice", "children" : [10, 13, 16]}';

/** The items a path gives on a JSON text, each as JSON text. */
function run(json: string, path: string, variables: Record<string, string> = {}): string[] {
  const vars = new Map<string, Sequence>(Object.entries(variables).map(([k, v]) => [k, [parseJson(v)]]));
  return evaluateJsonPath(parseSqlJsonPath(path), parseJson(json), vars).map((item) => writeJson(item, false));
}

function evaluationError(json: string, path: string): string {
  try {
    run(json, path);
  } catch (e) {
    assert.ok(e instanceof VivaceError);
    assert.equal(e.errorName, 'PATH_EVALUATION_ERROR');
    return e.message;
  }
  assert.fail(`${path} did not fail`);
}

function syntaxError(path: string): { message: string; offset: number; name: string } {
  try {
    parseSqlJsonPath(path);
  } catch (e) {
    assert.ok(e instanceof JsonPathError);
    return { message: e.message, offset: e.offset, name: e.errorName };
  }
  assert.fail(`${path} parsed`);
}

describe('JSON path parser', () => {
  it('requires the mode, as Trino', () => {
    assert.deepEqual(syntaxError('certainly not a valid path'), {
      message: "mismatched input 'certainly' expecting {'lax', 'strict'}",
      offset: 0,
      name: 'SYNTAX_ERROR',
    });
    assert.equal(syntaxError('$.a').message, "mismatched input '$' expecting {'lax', 'strict'}");
    assert.equal(parseSqlJsonPath('lax $').mode, 'lax');
    assert.equal(parseSqlJsonPath('strict $').mode, 'strict');
  });

  it('reports errors at their offset', () => {
    assert.deepEqual(syntaxError('lax $.a ]'), {
      message: "extraneous input ']' expecting <EOF>",
      offset: 8,
      name: 'SYNTAX_ERROR',
    });
    assert.equal(syntaxError('lax $[').offset, 6);
    assert.equal(syntaxError('lax $?(@ > )').name, 'SYNTAX_ERROR');
    assert.equal(syntaxError('lax $.foo()').name, 'SYNTAX_ERROR');
    assert.equal(syntaxError('lax "abc').name, 'SYNTAX_ERROR');
    assert.equal(syntaxError('lax $ ? (@ like_regex "[")').name, 'INVALID_PATH');
    assert.equal(syntaxError('lax $.datetime()').name, 'INVALID_PATH');
  });

  it('parses precedence: unary binds tighter than *, * tighter than +', () => {
    assert.deepEqual(run('{}', 'lax 1 + 2 * 3'), ['7']);
    assert.deepEqual(run('{}', 'lax (1 + 2) * 3'), ['9']);
    assert.deepEqual(run('{}', 'lax -2 * 3'), ['-6']);
    assert.deepEqual(run('{}', 'lax 10 - 2 - 3'), ['5']);
  });

  it('lists the variables a path uses', () => {
    assert.deepEqual(pathVariables(parseSqlJsonPath('lax $a + $b?(@ > $c && exists($a))')), ['a', 'b', 'c']);
  });

  it('caches parsed paths by text', () => {
    assert.equal(parseSqlJsonPath('lax $.x'), parseSqlJsonPath('lax $.x'));
  });
});

describe('JSON path evaluation', () => {
  it('member accessors, quoted keys and wildcards', () => {
    assert.deepEqual(run('{"a":{"b":1}}', 'lax $.a.b'), ['1']);
    assert.deepEqual(run('{"a b":2}', 'lax $."a b"'), ['2']);
    assert.deepEqual(run('{"a":1,"b":[2]}', 'lax $.*'), ['1', '[2]']);
    assert.deepEqual(run('{"size":3}', 'lax $.size'), ['3']);
  });

  it('lax mode unwraps arrays for member access and suppresses structural errors', () => {
    assert.deepEqual(run('[{"a":1},{"b":2},{"a":3}]', 'lax $.a'), ['1', '3']);
    assert.deepEqual(run('{"a":1}', 'lax $.missing'), []);
    assert.deepEqual(run('[1, 2]', 'lax $.a'), []);
  });

  it('strict mode raises structural and type errors', () => {
    assert.equal(
      evaluationError('{"a":1}', 'strict $.missing'),
      "path evaluation failed: structural error: missing member 'missing' in JSON object",
    );
    assert.equal(
      evaluationError('[{"a":1}]', 'strict $.a'),
      'path evaluation failed: invalid item type. Expected: OBJECT, actual: ARRAY',
    );
    assert.equal(
      evaluationError('[1,2]', 'strict $[5]'),
      'path evaluation failed: structural error: invalid array subscript: [5] for array of size 2',
    );
    assert.match(evaluationError('1', 'strict $[0]'), /Expected: ARRAY, actual: NUMBER/);
    assert.match(evaluationError('1', 'strict $[*]'), /Expected: ARRAY/);
    assert.match(evaluationError('[1,2,3]', 'strict $[2 to 1]'), /structural error/);
  });

  it('array accessors: indexes, ranges, last, lists and wildcard', () => {
    const arrays = '[[0, 1, 2], ["a", "b", "c", "d"], [null, null]]';
    assert.deepEqual(run(arrays, 'lax $[*][last]'), ['2', '"d"', 'null']);
    assert.deepEqual(run(arrays, 'lax $[*][2 to 3]'), ['2', '"c"', '"d"']);
    assert.deepEqual(run(arrays, 'lax $[*][1, 0, 0]'), ['1', '0', '0', '"b"', '"a"', '"a"', 'null', 'null', 'null']);
    assert.deepEqual(run('[1,2,3]', 'lax $[last - 1]'), ['2']);
    assert.deepEqual(run('[1,2,3]', 'lax $[0, 2 to last]'), ['1', '3']);
    assert.deepEqual(run('[1,2,3]', 'strict $[*]'), ['1', '2', '3']);
  });

  it('lax mode wraps non-arrays for array accessors', () => {
    assert.deepEqual(run('{"a":1}', 'lax $[0].a'), ['1']);
    assert.deepEqual(run('[[1, "a", null], {"key1" : 1.0, "key2" : true}, -2e3]', 'lax $[*][*]'), [
      '1',
      '"a"',
      'null',
      '{"key1":1.0,"key2":true}',
      '-2000.0',
    ]);
    assert.deepEqual(run('[1]', 'lax $[5]'), []);
  });

  it('descendant member accessor, in preorder and without unwrapping', () => {
    const json =
      '{"id" : 1, "notes" : [{"type" : 1, "comment" : "foo"}, {"type" : 2, "comment" : null}], "comment" : ["bar", "baz"]}';
    assert.deepEqual(run(json, 'lax $..comment'), ['["bar","baz"]', '"foo"', 'null']);
    assert.deepEqual(run(json, 'strict $..comment'), ['["bar","baz"]', '"foo"', 'null']);
  });

  it('filters with comparisons, exists, boolean logic, starts with, like_regex and is unknown', () => {
    const objects =
      '[{"customer" : 100, "region" : "AFRICA"}, {"region" : "ASIA"}, {"customer" : 300, "region" : "AFRICA", "comment" : null}]';
    assert.deepEqual(run(objects, 'lax $[*]?(@.region != "ASIA").customer'), ['100', '300']);
    assert.deepEqual(run(objects, 'lax $[*]?(!exists(@.customer)).region'), ['"ASIA"']);
    assert.deepEqual(run(CUSTOMERS, 'lax $.children[*]?(@ > 10)'), ['13', '16']);
    assert.deepEqual(run(CUSTOMERS, 'lax $.children?(@ > 10 && @ < 16)'), ['13']);
    assert.deepEqual(run(CUSTOMERS, 'lax $.children?(@ == 10 || @ == 16)'), ['10', '16']);
    assert.deepEqual(run('["abc","xbc","abd"]', 'lax $?(@ starts with "ab")'), ['"abc"', '"abd"']);
    assert.deepEqual(run('["abc","xbc","ABd"]', 'lax $?(@ like_regex "^ab")'), ['"abc"']);
    assert.deepEqual(run('["abc","xbc","ABd"]', 'lax $?(@ like_regex "^ab" flag "i")'), ['"abc"', '"ABd"']);
    // Comparing a string with a number is an error: unknown, so the item is not selected...
    assert.deepEqual(run('[1, "a"]', 'lax $?(@ > 0)'), ['1']);
    // ...and `is unknown` finds it.
    assert.deepEqual(run('[1, "a"]', 'lax $?((@ > 0) is unknown)'), ['"a"']);
    assert.deepEqual(run('[1, 2]', 'lax $?(($x + @) > 2)', { x: '1' }), ['2']);
  });

  it('compares JSON null as Trino: null == null, anything else with null is false', () => {
    assert.deepEqual(run('[null, 1]', 'lax $?(@ == null)'), ['null']);
    assert.deepEqual(run('[null, 1]', 'lax $?(@ != null)'), []);
  });

  it('strict mode makes a comparison with any error unknown; lax takes what comes first', () => {
    assert.deepEqual(run('[[1, "a"]]', 'lax $?(@ == 1)'), ['[1,"a"]']);
    assert.deepEqual(run('[["a", 1]]', 'lax $?(@ == 1)'), []);
    assert.deepEqual(run('[{"a": [1, "x"]}]', 'strict $?(@.a[*] == 1)'), []);
  });

  it('item methods', () => {
    assert.deepEqual(run('[null, 1, "a", true, [1], {}]', 'lax $[*].type()'), [
      '"null"',
      '"number"',
      '"string"',
      '"boolean"',
      '"array"',
      '"object"',
    ]);
    assert.deepEqual(run('[1, [1,2]]', 'strict $.type()'), ['"array"']);
    assert.deepEqual(run('[[0, 1, 2], ["a", "b", "c", "d"], [null, null]]', 'lax $[*].size()'), ['3', '4', '2']);
    assert.deepEqual(run('[[1, "a", null], {"key1" : 1.0}, -2e3]', 'lax $[*].size()'), ['3', '1', '1']);
    assert.match(evaluationError('{"a":1}', 'strict $.size()'), /Expected: ARRAY, actual: OBJECT/);
    assert.deepEqual(run('[-1, 23e4, "5.6"]', 'lax $.double()'), ['-1.0', '230000.0', '5.6']);
    assert.deepEqual(run('[-1.5, -1, 1.3]', 'lax $.ceiling()'), ['-1.0', '-1', '2.0']);
    assert.deepEqual(run('[-1.5, -1, 1.3]', 'lax $.floor()'), ['-2.0', '-1', '1.0']);
    assert.deepEqual(run('[-1.5, -1, 1.3]', 'lax $.abs()'), ['1.5', '1', '1.3']);
    assert.match(evaluationError('[1, "a"]', 'lax $.floor()'), /Expected: NUMBER, actual: STRING/);
    assert.match(evaluationError('"x"', 'lax $.double()'), /cannot cast/);
    assert.deepEqual(run('[{"customer" : 100, "region" : "AFRICA"}, {"region" : "ASIA"}]', 'lax $.keyvalue()'), [
      '{"name":"customer","value":100,"id":0}',
      '{"name":"region","value":"AFRICA","id":0}',
      '{"name":"region","value":"ASIA","id":1}',
    ]);
    assert.match(evaluationError('[1]', 'lax $.keyvalue()'), /Expected: OBJECT/);
  });

  it('arithmetic: exact integers, doubles otherwise, singleton operands', () => {
    assert.deepEqual(run('{"a": 7, "b": 2}', 'lax $.a / $.b'), ['3']);
    assert.deepEqual(run('{"a": 7, "b": 2}', 'lax $.a % $.b'), ['1']);
    assert.deepEqual(run('{"a": 7.5, "b": 2}', 'lax $.a * $.b'), ['15.0']);
    assert.deepEqual(run('[1, 2]', 'lax -$'), ['-1', '-2']);
    assert.equal(evaluationError('{"a": 1, "b": 0}', 'lax $.a / $.b'), 'path evaluation failed: Division by zero');
    assert.match(evaluationError('[1, 2]', 'lax $ + 1'), /singleton operands/);
    assert.match(evaluationError('"a"', 'lax $ + 1'), /Expected: NUMBER, actual: STRING/);
    assert.match(evaluationError('{}', 'lax 9223372036854775807 + 1'), /out of range/);
  });

  it('decimal literals compute exactly, as SQL decimals; doubles (JSON numbers, 1e0) in double', () => {
    assert.deepEqual(run('{}', 'lax 1.50'), ['1.50']);
    assert.deepEqual(run('{}', 'lax 0.1 + 0.2'), ['0.3']);
    assert.deepEqual(run('{}', 'lax 10 / 4.0'), ['2.5']);
    assert.deepEqual(run('{}', 'lax 2 / 3.00'), ['0.67']);
    assert.deepEqual(run('{}', 'lax 2.5 * 1.1'), ['2.75']);
    assert.deepEqual(run('{}', 'lax 7.5 % 2'), ['1.5']);
    assert.deepEqual(run('{}', 'lax -1.25'), ['-1.25']);
    assert.deepEqual(run('{}', 'lax 1.5.ceiling()'), ['2']);
    assert.deepEqual(run('{}', 'lax (-1.5).ceiling()'), ['-1']);
    assert.deepEqual(run('{}', 'lax (-1.5).floor()'), ['-2']);
    assert.deepEqual(run('{}', 'lax (-1.5).abs()'), ['1.5']);
    assert.deepEqual(run('{}', 'lax 1.5e0 + 1'), ['2.5']);
    assert.deepEqual(run('{"a": 0.1}', 'lax $.a + 0.2'), ['0.30000000000000004']);
    assert.deepEqual(run('[1.5, 2]', 'lax $?(@ == 1.50)'), ['1.5']);
    assert.equal(evaluationError('{}', 'lax 1 / 0.0'), 'path evaluation failed: Division by zero');
  });

  it('literals and variables', () => {
    assert.deepEqual(run('{}', 'lax "a\\"b"'), ['"a\\"b"']);
    assert.deepEqual(run('{}', 'lax true'), ['true']);
    assert.deepEqual(run('{}', 'lax null'), ['null']);
    assert.deepEqual(run('{"k":[1,2]}', 'lax $.k[$i]', { i: '1' }), ['2']);
    assert.deepEqual(run('{}', 'lax $v.x', { v: '{"x": 5}' }), ['5']);
    assert.match(evaluationError('{}', 'lax $nope'), /no value passed for parameter nope/);
    assert.match(evaluationError('{}', 'lax last'), /no enclosing array/);
  });
});

describe('Java HashMap key order (json_object members)', () => {
  it('orders keys by bucket as Trino HashMap does, ties in insertion order', () => {
    assert.deepEqual(javaHashMapOrder(['key_1', 'key_2']), ['key_2', 'key_1']);
    assert.deepEqual(javaHashMapOrder(['key1', 'key2']), ['key1', 'key2']);
    assert.deepEqual(javaHashMapOrder(['x', 'y', 'z']), ['x', 'y', 'z']);
    // "Aa" and "BB" have the same Java hash: one bucket, insertion order.
    assert.deepEqual(javaHashMapOrder(['BB', 'Aa']), ['BB', 'Aa']);
    assert.deepEqual(javaHashMapOrder([]), []);
  });

  it('grows the table past 12 keys, as Java does at a 0.75 load', () => {
    const keys = 'abcdefghijklm'.split('');
    assert.deepEqual(javaHashMapOrder(keys), keys);
    assert.deepEqual(javaHashMapOrder(['a', 'p']), ['p', 'a']);
  });
});
