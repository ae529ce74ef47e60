/**
 * The implementations of the scalar functions and operators of the registry, by signature id,
 * plus CAST and LIKE. This is the contract between functions and the engine.
 *
 * Value representation (what every implementation receives and returns; SQL NULL is `null`):
 *
 * | SQL type                         | JS value                                                                   |
 * |----------------------------------|----------------------------------------------------------------------------|
 * | boolean                          | boolean                                                                    |
 * | tinyint, smallint, integer       | number                                                                     |
 * | bigint                           | number when \|v\| ≤ 2^53 − 1, else bigint (canonical: never a small bigint) |
 * | real, double                     | number (real results rounded with Math.fround)                             |
 * | decimal(p ≤ 15, s)               | number: the unscaled integer (12.34 as decimal(4,2) is 1234)               |
 * | decimal(p > 15, s)               | bigint: the unscaled integer                                               |
 * | varchar, char(n), json           | string (char without its trailing spaces; json as canonical JSON text)     |
 * | varbinary                        | Uint8Array                                                                 |
 * | date                             | number: days since 1970-01-01                                              |
 * | time(p)                          | number: time of day in ms (p ≤ 3), µs (4..6), ns (7..12)                   |
 * | timestamp(p)                     | number: epoch ms (p ≤ 3) or µs (4..6); `{ millis, picos }` for p 7..12     |
 * | timestamp(p) with time zone      | `{ millis (UTC epoch ms), zone, picos? }`, picos (below the ms) if p > 3   |
 * | time(p) with time zone           | `{ millis (LOCAL ms of day), zone ('+05:30'), picos? }`                    |
 * | interval day to second           | number: milliseconds                                                       |
 * | interval year to month           | number: months                                                             |
 * | array(T), row(...)               | unknown[]                                                                  |
 * | map(K, V)                        | Map<unknown, unknown> (keys compared by value for non-primitive key types) |
 * | function(...) (lambda arguments) | a JS function `(...params) => value`                                       |
 *
 * Zones are canonical ids: `UTC`, a fixed offset `+05:30`, or an IANA name.
 */
import { registerArrayConstruction } from './array/array-construction.js';
import { registerArrayFunctions } from './array/array-functions.js';
import { registerArrayLambdas } from './array/array-lambdas.js';
import { registerBinaryFunctions } from './binary/binary-functions.js';
import { registerDateTimeFunctions } from './datetime/datetime-functions.js';
import { ImplementationTable, type ScalarImplementation } from './implementation-types.js';
import { registerJsonFunctions } from './json/json-functions.js';
import { registerSqlJsonFunctions } from './json/sql-json-functions.js';
import { registerMapFunctions } from './map/map-functions.js';
import { registerMathFunctions } from './math/math-functions.js';
import { registerMiscFunctions } from './misc-functions.js';
import { registerArithmeticOperators } from './operators-arithmetic.js';
import { registerComparisonOperators } from './operators-comparison.js';
import { registerTemporalOperators } from './operators-temporal.js';
import { registerRegexpFunctions } from './regexp/regexp-functions.js';
import { registerDistanceFunctions } from './strings/distance-functions.js';
import { registerSplitFunctions } from './strings/split-functions.js';
import { registerStringFunctions } from './strings/string-functions.js';
import { registerUnicodeFunctions } from './strings/unicode-functions.js';
import { registerUrlFunctions } from './url-functions.js';

export { type CastFunction, castImplementation, tryCastImplementation } from './cast/cast.js';
export type {
  CallContext,
  ImplementationOptions,
  InlineContext,
  NullHandling,
  ScalarImplementation,
  SessionInfo,
} from './implementation-types.js';
export { type LikeMatcher, likeMatcher } from './like.js';
export {
  comparatorOf,
  compareStrings,
  distinctnessOf,
  equalityOf,
  keyOf,
  mapLookupOf,
} from './value-comparison.js';

let shared: ReadonlyMap<string, ScalarImplementation> | undefined;

/** Every scalar function and operator implementation, keyed by the registry's signature id. Built once. */
export function scalarImplementations(): ReadonlyMap<string, ScalarImplementation> {
  if (shared === undefined) {
    const table = new ImplementationTable();
    registerArithmeticOperators(table);
    registerComparisonOperators(table);
    registerTemporalOperators(table);
    registerMathFunctions(table);
    registerStringFunctions(table);
    registerSplitFunctions(table);
    registerDistanceFunctions(table);
    registerUnicodeFunctions(table);
    registerRegexpFunctions(table);
    registerBinaryFunctions(table);
    registerDateTimeFunctions(table);
    registerArrayFunctions(table);
    registerArrayConstruction(table);
    registerArrayLambdas(table);
    registerMapFunctions(table);
    registerJsonFunctions(table);
    registerSqlJsonFunctions(table);
    registerUrlFunctions(table);
    registerMiscFunctions(table);
    shared = table.build();
  }
  return shared;
}
