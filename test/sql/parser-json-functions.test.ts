/**
 * Trino's SQL/JSON functions in the parser and the formatter: each form and clause parses to the
 * tree it means (defaults filled in), prints back in its own syntax, and the printed text parses to
 * the same tree.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { formatExpression } from '../../src/sql/formatter.js';
import { parseExpression } from '../../src/sql/parser.js';
import { column, int, str, stripPos, type } from './ast-test-utils.js';

const e = (sql: string) => stripPos(parseExpression(sql));

/** The printed form of `sql`; asserts that it parses back to the same tree. */
function printed(sql: string): string {
  const text = formatExpression(parseExpression(sql));
  assert.deepEqual(e(text), e(sql), text);
  return text;
}

function syntaxError(sql: string): string {
  try {
    parseExpression(sql);
  } catch (error) {
    assert.ok(error instanceof VivaceError);
    assert.equal(error.errorName, 'SYNTAX_ERROR');
    return error.message;
  }
  assert.fail(`${sql} parsed`);
}

const invocation = (input: unknown, path: string, passing: unknown[] = [], extra: object = {}) => ({
  kind: 'JsonPathInvocation',
  input,
  ...extra,
  path: str(path),
  passing,
});

describe('JSON_EXISTS', () => {
  it('parses the input, the path and FALSE ON ERROR by default', () => {
    assert.deepEqual(e("json_exists(x, 'lax $.a')"), {
      kind: 'JsonExists',
      invocation: invocation(column('x'), 'lax $.a'),
      onError: 'FALSE',
    });
  });

  it('parses FORMAT JSON [ENCODING], PASSING and each ON ERROR', () => {
    assert.deepEqual(
      e('json_exists(x FORMAT JSON ENCODING UTF16, \'lax $v\' PASSING 1 AS v, y FORMAT JSON AS "W" TRUE ON ERROR)'),
      {
        kind: 'JsonExists',
        invocation: invocation(
          column('x'),
          'lax $v',
          [
            { kind: 'JsonPathParameter', name: { kind: 'Identifier', value: 'v', quoted: false }, value: int('1') },
            {
              kind: 'JsonPathParameter',
              name: { kind: 'Identifier', value: 'W', quoted: true },
              value: column('y'),
              format: {},
            },
          ],
          { inputFormat: { encoding: 'UTF16' } },
        ),
        onError: 'TRUE',
      },
    );
    for (const behavior of ['TRUE', 'FALSE', 'UNKNOWN', 'ERROR']) {
      assert.equal((e(`json_exists(x, 'lax $' ${behavior} ON ERROR)`) as { onError: string }).onError, behavior);
    }
  });

  it('prints back only what differs from the defaults', () => {
    assert.equal(printed("json_exists(x, 'lax $' FALSE ON ERROR)"), "JSON_EXISTS(x, 'lax $')");
    assert.equal(
      printed('json_exists(x format json, \'strict $.a\' passing a + 1 as "N", b as m unknown on error)'),
      'JSON_EXISTS(x FORMAT JSON, \'strict $.a\' PASSING a + 1 AS "N", b AS m UNKNOWN ON ERROR)',
    );
    assert.equal(printed("json_exists(x, 'lax $[''a'']')"), "JSON_EXISTS(x, 'lax $[''a'']')");
  });

  it('requires a string literal path', () => {
    assert.match(syntaxError('json_exists(x, y)'), /mismatched input 'y'/);
    assert.match(syntaxError("json_exists(x 'lax $')"), /mismatched input/);
  });
});

