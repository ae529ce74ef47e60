/**
 * Two helpers for facts the engine relies on but TypeScript cannot see, so that code says what it
 * expects instead of silencing the checker with a non-null assertion (`x!`, which Biome forbids):
 * - `fail(message)` throws an internal error; write `map.get(key) ?? fail('...')` where a value is
 *   known to be present (the message is built only when it is not, so this costs nothing on the
 *   normal path);
 * - `assertNever(value)` ends a `switch` over a tagged union: TypeScript rejects the call unless
 *   every member has its own case, and at run time it reports the value that slipped through.
 * Both throw GENERIC_INTERNAL_ERROR: reaching them is a bug in the engine, not a user error.
 */
import { VivaceError } from './vivace-error.js';

/** Throws an internal error: a value the engine itself put in place is missing. */
export function fail(message: string): never {
  throw new VivaceError('GENERIC_INTERNAL_ERROR', message);
}

/** The `default` of an exhaustive switch: compiles only when `value` has type `never`. */
export function assertNever(value: never, what = 'value'): never {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = String(value);
  }
  throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unexpected ${what}: ${shown}`);
}
