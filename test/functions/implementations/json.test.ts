import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, call } from './harness.js';

describe('json_parse and json_format', () => {
  const cases: [string, string][] = [
    ['[1, 2, 3]', '[1,2,3]'],
    ['{"b": 1, "a": {"d": 1.50, "c": null}}', '{"a":{"c":null,"d":1.5},"b":1}'],
    ['1e2', '100.0'],
    ['"a\\u0041\\/b"', '"aA/b"'],
    ['"tab\\tnew\\nctl\\u0001"', '"tab\\tnew\\nctl\\u0001"'],
    ['123456789012345678901234567890', '123456789012345678901234567890'],
    [' true ', 'true'],
    ['{"a":1,"a":2}', '{"a":2}'],
    ['"😀"', '"😀"'],
  ];
  for (const [text, expected] of cases) {
    it(`json_parse('${text}')`, () => assert.equal(call('json_parse', ['varchar'], [text]), expected));
  }

  it('rejects invalid JSON', () => {
    for (const text of ['{"a":1', '[1,]', "{'a':1}", '01', '1 2', 'NaN', '']) {
      assertError(
        () => call('json_parse', ['varchar'], [text]),
        'INVALID_FUNCTION_ARGUMENT',
        `Cannot convert value to JSON: '${text}'`,
      );
    }
  });

  it('formats json as text', () => {
    assert.equal(call('json_format', ['json'], ['{"a":1}']), '{"a":1}');
  });
});

describe('JSONPath extraction', () => {
  const doc = '{"store":{"book":[{"title":"A","price":8.95},{"title":"B","price":12}],"k.e y":"v"},"n":null}';
  const cases: [string, string, unknown][] = [
    ['json_extract', '$.store.book[0].title', '"A"'],
    ['json_extract', '$.store.book[1]', '{"title":"B","price":12}'],
    ['json_extract', '$["store"]["k.e y"]', '"v"'],
    ['json_extract', '$.store.book.0.price', '8.95'],
    ['json_extract', '$.n', 'null'],
    ['json_extract', '$.missing', null],
    ['json_extract', '$.store.book[5]', null],
    ['json_extract_scalar', '$.store.book[0].price', '8.95'],
    ['json_extract_scalar', '$.store.book[0].title', 'A'],
    ['json_extract_scalar', '$.store.book', null],
    ['json_extract_scalar', '$.n', null],
    ['json_size', '$.store.book', 2],
    ['json_size', '$.store', 2],
    ['json_size', '$.store.book[0].title', 0],
    ['json_size', '$.x', null],
  ];
  for (const [name, path, expected] of cases) {
    it(`${name}(doc, '${path}')`, () => {
      assert.equal(call(name, ['varchar', 'varchar'], [doc, path]), expected);
      assert.equal(call(name, ['json', 'varchar'], [doc, path]), expected);
    });
  }

  it('returns NULL for invalid JSON and rejects invalid paths', () => {
    assert.equal(call('json_extract', ['varchar', 'varchar'], ['{bad', '$.a']), null);
    assertError(
      () => call('json_extract', ['varchar', 'varchar'], ['{}', 'a']),
      'INVALID_FUNCTION_ARGUMENT',
      "Invalid JSON path: 'a'",
    );
    assertError(
      () => call('json_extract', ['varchar', 'varchar'], ['{}', '$.']),
      'INVALID_FUNCTION_ARGUMENT',
      "Invalid JSON path: '$.'",
    );
    assertError(
      () => call('json_extract', ['varchar', 'varchar'], ['{}', '$[0']),
      'INVALID_FUNCTION_ARGUMENT',
      "Invalid JSON path: '$[0'",
    );
  });
});

describe('JSON arrays', () => {
  it('measures, indexes and searches arrays', () => {
    assert.equal(call('json_array_length', ['varchar'], ['[1, 2, 3]']), 3);
    assert.equal(call('json_array_length', ['json'], ['{"a":1}']), null);
    assert.equal(call('json_array_get', ['varchar', 'bigint'], ['["a", [3, 9], "c"]', 1]), '[3,9]');
    assert.equal(call('json_array_get', ['varchar', 'bigint'], ['["a", [3, 9], "c"]', -1]), '"c"');
    assert.equal(call('json_array_get', ['varchar', 'bigint'], ['["a"]', 5]), null);
    assert.equal(call('json_array_contains', ['varchar', 'bigint'], ['[1, 2, 3]', 2]), true);
    assert.equal(call('json_array_contains', ['varchar', 'bigint'], ['[1.0, 2]', 1]), false);
    assert.equal(call('json_array_contains', ['json', 'double'], ['[1.5, 2]', 1.5]), true);
    assert.equal(call('json_array_contains', ['json', 'boolean'], ['[true]', false]), false);
    assert.equal(call('json_array_contains', ['varchar', 'varchar'], ['["a", "b"]', 'b']), true);
    assert.equal(call('json_array_contains', ['varchar', 'varchar'], ['{"a":"b"}', 'b']), null);
  });

  it('tells scalars from containers', () => {
    assert.equal(call('is_json_scalar', ['varchar'], ['1']), true);
    assert.equal(call('is_json_scalar', ['json'], ['[1]']), false);
    assertError(
      () => call('is_json_scalar', ['varchar'], ['[1']),
      'INVALID_FUNCTION_ARGUMENT',
      'Invalid JSON value: [1',
    );
  });
});