describe('JSON_VALUE', () => {
  it('parses RETURNING and the behaviours, NULL by default', () => {
    assert.deepEqual(e("json_value(x, 'lax $.a')"), {
      kind: 'JsonValue',
      invocation: invocation(column('x'), 'lax $.a'),
      onEmpty: { type: 'NULL' },
      onError: { type: 'NULL' },
    });
    assert.deepEqual(e("json_value(x, 'lax $.a' RETURNING bigint DEFAULT -1 ON EMPTY ERROR ON ERROR)"), {
      kind: 'JsonValue',
      invocation: invocation(column('x'), 'lax $.a'),
      returnType: type('bigint'),
      onEmpty: { type: 'DEFAULT', value: int('-1') },
      onError: { type: 'ERROR' },
    });
    assert.deepEqual((e("json_value(x, 'lax $' DEFAULT 'e' ON ERROR)") as { onError: unknown }).onError, {
      type: 'DEFAULT',
      value: str('e'),
    });
  });

  it('prints each clause back', () => {
    assert.equal(
      printed("json_value(x, 'lax $.a' returning varchar(3) null on empty default a or b on error)"),
      "JSON_VALUE(x, 'lax $.a' RETURNING varchar(3) DEFAULT a OR b ON ERROR)",
    );
    assert.equal(
      printed("json_value(x, 'lax $.a' ERROR ON EMPTY NULL ON ERROR)"),
      "JSON_VALUE(x, 'lax $.a' ERROR ON EMPTY)",
    );
  });

  it('takes ON EMPTY before ON ERROR only', () => {
    assert.match(syntaxError("json_value(x, 'lax $' ERROR ON ERROR NULL ON EMPTY)"), /mismatched input 'NULL'/);
  });
});

describe('JSON_QUERY', () => {
  it('parses the wrapper, quotes and behaviours', () => {
    assert.deepEqual(e("json_query(x, 'lax $')"), {
      kind: 'JsonQuery',
      invocation: invocation(column('x'), 'lax $'),
      wrapper: 'WITHOUT',
      onEmpty: 'NULL',
      onError: 'NULL',
    });
    assert.deepEqual(
      e(
        "json_query(x, 'lax $' RETURNING varchar FORMAT JSON WITH CONDITIONAL ARRAY WRAPPER OMIT QUOTES ON SCALAR STRING EMPTY ARRAY ON EMPTY EMPTY OBJECT ON ERROR)",
      ),
      {
        kind: 'JsonQuery',
        invocation: invocation(column('x'), 'lax $'),
        returnType: type('varchar'),
        outputFormat: {},
        wrapper: 'CONDITIONAL',
        quotes: 'OMIT',
        onEmpty: 'EMPTY_ARRAY',
        onError: 'EMPTY_OBJECT',
      },
    );
    const wrapper = (clause: string) => (e(`json_query(x, 'lax $' ${clause})`) as { wrapper: string }).wrapper;
    assert.equal(wrapper('WITH WRAPPER'), 'UNCONDITIONAL');
    assert.equal(wrapper('WITH ARRAY WRAPPER'), 'UNCONDITIONAL');
    assert.equal(wrapper('WITH UNCONDITIONAL WRAPPER'), 'UNCONDITIONAL');
    assert.equal(wrapper('WITHOUT WRAPPER'), 'WITHOUT');
    assert.equal(wrapper('WITHOUT ARRAY WRAPPER'), 'WITHOUT');
    assert.equal((e("json_query(x, 'lax $' KEEP QUOTES)") as { quotes: string }).quotes, 'KEEP');
    assert.equal((e("json_query(x, 'lax $' ERROR ON EMPTY)") as { onEmpty: string }).onEmpty, 'ERROR');
  });

  it('prints each clause back', () => {
    assert.equal(
      printed(
        "json_query(x, 'lax $' with array wrapper keep quotes on scalar string error on empty empty array on error)",
      ),
      "JSON_QUERY(x, 'lax $' WITH UNCONDITIONAL ARRAY WRAPPER KEEP QUOTES ERROR ON EMPTY EMPTY ARRAY ON ERROR)",
    );
    assert.equal(
      printed("json_query(x, 'lax $' RETURNING varchar(10) FORMAT JSON ENCODING UTF8 WITH CONDITIONAL WRAPPER)"),
      "JSON_QUERY(x, 'lax $' RETURNING varchar(10) FORMAT JSON ENCODING UTF8 WITH CONDITIONAL ARRAY WRAPPER)",
    );
    assert.equal(printed("json_query(x, 'lax $' WITHOUT WRAPPER NULL ON ERROR)"), "JSON_QUERY(x, 'lax $')");
  });
});

