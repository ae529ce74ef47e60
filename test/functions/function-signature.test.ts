import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VivaceError } from '../../src/common/vivace-error.js';
import {
  defineSignature,
  type FunctionDefinition,
  formatExpectedSignature,
  formatPattern,
} from '../../src/functions/function-signature.js';

function define(signature: string, extra: Partial<FunctionDefinition> = {}) {
  return defineSignature({ kind: 'scalar', signature, description: 'test', ...extra });
}

describe('function signatures', () => {
  it('parses type variables with constraints, patterns and the return type', () => {
    const s = define('map_agg<K:comparable,V>(K,V):map(K,V)');
    assert.equal(s.name, 'map_agg');
    assert.deepEqual(s.typeVariables, [
      { name: 'K', comparable: true, orderable: false },
      { name: 'V', comparable: false, orderable: false },
    ]);
    assert.deepEqual(s.argumentTypes, [
      { kind: 'variable', name: 'K' },
      { kind: 'variable', name: 'V' },
    ]);
    assert.deepEqual(s.returnType, {
      kind: 'map',
      key: { kind: 'variable', name: 'K' },
      value: { kind: 'variable', name: 'V' },
    });
    assert.equal(s.generic, true);
    assert.equal(s.variadic, false);
    assert.equal(s.text, 'map_agg(K,V):map(K,V)');
  });

  it('collects numeric variables and folds fully concrete patterns into types', () => {
    const s = define('substring(varchar(x),bigint):varchar(x)');
    assert.deepEqual(s.longVariables, ['x']);
    assert.deepEqual(s.argumentTypes[1], { kind: 'concrete', type: { kind: 'bigint' } });
    const concrete = define('f(array(decimal(10,2)),map(varchar,double)):timestamp(3) with time zone');
    assert.equal(concrete.generic, false);
    assert.deepEqual(concrete.argumentTypes[0], {
      kind: 'concrete',
      type: { kind: 'array', element: { kind: 'decimal', precision: 10, scale: 2 } },
    });
    assert.deepEqual(concrete.returnType, {
      kind: 'concrete',
      type: { kind: 'timestamp with time zone', precision: 3 },
    });
  });

  it('reads multi-word types, zoned parametric types, rows and lambdas', () => {
    const s = define(
      'f<T>(interval day to second,timestamp(p) with time zone,row(T,bigint),function(T,boolean)):double',
    );
    assert.deepEqual(s.argumentTypes.map(formatPattern), [
      'interval day to second',
      'timestamp(p) with time zone',
      'row(T,bigint)',
      'function(T,boolean)',
    ]);
  });

  it('marks a variadic last argument and its minimum count', () => {
    const s = define('concat(varchar...):varchar', { minArguments: 2 });
    assert.equal(s.variadic, true);
    assert.equal(s.minArguments, 2);
    assert.equal(s.text, 'concat(varchar...):varchar');
    assert.equal(define('greatest<E:orderable>(E...):E').minArguments, 1);
  });

  it('prints expected signatures as Trino lists them', () => {
    assert.equal(
      formatExpectedSignature('array_max', define('array_max<T:orderable>(array(T)):T')),
      'array_max(array(T)) T:orderable',
    );
    assert.equal(
      formatExpectedSignature('substr', define('substring(varchar(x),bigint,bigint):varchar(x)')),
      'substr(varchar(x), bigint, bigint)',
    );
    assert.equal(formatExpectedSignature('pi', define('pi():double')), 'pi()');
    assert.equal(
      formatExpectedSignature('f', define('f<K:comparable:orderable,V>(map(K,V)):V')),
      'f(map(K,V)) K:comparable:orderable, V',
    );
  });

  it('takes the defaults of a definition', () => {
    const s = define('pi():double');
    assert.equal(s.deterministic, true);
    assert.equal(s.calledOnNullInput, false);
    assert.equal(s.description, 'test');
    assert.equal(define('rand():double', { deterministic: false }).deterministic, false);
  });

  it('registers under another name for aliases', () => {
    const s = defineSignature({ kind: 'scalar', signature: 'ceiling(bigint):bigint', description: 'x' }, 'ceil');
    assert.equal(s.name, 'ceil');
    assert.equal(s.text, 'ceil(bigint):bigint');
  });

  const MALFORMED: readonly [string, string][] = [
    ['f(T):T', 'Unknown type: T'],
    ['f<T>(bigint):T', 'type variable T is not bound by any argument'],
    ['f(bigint):varchar(x)', 'numeric variable x is neither bound nor derived'],
    ['f(bigint...,bigint):bigint', 'expected the variadic argument to be the last one'],
    ['f<T:sortable>(T):T', 'expected comparable or orderable'],
    ['f(bigint:bigint', "expected ')'"],
    ['f(bigint):bigint extra', 'expected the end'],
    ['f(bigint..):bigint', 'expected ...'],
  ];
  for (const [text, reason] of MALFORMED) {
    it(`rejects ${text}`, () => {
      assert.throws(
        () => define(text),
        (e: unknown) =>
          e instanceof VivaceError &&
          e.errorName === 'GENERIC_INTERNAL_ERROR' &&
          e.message.startsWith(`Malformed function signature '${text}': ${reason}`),
      );
    });
  }

  it('rejects an unknown concrete type', () => {
    assert.throws(
      () => define('f(bigbit):bigint'),
      /^VivaceError: Malformed function signature 'f\(bigbit\):bigint': Unknown type: bigbit$/,
    );
  });

  it('rejects a derived variable that an argument also binds', () => {
    assert.throws(
      () => define('f(varchar(x)):varchar(x)', { derive: { x: () => 1 } }),
      /derived variable x is also bound/,
    );
  });
});
