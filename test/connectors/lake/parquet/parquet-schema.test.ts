import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  inferFieldType,
  listElement,
  type SchemaTree,
} from '../../../../src/connectors/lake/parquet/parquet-schema.js';
import { formatType } from '../../../../src/types/format-type.js';

type Element = SchemaTree['element'];

function node(element: Partial<Element> & { name: string }, children: SchemaTree[] = []): SchemaTree {
  return { element: element as Element, children, count: 1, path: [element.name] };
}

const int32 = (name: string, repetition: Element['repetition_type'] = 'REQUIRED') =>
  node({ name, type: 'INT32', repetition_type: repetition });
const list = (name: string, child: SchemaTree) =>
  node({ name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 }, [child]);

describe('lake parquet list shapes (backward-compatibility rules)', () => {
  const cases: [string, SchemaTree, string][] = [
    [
      'three-level standard',
      list('a', node({ name: 'list', repetition_type: 'REPEATED' }, [int32('element', 'OPTIONAL')])),
      'array(integer)',
    ],
    ['two-level, repeated primitive', list('a', int32('element', 'REPEATED')), 'array(integer)'],
    [
      'two-level, repeated group of two fields',
      list('a', node({ name: 'pair', repetition_type: 'REPEATED' }, [int32('x'), int32('y')])),
      'array(row(x integer, y integer))',
    ],
    [
      'two-level, group named array',
      list('a', node({ name: 'array', repetition_type: 'REPEATED' }, [int32('x')])),
      'array(row(x integer))',
    ],
    [
      'two-level, group named <list>_tuple',
      list('a', node({ name: 'a_tuple', repetition_type: 'REPEATED' }, [int32('x')])),
      'array(row(x integer))',
    ],
  ];
  for (const [shape, tree, expected] of cases) {
    it(`reads the ${shape} shape`, () => {
      assert.equal(formatType(inferFieldType(tree)), expected);
    });
  }

  it('reads a repeated field outside a LIST (one-level) as an array, and a repeated group as an array of rows', () => {
    assert.equal(formatType(inferFieldType(int32('r', 'REPEATED'))), 'array(integer)');
    assert.equal(
      formatType(inferFieldType(node({ name: 'g', repetition_type: 'REPEATED' }, [int32('x')]))),
      'array(row(x integer))',
    );
  });

  it('reads MAP and legacy MAP_KEY_VALUE groups as maps', () => {
    const entries = (name: string) =>
      node({ name, repetition_type: 'REPEATED' }, [
        node({ name: 'key', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' }),
        int32('value', 'OPTIONAL'),
      ]);
    assert.equal(
      formatType(inferFieldType(node({ name: 'm', converted_type: 'MAP' }, [entries('key_value')]))),
      'map(varchar, integer)',
    );
    assert.equal(
      formatType(inferFieldType(node({ name: 'm', converted_type: 'MAP_KEY_VALUE' }, [entries('map')]))),
      'map(varchar, integer)',
    );
  });

  it('rejects a LIST group that is not one repeated child', () => {
    assert.throws(() => listElement(list('a', int32('x', 'OPTIONAL'))), /Invalid Parquet LIST/);
  });
});
