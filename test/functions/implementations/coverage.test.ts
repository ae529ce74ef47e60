import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFunctionRegistry } from '../../../src/functions/function-registry.js';
import { defineSignature } from '../../../src/functions/function-signature.js';
import { scalarImplementations } from '../../../src/functions/implementations/index.js';
import { operatorDefinitions } from '../../../src/functions/operators.js';

/**
 * Signature ids that may lack an implementation, each with its reason. Empty: every scalar function
 * and operator of the registry is implemented.
 */
const NOT_IMPLEMENTED: ReadonlyMap<string, string> = new Map();

function registeredIds(): Set<string> {
  const ids = new Set(
    defaultFunctionRegistry()
      .list(true)
      .filter((m) => m.functionType === 'scalar')
      .map((m) => m.id),
  );
  for (const { definition } of operatorDefinitions()) ids.add(defineSignature(definition).text);
  return ids;
}

describe('scalar implementation coverage', () => {
  const implementations = scalarImplementations();
  const ids = registeredIds();

  it('implements every scalar function and operator signature of the registry', () => {
    const missing = [...ids].filter((id) => !implementations.has(id) && !NOT_IMPLEMENTED.has(id));
    assert.deepEqual(missing, []);
    assert.equal(ids.size, 531);
  });

  it('has no implementation for an id the registry does not know', () => {
    assert.deepEqual(
      [...implementations.keys()].filter((id) => !ids.has(id)),
      [],
    );
  });

  it('keeps the allow-list honest: listed ids really are unimplemented', () => {
    for (const id of NOT_IMPLEMENTED.keys()) assert.equal(implementations.has(id), false, id);
  });

  it('declares CALLED_ON_NULL exactly where NULL arguments matter', () => {
    const calledOnNull = [...implementations]
      .filter(([, implementation]) => implementation.nullHandling === 'CALLED_ON_NULL')
      .map(([id]) => id)
      .sort();
    assert.deepEqual(calledOnNull, [
      '$json_array(V,R,varchar(s)):R',
      '$json_exists(I,T,varchar(s)):boolean',
      '$json_object(K,V,R,varchar(s)):R',
      '$json_query(I,T,R,varchar(s)):R',
      '$json_value(I,T,R,function(R),function(R),varchar(s)):R',
      '$operator$is_distinct_from(T,T):boolean',
      'concat(E,array(E)):array(E)',
      'concat(array(E),E):array(E)',
      'concat_ws(varchar,varchar...):varchar',
      'reduce(array(T),S,function(S,T,S),function(S,R)):R',
      'repeat(T,integer):array(T)',
      'typeof(T):varchar',
    ]);
  });
});
