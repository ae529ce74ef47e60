/**
 * Array functions: set operations, search, sorting, slicing, construction (repeat, sequence,
 * zip...), and the lambda functions over arrays (transform, filter, reduce, the *_match family).
 * cardinality/element_at/concat on maps and strings live in their own catalogs.
 */
import { scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

const SETS_AND_SEARCH: FunctionDefinition[] = [
  scalar('array_distinct<E:comparable>(array(E)):array(E)', 'Remove duplicate elements'),
  scalar('array_intersect<E:comparable>(array(E),array(E)):array(E)', 'Elements in both arrays, without duplicates'),
  scalar('array_union<E:comparable>(array(E),array(E)):array(E)', 'Elements in either array, without duplicates'),
  scalar('array_except<E:comparable>(array(E),array(E)):array(E)', 'Elements of the first array not in the second'),
  scalar('arrays_overlap<E:comparable>(array(E),array(E)):boolean', 'Whether the arrays share a non-null element'),
  scalar('contains<T:comparable>(array(T),T):boolean', 'Whether an array contains an element'),
  scalar('array_position<T:comparable>(array(T),T):bigint', '1-based position of an element (0 if absent)'),
  scalar(
    'array_position<T:comparable>(array(T),T,bigint):bigint',
    '1-based position of the n-th occurrence of an element (0 if absent)',
  ),
  scalar('array_remove<E:comparable>(array(E),E):array(E)', 'Remove every occurrence of an element'),
  scalar('array_max<T:orderable>(array(T)):T', 'Largest element'),
  scalar('array_first<E>(array(E)):E', 'First element; NULL for an empty array'),
  scalar('array_last<E>(array(E)):E', 'Last element; NULL for an empty array'),
  scalar(
    'contains_sequence<T:comparable>(array(T),array(T)):boolean',
    'Whether the array holds the sequence as consecutive elements',
  ),
  scalar('array_min<T:orderable>(array(T)):T', 'Smallest element'),
  scalar('array_histogram<T:comparable>(array(T)):map(T,bigint)', 'Number of occurrences of each element'),
  scalar('cardinality<E>(array(E)):bigint', 'Number of elements'),
  scalar(
    'element_at<E>(array(E),bigint):E',
    'Element at a 1-based index (negative from the end); NULL if out of range',
  ),
];

const ORDERING_AND_SLICING: FunctionDefinition[] = [
  scalar('array_sort<E:orderable>(array(E)):array(E)', 'Sort ascending, NULLs last'),
  scalar('array_sort<T>(array(T),function(T,T,integer)):array(T)', 'Sort with a comparator'),
  scalar('reverse<E>(array(E)):array(E)', 'Elements in reverse order'),
  scalar('shuffle<E>(array(E)):array(E)', 'Elements in random order', { deterministic: false }),
  scalar('slice<E>(array(E),bigint,bigint):array(E)', 'Subarray from a 1-based index with a length'),
  scalar('trim_array<E>(array(E),bigint):array(E)', 'Remove elements from the end'),
  scalar('array_join<T>(array(T),varchar):varchar', 'Join elements with a delimiter, skipping NULLs'),
  scalar('array_join<T>(array(T),varchar,varchar):varchar', 'Join elements with a delimiter, NULLs replaced'),
];

const CONSTRUCTION: FunctionDefinition[] = [
  scalar('concat<E>(array(E)...):array(E)', 'Concatenate arrays', { minArguments: 2 }),
  scalar('concat<E>(array(E),E):array(E)', 'Append an element'),
  scalar('concat<E>(E,array(E)):array(E)', 'Prepend an element'),
  scalar('flatten<E>(array(array(E))):array(E)', 'Concatenate the arrays of an array'),
  scalar('repeat<T>(T,integer):array(T)', 'An array of an element repeated'),
  scalar('ngrams<T>(array(T),integer):array(array(T))', 'n-grams of an array'),
  scalar('combinations<T>(array(T),integer):array(array(T))', 'Subsets of a size'),
  scalar('sequence(bigint,bigint):array(bigint)', 'Integers from start to stop'),
  scalar('sequence(bigint,bigint,bigint):array(bigint)', 'Integers from start to stop by a step'),
  scalar('sequence(date,date):array(date)', 'Dates from start to stop by day'),
  scalar('sequence(date,date,interval day to second):array(date)', 'Dates from start to stop by a step'),
  scalar('sequence(date,date,interval year to month):array(date)', 'Dates from start to stop by a step'),
  scalar(
    'sequence(timestamp(p),timestamp(p),interval day to second):array(timestamp(p))',
    'Timestamps from start to stop by a step',
  ),
  scalar(
    'sequence(timestamp(p),timestamp(p),interval year to month):array(timestamp(p))',
    'Timestamps from start to stop by a step',
  ),
  scalar('zip<T1,T2>(array(T1),array(T2)):array(row(T1,T2))', 'Merge arrays element-wise into rows'),
  scalar('zip<T1,T2,T3>(array(T1),array(T2),array(T3)):array(row(T1,T2,T3))', 'Merge arrays element-wise into rows'),
  scalar(
    'zip<T1,T2,T3,T4>(array(T1),array(T2),array(T3),array(T4)):array(row(T1,T2,T3,T4))',
    'Merge arrays element-wise into rows',
  ),
  scalar(
    'zip<T1,T2,T3,T4,T5>(array(T1),array(T2),array(T3),array(T4),array(T5)):array(row(T1,T2,T3,T4,T5))',
    'Merge arrays element-wise into rows',
  ),
];

const LAMBDAS: FunctionDefinition[] = [
  scalar('transform<T,U>(array(T),function(T,U)):array(U)', 'Apply a function to each element'),
  scalar('filter<T>(array(T),function(T,boolean)):array(T)', 'Elements for which a predicate holds'),
  scalar(
    'reduce<T,S,R>(array(T),S,function(S,T,S),function(S,R)):R',
    'Fold the elements into a state, then finish it',
    { calledOnNullInput: true },
  ),
  scalar('zip_with<T,U,R>(array(T),array(U),function(T,U,R)):array(R)', 'Merge arrays element-wise with a function'),
  scalar('any_match<T>(array(T),function(T,boolean)):boolean', 'Whether a predicate holds for some element'),
  scalar('all_match<T>(array(T),function(T,boolean)):boolean', 'Whether a predicate holds for every element'),
  scalar('none_match<T>(array(T),function(T,boolean)):boolean', 'Whether a predicate holds for no element'),
];

export const ARRAY_FUNCTIONS: readonly FunctionDefinition[] = [
  ...SETS_AND_SEARCH,
  ...ORDERING_AND_SLICING,
  ...CONSTRUCTION,
  ...LAMBDAS,
];
