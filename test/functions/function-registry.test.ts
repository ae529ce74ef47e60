import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BUILTIN_FUNCTIONS,
  createDefaultFunctionRegistry,
  defaultFunctionRegistry,
  FunctionRegistry,
} from '../../src/functions/function-registry.js';
import { args, describeResolution } from './helpers.js';

const registry = defaultFunctionRegistry();

/** The function names of the catalogs; the test fails if one disappears or the count drifts. */
const EXPECTED_DISTINCT_NAMES = 291;

describe('function registry', () => {
  it('lists every signature once, each with a description', () => {
    const rows = registry.list();
    const keys = rows.map((row) => `${row.name}(${row.argumentTypes}):${row.returnType}`);
    assert.equal(new Set(keys).size, keys.length, 'duplicate signatures in list()');
    for (const row of rows) assert.ok(row.description.trim().length > 0, `${row.name} has no description`);
    assert.equal(new Set(rows.map((row) => row.id)).size, BUILTIN_FUNCTIONS.filter((d) => !d.hidden).length);
  });

  it('hides the functions behind the SQL/JSON syntax from SHOW FUNCTIONS, as Trino', () => {
    const hidden = ['$json_exists', '$json_value', '$json_query', '$json_object', '$json_array'];
    const listed = new Set(registry.list().map((row) => row.name));
    const all = new Set(registry.list(true).map((row) => row.name));
    for (const name of hidden) {
      assert.equal(listed.has(name), false, name);
      assert.equal(all.has(name), true, name);
      assert.ok(registry.exists(name), name);
    }
  });

  it('lists rows sorted by name, then argument types', () => {
    const rows = registry.list();
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      assert.ok(
        a.name < b.name || (a.name === b.name && a.argumentTypes <= b.argumentTypes),
        `${a.name} before ${b.name}`,
      );
    }
  });

  it('counts the distinct function names', () => {
    const names = new Set(registry.list().map((row) => row.name));
    assert.equal(names.size, EXPECTED_DISTINCT_NAMES);
    for (const name of ['abs', 'substr', 'date_add', 'transform', 'map_agg', 'approx_percentile', 'lead', 'ceil']) {
      assert.ok(names.has(name), name);
    }
  });

  it('describes a row as SHOW FUNCTIONS does', () => {
    const row = registry.list().find((r) => r.name === 'substr' && r.argumentTypes === 'varchar(x), bigint');
    assert.deepEqual(row, {
      name: 'substr',
      returnType: 'varchar(x)',
      argumentTypes: 'varchar(x), bigint',
      functionType: 'scalar',
      deterministic: true,
      description: 'Suffix from a 1-based position',
      variadic: false,
      id: 'substring(varchar(x),bigint):varchar(x)',
    });
    const concat = registry.list().find((r) => r.name === 'concat' && r.argumentTypes === 'varchar');
    assert.equal(concat?.variadic, true);
    const rand = registry.list().find((r) => r.name === 'rand' && r.argumentTypes === '');
    assert.equal(rand?.deterministic, false);
  });

  it('knows the kind of each name', () => {
    assert.equal(registry.isAggregate('SUM'), true);
    assert.equal(registry.isAggregate('abs'), false);
    assert.equal(registry.isWindow('row_number'), true);
    assert.equal(registry.isWindow('sum'), false);
    assert.equal(registry.isAggregate('every'), true);
    assert.equal(registry.kindOf('lag'), 'window');
    assert.equal(registry.kindOf('nope'), undefined);
    assert.equal(registry.exists('Concat'), true);
    assert.equal(registry.exists('if'), false);
    assert.equal(registry.signaturesOf('row_number').length, 1);
  });

  it('rejects duplicate signatures and names of two kinds', () => {
    const custom = new FunctionRegistry();
    custom.register({ kind: 'scalar', signature: 'f(bigint):bigint', description: 'f' });
    assert.throws(
      () => custom.register({ kind: 'scalar', signature: 'f(bigint):bigint', description: 'again' }),
      /Function f\(bigint\):bigint is already registered/,
    );
    assert.throws(
      () =>
        custom.register({
          kind: 'aggregate',
          signature: 'f(double):double',
          description: 'agg',
          intermediateType: 'double',
        }),
      /Function f cannot be both scalar and aggregate/,
    );
    assert.throws(
      () =>
        custom.register({
          kind: 'aggregate',
          signature: 'g(double):double',
          description: 'agg',
          aliases: ['f'],
          intermediateType: 'double',
        }),
      /Function f cannot be both scalar and aggregate/,
    );
  });

  it('accepts custom functions next to the built-in ones', () => {
    const custom = createDefaultFunctionRegistry();
    assert.notEqual(custom, registry);
    custom.register({ kind: 'scalar', signature: 'double_it(bigint):bigint', description: 'times two' });
    assert.equal(
      describeResolution(custom.resolveFunction('double_it', args('integer'))),
      'double_it(bigint) -> bigint',
    );
    assert.equal(registry.exists('double_it'), false);
    assert.equal(defaultFunctionRegistry(), registry);
  });
});
