/**
 * Comparison operators for every comparable/orderable type (the registry declares them generic:
 * `$operator$less_than(T,T):boolean`), and the subscript operators `array[i]` and `map[key]`.
 * Each call looks its comparison up by the bound argument type (a cached WeakMap hit, see
 * value-comparison.ts). Types whose values are JS numbers, strings or booleans get an inline
 * expression; varchar ordering inlines a call to the code-point comparison because JS `<` compares
 * UTF-16 units.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { Type } from '../../types/type.js';
import type { BigintValue } from './bigint-values.js';
import { MAX_NUMBER_DECIMAL_PRECISION } from './decimal-values.js';
import { invalidArgument } from './errors.js';
import type { CallContext, ImplementationTable, InlineContext } from './implementation-types.js';
import { comparatorOf, compareStrings, distinctnessOf, equalityOf, mapLookupOf } from './value-comparison.js';
import { formatValueForMessage } from './value-text.js';

/** Whether values of the type are numbers, BigInts or booleans that JS relational operators order correctly. */
function isPlainScalar(type: Type): boolean {
  switch (type.kind) {
    case 'boolean':
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'date':
    case 'time':
    case 'interval day to second':
    case 'interval year to month':
      return true;
    case 'timestamp':
      return type.precision <= 6;
    default:
      return false;
  }
}

/** Doubles and reals: plain relational operators are right for SQL `<` (NaN compares false). */
function isFloating(type: Type): boolean {
  return type.kind === 'double' || type.kind === 'real';
}

function isString(type: Type): boolean {
  return type.kind === 'varchar' || type.kind === 'char';
}

/** `<`-style operators: total order via the comparator, except NaN, which compares false to anything. */
function ordering(test: (c: number) => boolean) {
  return (a: unknown, b: unknown, ctx: CallContext): boolean => {
    const type = ctx.argumentTypes[0];
    if (isFloating(type) && (Number.isNaN(a) || Number.isNaN(b))) return false;
    return test(comparatorOf(type)(a, b));
  };
}

function orderingInline(operator: string) {
  return (args: readonly string[], ctx: InlineContext): string | undefined => {
    const [a, b] = args;
    const type = ctx.argumentTypes[0];
    if (isPlainScalar(type) || isFloating(type)) return `(${a} ${operator} ${b})`;
    if (isString(type)) return `(${ctx.reference(compareStrings)}(${a}, ${b}) ${operator} 0)`;
    return undefined;
  };
}

function equalityInline(negate: boolean) {
  return (args: readonly string[], ctx: InlineContext): string | undefined => {
    const [a, b] = args;
    const type = ctx.argumentTypes[0];
    // A long decimal is a number or a BigInt (decimal-values.ts); JS `==` compares the two exactly.
    if (type.kind === 'decimal' && type.precision > MAX_NUMBER_DECIMAL_PRECISION) {
      return `(${a} ${negate ? '!=' : '=='} ${b})`;
    }
    if (isPlainScalar(type) || isFloating(type) || isString(type)) return `(${a} ${negate ? '!==' : '==='} ${b})`;
    return undefined;
  };
}

export function registerComparisonOperators(table: ImplementationTable): void {
  table.add(
    '$operator$equal(T,T):boolean',
    (a: unknown, b: unknown, ctx: CallContext) => equalityOf(ctx.argumentTypes[0])(a, b),
    { inline: equalityInline(false) },
  );
  table.add(
    '$operator$not_equal(T,T):boolean',
    (a: unknown, b: unknown, ctx: CallContext) => {
      const equal = equalityOf(ctx.argumentTypes[0])(a, b);
      return equal === null ? null : !equal;
    },
    { inline: equalityInline(true) },
  );
  table.add(
    '$operator$is_distinct_from(T,T):boolean',
    (a: unknown, b: unknown, ctx: CallContext) => distinctnessOf(ctx.argumentTypes[0])(a, b),
    { nullHandling: 'CALLED_ON_NULL' },
  );
  table.add(
    '$operator$less_than(T,T):boolean',
    ordering((c) => c < 0),
    { inline: orderingInline('<') },
  );
  table.add(
    '$operator$less_than_or_equal(T,T):boolean',
    ordering((c) => c <= 0),
    { inline: orderingInline('<=') },
  );
  table.add(
    '$operator$greater_than(T,T):boolean',
    ordering((c) => c > 0),
    { inline: orderingInline('>') },
  );
  table.add(
    '$operator$greater_than_or_equal(T,T):boolean',
    ordering((c) => c >= 0),
    {
      inline: orderingInline('>='),
    },
  );

  table.add('$operator$subscript(array(T),bigint):T', arraySubscript);
  table.add('$operator$subscript(map(K,V),K):V', (map: Map<unknown, unknown>, key: unknown, ctx: CallContext) => {
    const keyType = ctx.argumentTypes[1];
    const entry = mapLookupOf(keyType)(map, key);
    if (entry === undefined) {
      throw new VivaceError(
        'INVALID_FUNCTION_ARGUMENT',
        `Key not present in map: ${formatValueForMessage(keyType, key)}`,
      );
    }
    return entry[1];
  });
}

function arraySubscript(array: readonly unknown[], index: BigintValue): unknown {
  const i = Number(index);
  if (i === 0) throw invalidArgument('SQL array indices start at 1');
  if (i < 0) throw invalidArgument(`Array subscript is negative: ${index}`);
  if (i > array.length) {
    throw invalidArgument(`Array subscript must be less than or equal to array length: ${index} > ${array.length}`);
  }
  return array[i - 1];
}