describe('JSON_OBJECT', () => {
  it('parses the three member forms, NULL ON NULL and WITHOUT UNIQUE KEYS by default', () => {
    const member = (key: unknown, value: unknown) => ({ kind: 'JsonObjectMember', key, value });
    const expected = {
      kind: 'JsonObject',
      members: [member(str('a'), int('1')), member(str('b'), column('x'))],
      nullOnNull: true,
      uniqueKeys: false,
    };
    assert.deepEqual(e("json_object('a' : 1, 'b' : x)"), expected);
    assert.deepEqual(e("json_object(KEY 'a' VALUE 1, KEY 'b' VALUE x)"), expected);
    assert.deepEqual(e("json_object('a' VALUE 1, 'b' VALUE x)"), expected);
    assert.deepEqual(e('json_object()'), { kind: 'JsonObject', members: [], nullOnNull: true, uniqueKeys: false });
  });

  it('reads a column named key as a key, not the keyword', () => {
    assert.deepEqual(e('json_object(key : value)'), {
      kind: 'JsonObject',
      members: [{ kind: 'JsonObjectMember', key: column('key'), value: column('value') }],
      nullOnNull: true,
      uniqueKeys: false,
    });
    assert.deepEqual(
      (e('json_object(KEY key VALUE 1)') as { members: { key: unknown }[] }).members[0]?.key,
      column('key'),
    );
  });

  it('parses FORMAT JSON values, ABSENT ON NULL, WITH UNIQUE KEYS and RETURNING', () => {
    assert.deepEqual(e("json_object('a' : x FORMAT JSON ABSENT ON NULL WITH UNIQUE KEYS RETURNING varchar(20))"), {
      kind: 'JsonObject',
      members: [{ kind: 'JsonObjectMember', key: str('a'), value: column('x'), format: {} }],
      nullOnNull: false,
      uniqueKeys: true,
      returnType: type('varchar', 20),
    });
    assert.equal((e('json_object(ABSENT ON NULL)') as { nullOnNull: boolean }).nullOnNull, false);
    assert.equal((e('json_object(WITH UNIQUE)') as { uniqueKeys: boolean }).uniqueKeys, true);
  });

  it('prints back in KEY ... VALUE form', () => {
    assert.equal(
      printed("json_object('a' : 1, 'b' value x format json null on null without unique keys)"),
      "JSON_OBJECT(KEY 'a' VALUE 1, KEY 'b' VALUE x FORMAT JSON)",
    );
    assert.equal(
      printed("json_object('a' : 1 absent on null with unique returning varchar format json)"),
      "JSON_OBJECT(KEY 'a' VALUE 1 ABSENT ON NULL WITH UNIQUE KEYS RETURNING varchar FORMAT JSON)",
    );
    assert.equal(printed('json_object(ABSENT ON NULL)'), 'JSON_OBJECT(ABSENT ON NULL)');
    assert.equal(printed('json_object()'), 'JSON_OBJECT()');
  });
});

describe('JSON_ARRAY', () => {
  it('parses elements, ABSENT ON NULL by default, NULL ON NULL and RETURNING', () => {
    assert.deepEqual(e('json_array(1, x FORMAT JSON)'), {
      kind: 'JsonArray',
      elements: [
        { kind: 'JsonArrayElement', value: int('1') },
        { kind: 'JsonArrayElement', value: column('x'), format: {} },
      ],
      nullOnNull: false,
    });
    assert.deepEqual(e('json_array(1 NULL ON NULL RETURNING char(9))'), {
      kind: 'JsonArray',
      elements: [{ kind: 'JsonArrayElement', value: int('1') }],
      nullOnNull: true,
      returnType: type('char', 9),
    });
    assert.deepEqual(e('json_array()'), { kind: 'JsonArray', elements: [], nullOnNull: false });
    assert.equal((e('json_array(NULL ON NULL)') as { nullOnNull: boolean }).nullOnNull, true);
    // NULL as an element, then the clause; after a comma comes an element, as in Trino's grammar.
    assert.equal((e('json_array(NULL NULL ON NULL)') as { elements: unknown[] }).elements.length, 1);
    assert.match(syntaxError('json_array(1, NULL ON NULL)'), /mismatched input 'ON'/);
  });

  it('prints back', () => {
    assert.equal(printed('json_array(1, NULL absent on null)'), 'JSON_ARRAY(1, NULL)');
    assert.equal(
      printed("json_array(json_query(x, 'lax $') NULL ON NULL RETURNING varchar(5))"),
      "JSON_ARRAY(JSON_QUERY(x, 'lax $') NULL ON NULL RETURNING varchar(5))",
    );
    assert.equal(printed('json_array()'), 'JSON_ARRAY()');
  });

  it('rejects an unknown encoding', () => {
    assert.match(syntaxError('json_array(x FORMAT JSON ENCODING UTF7)'), /mismatched input 'UTF7'/);
  });
});
