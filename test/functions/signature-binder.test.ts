import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineSignature } from '../../src/functions/function-signature.js';
import {
  type ArgumentType,
  type BoundSignature,
  bindSignature,
  isMoreSpecificThan,
} from '../../src/functions/signature-binder.js';
import { formatType } from '../../src/types/type-signature.js';
import { args, lambda, lambdaReturning } from './helpers.js';

function sig(text: string, derive?: Record<string, (v: Readonly<Record<string, number>>) => number>) {
  return defineSignature({ kind: 'scalar', signature: text, description: 'test', ...(derive ? { derive } : {}) });
}

function bind(text: string, callArgs: ArgumentType[], allowCoercion: boolean): string | undefined {
  const bound = bindSignature(sig(text), callArgs, allowCoercion);
  return bound === undefined ? undefined : describe_(bound);
}

function describe_(bound: BoundSignature): string {
  return `(${bound.argumentTypes.map(formatType).join(', ')}) -> ${formatType(bound.returnType)}`;
}

describe('signature binder', () => {
  it('binds exactly only when every argument equals its bound type', () => {
    assert.equal(bind('f(bigint):bigint', args('bigint'), false), '(bigint) -> bigint');
    assert.equal(bind('f(bigint):bigint', args('integer'), false), undefined);
    assert.equal(bind('f(bigint):bigint', args('integer'), true), '(bigint) -> bigint');
    assert.equal(bind('f(bigint):bigint', args('double'), true), undefined);
  });

  it('widens a type variable to the common super type, which coercion then accepts', () => {
    assert.equal(bind('f<T>(T,T):T', args('integer', 'bigint'), false), undefined);
    assert.equal(bind('f<T>(T,T):T', args('integer', 'bigint'), true), '(bigint, bigint) -> bigint');
    assert.equal(bind('f<T>(T,T):T', args('integer', 'varchar'), true), undefined);
  });

  it('lets NULL decide a type variable only when nothing else does', () => {
    assert.equal(bind('f<T>(T,T):array(T)', args('unknown', 'date'), true), '(date, date) -> array(date)');
    assert.equal(bind('f<T>(T):array(T)', args('unknown'), false), '(unknown) -> array(unknown)');
    assert.equal(bind('f<T>(array(T)):T', args('unknown'), false), undefined);
    assert.equal(bind('f<T>(array(T)):T', args('unknown'), true), '(array(unknown)) -> unknown');
    assert.equal(bind('f<K,V>(map(K,V)):V', args('unknown'), true), '(map(unknown, unknown)) -> unknown');
  });

  it('checks comparable and orderable constraints on the final binding', () => {
    assert.equal(bind('f<T:orderable>(T):T', args('map(varchar, bigint)'), true), undefined);
    assert.equal(
      bind('f<T:comparable>(T):T', args('map(varchar, bigint)'), true),
      '(map(varchar, bigint)) -> map(varchar, bigint)',
    );
    assert.equal(bind('f<T:comparable>(T):T', args('row(a json)'), true), undefined);
    assert.equal(bind('f<T:orderable>(T):T', args('array(integer)'), false), '(array(integer)) -> array(integer)');
  });

  it('binds numeric variables from the actual parameters', () => {
    assert.equal(bind('f(varchar(x)):varchar(x)', args('varchar(7)'), false), '(varchar(7)) -> varchar(7)');
    assert.equal(bind('f(varchar(x)):varchar(x)', args('varchar'), false), '(varchar) -> varchar');
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('decimal(1,1)'), false), '(decimal(1,1)) -> decimal(1,1)');
    assert.equal(bind('f(timestamp(p)):timestamp(p)', args('timestamp(9)'), false), '(timestamp(9)) -> timestamp(9)');
  });

  it('widens the actual to the base of a parametric pattern when coercing', () => {
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('integer'), false), undefined);
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('integer'), true), '(decimal(10,0)) -> decimal(10,0)');
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('tinyint'), true), '(decimal(3,0)) -> decimal(3,0)');
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('double'), true), undefined);
    assert.equal(bind('f(varchar(x)):varchar(x)', args('char(4)'), true), '(varchar(4)) -> varchar(4)');
    assert.equal(bind('f(char(x)):char(x)', args('varchar(4)'), true), undefined);
    assert.equal(bind('f(timestamp(p)):timestamp(p)', args('date'), true), '(timestamp(0)) -> timestamp(0)');
    assert.equal(bind('f(varchar(x)):varchar(x)', args('unknown'), true), '(varchar(0)) -> varchar(0)');
    assert.equal(bind('f(decimal(p,s)):decimal(p,s)', args('unknown'), true), '(decimal(1,0)) -> decimal(1,0)');
    assert.equal(bind('f(timestamp(p)):timestamp(p)', args('unknown'), true), '(timestamp(3)) -> timestamp(3)');
  });

  it('widens a numeric variable met twice', () => {
    assert.equal(
      bind('f(varchar(x),varchar(x)):varchar(x)', args('varchar(2)', 'varchar(5)'), true),
      '(varchar(5), varchar(5)) -> varchar(5)',
    );
    assert.equal(bind('f(varchar(x),varchar(x)):varchar(x)', args('varchar(2)', 'varchar(5)'), false), undefined);
    assert.equal(
      bind('f(decimal(p,s),decimal(p,s)):decimal(p,s)', args('decimal(5,2)', 'decimal(4,3)'), true),
      '(decimal(6,3), decimal(6,3)) -> decimal(6,3)',
    );
  });

  it('requires literal parameters to match', () => {
    assert.equal(
      bind('f(decimal(38,s)):decimal(38,s)', args('decimal(38,4)'), false),
      '(decimal(38,4)) -> decimal(38,4)',
    );
    assert.equal(
      bind('f(decimal(38,s)):decimal(38,s)', args('decimal(10,4)'), true),
      '(decimal(38,4)) -> decimal(38,4)',
    );
  });

  it('computes derived numeric variables for the return type', () => {
    const withDerive = sig('f(varchar(x),varchar(y)):varchar(u)', { u: (v) => v.x + v.y });
    assert.equal(
      describe_(bindSignature(withDerive, args('varchar(1)', 'varchar(2)'), false)!),
      '(varchar(1), varchar(2)) -> varchar(3)',
    );
  });

  it('expands variadic arguments and enforces the minimum count', () => {
    assert.equal(
      bind('f<T>(T...):T', args('integer', 'bigint', 'tinyint'), true),
      '(bigint, bigint, bigint) -> bigint',
    );
    assert.equal(bind('f<T>(T...):T', args(), true), undefined);
    assert.equal(bind('f(varchar,bigint...):varchar', args('varchar'), true), undefined);
    assert.equal(
      bind('f(varchar,bigint...):varchar', args('varchar', 'bigint', 'bigint'), false),
      '(varchar, bigint, bigint) -> varchar',
    );
    assert.equal(bind('f(bigint):bigint', args('bigint', 'bigint'), true), undefined);
  });

  it('types lambdas once their parameter types are bound', () => {
    assert.equal(
      bind('f<T,U>(array(T),function(T,U)):array(U)', args('array(date)', lambdaReturning(1, 'varchar')), false),
      '(array(date), function(date,varchar)) -> array(varchar)',
    );
    // the lambda comes first but its parameter type is bound by the later argument
    assert.equal(
      bind(
        'f<T,U>(function(T,U),array(T)):U',
        args(
          lambda(1, (p) => p[0]!),
          'array(real)',
        ),
        false,
      ),
      '(function(real,real), array(real)) -> real',
    );
    assert.equal(
      bind('f<T,U>(array(T),function(T,U)):array(U)', args('array(date)', lambdaReturning(2, 'varchar')), true),
      undefined,
    );
    assert.equal(bind('f<T,U>(array(T),function(T,U)):array(T)', args('array(date)', 'bigint'), true), undefined);
  });

  it('checks a lambda body against a concrete return type', () => {
    const text = 'f<T>(array(T),function(T,boolean)):array(T)';
    assert.equal(bind(text, args('array(bigint)', lambdaReturning(1, 'unknown')), false), undefined);
    assert.equal(
      bind(text, args('array(bigint)', lambdaReturning(1, 'unknown')), true),
      '(array(bigint), function(bigint,boolean)) -> array(bigint)',
    );
    assert.equal(bind(text, args('array(bigint)', lambdaReturning(1, 'bigint')), true), undefined);
  });

  it('retypes a lambda when a later binding widens its parameters', () => {
    const seen: string[] = [];
    const body = lambda(2, (p) => {
      seen.push(p.map(formatType).join(','));
      return p[1]!;
    });
    assert.equal(
      bind('f<T,S>(array(T),S,function(S,T,S)):S', args('array(double)', 'integer', body), true),
      '(array(double), double, function(double,double,double)) -> double',
    );
    assert.deepEqual(seen, ['integer,double', 'double,double']);
  });

  it('orders candidates by specificity', () => {
    const bigint = bindSignature(sig('f(bigint):bigint'), args('integer'), true)!;
    const double = bindSignature(sig('f(double):double'), args('integer'), true)!;
    assert.equal(isMoreSpecificThan(bigint, double.signature), true);
    assert.equal(isMoreSpecificThan(double, bigint.signature), false);
    const decimalBound = bindSignature(sig('f(decimal(p,s)):decimal(p,s)'), args('integer'), true)!;
    assert.equal(isMoreSpecificThan(decimalBound, double.signature), true);
    assert.equal(isMoreSpecificThan(bigint, decimalBound.signature), true);
  });
});
