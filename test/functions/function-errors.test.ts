import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import { formatOperatorError, withPosition } from '../../src/functions/function-errors.js';
import { defaultFunctionRegistry, FunctionRegistry } from '../../src/functions/function-registry.js';
import type { OperatorKind } from '../../src/functions/operators.js';
import type { ArgumentType } from '../../src/functions/signature-binder.js';
import { parseType } from '../../src/types/type-signature.js';
import { args, lambdaReturning } from './helpers.js';

const registry = defaultFunctionRegistry();

function failure(action: () => unknown): VivaceError {
  try {
    action();
  } catch (e) {
    assert.ok(e instanceof VivaceError, `not a VivaceError: ${String(e)}`);
    return e;
  }
  assert.fail('expected an error');
}

/** [function, arguments, error name, exact message]. */
const FUNCTION_ERRORS: readonly [string, ArgumentType[], string, string][] = [
  ['foo', args('bigint'), 'FUNCTION_NOT_FOUND', "Function 'foo' not registered"],
  ['coalesce', args('bigint', 'bigint'), 'FUNCTION_NOT_FOUND', "Function 'coalesce' not registered"],
  [
    'substr',
    args('varchar(3)', 'varchar(1)'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (varchar(3), varchar(1)) for function substr. Expected: substr(char(x), bigint), ' +
      'substr(char(x), bigint, bigint), substr(varbinary, bigint), substr(varbinary, bigint, bigint), ' +
      'substr(varchar(x), bigint), substr(varchar(x), bigint, bigint)',
  ],
  [
    'abs',
    args('varchar'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (varchar) for function abs. Expected: abs(bigint), abs(decimal(p,s)), abs(double), ' +
      'abs(integer), abs(real), abs(smallint), abs(tinyint)',
  ],
  ['pi', args('double'), 'FUNCTION_NOT_FOUND', 'Unexpected parameters (double) for function pi. Expected: pi()'],
  [
    'array_max',
    args('array(map(varchar,bigint))'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (array(map(varchar,bigint))) for function array_max. Expected: array_max(array(T)) T:orderable',
  ],
  [
    'max',
    args('map(varchar,bigint)'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (map(varchar,bigint)) for function max. Expected: max(T) T:orderable, max(T, bigint) T:orderable',
  ],
  [
    'contains',
    args('array(json)', 'json'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (array(json), json) for function contains. Expected: contains(array(T), T) T:comparable',
  ],
  [
    'round',
    args('double', 'bigint'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (double, bigint) for function round. Expected: round(bigint), round(bigint, integer), ' +
      'round(decimal(p,s)), round(decimal(p,s), integer), round(double), round(double, integer), round(integer), ' +
      'round(integer, integer), round(real), round(real, integer), round(smallint), round(smallint, integer), ' +
      'round(tinyint), round(tinyint, integer)',
  ],
  [
    'greatest',
    args('integer', 'varchar'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (integer, varchar) for function greatest. Expected: greatest(E) E:orderable',
  ],
  [
    'concat',
    args('varchar(1)'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (varchar(1)) for function concat. Expected: concat(E, array(E)) E, concat(array(E)) E, ' +
      'concat(array(E), E) E, concat(char(x), char(y)), concat(varbinary), concat(varchar)',
  ],
  [
    'transform',
    args('array(integer)', lambdaReturning(2, 'bigint')),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (array(integer), function) for function transform. Expected: transform(array(T), function(T,U)) T, U',
  ],
  [
    'filter',
    args('array(integer)', lambdaReturning(1, 'bigint')),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (array(integer), function) for function filter. Expected: filter(array(T), function(T,boolean)) T',
  ],
  [
    'row_number',
    args('bigint'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (bigint) for function row_number. Expected: row_number()',
  ],
  // sorted as Java sorts strings: ' ' comes before ')'
  [
    'date_add',
    args('varchar(3)', 'bigint', 'varchar(10)'),
    'FUNCTION_NOT_FOUND',
    'Unexpected parameters (varchar(3), bigint, varchar(10)) for function date_add. Expected: ' +
      'date_add(varchar(x), bigint, date), date_add(varchar(x), bigint, time(p) with time zone), ' +
      'date_add(varchar(x), bigint, time(p)), date_add(varchar(x), bigint, timestamp(p) with time zone), ' +
      'date_add(varchar(x), bigint, timestamp(p))',
  ],
];

/** [operator, argument types, exact message]; all are TYPE_MISMATCH. */
const OPERATOR_ERRORS: readonly [OperatorKind, string[], string][] = [
  ['ADD', ['varchar', 'integer'], 'Cannot apply operator: varchar + integer'],
  ['SUBTRACT', ['varchar', 'date'], 'Cannot apply operator: varchar - date'],
  [
    'MULTIPLY',
    ['interval day to second', 'interval day to second'],
    'Cannot apply operator: interval day to second * interval day to second',
  ],
  ['MODULUS', ['boolean', 'boolean'], 'Cannot apply operator: boolean % boolean'],
  ['NEGATION', ['varchar'], 'Cannot negate varchar'],
  ['EQUAL', ['integer', 'varchar(1)'], 'Cannot apply operator: integer = varchar(1)'],
  [
    'LESS_THAN',
    ['map(varchar, bigint)', 'map(varchar, bigint)'],
    'Cannot apply operator: map(varchar, bigint) < map(varchar, bigint)',
  ],
  ['GREATER_THAN_OR_EQUAL', ['json', 'json'], 'Cannot apply operator: json >= json'],
  ['NOT_EQUAL', ['json', 'json'], 'Cannot apply operator: json <> json'],
  ['IS_DISTINCT_FROM', ['bigint', 'date'], 'Cannot check if bigint is distinct from date'],
  ['SUBSCRIPT', ['array(bigint)', 'varchar'], 'Cannot use varchar for subscript of array(bigint)'],
  ['SUBSCRIPT', ['varchar', 'bigint'], 'Cannot use bigint for subscript of varchar'],
];

describe('function resolution errors', () => {
  for (const [name, callArgs, errorName, message] of FUNCTION_ERRORS) {
    it(`${errorName}: ${message.slice(0, 70)}`, () => {
      const error = failure(() => registry.resolveFunction(name, callArgs));
      assert.equal(error.errorName, errorName);
      assert.equal(error.message, message);
      assert.equal(error.location, undefined);
    });
  }

  it('reports an ambiguous call with the candidates', () => {
    const custom = new FunctionRegistry();
    custom.register({ kind: 'scalar', signature: 'f(bigint,double):double', description: 'first' });
    custom.register({ kind: 'scalar', signature: 'f(double,bigint):double', description: 'second' });
    const error = failure(() => custom.resolveFunction('f', args('integer', 'integer')));
    assert.equal(error.errorName, 'AMBIGUOUS_FUNCTION_CALL');
    assert.equal(
      error.message,
      'Could not choose a best candidate operator. Explicit type casts must be added.\n' +
        'Actual types: (integer, integer)\n' +
        'Candidates are:\n' +
        '\t * f(bigint,double):double\n' +
        '\t * f(double,bigint):double\n',
    );
  });

  it('reports an ambiguous exact match', () => {
    const custom = new FunctionRegistry();
    custom.register({ kind: 'scalar', signature: 'g<T>(T):T', description: 'generic' });
    custom.register({ kind: 'scalar', signature: 'g<T>(array(T)):array(T)', description: 'on arrays' });
    assert.equal(
      failure(() => custom.resolveFunction('g', args('array(bigint)'))).errorName,
      'AMBIGUOUS_FUNCTION_CALL',
    );
  });

  it('lets a lambda body error through', () => {
    const body = {
      kind: 'lambda' as const,
      arity: 1,
      bodyType: () => {
        throw new VivaceError('COLUMN_NOT_FOUND', "Column 'y' cannot be resolved");
      },
    };
    const error = failure(() => registry.resolveFunction('transform', [parseType('array(integer)'), body]));
    assert.equal(error.errorName, 'COLUMN_NOT_FOUND');
  });

  it('fails when a derived decimal type is out of range', () => {
    const error = failure(() =>
      registry.resolveOperator('MULTIPLY', [parseType('decimal(38,20)'), parseType('decimal(38,20)')]),
    );
    assert.equal(error.errorName, 'INVALID_FUNCTION_ARGUMENT');
    assert.equal(error.message, 'DECIMAL scale must be in range [0, precision (38)]: 40');
  });

  for (const [operator, types, message] of OPERATOR_ERRORS) {
    it(`TYPE_MISMATCH: ${message}`, () => {
      const error = failure(() =>
        registry.resolveOperator(
          operator,
          types.map((type) => parseType(type)),
        ),
      );
      assert.equal(error.errorName, 'TYPE_MISMATCH');
      assert.equal(error.message, message);
    });
  }

  it('formats operator messages without resolving', () => {
    assert.equal(
      formatOperatorError('DIVIDE', [parseType('varchar'), parseType('row(a bigint)')]),
      'Cannot apply operator: varchar / row(a bigint)',
    );
  });

  it('positions an error for the analyzer', () => {
    const error = failure(() => registry.resolveFunction('foo', []));
    const located = withPosition(error, { line: 2, column: 8, offset: 20 });
    assert.equal(located.message, "line 2:8: Function 'foo' not registered");
    assert.equal(located.rawMessage, "Function 'foo' not registered");
    assert.equal(located.errorName, 'FUNCTION_NOT_FOUND');
    assert.equal(withPosition(located, { line: 9, column: 9, offset: 99 }), located);
  });

  it('has at least 15 error cases', () => {
    assert.ok(FUNCTION_ERRORS.length + OPERATOR_ERRORS.length >= 15);
  });
});
