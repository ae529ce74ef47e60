/**
 * The tpch catalog's schemas are scale factors, named as Presto names them: `tiny` is SF 0.01 and
 * `sf<N>` is SF N for any positive N written in plain decimal (`sf1`, `sf10`, `sf0.1`, `sf300`).
 * Only the standard ones are listed; any other valid name still resolves.
 */

import { tpchOrderCount } from './generator/index.js';
import { orderKey } from './generator/tpch-scale.js';

/** The schemas `SHOW SCHEMAS` lists, in Presto's order. */
export const TPCH_STANDARD_SCHEMAS: readonly string[] = [
  'tiny',
  'sf1',
  'sf100',
  'sf1000',
  'sf10000',
  'sf100000',
  'sf300',
  'sf3000',
  'sf30000',
];

export const TINY_SCALE_FACTOR = 0.01;

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;

/** Whether `text[from..]` is digits with at most one inner dot (`1`, `0.5`, `300`), no sign or exponent. */
function isPlainDecimal(text: string, from: number): boolean {
  let digits = 0;
  let dots = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) digits++;
    else if (c === DOT && dots === 0 && digits > 0 && i < text.length - 1) dots++;
    else return false;
  }
  return digits > 0;
}

/**
 * The scale factor a schema name stands for, or undefined when the name is not a tpch schema (not
 * `tiny`/`sfN`, zero, or so large that the sparse order keys would leave the exact integer range).
 * Names are canonical (lowercase).
 */
export function scaleFactorOfSchema(schema: string): number | undefined {
  if (schema === 'tiny') return TINY_SCALE_FACTOR;
  if (!schema.startsWith('sf') || !isPlainDecimal(schema, 2)) return undefined;
  const scaleFactor = Number(schema.slice(2));
  if (!(scaleFactor > 0)) return undefined;
  // Order keys are the largest generated values: about 4 per order.
  if (!Number.isSafeInteger(orderKey(tpchOrderCount(scaleFactor)))) return undefined;
  return scaleFactor;
}
