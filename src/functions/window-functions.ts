/**
 * Window functions proper: ranking, distribution, offsets and frame values. (Every aggregate can
 * also be used over a window; those are in aggregates.ts.)
 */
import { window } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

export const WINDOW_FUNCTIONS: readonly FunctionDefinition[] = [
  window('row_number():bigint', 'Number of the row within its partition, from 1'),
  window('rank():bigint', 'Rank of the row with gaps after ties'),
  window('dense_rank():bigint', 'Rank of the row without gaps'),
  window('percent_rank():double', 'Relative rank: (rank - 1) / (rows in partition - 1)'),
  window('cume_dist():double', 'Fraction of partition rows up to and including the peers of this row'),
  window('ntile(bigint):bigint', 'Bucket number when the partition is divided into n buckets'),
  window('first_value<T>(T):T', 'Value at the first row of the frame'),
  window('last_value<T>(T):T', 'Value at the last row of the frame'),
  window('nth_value<T>(T,bigint):T', 'Value at the n-th row of the frame'),
  window('lag<T>(T):T', 'Value at the previous row'),
  window('lag<T>(T,bigint):T', 'Value at a number of rows before'),
  window('lag<T>(T,bigint,T):T', 'Value at a number of rows before, or a default'),
  window('lead<T>(T):T', 'Value at the next row'),
  window('lead<T>(T,bigint):T', 'Value at a number of rows after'),
  window('lead<T>(T,bigint,T):T', 'Value at a number of rows after, or a default'),
];
