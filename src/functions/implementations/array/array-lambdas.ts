/**
 * Array functions taking lambdas (which arrive as JS functions): transform, filter, reduce,
 * zip_with, the *_match predicates with SQL's three-valued logic, and array_sort with a comparator
 * (which must answer -1, 0 or 1).
 */
import { invalidArgument } from '../errors.js';
import type { ImplementationTable } from '../implementation-types.js';

type Lambda = (...args: unknown[]) => unknown;

export function registerArrayLambdas(table: ImplementationTable): void {
  table.add('transform(array(T),function(T,U)):array(U)', (a: unknown[], f: Lambda) => a.map((v) => f(v)));
  table.add('filter(array(T),function(T,boolean)):array(T)', (a: unknown[], f: Lambda) =>
    a.filter((v) => f(v) === true),
  );
  table.add(
    'reduce(array(T),S,function(S,T,S),function(S,R)):R',
    (a: unknown[] | null, initial: unknown, combine: Lambda, finish: Lambda) => {
      if (a === null) return null;
      let state = initial;
      for (const v of a) state = combine(state, v);
      return finish(state);
    },
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add('zip_with(array(T),array(U),function(T,U,R)):array(R)', (a: unknown[], b: unknown[], f: Lambda) => {
    const length = Math.max(a.length, b.length);
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) out.push(f(i < a.length ? a[i] : null, i < b.length ? b[i] : null));
    return out;
  });
  table.add('any_match(array(T),function(T,boolean)):boolean', (a: unknown[], f: Lambda) => {
    let sawNull = false;
    for (const v of a) {
      const r = f(v);
      if (r === true) return true;
      if (r === null) sawNull = true;
    }
    return sawNull ? null : false;
  });
  table.add('all_match(array(T),function(T,boolean)):boolean', (a: unknown[], f: Lambda) => {
    let sawNull = false;
    for (const v of a) {
      const r = f(v);
      if (r === false) return false;
      if (r === null) sawNull = true;
    }
    return sawNull ? null : true;
  });
  table.add('none_match(array(T),function(T,boolean)):boolean', (a: unknown[], f: Lambda) => {
    let sawNull = false;
    for (const v of a) {
      const r = f(v);
      if (r === true) return false;
      if (r === null) sawNull = true;
    }
    return sawNull ? null : true;
  });
  table.add('array_sort(array(T),function(T,T,integer)):array(T)', (a: unknown[], compare: Lambda) =>
    [...a].sort((x, y) => {
      const c = compare(x, y);
      if (c !== -1 && c !== 0 && c !== 1) throw invalidArgument('Lambda comparator must return either -1, 0, or 1');
      return c;
    }),
  );
}
